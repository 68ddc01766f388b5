import type { Form41Row, Form41ScheduleTotal } from '@3ds/domain';
import PDFDocument from 'pdfkit';

/**
 * The two destruction documents of a job as PDFs: DEA Form 41 ("Registrant Record of Controlled
 * Substances Destroyed", OMB 1117-0007), laid out as the form is — sections A to D, section B's
 * table continued on as many pages as it takes — and the Certificate of Destruction for the client.
 * docs/form-41.md tells which record fills which box. Small documents: built in memory.
 */

export interface Party {
  name: string;
  registrationNumber: string;
  addressLines: string[];
  city: string;
  state: string;
  zip: string;
  telephone?: string;
  contactName?: string;
}

export interface DestructionDocument {
  job: { id: number; name: string };
  /** Ours (the settings row): Form 41 section A; the certificate's issuer. */
  registrant: Party;
  rows: readonly Form41Row[];
  totals: readonly Form41ScheduleTotal[];
  /** Line items of the job left off: not controlled substances (NC, List I chemicals). */
  leftOut?: number;
  destruction: {
    /** MM/DD/YYYY the items were received (went into the vault): the day the 30-day clock starts. */
    received: string;
    /** Why the destruction came more than 30 days after receipt, when it did (the job's record). */
    lateReason: string;
    /** MM/DD/YYYY, or '' (a draft shows the blank). */
    date: string;
    method: string;
    facility: string;
    facilityAddress: string;
    witness1: string;
    witness2: string;
    /** Each witness's confirmation in 3DS (rules/witnesses.ts confirmationLine), or '' (a draft without one). */
    witness1Confirmation: string;
    witness2Confirmation: string;
  };
  /** Marks every page DRAFT (an unlocked job's Form 41). */
  draft: boolean;
  generatedAt: Date;
  /** Compressed content streams; tests turn it off to read the text back. */
  compress?: boolean;
}

export interface CertificateDocument extends DestructionDocument {
  /** The job's company and registration. */
  client: Party;
}

/** Renders a document to its bytes; the service takes one so a test can hand it a failing one. */
export type PdfRenderer<T> = (document: T) => Promise<Buffer>;

// US Letter portrait, in points, as the form is printed.
export const PAGE = { width: 612, height: 792, margin: 36 } as const;
export const WIDTH = PAGE.width - 2 * PAGE.margin;
export const LEFT = PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 18;
export const INK = '#000000';
export const MUTED = '#444444';
const SHADE = '#e6e6e6';

/** The form's declaration (section D), as printed on Form DEA-41. */
export const FORM_41_DECLARATION =
  'I declare under penalty of perjury, pursuant to 18 U.S.C. 1001, that I personally witnessed the destruction of the above-described controlled substances to a non-retrievable state and that all of the above is true and correct.';

