import { labelCode } from '@3ds/domain';
import bwipjs from 'bwip-js';
import PDFDocument from 'pdfkit';

export interface LabelFacts {
  id: number;
  ndc: string;
  ndc_description: string | null;
  ndc_schedule: string | null;
  pack_quantity: number | null;
  pack_size: number | null;
  pack_size_uom: string | null;
  reporting_qty: number | null;
  reporting_uom: string | null;
  container_id: number;
  container_name: string | null;
  job_id: number;
  job_name: string;
  company_name: string;
  registration_number: string;
  yellowBucket: boolean;
  printedAt: Date;
}

const INCH = 72;
const pad = (n: number) => String(n).padStart(2, '0');
const usDate = (d: Date) => `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;

/** The quantity as the label shows it: packages × pack size and unit, then the reporting quantity. */
function quantity(f: LabelFacts): string {
  const packs = f.pack_quantity ?? '';
  const size = f.pack_size === null ? '' : `${f.pack_size} ${f.pack_size_uom ?? ''}`.trim();
  const reporting = f.reporting_qty === null ? '' : ` (${f.reporting_qty} ${f.reporting_uom ?? ''})`.trimEnd();
  return `${packs}${size ? ` × ${size}` : ''}${reporting}`;
}

/**
 * A 4 × 2 inch label, one page: the line item id as a Code 128 barcode and in text, then NDC,
 * description, schedule, quantity, container, job, company, registration and the date.
 */
export async function renderLabel(f: LabelFacts): Promise<Buffer> {
  // The barcode says it is a 3DS label (`3DS-LI-{id}`), so that scanning it opens the line item, never reads as an NDC.
  const barcode = await bwipjs.toBuffer({ bcid: 'code128', text: labelCode(f.id), scale: 3, height: 9, includetext: false });
  const doc = new PDFDocument({ size: [4 * INCH, 2 * INCH], margin: 0, info: { Title: `Line item ${f.id}`, Creator: '3DS' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 10;
  const width = 4 * INCH - 2 * left;
  doc.image(barcode, left, 8, { fit: [width * 0.62, 34] });
  doc.font('Helvetica-Bold').fontSize(13).text(`${f.yellowBucket ? 'YB ' : ''}#${f.id}`, left + width * 0.64, 12, { width: width * 0.36, align: 'right' });
  doc.font('Helvetica').fontSize(6.5).text(usDate(f.printedAt), left + width * 0.64, 30, { width: width * 0.36, align: 'right' });

  const line = (label: string, value: string, y: number) => {
    doc.font('Helvetica-Bold').fontSize(7).text(`${label}:`, left, y, { width: 52, lineBreak: false });
    doc.font('Helvetica').fontSize(7).text(value, left + 54, y, { width: width - 54, height: 9, ellipsis: true, lineBreak: false });
  };
  let y = 48;
  const step = 10.5;
  line('NDC', `${f.ndc}   Sch ${f.ndc_schedule ?? ''}`, y);
  line('Description', f.ndc_description ?? '', (y += step));
  line('Quantity', quantity(f), (y += step));
  line('Container', `${f.container_id} ${f.container_name ?? ''}`.trim(), (y += step));
  line('Job', `${f.job_id} ${f.job_name}`, (y += step));
  line('Company', f.company_name, (y += step));
  line('Registration', f.registration_number, (y += step));
  doc.end();
  return done;
}
