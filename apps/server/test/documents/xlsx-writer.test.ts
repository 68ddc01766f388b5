import { mkdtemp, rm } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentColumn, DocumentRow } from '../../src/documents/table-document.ts';
import { createXlsxWriter } from '../../src/documents/xlsx-writer.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), '3ds-xlsx-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const columns: DocumentColumn[] = [
  { label: 'Job #', type: 'number', width: 8 },
  { label: 'Company', type: 'text' },
  { label: 'Pickup Date', type: 'date' },
  { label: 'Modified', type: 'timestamp' },
  { label: 'Locked', type: 'yesno' },
  { label: '% Fill', type: 'percent' },
];

async function writeWorkbook(name: string, rows: DocumentRow[], batch = 100): Promise<ExcelJS.Worksheet> {
  const path = join(dir, name);
  const writer = createXlsxWriter(createWriteStream(path), { title: 'Jobs: open / locked', columns });
  for (let i = 0; i < rows.length; i += batch) await writer.addRows(rows.slice(i, i + batch));
  await writer.finish();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0]!;
}

describe('createXlsxWriter', () => {
  it('writes typed cells under a bold, frozen, filtered header', async () => {
    const sheet = await writeWorkbook('typed.xlsx', [
      [1201, 'Acme Pharmacy', '03/07/2025', '03/07/2025 14:05:09', 'Yes', 0.125],
      [1202, '', '', '', 'No', ''],
      ['1203', 'Not <XML> & "safe"', 'soon', '12/31/2024 23:59:59', 'No', 1],
    ]);
    expect(sheet.name).toBe('Jobs open locked');
    expect(sheet.getRow(1).values).toEqual([undefined, 'Job #', 'Company', 'Pickup Date', 'Modified', 'Locked', '% Fill']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:F4');
    expect(sheet.getColumn(1).width).toBe(8);
    expect(sheet.getColumn(2).width).toBeGreaterThan(8);

    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe(1201);
    expect(first.getCell(2).value).toBe('Acme Pharmacy');
    const date = first.getCell(3);
    expect(date.value).toBeInstanceOf(Date);
    expect((date.value as Date).toISOString()).toBe('2025-03-07T00:00:00.000Z');
    expect(date.numFmt).toBe('mm/dd/yyyy');
    const timestamp = first.getCell(4);
    expect((timestamp.value as Date).toISOString()).toBe('2025-03-07T14:05:09.000Z');
    expect(timestamp.numFmt).toBe('mm/dd/yyyy hh:mm:ss');
    expect(first.getCell(5).value).toBe('Yes');
    expect(first.getCell(6).value).toBe(0.125);
    expect(first.getCell(6).numFmt).toBe('0.00%');

    const empty = sheet.getRow(3);
    expect(empty.getCell(2).value).toBeNull();
    expect(empty.getCell(3).value).toBeNull();

    const odd = sheet.getRow(4);
    expect(odd.getCell(1).value).toBe(1203);
    expect(odd.getCell(2).value).toBe('Not <XML> & "safe"');
    expect(odd.getCell(3).value).toBe('soon');
    expect(odd.getCell(6).value).toBe(1);
  });

  it('writes every row of a large export in order', async () => {
    const rows: DocumentRow[] = Array.from({ length: 5000 }, (_, i) => [i + 1, `Company ${i + 1}`, '01/15/2025', '01/15/2025 08:00:00', i % 2 ? 'Yes' : 'No', i / 5000]);
    const sheet = await writeWorkbook('large.xlsx', rows, 777);
    expect(sheet.rowCount).toBe(5001);
    expect(sheet.getRow(5001).getCell(1).value).toBe(5000);
    expect(sheet.getRow(2501).getCell(2).value).toBe('Company 2500');
  });

  it('writes a header-only workbook for an empty list', async () => {
    const sheet = await writeWorkbook('empty.xlsx', []);
    expect(sheet.rowCount).toBe(1);
    expect(sheet.getRow(1).getCell(6).value).toBe('% Fill');
  });
});

describe('createXlsxWriter, hostile and slow cases', () => {
  it('keeps text XML cannot hold out of the sheet and the rest of the cell intact', async () => {
    const sheet = await writeWorkbook('control.xlsx', [
      [1, 'bell\u0007 nul\u0000 lone\uD800 surrogate 💊 ', '02/30/2025', '13/01/2025 10:00:00', ' padded ', 'NaN'],
      [2, 'x'.repeat(40_000), '02/28/2025 24:00:00', '', '', '1e400'],
    ]);
    const first = sheet.getRow(2);
    expect(first.getCell(2).value).toBe('bell nul lone surrogate 💊 ');
    // Not real dates: kept as the text the list showed.
    expect(first.getCell(3).value).toBe('02/30/2025');
    expect(first.getCell(4).value).toBe('13/01/2025 10:00:00');
    expect(first.getCell(5).value).toBe(' padded ');
    expect(first.getCell(6).value).toBe('NaN');
    const second = sheet.getRow(3);
    expect(second.getCell(2).value).toHaveLength(32_767);
    expect(second.getCell(3).value).toBe('02/28/2025 24:00:00');
    expect(second.getCell(6).value).toBe('1e400');
  });

  it('names the sheet within Excel\'s rules and filters the header row', async () => {
    const path = join(dir, 'named.xlsx');
    const writer = createXlsxWriter(createWriteStream(path), { title: 't', sheetName: "'O'Brien's [jobs]: a/b'", columns });
    await writer.finish();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    expect(workbook.worksheets[0]!.name).toBe("O'Brien's jobs a b");
    expect(workbook.worksheets[0]!.autoFilter).toBe('A1:F1');
  });

  it('waits for a slow reader instead of holding the sheet in memory', async () => {
    const { PassThrough } = await import('node:stream');
    const output = new PassThrough({ highWaterMark: 16 * 1024 });
    const writer = createXlsxWriter(output, { title: 'slow', columns });
    const { randomBytes } = await import('node:crypto');
    // Random text, so that compression cannot make the sheet small.
    const rows: DocumentRow[] = Array.from({ length: 4000 }, (_, i) => [i, randomBytes(100).toString('hex'), '01/15/2025', '', 'No', 0.5]);
    let settled = false;
    const writing = writer.addRows(rows).then(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Nobody reads: the writer stops once the output and the compressor are full.
    expect(settled).toBe(false);
    expect(output.readableLength).toBeLessThan(1024 * 1024);
    const chunks: Buffer[] = [];
    output.on('data', (chunk: Buffer) => chunks.push(chunk));
    await writing;
    await writer.finish();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(4001);
  });

  it('stops with the output\'s error when the reader goes away', async () => {
    const { PassThrough } = await import('node:stream');
    const output = new PassThrough({ highWaterMark: 1024 });
    const writer = createXlsxWriter(output, { title: 'gone', columns });
    const { randomBytes } = await import('node:crypto');
    const rows: DocumentRow[] = Array.from({ length: 20_000 }, (_, i) => [i, randomBytes(100).toString('hex'), '', '', '', '']);
    let settled = false;
    const writing = writer.addRows(rows).finally(() => (settled = true));
    writing.catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled).toBe(false);
    output.destroy(new Error('client went away'));
    await expect(writing).rejects.toThrow('client went away');
    await expect(writer.addRows(rows.slice(0, 1))).rejects.toThrow('client went away');
  });
});