// Helvetica is a standard font in WinAnsiEncoding: other characters would print as garbage.
const NOT_WIN_ANSI = /[^\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/g;
const printable = (text: string) => text.replace(/[\t\r\n]+/g, ' ').replace(NOT_WIN_ANSI, '?');

/** A column of an items table (the Form 41's, the inventory's). */
export interface Column<R = Form41Row> {
  label: string;
  width: number;
  align?: 'left' | 'right' | 'center';
  value: (row: R, index: number) => string;
}

/** Section B's columns, as the form has them (with the line number the form prints before each row). */
const ITEM_COLUMNS: Column[] = [
  { label: '', width: 20, align: 'right', value: (_r, i) => `${i + 1}.` },
  { label: 'National Drug Code or DEA Controlled Substances Code Number', width: 72, value: (r) => r.code },
  { label: 'Batch Number', width: 52, value: (r) => r.batch },
  { label: 'Name of Substance', width: 110, value: (r) => r.name },
  { label: 'Strength', width: 50, value: (r) => r.strength },
  { label: 'Form', width: 48, value: (r) => r.form },
  { label: 'Pkg. Qty.', width: 50, align: 'right', value: (r) => r.packageQuantity },
  { label: 'Number of Full Pkgs.', width: 38, align: 'right', value: (r) => r.fullPackages },
  { label: 'Partial Pkg. Count', width: 38, align: 'right', value: (r) => r.partialCount },
  { label: 'Total Destroyed', width: 62, align: 'right', value: (r) => r.total },
];

/** Page layout of the DEA documents: section bars, labelled boxes, the items table, paragraphs. */
export class Layout {
  readonly doc: PDFKit.PDFDocument;
  y: number = PAGE.margin;
  readonly #header: () => void;

  constructor(doc: PDFKit.PDFDocument, header: () => void) {
    this.doc = doc;
    this.#header = header;
  }

  newPage(): void {
    this.doc.addPage();
    this.y = PAGE.margin;
    this.#header();
  }

  /** Starts a new page unless `height` more points fit on this one. */
  ensure(height: number): void {
    if (this.y + height > BOTTOM) this.newPage();
  }

  /** A section bar: white capitals on black, as the form sets its section titles. */
  bar(title: string): void {
    this.ensure(40);
    this.doc.rect(LEFT, this.y, WIDTH, 14).fill(INK);
    this.doc.font('Helvetica-Bold').fontSize(8.5).fillColor('#ffffff').text(title, LEFT + 4, this.y + 3.5, { lineBreak: false });
    this.doc.fillColor(INK);
    this.y += 14;
  }

  /** One line of labelled boxes across the page: the small label above, the value in it. */
  boxes(cells: { label: string; value: string; width: number }[], height = 26): void {
    this.ensure(height);
    const total = cells.reduce((sum, c) => sum + c.width, 0);
    let x = LEFT;
    for (const cell of cells) {
      const w = (cell.width / total) * WIDTH;
      this.doc.lineWidth(0.6).rect(x, this.y, w, height).stroke(INK);
      this.doc.font('Helvetica').fontSize(6.5).fillColor(MUTED).text(cell.label, x + 3, this.y + 2.5, { width: w - 6, lineBreak: false });
      this.doc
        .font('Helvetica')
        .fontSize(9)
        .fillColor(INK)
        .text(printable(cell.value), x + 3, this.y + 12, { width: w - 6, height: height - 12, ellipsis: true });
      x += w;
    }
    this.y += height;
  }

  paragraph(text: string, options: { size?: number; bold?: boolean; gap?: number } = {}): void {
    const size = options.size ?? 8.5;
    this.doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
    const height = this.doc.heightOfString(printable(text), { width: WIDTH - 8 });
    this.ensure(height + 6);
    this.doc.fillColor(INK).text(printable(text), LEFT + 4, this.y + 4, { width: WIDTH - 8 });
    this.y += height + (options.gap ?? 8);
  }

  /** The items table; its header is repeated on every page it runs onto. */
  table<R>(columns: Column<R>[], rows: readonly R[]): void {
    const total = columns.reduce((sum, c) => sum + c.width, 0);
    const widths = columns.map((c) => (c.width / total) * WIDTH);
    const drawHeader = () => {
      this.doc.font('Helvetica-Bold').fontSize(6.5);
      const height = Math.max(...columns.map((c, i) => this.doc.heightOfString(c.label, { width: widths[i]! - 4 }))) + 6;
      let x = LEFT;
      this.doc.rect(LEFT, this.y, WIDTH, height).fill(SHADE);
      this.doc.fillColor(INK);
      columns.forEach((c, i) => {
        this.doc.lineWidth(0.6).rect(x, this.y, widths[i]!, height).stroke(INK);
        this.doc.text(c.label, x + 2, this.y + 3, { width: widths[i]! - 4, align: 'center' });
        x += widths[i]!;
      });
      this.y += height;
    };
    this.ensure(60);
    drawHeader();
    rows.forEach((row, index) => {
      const texts = columns.map((c) => printable(c.value(row, index)));
      this.doc.font('Helvetica').fontSize(7.5);
      // A long name wraps, to three lines at most; the row is as tall as its tallest cell.
      const lineHeight = this.doc.currentLineHeight(true);
      const lines = Math.min(3, Math.max(1, ...texts.map((t, i) => Math.ceil(this.doc.heightOfString(t || ' ', { width: widths[i]! - 4 }) / lineHeight - 0.01))));
      const height = lines * lineHeight + 5;
      if (this.y + height > BOTTOM) {
        this.newPage();
        drawHeader();
      }
      let x = LEFT;
      texts.forEach((t, i) => {
        this.doc.lineWidth(0.4).rect(x, this.y, widths[i]!, height).stroke(INK);
        this.doc
          .font('Helvetica')
          .fontSize(7.5)
          .fillColor(INK)
          .text(t, x + 2, this.y + 3, { width: widths[i]! - 4, height: height - 3, align: columns[i]!.align ?? 'left', ellipsis: true });
        x += widths[i]!;
      });
      this.y += height;
    });
  }

  /** "Totals by schedule": one line per schedule, its amounts per unit. */
  totals(totals: readonly Form41ScheduleTotal[]): void {
    this.ensure(30 + totals.length * 13);
    this.y += 6;
    this.doc.font('Helvetica-Bold').fontSize(8).fillColor(INK).text('Totals by schedule', LEFT + 4, this.y, { lineBreak: false });
    this.y += 12;
    for (const total of totals) {
      this.ensure(13);
      const label = `Schedule ${total.schedule} (${total.rows} ${total.rows === 1 ? 'row' : 'rows'})`;
      const amounts = total.amounts.map((a) => a.text).join('; ') || 'quantities missing';
      this.doc.rect(LEFT, this.y, WIDTH, 13).lineWidth(0.4).stroke(INK);
      this.doc.font('Helvetica-Bold').fontSize(7.5).text(label, LEFT + 4, this.y + 3, { lineBreak: false });
      this.doc.font('Helvetica').fontSize(7.5).text(printable(amounts), LEFT + 150, this.y + 3, { width: WIDTH - 154, align: 'right', lineBreak: false });
      this.y += 13;
    }
    this.y += 8;
  }

  /**
   * A witness's line: printed name, a signature line and a date line, as section D has them, and
   * under them the witness's own confirmation in 3DS (who, when, from where).
   */
  witness(ordinal: 'first' | 'second', name: string, confirmation: string): void {
    this.boxes(
      [
        { label: `Printed name of ${ordinal} authorized employee witness:`, value: name, width: 4 },
        { label: `Signature of ${ordinal} witness:`, value: '', width: 4 },
        { label: 'Date:', value: '', width: 2 },
      ],
      34,
    );
    this.boxes([{ label: `Confirmation of the ${ordinal} witness, with their own password:`, value: confirmation, width: 1 }], 24);
  }
}

export function openDocument(title: string, compress: boolean | undefined): PDFKit.PDFDocument {
  return new PDFDocument({ size: 'LETTER', margin: PAGE.margin, bufferPages: true, autoFirstPage: false, compress: compress ?? true, info: { Title: title, Creator: '3DS' } });
}

/** Ends the document with "Page x of y" (and the DRAFT mark) on every page, and gives its bytes. */
export async function finish(doc: PDFKit.PDFDocument, footer: string, draft: boolean): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page++) {
    doc.switchToPage(page);
    if (draft) {
      doc.save();
      doc.rotate(-40, { origin: [PAGE.width / 2, PAGE.height / 2] });
      doc.font('Helvetica-Bold').fontSize(120).fillColor('#cc0000').fillOpacity(0.13);
      doc.text('DRAFT', 0, PAGE.height / 2 - 60, { width: PAGE.width, align: 'center', lineBreak: false });
      doc.restore();
      doc.fillOpacity(1);
    }
    const y = PAGE.height - PAGE.margin - 8;
    doc.font('Helvetica').fontSize(7.5).fillColor(MUTED);
    doc.text(printable(footer), LEFT, y, { lineBreak: false });
    const label = `Page ${page - start + 1} of ${count}`;
    doc.text(label, LEFT + WIDTH - doc.widthOfString(label), y, { lineBreak: false });
  }
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** Says how many of the job's line items the form leaves off, and why. */
function notControlled(layout: Layout, count: number | undefined): void {
  if (!count) return;
  layout.paragraph(
    `${count} line item${count === 1 ? '' : 's'} of this job ${count === 1 ? 'is' : 'are'} not listed: non-controlled substances and List I chemicals are not controlled substances destroyed.`,
    { size: 8, gap: 6 },
  );
}

