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
