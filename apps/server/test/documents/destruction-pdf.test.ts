import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildForm41Rows } from '@3ds/domain';
import { describe, expect, it } from 'vitest';
import { WORKED_LINE_ITEMS, asForm41Item } from '../../../../packages/domain/test/fixtures/worked-line-items.ts';
import { FORM_41_DECLARATION, renderCertificate, renderForm41, type DestructionDocument } from '../../src/documents/destruction-pdf.ts';

const items = WORKED_LINE_ITEMS.map(asForm41Item);
const { rows, totals } = buildForm41Rows(items);

const document: DestructionDocument = {
  job: { id: 4711, name: 'Riverside Pharmacy returns' },
  registrant: {
    name: 'Tristate Returns LLC',
    registrationNumber: 'RT1234563',
    addressLines: ['100 Industrial Pkwy', 'Suite 4'],
    city: 'Columbus',
    state: 'OH',
    zip: '43215',
    telephone: '614-555-0100',
    contactName: 'Dana Compliance',
  },
  rows,
  totals,
  destruction: {
    received: '10/02/2026',
    lateReason: '',
    date: '11/20/2026',
    method: 'Incineration',
    facility: 'Clean Harbors Deer Park',
    facilityAddress: '2027 Independence Pkwy S, La Porte, TX 77571',
    witness1: 'Alex Witness',
    witness2: 'Blair Witness',
    witness1Confirmation: 'Confirmed in 3DS by awitness on 11/20/2026 at 14:05 (America/Chicago) from 10.0.0.5',
    witness2Confirmation: 'Confirmed in 3DS by bwitness on 11/20/2026 at 14:07 (America/Chicago) from 10.0.0.6',
  },
  draft: false,
  generatedAt: new Date('2026-11-25T12:00:00Z'),
};

/** The PDF's text as poppler reads it (layout kept, so a row's cells stay on one line). */
function pdfText(bytes: Buffer): { text: string; pages: string[] } {
  const dir = mkdtempSync(join(tmpdir(), '3ds-pdf-'));
  const file = join(dir, 'doc.pdf');
  writeFileSync(file, bytes);
  if (process.env.PDF_OUT) writeFileSync(join(process.env.PDF_OUT, `${bytes.length}.pdf`), bytes);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return { text, pages: text.split('\f').filter((p) => p.trim()) };
}

const squash = (s: string) => s.replace(/\s+/g, ' ');

describe('DEA Form 41 PDF', () => {
  it('shows sections A to D, every line item as a row with its code, batch and total, and the totals per schedule', async () => {
    const { text, pages } = pdfText(await renderForm41(document));
    const flat = squash(text);
    for (const heading of ['REGISTRANT RECORD OF CONTROLLED SUBSTANCES DESTROYED', 'FORM DEA-41', 'OMB APPROVAL NO. 1117-0007', 'A. REGISTRANT INFORMATION', 'B. ITEMS DESTROYED', 'C. METHOD OF DESTRUCTION', 'D. WITNESSES']) {
      expect(flat).toContain(heading);
    }
    expect(flat).toContain(squash(FORM_41_DECLARATION));
    for (const value of ['Tristate Returns LLC', 'RT1234563', '100 Industrial Pkwy, Suite 4', 'Columbus', '43215', '614-555-0100', 'Dana Compliance', '11/20/2026', 'Incineration', 'Clean Harbors Deer Park', 'Alex Witness', 'Blair Witness', 'Confirmed in 3DS by awitness on 11/20/2026 at 14:05 (America/Chicago) from 10.0.0.5', 'Confirmed in 3DS by bwitness']) {
      expect(flat).toContain(value);
    }
    // Every worked item's code and batch, and each row's total on the row's own line.
    const lines = text.split('\n');
    for (const item of WORKED_LINE_ITEMS) {
      const code = item.ndc.includes('**') ? item.drugCode! : item.ndc;
      expect(lines.some((line) => line.includes(code) && line.includes(item.lot!)), `${code} ${item.lot}`).toBe(true);
    }
    // The total on the row's own line; a bulk row's base weight may wrap below it, and is on the page.
    for (const row of rows) {
      const total = row.base ? row.total.slice(0, row.total.indexOf(' (base')) : row.total;
      expect(lines.some((line) => line.includes(row.batch) && line.includes(total)), `${row.batch}: ${total}`).toBe(true);
      if (row.base) expect(flat, row.batch).toContain(row.base.split(' ')[0]);
    }
    for (const total of totals) {
      expect(lines.some((line) => line.includes(`Schedule ${total.schedule} `) && total.amounts.every((a) => line.includes(a.text))), total.schedule).toBe(true);
    }
    // The header and page numbers on every page.
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain('REGISTRANT RECORD OF CONTROLLED SUBSTANCES DESTROYED');
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(page).not.toContain('DRAFT');
    });
  });

  it('marks every page of a draft DRAFT', async () => {
    const { pages } = pdfText(await renderForm41({ ...document, draft: true, destruction: { received: '', lateReason: '', date: '', method: '', facility: '', facilityAddress: '', witness1: '', witness2: '', witness1Confirmation: '', witness2Confirmation: '' } }));
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page).toContain('DRAFT');
  });

  it('continues a long job on as many pages as it takes, the table header on each', async () => {
    const many = buildForm41Rows(Array.from({ length: 120 }, (_, i) => ({ ...items[0]!, lot: `LOT-${i + 1}` })));
    const { pages } = pdfText(await renderForm41({ ...document, rows: many.rows, totals: many.totals }));
    expect(pages.length).toBeGreaterThanOrEqual(4);
    for (const page of pages.filter((p) => p.includes('LOT-'))) expect(page).toContain('Batch');
    const flat = squash(pages.join(' '));
    for (let i = 1; i <= 120; i++) expect(flat).toContain(`LOT-${i} `);
    // 120 rows of 3 bottles × 100 tablets.
    expect(flat).toContain('36,000 tablets');
  });
});

