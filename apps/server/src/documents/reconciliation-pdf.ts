import { packagesText, RECONCILE_STATUS_TEXT, RESOLUTION_REASON_TEXT, type ReconciliationLine } from '@3ds/domain';
import { finish, INK, Layout, LEFT, MUTED, openDocument, PAGE, WIDTH, type Column, type Party } from './destruction-pdf.ts';

/** A job's receiving reconciliation as the client receives it (rules/reconciliation.ts). */
export interface ReconciliationDocument {
  /** Us: the reverse distributor that received the goods. */
  registrant: Party;
  /** The client: its name and DEA registration number. */
  client: { name: string; registrationNumber: string };
  jobId: number;
  jobName: string;
  /** MM/DD/YYYY, or "" while the job is not marked received. */
  dateReceived: string;
  /** Where the declared list came from ("typed", a file name). */
  declaredFrom: string;
  lines: readonly ReconciliationLine[];
  /** When it was made, as printed, and by whom (username). */
  generatedText: string;
  generatedBy: string;
  compress?: boolean;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

const resolutionText = (line: ReconciliationLine) => {
  if (line.status === 'matched') return '';
  if (line.resolution) return `${RESOLUTION_REASON_TEXT[line.resolution.reason]} (${line.resolution.resolvedBy})${line.resolution.note ? `: ${line.resolution.note}` : ''}`;
  return line.controlled ? 'Open' : 'Not controlled';
};

const COLUMNS: Column<ReconciliationLine>[] = [
  { label: '', width: 22, align: 'right', value: (_l, i) => `${i + 1}.` },
  { label: 'NDC', width: 62, value: (l) => l.ndc ?? '' },
  { label: 'Lot', width: 44, value: (l) => (l.lot === '' ? 'Any' : (l.lot ?? '')) },
  { label: 'Item', width: 110, value: (l) => l.name },
  { label: 'Sch.', width: 24, value: (l) => l.schedule ?? '' },
  { label: 'Declared on', width: 78, value: (l) => l.declaredOn },
  { label: 'Declared Pkgs.', width: 40, align: 'right', value: (l) => packagesText(l.declared) },
  { label: 'Received Pkgs.', width: 40, align: 'right', value: (l) => packagesText(l.received) },
  { label: 'Result', width: 44, value: (l) => RECONCILE_STATUS_TEXT[l.status] },
  { label: 'Resolution', width: 96, value: resolutionText },
];

/** The reconciliation's PDF: who received what from whom, each NDC and lot declared against received, and how each difference was resolved. */
export async function renderReconciliation(document: ReconciliationDocument): Promise<Buffer> {
  const doc = openDocument(`Receiving reconciliation, job ${document.jobId}`, document.compress);
  const header = () => {
    doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text('RECEIVING RECONCILIATION', LEFT, PAGE.margin, { width: WIDTH, align: 'center', lineBreak: false });
    doc.font('Helvetica').fontSize(8).fillColor(MUTED).text('What the client declared, held against what was received', LEFT, PAGE.margin + 14, { width: WIDTH, align: 'center', lineBreak: false });
    doc.fillColor(INK);
    layout.y = PAGE.margin + 30;
  };
  const layout = new Layout(doc, header);
  layout.newPage();
  const r = document.registrant;
  layout.bar('RECEIVED BY');
  layout.boxes([
    { label: 'Registered Name:', value: r.name, width: 3 },
    { label: 'DEA Registration Number:', value: r.registrationNumber, width: 1.4 },
  ]);
  layout.boxes([{ label: 'Registered Address:', value: [...r.addressLines, [r.city, [r.state, r.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')].join(', '), width: 1 }]);
  layout.bar('RECEIVED FROM');
  layout.boxes([
    { label: 'Client:', value: document.client.name, width: 3 },
    { label: 'DEA Registration Number:', value: document.client.registrationNumber, width: 1.4 },
  ]);
  layout.boxes([
    { label: 'Job:', value: `${document.jobId} — ${document.jobName}`, width: 3 },
    { label: 'Date Received:', value: document.dateReceived || 'Not yet received', width: 1.4 },
  ]);
  layout.boxes([
    { label: 'Declared inventory:', value: document.declaredFrom, width: 3 },
    { label: 'Generated:', value: `${document.generatedText} by ${document.generatedBy}`, width: 1.4 },
  ]);
  layout.y += 8;
  const counts = {
    matched: document.lines.filter((l) => l.status === 'matched').length,
    resolved: document.lines.filter((l) => l.status !== 'matched' && l.resolution).length,
    open: document.lines.filter((l) => l.open).length,
  };
  layout.bar('DECLARED AGAINST RECEIVED');
  if (document.lines.length) {
    layout.paragraph(
      `${plural(document.lines.length, 'line')}: ${counts.matched} matched, ${plural(counts.resolved, 'difference')} resolved, ${counts.open} open. Packages are full packages plus the fill of opened ones; Schedule III–V fills are estimates (21 CFR 1304.11(e)(3)), so a tenth of a package either way matches. Schedule I and II items are declared by their Form 222 lines.`,
      { size: 7.5, gap: 6 },
    );
    layout.table(COLUMNS, document.lines);
  } else {
    layout.paragraph('Nothing was declared and nothing has been received.', { size: 9, gap: 6 });
  }
  return finish(doc, `${r.name} — receiving reconciliation of job ${document.jobId} for ${document.client.registrationNumber}`, false);
}
