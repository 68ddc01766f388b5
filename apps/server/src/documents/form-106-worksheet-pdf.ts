import { finish, INK, Layout, LEFT, MUTED, openDocument, PAGE, WIDTH, type Column, type Party } from './destruction-pdf.ts';

/**
 * The worksheet of a loss for DEA Form 106 ("Report of Theft or Loss of Controlled Substances",
 * OMB 1117-0001). The form itself is filed online (88 FR 40707, since July 24, 2023): this sheet asks
 * every question the form asks, answered where 3DS knows the answer and left blank where a person
 * must, so the filer has it all at hand. docs/form-106.md tells where each field comes from.
 */

/** A controlled substance lost or stolen, as the worksheet lists it. */
export interface Form106Item {
  ndc: string | null;
  name: string;
  strength: string;
  form: string;
  schedule: string;
  lot: string;
  /** Packages as text, e.g. "2.4": full packages plus the fill of an opened one. */
  quantity: string;
  packageSize: string;
}

export interface Form106Worksheet {
  /** Who files the Form 106: us for a theft of what we held; for a loss in transit, the supplier (21 CFR 1301.74(c): "the supplier is responsible for reporting all in-transit losses"), i.e. the client that shipped the return. */
  filer: Party;
  filerRole: 'receiver' | 'supplier';
  /** The other party: the client for a theft at our premises, us (the consignee) for a loss in transit. */
  counterpart: { name: string; registrationNumber: string; address: string };
  kind: 'theft' | 'in-transit';
  lossId: number;
  jobId: number;
  jobName: string;
  /** MM/DD/YYYY */
  discoveredOn: string;
  /** MM/DD/YYYY: the written notice to the DEA Field Division, one business day after discovery */
  noticeDue: string;
  /** MM/DD/YYYY: the Form 106, 45 days after discovery */
  form106Due: string;
  noticeSentOn: string | null;
  form106FiledOn: string | null;
  form106Number: string | null;
  items: readonly Form106Item[];
  /** How the loss was found and resolved (the resolution's note). */
  circumstances: string;
  /** When it was made, as printed, and by whom (username). */
  generatedText: string;
  generatedBy: string;
  compress?: boolean;
}

/** Where the footer begins, as Layout keeps it (destruction-pdf.ts): the sources line sits just above. */
const FOOT = PAGE.height - PAGE.margin - 18;

/** The form's types of theft or loss, as the form lists them. */
const THEFT_TYPES = ['Night break-in', 'Armed robbery', 'Employee pilferage', 'Customer theft', 'Other (explain)'] as const;
const IN_TRANSIT = 'Lost in transit';

export const FORM_106_SOURCES =
  'Sources: 21 CFR 1301.74(c) — a theft or significant loss is reported in writing to the DEA Field Division within one business day of discovery, and on DEA Form 106; the supplier is responsible for reporting all in-transit losses. 88 FR 40707 (June 22, 2023; in force July 24, 2023) — the Form 106 is filed online, within 45 days after discovery.';

const COLUMNS: Column<Form106Item>[] = [
  { label: '', width: 20, align: 'right', value: (_i, n) => `${n + 1}.` },
  { label: 'NDC', width: 64, value: (i) => i.ndc ?? '' },
  { label: 'Name of product', width: 128, value: (i) => i.name },
  { label: 'Strength', width: 50, value: (i) => i.strength },
  { label: 'Dosage form', width: 54, value: (i) => i.form },
  { label: 'Sch.', width: 24, value: (i) => i.schedule },
  { label: 'Lot', width: 52, value: (i) => i.lot },
  { label: 'Quantity per container', width: 52, align: 'right', value: (i) => i.packageSize },
  { label: 'Quantity lost (packages)', width: 52, align: 'right', value: (i) => i.quantity },
];

/** A cell of a line of boxes to tick: its label, and either the choices (the chosen one marked X) or a fixed text. */
interface TickCell {
  label: string;
  width: number;
  choices?: readonly string[];
  checked?: readonly string[];
  text?: string;
}

/**
 * One line of labelled boxes across the page, as Layout.boxes draws them, whose cells may hold small
 * boxes to tick: the choices flow on as many lines as the cell needs. Texts are the worksheet's own.
 */