describe('Certificate of Destruction PDF', () => {
  it('names the client, the items, totals, destruction, our registration and a signature block', async () => {
    const { text } = pdfText(
      await renderCertificate({
        ...document,
        client: { name: 'Riverside Pharmacy', registrationNumber: 'BR7654321', addressLines: ['12 Main St'], city: 'Dayton', state: 'OH', zip: '45402' },
      }),
    );
    const flat = squash(text);
    for (const value of ['CERTIFICATE OF DESTRUCTION', 'Riverside Pharmacy', 'BR7654321', '12 Main St', 'Dayton, OH 45402', 'Tristate Returns LLC', 'RT1234563', '11/20/2026', 'Incineration', 'Clean Harbors Deer Park', 'Alex Witness', 'Blair Witness', 'Confirmed in 3DS by awitness', 'from 10.0.0.6', 'Authorized signature', 'Dana Compliance']) {
      expect(flat).toContain(value);
    }
    for (const row of rows) expect(flat).toContain(row.base ? row.total.slice(0, row.total.indexOf(' (base')) : row.total);
  });
});

describe('received date and late-destruction reason', () => {
  const late = { ...document, destruction: { ...document.destruction, lateReason: 'Incinerator down for repairs from 10/28 to 11/18 (work order 4471)' } };
  const client = { name: 'Riverside Pharmacy', registrationNumber: 'BR7654321', addressLines: ['12 Main St'], city: 'Dayton', state: 'OH', zip: '45402' };

  it('prints both on the Form 41 and on the certificate when the job holds a reason', async () => {
    for (const bytes of [await renderForm41(late), await renderCertificate({ ...late, client })]) {
      const flat = squash(pdfText(bytes).text);
      expect(flat).toContain('Date Received:');
      expect(flat).toContain('10/02/2026');
      expect(flat).toContain('Reason the destruction came more than 30 days after receipt:');
      expect(flat).toContain('Incinerator down for repairs from 10/28 to 11/18 (work order 4471)');
    }
  });

  it('prints the received date and no reason box when the destruction was on time', async () => {
    for (const bytes of [await renderForm41(document), await renderCertificate({ ...document, client })]) {
      const flat = squash(pdfText(bytes).text);
      expect(flat).toContain('10/02/2026');
      expect(flat).not.toContain('more than 30 days after receipt');
    }
  });
});

it('poppler reads the PDFs', () => {
  expect(execFileSync('pdftotext', ['-v'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).length).toBeGreaterThanOrEqual(0);
});
