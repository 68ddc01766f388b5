import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { columnSizes, createPdfWriter, PDF_MAX_ROWS } from '../../src/documents/pdf-writer.ts';
import type { DocumentColumn, DocumentRow } from '../../src/documents/table-document.ts';

const columns: DocumentColumn[] = [
  { label: 'Job #', type: 'number', width: 6 },
  { label: 'Company', type: 'text', width: 30 },
  { label: 'Pickup Date', type: 'date' },
  { label: 'Locked', type: 'yesno' },
  { label: '% Fill', type: 'percent' },
];

function rows(count: number): DocumentRow[] {
  return Array.from({ length: count }, (_, i) => [i + 1, `Company ${i + 1}`, '03/07/2025', i % 2 ? 'Yes' : 'No', 0.5]);
}

const winAnsi = new TextDecoder('windows-1252');

interface WrittenPdf {
  pages: number;
  /** The text of every text-showing operator, in order. */
  texts: string[];
  /** The arrays of those operators as written: hex strings, and kerning numbers between them if any. */
  arrays: string[];
}

/** Writes the document uncompressed and reads back its page count and text. */
async function writePdf(rowCount: number, options: { subtitle?: string; title?: string; extra?: DocumentRow[] } = {}): Promise<WrittenPdf> {
  const chunks: Buffer[] = [];
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  const writer = createPdfWriter(output, {
    title: options.title ?? 'Line Items',
    ...(options.subtitle ? { subtitle: options.subtitle } : {}),
    generatedAt: new Date(2025, 2, 7, 9, 5, 30),
    columns,
    compress: false,
  });
  const all = [...rows(rowCount), ...(options.extra ?? [])];
  for (let i = 0; i < all.length; i += 1000) await writer.addRows(all.slice(i, i + 1000));
  await writer.finish();

  const pdf = Buffer.concat(chunks).toString('latin1');
  expect(pdf.startsWith('%PDF-')).toBe(true);
  // pdfkit shows text as TJ arrays of hex strings (WinAnsi bytes) with kerning numbers between them.
  const arrays = [...pdf.matchAll(/\[((?:<[0-9a-f]*>|\s|-?[\d.]+)*)\] TJ/g)].map(([, array]) => array!);
  const texts = arrays.map((array) => [...array.matchAll(/<([0-9a-f]*)>/g)].map(([, hex]) => winAnsi.decode(Buffer.from(hex!, 'hex'))).join(''));
  return { pages: pdf.match(/\/Type \/Page\b(?!s)/g)?.length ?? 0, texts, arrays };
}

/** Writes a document and reads it back as pdftotext (poppler-utils) sees it, in the order it was drawn. */
async function pdfText(documentColumns: DocumentColumn[], documentRows: DocumentRow[]): Promise<string> {
  const chunks: Buffer[] = [];
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  const writer = createPdfWriter(output, { title: 'Identifying columns', generatedAt: new Date(2025, 2, 7), columns: documentColumns });
  await writer.addRows(documentRows);
  await writer.finish();
  return execFileSync('pdftotext', ['-raw', '-', '-'], { input: Buffer.concat(chunks) }).toString('utf8');
}

