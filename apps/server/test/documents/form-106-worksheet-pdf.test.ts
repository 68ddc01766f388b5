import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FORM_106_SOURCES, renderForm106Worksheet, type Form106Item, type Form106Worksheet } from '../../src/documents/form-106-worksheet-pdf.ts';

const us = {
  name: 'Tristate Returns LLC',
  registrationNumber: 'RT1234563',
  addressLines: ['100 Industrial Pkwy', 'Suite 4'],
  city: 'Columbus',
  state: 'OH',
  zip: '43215',
  telephone: '614-555-0100',
};
const client = { name: 'Riverside Community Pharmacy', registrationNumber: 'BR7654321', addressLines: ['12 Main St'], city: 'Dayton', state: 'OH', zip: '45402', telephone: '937-555-0142' };

const items: Form106Item[] = [
  { ndc: '00406-0552-01', name: 'OXYCODONE HCL 5 MG TABLET', strength: '5 MG', form: 'TABLET', schedule: '2', lot: 'OX5521', quantity: '2.4', packageSize: '100' },
  { ndc: '00172-3925-60', name: 'DIAZEPAM 5 MG TABLET', strength: '5 MG', form: 'TABLET', schedule: '4', lot: 'DZ0042', quantity: '1', packageSize: '500' },
  { ndc: null, name: 'UNLABELLED AMBER VIAL', strength: '', form: 'SOLUTION', schedule: '', lot: '', quantity: '1', packageSize: '' },
];

/** A note of about 500 characters, as a resolution's note can be. */
const longNote = `Counted at intake on 11/02/2026: the client declared three bottles of oxycodone 5 mg and one of diazepam; the tote held one bottle of oxycodone, sealed, and the diazepam bottle with its seal cut. The tote's own seal was intact and its number matched the pickup manifest. The vault camera shows the tote going straight from the dock to the count table. The driver's log and the client's pick list were asked for; the count was repeated by a second employee and came out the same. Closing note.`;

const theft: Form106Worksheet = {
  filer: us,
  filerRole: 'receiver',
  counterpart: { name: client.name, registrationNumber: client.registrationNumber, address: '12 Main St, Dayton, OH 45402' },
  kind: 'theft',
  lossId: 17,
  jobId: 4711,
  jobName: 'Riverside Pharmacy returns',
  discoveredOn: '11/02/2026',
  noticeDue: '11/03/2026',
  form106Due: '12/17/2026',
  noticeSentOn: null,
  form106FiledOn: null,
  form106Number: null,
  items,
  circumstances: longNote,
  generatedText: '11/05/2026 10:12',
  generatedBy: 'dana',
  compress: false,
};

const inTransit: Form106Worksheet = {
  ...theft,
  kind: 'in-transit',
  filerRole: 'supplier',
  filer: client,
  counterpart: { name: us.name, registrationNumber: us.registrationNumber, address: '100 Industrial Pkwy, Suite 4, Columbus, OH 43215' },
  lossId: 18,
  noticeSentOn: '11/03/2026',
  form106FiledOn: '11/20/2026',
  form106Number: 'TLR-2026-000123',
  circumstances: 'Carrier claim 77: the carton arrived with its tape cut and one bottle missing.',
};

/** The PDF's text as poppler reads it (layout kept, so a row's cells stay on one line). */
function pdfText(bytes: Buffer): { text: string; lines: string[]; pages: string[] } {
  const dir = mkdtempSync(join(tmpdir(), '3ds-form106-'));
  const file = join(dir, 'worksheet.pdf');
  writeFileSync(file, bytes);
  if (process.env.PDF_OUT) writeFileSync(join(process.env.PDF_OUT, `form-106-${bytes.length}.pdf`), bytes);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return { text, lines: text.split('\n'), pages: text.split('\f').filter((p) => p.trim()) };
}

const squash = (s: string) => s.replace(/\s+/g, ' ');
/** The line after the one holding `label`: where a box prints its value. */
const valueLine = (lines: string[], label: string) => lines[lines.findIndex((l) => l.includes(label)) + 1] ?? '';

/** Every field Form 106 asks, as the worksheet labels it (docs/form-106.md). */
const FORM_FIELDS = [
  'Name of registrant:',
  'DEA Registration Number:',
  'Address of registrant (include ZIP code):',
  'Phone No. (include area code):',
  'County in which registrant is located:',
  'Principal business of registrant:',
  'Date of theft or loss (the date it was discovered):',
  'Thefts or losses in the past 24 months (not this one; 0 if none):',
  'Type of theft or loss (check one)',
  'Was the theft reported to police?',
  'Name and telephone number of police department (include area code):',
  'If armed robbery, was anyone killed?',
  'If armed robbery, was anyone injured?',
  'Purchase value to registrant of the controlled substances taken',
  'Were any pharmaceuticals or merchandise taken?',
  'Explanation for the form',
  'Measures taken to prevent a recurrence:',
  'Name and title of the person completing the form:',
  'Date completed:',
];