function tickRow(layout: Layout, cells: readonly TickCell[], minHeight = 26): void {
  const { doc } = layout;
  const total = cells.reduce((sum, c) => sum + c.width, 0);
  const box = 7.5;
  const lineHeight = 12;
  doc.font('Helvetica').fontSize(8);
  // Where each choice goes within its cell, left to right, a new line when the next does not fit.
  const placed = cells.map((cell) => {
    const w = (cell.width / total) * WIDTH;
    let x = 4;
    let line = 0;
    const spots = (cell.choices ?? []).map((choice) => {
      const width = box + 3 + doc.widthOfString(choice);
      if (x > 4 && x + width > w - 4) {
        line += 1;
        x = 4;
      }
      const spot = { choice, x, line };
      x += width + 12;
      return spot;
    });
    return { cell, w, spots, lines: spots.length ? Math.max(...spots.map((s) => s.line)) + 1 : 1 };
  });
  const height = Math.max(minHeight, ...placed.map((p) => 13 + p.lines * lineHeight + 1));
  layout.ensure(height);
  let x = LEFT;
  for (const { cell, w, spots } of placed) {
    doc.lineWidth(0.6).rect(x, layout.y, w, height).stroke(INK);
    doc.font('Helvetica').fontSize(6.5).fillColor(MUTED).text(cell.label, x + 3, layout.y + 2.5, { width: w - 6, lineBreak: false });
    doc.fillColor(INK);
    if (cell.text) doc.font('Helvetica').fontSize(9).text(cell.text, x + 3, layout.y + 12, { width: w - 6, lineBreak: false });
    for (const spot of spots) {
      const top = layout.y + 12.5 + spot.line * lineHeight;
      doc.lineWidth(0.6).rect(x + spot.x, top, box, box).stroke(INK);
      if (cell.checked?.includes(spot.choice)) doc.font('Helvetica-Bold').fontSize(7).text('X', x + spot.x + 1.6, top + 1, { lineBreak: false });
      doc.font('Helvetica').fontSize(8).text(spot.choice, x + spot.x + box + 3, top + 0.5, { lineBreak: false });
    }
    x += w;
  }
  layout.y += height;
}

/** A long text (a note of any length) as paragraphs that carry on over as many pages as they take. */
function flow(layout: Layout, text: string, size = 8.5): void {
  const { doc } = layout;
  const width = WIDTH - 8;
  let words = text.trim().split(/\s+/).filter(Boolean);
  while (words.length) {
    doc.font('Helvetica').fontSize(size);
    const lineHeight = doc.currentLineHeight(true);
    if (FOOT - layout.y - 10 < 2 * lineHeight) layout.newPage();
    const room = FOOT - layout.y - 10;
    // The most words that fit in the room left on this page.
    let low = 1;
    let high = words.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (doc.heightOfString(words.slice(0, mid).join(' '), { width }) <= room) low = mid;
      else high = mid - 1;
    }
    layout.paragraph(words.slice(0, low).join(' '), { size, gap: 4 });
    words = words.slice(low);
  }
  layout.y += 4;
}