describe('createPdfWriter', () => {
  it('puts the title, generation time and a numbered header on the first page', async () => {
    const { pages, texts } = await writePdf(3, { subtitle: 'Job 1201 — Acme Pharmacy' });
    expect(pages).toBe(1);
    expect(texts.slice(0, 3)).toEqual(['Line Items', 'Job 1201 — Acme Pharmacy', 'Generated 03/07/2025 09:05']);
    expect(texts).toEqual(expect.arrayContaining(['Job #', 'Company', 'Pickup Date', 'Locked', '% Fill', 'Company 3', '03/07/2025', 'Page 1 of 1']));
  });

  // Letter landscape, half-inch margins, 14 pt rows: 34 rows fit under the title block on the first
  // page (33 with a subtitle) and 37 under the header of every other page.
  it.each([
    [1, 1],
    [34, 1],
    [35, 2],
    [34 + 37, 2],
    [34 + 37 + 1, 3],
    [34 + 37 * 10, 11],
  ])('lays %i rows out on %i pages, each with its header and number', async (rowCount, expectedPages) => {
    const { pages, texts } = await writePdf(rowCount);
    expect(pages).toBe(expectedPages);
    expect(texts.filter((t) => t === 'Company')).toHaveLength(expectedPages);
    for (let page = 1; page <= expectedPages; page++) expect(texts).toContain(`Page ${page} of ${expectedPages}`);
    expect(texts).toContain(`Company ${rowCount}`);
  });

  it('fits one row fewer on the first page when there is a subtitle', async () => {
    expect((await writePdf(33, { subtitle: 'Job 1201' })).pages).toBe(1);
    expect((await writePdf(34, { subtitle: 'Job 1201' })).pages).toBe(2);
  });

  it('shows percent as 0.00%, wraps long text onto three lines at most and replaces what Helvetica cannot show', async () => {
    const long = 'Acme Pharmacy of the Very Long Name that Goes On and On and On Beyond Any Column '.repeat(4).trim();
    const { texts } = await writePdf(0, {
      extra: [
        [1, long, '', 'Yes', 0.12345],
        [2, 'Zoë’s “Pharmacy” 薬局', '', 'No', 1],
      ],
    });
    expect(texts).toContain('12.35%');
    expect(texts).toContain('100.00%');
    const first = texts.findIndex((t) => t.startsWith('Acme Pharmacy'));
    const lines = texts.slice(first, first + 3);
    expect(lines[2]!.endsWith('…')).toBe(true);
    expect(texts[first + 3]).toBe('Yes'); // the next cell: no fourth line
    expect(long.startsWith(lines.join(' ').slice(0, -1).trimEnd())).toBe(true);
    expect(texts).toContain('Zoë’s “Pharmacy” ??');
  });

  it('draws the table unkerned, each cell exactly as wide as it was measured (right-aligned numbers end at the edge)', async () => {
    // "AV", "Ty" and "Yo" are kerned pairs of Helvetica: kerned, pdfkit splits the text with numbers between.
    const { texts, arrays } = await writePdf(0, { extra: [[1, 'AVAILABLE Tylenol Yo', '', 'Yes', 1]] });
    const index = texts.indexOf('AVAILABLE Tylenol Yo');
    expect(index).toBeGreaterThan(-1);
    // One hex string (pdfkit ends every array with a 0 advance): nothing moved between its characters.
    expect(arrays[index]).toMatch(/^\s*<[0-9a-f]+>(?:\s+-?0)?\s*$/);
    // Every cell and heading of the table likewise.
    const table = arrays.slice(texts.indexOf('Job #'), texts.findIndex((t) => t.startsWith('Page ')));
    expect(table.length).toBeGreaterThan(5);
    for (const array of table) expect(array.match(/</g)).toHaveLength(1);
  });

  it('never cuts the text of a column that identifies the row: it wraps onto as many lines as it needs', async () => {
    const identifying: DocumentColumn[] = [
      { label: 'NDC', type: 'text', keep: true, unbroken: '00000-0000-00' },
      { label: 'Description', type: 'text', keep: true },
      ...Array.from({ length: 12 }, (_, i): DocumentColumn => ({ label: `Other ${i + 1}`, type: 'text' })),
    ];
    const description = 'HYDROCODONE BITARTRATE/ACETAMINOPHEN 10 MG/325 MG TABLET, FILM COATED, EXTENDED RELEASE '.repeat(3).trim();
    const text = await pdfText(identifying, [['00002-0300-02', description, ...Array.from({ length: 12 }, () => 'filler text of the other columns')]]);
    // The NDC on one line, the description whole (its lines in order), nothing cut.
    expect(text).toContain('00002-0300-02');
    expect(text.replace(/\s+/g, '')).toContain(description.replace(/\s+/g, ''));
    expect(text).not.toContain('00002-03…');
  });

  it('shares the page so that short columns keep their values on one line and only the widest wrap', () => {
    // Minimums 20 each; wanted 30, 40 and 600 on a 200 pt table: the two short columns get what they want.
    const { sizes, cap } = columnSizes([20, 20, 20], [30, 40, 600], [], 200);
    expect(sizes.map(Math.round)).toEqual([30, 40, 130]);
    expect(cap).toBeCloseTo(130, 0);
    // Everything fits: each what it wants, the rest shared in proportion.
    expect(columnSizes([10, 10], [50, 50], [], 200).sizes).toEqual([100, 100]);
    // A column that identifies the row keeps its width while the others can shrink to their minimums.
    expect(columnSizes([20, 20, 20], [120, 100, 100], [true, false, false], 200).sizes.map(Math.round)).toEqual([120, 40, 40]);
    // Not even the minimums fit: the minimums in proportion.
    expect(columnSizes([100, 300], [100, 300], [], 200).sizes).toEqual([50, 150]);
  });

  it(`refuses more than ${PDF_MAX_ROWS} rows`, async () => {
    const writer = createPdfWriter(new Writable({ write: (_c, _e, cb) => cb() }), { title: 'Too long', generatedAt: new Date(), columns });
    await expect(writer.addRows(rows(PDF_MAX_ROWS + 1))).rejects.toThrow(RangeError);
  });
});