const cityLine = (p: Party) => [p.city, [p.state, p.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/** DEA Form 41 of a job. */
export const renderForm41: PdfRenderer<DestructionDocument> = async (document) => {
  const doc = openDocument(`DEA Form 41, job ${document.job.id}`, document.compress);
  const { registrant: r, destruction: d } = document;
  const header = () => {
    doc.font('Helvetica').fontSize(7).fillColor(INK);
    doc.text('OMB APPROVAL NO. 1117-0007', LEFT, PAGE.margin, { width: WIDTH, align: 'right', lineBreak: false });
    doc.font('Helvetica').fontSize(8).text('U. S. DEPARTMENT OF JUSTICE – DRUG ENFORCEMENT ADMINISTRATION', LEFT, PAGE.margin + 10, { width: WIDTH, align: 'center', lineBreak: false });
    doc.font('Helvetica-Bold').fontSize(11).text('REGISTRANT RECORD OF CONTROLLED SUBSTANCES DESTROYED', LEFT, PAGE.margin + 21, { width: WIDTH, align: 'center', lineBreak: false });
    doc.font('Helvetica-Bold').fontSize(9).text('FORM DEA-41', LEFT, PAGE.margin + 35, { width: WIDTH, align: 'center', lineBreak: false });
    doc.font('Helvetica').fontSize(7).fillColor(MUTED);
    doc.text(printable(`${r.name}  ${r.registrationNumber}`.trim()), LEFT, PAGE.margin + 35, { width: WIDTH / 2 - 50, lineBreak: false, ellipsis: true });
    doc.text(printable(`Job ${document.job.id}: ${document.job.name}`), LEFT + WIDTH / 2 + 50, PAGE.margin + 35, { width: WIDTH / 2 - 50, align: 'right', lineBreak: false, ellipsis: true });
    if (document.draft) {
      doc.font('Helvetica-Bold').fontSize(8).fillColor('#cc0000').text('DRAFT – NOT FOR FILING', LEFT, PAGE.margin, { lineBreak: false });
    }
    doc.fillColor(INK);
    layout.y = PAGE.margin + 50;
  };
  const layout = new Layout(doc, header);
  layout.newPage();

  layout.bar('A. REGISTRANT INFORMATION');
  layout.boxes([
    { label: 'Registered Name:', value: r.name, width: 3 },
    { label: 'DEA Registration Number:', value: r.registrationNumber, width: 1.4 },
  ]);
  layout.boxes([{ label: 'Registered Address:', value: r.addressLines.join(', '), width: 1 }]);
  layout.boxes([
    { label: 'City:', value: r.city, width: 3 },
    { label: 'State:', value: r.state, width: 1 },
    { label: 'Zip Code:', value: r.zip, width: 1.4 },
  ]);
  layout.boxes([
    { label: 'Telephone Number:', value: r.telephone ?? '', width: 1.6 },
    { label: 'Contact Name:', value: r.contactName ?? '', width: 2.8 },
  ]);
  layout.y += 8;

  layout.bar('B. ITEMS DESTROYED');
  layout.paragraph('1. Inventory', { bold: true, gap: 4 });
  layout.table(ITEM_COLUMNS, document.rows);
  layout.totals(document.totals);
  notControlled(layout, document.leftOut);
  layout.paragraph('2. Collected Substances', { bold: true, gap: 2 });
  layout.paragraph('None. 3DS records inventory returned by registrants; it takes no collected substances (mail-back packages or inner liners).', { size: 8, gap: 6 });

  layout.ensure(110);
  layout.bar('C. METHOD OF DESTRUCTION');
  layout.boxes([
    { label: 'Date Received:', value: d.received, width: 1 },
    { label: 'Date of Destruction:', value: d.date, width: 1 },
    { label: 'Method of Destruction:', value: d.method, width: 2.4 },
  ]);
  lateReason(layout, d.lateReason);
  layout.boxes([{ label: 'Location or Business Name:', value: d.facility, width: 1 }]);
  layout.boxes([{ label: 'Address (street, city, state, ZIP code):', value: d.facilityAddress, width: 1 }]);
  layout.y += 8;

  layout.ensure(150);
  layout.bar('D. WITNESSES');
  layout.paragraph(FORM_41_DECLARATION);
  layout.witness('first', d.witness1, d.witness1Confirmation);
  layout.y += 6;
  layout.witness('second', d.witness2, d.witness2Confirmation);

  return finish(doc, `Form DEA-41 · job ${document.job.id} · generated ${document.generatedAt.toISOString().slice(0, 10)}`, document.draft);
};

/**
 * Why a destruction came more than 30 days after receipt (21 CFR 1317.15(c) asks for it within 30),
 * as the job records it: printed under the dates whenever the job holds one.
 */
function lateReason(layout: Layout, reason: string): void {
  if (!reason) return;
  layout.boxes([{ label: 'Reason the destruction came more than 30 days after receipt:', value: reason, width: 1 }], 34);
}

/** The Certificate of Destruction the client receives for a job. */
export const renderCertificate: PdfRenderer<CertificateDocument> = async (document) => {
  const doc = openDocument(`Certificate of Destruction, job ${document.job.id}`, document.compress);
  const { registrant: r, client: c, destruction: d } = document;
  const header = () => {
    doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text(printable(r.name), LEFT, PAGE.margin, { width: WIDTH, align: 'center', lineBreak: false });
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    const address = [...r.addressLines, cityLine(r)].filter(Boolean).join(', ');
    doc.text(printable(`${address}${r.telephone ? `  ·  ${r.telephone}` : ''}  ·  DEA Registration ${r.registrationNumber}`), LEFT, PAGE.margin + 15, { width: WIDTH, align: 'center', lineBreak: false, ellipsis: true });
    doc.font('Helvetica-Bold').fontSize(16).fillColor(INK).text('CERTIFICATE OF DESTRUCTION', LEFT, PAGE.margin + 30, { width: WIDTH, align: 'center', lineBreak: false });
    doc.font('Helvetica').fontSize(7).fillColor(MUTED).text(printable(`Job ${document.job.id}: ${document.job.name}`), LEFT, PAGE.margin + 50, { width: WIDTH, align: 'center', lineBreak: false, ellipsis: true });
    doc.fillColor(INK);
    layout.y = PAGE.margin + 64;
  };
  const layout = new Layout(doc, header);
  layout.newPage();

  layout.bar('CLIENT');
  layout.boxes([
    { label: 'Name:', value: c.name, width: 3 },
    { label: 'DEA Registration Number:', value: c.registrationNumber, width: 1.4 },
  ]);
  layout.boxes([
    { label: 'Address:', value: c.addressLines.join(', '), width: 3 },
    { label: 'City, State, Zip Code:', value: cityLine(c), width: 2 },
  ]);
  layout.y += 8;
  layout.paragraph(
    `This certifies that the controlled substances listed below, received from the client named above, were destroyed to a non-retrievable state by ${r.name} (DEA Registration ${r.registrationNumber}) on ${d.date}, by ${d.method}, at ${d.facility}, ${d.facilityAddress}, in the presence of the two witnesses named below.`,
    { size: 9 },
  );

  layout.bar('CONTROLLED SUBSTANCES DESTROYED');
  layout.table(ITEM_COLUMNS, document.rows);
  layout.totals(document.totals);
  notControlled(layout, document.leftOut);

  layout.ensure(100);
  layout.bar('DESTRUCTION');
  layout.boxes([
    { label: 'Date Received:', value: d.received, width: 1 },
    { label: 'Date of Destruction:', value: d.date, width: 1 },
    { label: 'Method of Destruction:', value: d.method, width: 2.4 },
  ]);
  lateReason(layout, d.lateReason);
  layout.boxes([
    { label: 'Location or Business Name:', value: d.facility, width: 2 },
    { label: 'Address:', value: d.facilityAddress, width: 3 },
  ]);
  for (const [label, name, confirmation] of [
    ['Witness 1:', d.witness1, d.witness1Confirmation],
    ['Witness 2:', d.witness2, d.witness2Confirmation],
  ] as const) {
    layout.boxes(
      [
        { label, value: name, width: 1 },
        { label: 'Confirmed, with their own password:', value: confirmation, width: 2.4 },
      ],
      26,
    );
  }
  layout.y += 10;

  layout.ensure(90);
  layout.bar('CERTIFIED BY');
  layout.boxes(
    [
      { label: 'Authorized signature:', value: '', width: 3 },
      { label: 'Date:', value: '', width: 1.2 },
    ],
    36,
  );
  layout.boxes([
    { label: 'Printed name:', value: r.contactName ?? '', width: 3 },
    { label: 'For:', value: `${r.name} (${r.registrationNumber})`, width: 3 },
  ]);

  return finish(doc, `Certificate of Destruction · job ${document.job.id} · generated ${document.generatedAt.toISOString().slice(0, 10)}`, document.draft);
};