describe('DEA Form 106 worksheet PDF', () => {
  it('says it is a worksheet, not the form, and asks every question of the form', async () => {
    const { text } = pdfText(await renderForm106Worksheet(theft));
    const flat = squash(text);
    expect(flat).toContain('DEA FORM 106 WORKSHEET — THEFT OR LOSS OF CONTROLLED SUBSTANCES');
    expect(flat).toContain('Not the form itself: DEA Form 106 is filed online');
    for (const field of FORM_FIELDS) expect(flat, field).toContain(field);
    for (const type of ['Night break-in', 'Armed robbery', 'Employee pilferage', 'Customer theft', 'Other (explain)', 'Lost in transit']) expect(flat, type).toContain(type);
  });

  it('a theft: we file it, nothing checked for the theft’s kind, no in-transit questions, the client named', async () => {
    const { text, lines } = pdfText(await renderForm106Worksheet(theft));
    const flat = squash(text);
    expect(flat).toContain('REGISTRANT WHO FILES THE FORM 106 — US, WHO HELD THE SUBSTANCES');
    expect(valueLine(lines, 'Name of registrant:')).toMatch(/Tristate Returns LLC\s+RT1234563/);
    expect(valueLine(lines, 'Address of registrant')).toContain('100 Industrial Pkwy, Suite 4, Columbus, OH 43215');
    expect(valueLine(lines, 'Phone No.')).toMatch(/614-555-0100\s+Reverse distributor/);
    expect(valueLine(lines, 'Client (whose return it was):')).toMatch(/Riverside Community Pharmacy\s+BR7654321\s+12 Main St, Dayton, OH 45402/);
    // The kind of a theft is for the filer to check: no box carries an X.
    const typeLine = valueLine(lines, 'Type of theft or loss (check one)');
    expect(typeLine).toContain('Night break-in');
    expect(typeLine).not.toMatch(/\bX\b/);
    expect(flat).toContain('a theft: check the kind it was, or Other and explain');
    expect(flat).toContain('Not applicable: a theft, not a loss in transit.');
    expect(flat).not.toContain('Name of common carrier');
  });

  it('a loss in transit: the supplier files it, Lost in transit checked, us as the consignee', async () => {
    const { text, lines } = pdfText(await renderForm106Worksheet(inTransit));
    const flat = squash(text);
    expect(flat).toContain('REGISTRANT WHO FILES THE FORM 106 — THE SUPPLIER, WHO SHIPPED THE RETURN');
    expect(flat).toContain('"the supplier is responsible for reporting all in-transit losses" (21 CFR 1301.74(c))');
    expect(valueLine(lines, 'Name of registrant:')).toMatch(/Riverside Community Pharmacy\s+BR7654321/);
    expect(valueLine(lines, 'Address of registrant')).toContain('12 Main St, Dayton, OH 45402');
    // A client's line of business is not ours to say.
    expect(valueLine(lines, 'Phone No.')).toContain('937-555-0142');
    expect(valueLine(lines, 'Phone No.')).not.toContain('Reverse distributor');
    const typeLine = valueLine(lines, 'Type of theft or loss (check one)');
    expect(typeLine).toMatch(/X\s+Lost in transit/);
    expect(typeLine.match(/\bX\b/g)).toHaveLength(1);
    expect(valueLine(lines, 'Name of common carrier:')).toMatch(/Tristate Returns LLC\s+RT1234563/);
    expect(flat).toContain("Consignee's DEA Registration Number:");
    expect(flat).toContain('Losses in transit from this same carrier in the past');
    expect(valueLine(lines, 'Consignee (received the shipment):')).toContain('100 Industrial Pkwy, Suite 4, Columbus, OH 43215');
    expect(flat).toContain('Carrier claim 77: the carton arrived with its tape cut and one bottle missing.');
  });

  it('prints the deadlines, and what was done or blanks to fill in', async () => {
    const open = pdfText(await renderForm106Worksheet(theft)).lines;
    expect(valueLine(open, 'Theft or loss discovered:')).toMatch(/11\/02\/2026\s+11\/03\/2026\s+12\/17\/2026/);
    expect(open.find((l) => l.includes('Written notice to the DEA Field Division due'))).toContain('Form 106 due online (45 days after discovery)');
    expect(valueLine(open, 'Notice sent on:').trim()).toBe('');
    const done = pdfText(await renderForm106Worksheet(inTransit)).lines;
    expect(valueLine(done, 'Notice sent on:')).toMatch(/11\/03\/2026\s+11\/20\/2026\s+TLR-2026-000123/);
    expect(valueLine(done, 'Date of theft or loss')).toContain('11/02/2026');
  });

  it('lists every item on a row of its own, and the whole circumstances note', async () => {
    const { text, lines, pages } = pdfText(await renderForm106Worksheet(theft));
    for (const item of items) {
      const row = lines.find((l) => l.includes(item.name));
      expect(row, item.name).toBeDefined();
      if (item.ndc) expect(row).toContain(item.ndc);
      expect(row).toContain(item.form);
      expect(row).toMatch(new RegExp(`${item.packageSize}\\s+${item.quantity.replace('.', '\\.')}\\s*$`));
    }
    expect(lines.find((l) => l.includes('OX5521'))).toMatch(/^\s*1\.\s+00406-0552-01\s+OXYCODONE HCL 5 MG TABLET\s+5 MG\s+TABLET\s+2\s+OX5521\s+100\s+2\.4\s*$/);
    expect(squash(text)).toContain(squash(longNote));
    // The sources at the foot of the last page, and only there.
    expect(squash(pages.at(-1)!)).toContain(squash(FORM_106_SOURCES));
    for (const page of pages.slice(0, -1)) expect(page).not.toContain('Sources:');
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1} of ${pages.length}`));
  });

  it('runs 40 items onto further pages, the table header on each', async () => {
    const many = Array.from({ length: 40 }, (_, i) => ({ ...items[0]!, lot: `LOT-${i + 1}` }));
    const { text, pages } = pdfText(await renderForm106Worksheet({ ...inTransit, items: many }));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const withRows = pages.filter((p) => p.includes('LOT-'));
    expect(withRows.length).toBeGreaterThanOrEqual(2);
    for (const page of withRows) {
      expect(page).toContain('DEA FORM 106 WORKSHEET');
      expect(page).toMatch(/NDC\s+Name of product\s+Strength\s+Dosage form\s+Sch\.\s+Lot/);
    }
    const flat = squash(text);
    for (let i = 1; i <= 40; i++) expect(flat).toContain(`LOT-${i} `);
  });
});
