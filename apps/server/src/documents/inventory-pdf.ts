import type { Form41Row, Form41ScheduleTotal } from '@3ds/domain';
import { finish, INK, Layout, LEFT, MUTED, openDocument, PAGE, WIDTH, type Column, type Party } from './destruction-pdf.ts';

/** An inventory of the controlled substances on hand (21 CFR 1304.11), as its PDF prints it. */
export interface InventoryDocument {
  registrant: Party;
  /** `MM/DD/YYYY HH:MM` as chosen, and whether it is the opening or the close of business. */
  asOf: string;
  business: 'opening' | 'close';
  rows: readonly Form41Row[];
  /** Each row's count basis ("Sealed containers", "Exact count (opened)", …), by row. */
  bases: readonly string[];
  totals: readonly Form41ScheduleTotal[];
  lineItems: number;
  takenBy: string;
  generatedAt: Date;
  /** When it was made, as printed (MM/DD/YYYY HH:MM in the business day's zone), and by whom (username). */
  generatedText: string;
  generatedBy: string;
  /** The label of an inventory made more than a day after its moment (reconstructedInventoryText), else absent. */
  reconstructed?: string | undefined;
  compress?: boolean;
}

const COLUMNS = (bases: readonly string[]): Column[] => [
  { label: '', width: 26, align: 'right', value: (_r, i) => `${i + 1}.` },
  { label: 'Sch.', width: 22, value: (r) => r.schedule },
  { label: 'NDC or DEA Controlled Substances Code Number', width: 72, value: (r) => r.code },
  { label: 'Batch Number', width: 50, value: (r) => r.batch },
  { label: 'Name of Substance', width: 92, value: (r) => r.name },
  { label: 'Strength', width: 44, value: (r) => r.strength },
  { label: 'Form', width: 42, value: (r) => r.form },
  { label: 'Units per Pkg.', width: 44, align: 'right', value: (r) => r.packageQuantity },
  { label: 'Sealed Pkgs.', width: 38, align: 'right', value: (r) => r.fullPackages },
  { label: 'Units in Opened Pkgs.', width: 44, align: 'right', value: (r) => r.partialCount },
  { label: 'Total on Hand', width: 62, align: 'right', value: (r) => r.total },
  { label: 'Counted', width: 56, value: (_r, i) => bases[i] ?? '' },
];

/** The inventory's PDF: our registration, the moment, every controlled substance on hand, totals by schedule, the signature. */
export async function renderInventory(document: InventoryDocument): Promise<Buffer> {
  const doc = openDocument(`Inventory of controlled substances as of ${document.asOf}`, document.compress);
  const r = document.registrant;
  const header = () => {
    doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text('INVENTORY OF CONTROLLED SUBSTANCES', LEFT, PAGE.margin, { width: WIDTH, align: 'center', lineBreak: false });
    doc.font('Helvetica').fontSize(8).fillColor(MUTED).text('21 CFR 1304.11 — biennial inventory', LEFT, PAGE.margin + 14, { width: WIDTH, align: 'center', lineBreak: false });
    let top = PAGE.margin + 30;
    if (document.reconstructed) {
      // On every page: this one was worked out from the records, not counted at that moment.
      doc.font('Helvetica-Bold').fontSize(9).fillColor('#b42318').text(document.reconstructed.toUpperCase(), LEFT, top - 4, { width: WIDTH, align: 'center' });
      top = doc.y + 6;
    }
    doc.fillColor(INK);
    layout.y = top;
  };
  const layout = new Layout(doc, header);
  layout.newPage();
  layout.bar('REGISTRANT');
  layout.boxes([
    { label: 'Registered Name:', value: r.name, width: 3 },
    { label: 'DEA Registration Number:', value: r.registrationNumber, width: 1.4 },
  ]);
  layout.boxes([{ label: 'Registered Address:', value: [...r.addressLines, [r.city, [r.state, r.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')].join(', '), width: 1 }]);
  layout.boxes([
    { label: 'Inventory taken as of:', value: document.asOf, width: 1.4 },
    { label: 'Taken at:', value: document.business === 'opening' ? 'Opening of business' : 'Close of business', width: 1.4 },
    { label: 'Line items counted:', value: String(document.lineItems), width: 1 },
  ]);
  layout.boxes([{ label: 'Generated:', value: `${document.generatedText} by ${document.generatedBy}`, width: 1 }]);
  layout.y += 8;
  layout.bar('CONTROLLED SUBSTANCES ON HAND');
  if (document.rows.length) {
    layout.table(COLUMNS(document.bases), document.rows);
    layout.totals(document.totals);
  } else {
    layout.paragraph('None: no controlled substance was on hand at that moment.', { size: 9, gap: 6 });
  }
  layout.paragraph(
    'Schedule I and II substances in opened containers are counted exactly; Schedule III–V in opened containers by an estimated count or measure, unless the container holds more than 1,000 tablets or capsules (21 CFR 1304.11(e)(3)). Bulk substances are weighed, measured or counted.',
    { size: 7.5, gap: 8 },
  );
  layout.ensure(90);
  layout.bar('TAKEN BY');
  layout.boxes(
    [
      { label: 'Printed name of the person taking the inventory:', value: document.takenBy, width: 4 },
      { label: 'Signature:', value: '', width: 4 },
      { label: 'Date:', value: '', width: 2 },
    ],
    34,
  );
  return finish(doc, `${r.name} — ${r.registrationNumber} — inventory as of ${document.asOf}`, false);
}