const addressOf = (p: Party) => [...p.addressLines, [p.city, [p.state, p.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')].filter(Boolean).join(', ');

/** The Form 106 worksheet of a loss: deadlines, the registrant who files, every question of the form, the items, what happened. */
export async function renderForm106Worksheet(document: Form106Worksheet): Promise<Buffer> {
  const doc = openDocument(`DEA Form 106 worksheet, loss ${document.lossId}`, document.compress);
  const header = () => {
    doc.font('Helvetica-Bold').fontSize(11).fillColor(INK).text('DEA FORM 106 WORKSHEET — THEFT OR LOSS OF CONTROLLED SUBSTANCES', LEFT, PAGE.margin, { width: WIDTH, align: 'center', lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text('Not the form itself: DEA Form 106 is filed online, at DEA Diversion Control’s Theft/Loss Reporting (apps.deadiversion.usdoj.gov/TLR).', LEFT, PAGE.margin + 14, { width: WIDTH, align: 'center', lineBreak: false });
    doc.fillColor(INK);
    layout.y = PAGE.margin + 30;
  };
  const layout = new Layout(doc, header);
  layout.newPage();
  const f = document.filer;
  const c = document.counterpart;
  const inTransit = document.kind === 'in-transit';

  layout.bar('DEADLINES');
  layout.boxes([
    { label: 'Theft or loss discovered:', value: document.discoveredOn, width: 1 },
    { label: 'Written notice to the DEA Field Division due (1 business day):', value: document.noticeDue, width: 1.6 },
    { label: 'Form 106 due online (45 days after discovery):', value: document.form106Due, width: 1.4 },
  ]);
  layout.boxes([
    { label: 'Notice sent on:', value: document.noticeSentOn ?? '', width: 1 },
    { label: 'Form 106 filed on:', value: document.form106FiledOn ?? '', width: 1.6 },
    { label: 'Form 106 number:', value: document.form106Number ?? '', width: 1.4 },
  ]);
  layout.y += 8;

  if (document.filerRole === 'supplier') {
    layout.bar('REGISTRANT WHO FILES THE FORM 106 — THE SUPPLIER, WHO SHIPPED THE RETURN');
    layout.paragraph(
      `A loss in transit is reported by the supplier: "the supplier is responsible for reporting all in-transit losses" (21 CFR 1301.74(c)). For this return the supplier is ${f.name}, who shipped it; ${c.name}, the consignee, gives them this worksheet.`,
      { size: 7.5, gap: 6 },
    );
  } else {
    layout.bar('REGISTRANT WHO FILES THE FORM 106 — US, WHO HELD THE SUBSTANCES');
    layout.paragraph('A theft of controlled substances we held: we report it, as the registrant they were stolen from (21 CFR 1301.74(c)).', { size: 7.5, gap: 6 });
  }
  layout.boxes([
    { label: 'Name of registrant:', value: f.name, width: 3 },
    { label: 'DEA Registration Number:', value: f.registrationNumber, width: 1.4 },
  ]);
  layout.boxes([{ label: 'Address of registrant (include ZIP code):', value: addressOf(f), width: 1 }]);
  layout.boxes([
    { label: 'Phone No. (include area code):', value: f.telephone ?? '', width: 1.4 },
    { label: 'County in which registrant is located:', value: '', width: 1.4 },
    { label: 'Principal business of registrant:', value: document.filerRole === 'receiver' ? 'Reverse distributor' : '', width: 1.6 },
  ]);
  layout.y += 8;

  layout.bar('THE THEFT OR LOSS');
  layout.boxes([
    { label: '3DS loss record:', value: `Loss ${document.lossId}`, width: 1 },
    { label: 'Job:', value: `${document.jobId} — ${document.jobName}`, width: 3.4 },
  ]);
  layout.boxes([
    { label: inTransit ? 'Consignee (received the shipment):' : 'Client (whose return it was):', value: c.name, width: 1.6 },
    { label: 'DEA Registration Number:', value: c.registrationNumber, width: 1 },
    { label: 'Address:', value: c.address, width: 2.2 },
  ]);
  layout.boxes([
    { label: 'Date of theft or loss (the date it was discovered):', value: document.discoveredOn, width: 2 },
    { label: 'Thefts or losses in the past 24 months (not this one; 0 if none):', value: '', width: 2.4 },
  ]);
  tickRow(layout, [
    {
      label: inTransit ? 'Type of theft or loss (check one):' : 'Type of theft or loss (check one) — a theft: check the kind it was, or Other and explain:',
      width: 1,
      choices: [...THEFT_TYPES, IN_TRANSIT],
      checked: inTransit ? [IN_TRANSIT] : [],
    },
  ]);
  tickRow(layout, [
    { label: 'Was the theft reported to police?', width: 1.2, choices: ['Yes', 'No'] },
    { label: 'Name and telephone number of police department (include area code):', width: 3.2 },
  ]);
  tickRow(layout, [
    { label: 'If armed robbery, was anyone killed?', width: 1, choices: ['No', 'Yes — how many:'] },
    { label: 'If armed robbery, was anyone injured?', width: 1, choices: ['No', 'Yes — how many:'] },
  ]);
  tickRow(layout, [
    { label: 'Purchase value to registrant of the controlled substances taken (what was paid, not retail):', width: 1.2, text: '$' },
    { label: 'Were any pharmaceuticals or merchandise taken?', width: 1, choices: ['No', 'Yes — estimated value: $'] },
  ]);
  layout.y += 8;

  layout.bar('IF LOST IN TRANSIT');
  if (inTransit) {
    layout.boxes([
      { label: 'Name of common carrier:', value: '', width: 1.4 },
      { label: 'Name of consignee:', value: c.name, width: 1.8 },
      { label: "Consignee's DEA Registration Number:", value: c.registrationNumber, width: 1.2 },
    ]);
    layout.boxes([{ label: 'Losses in transit from this same carrier in the past (how many, not counting this one):', value: '', width: 1 }]);
  } else {
    layout.paragraph('Not applicable: a theft, not a loss in transit.', { size: 8, gap: 6 });
  }
  layout.y += 8;

  layout.bar('CONTROLLED SUBSTANCES LOST OR STOLEN');
  if (document.items.length) {
    layout.paragraph(
      'Enter each by its NDC: the online form fills in the product’s name, dosage form, strength and quantity per container from it. Quantities are packages: full packages plus the fill of an opened one. Schedule and lot are 3DS’s, to tell the items apart.',
      { size: 7.5, gap: 6 },
    );
    layout.table(COLUMNS, document.items);
  } else {
    layout.paragraph('None recorded.', { size: 9, gap: 6 });
  }
  layout.y += 10;

  layout.bar('WHAT HAPPENED');
  layout.paragraph('How the loss was found and resolved (the resolution’s note in 3DS):', { size: 7.5, bold: true, gap: 2 });
  flow(layout, document.circumstances || 'No note was given.');
  layout.boxes([{ label: 'Explanation for the form (how it happened; for a theft over time, its estimated first and last dates):', value: '', width: 1 }], 60);
  layout.boxes([{ label: 'Measures taken to prevent a recurrence:', value: '', width: 1 }], 60);
  layout.y += 8;

  layout.ensure(60);
  layout.bar('COMPLETED BY');
  layout.boxes(
    [
      { label: 'Name and title of the person completing the form:', value: '', width: 3 },
      { label: 'Date completed:', value: '', width: 1.2 },
    ],
    30,
  );

  // The sources, at the foot of the last page.
  doc.font('Helvetica').fontSize(7);
  const sourcesHeight = doc.heightOfString(FORM_106_SOURCES, { width: WIDTH });
  layout.ensure(sourcesHeight + 12);
  doc.fillColor(MUTED).text(FORM_106_SOURCES, LEFT, FOOT - sourcesHeight - 2, { width: WIDTH });
  doc.fillColor(INK);

  return finish(doc, `Form 106 worksheet · loss ${document.lossId} · job ${document.jobId} · generated ${document.generatedText} by ${document.generatedBy}`, false);
}
