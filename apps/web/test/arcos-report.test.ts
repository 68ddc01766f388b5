import { describe, expect, it } from 'vitest';
import { arcosCheckKeys, parseArcosAnswer, parseArcosCheck, parseKeptArcosReports } from '../src/features/reports/api/export-arcos.ts';
import { inventoryDifferencesKeys, parseInventories, parseInventoryCheck } from '../src/features/reports/api/inventory.ts';
import { UnexpectedAnswerError } from '../src/lib/answer-shape.ts';
import { parseOnHand } from '../src/features/reports/api/on-hand.ts';

const skipped = { recordId: 7, jobId: 3, yellowBucket: false, ndc: '00406-0552-01', transaction: 'receipt', reason: 'Schedule 2 receipt without its DEA Form 222 number' };
const answer = (fieldData: Record<string, unknown>) => ({ data: [{ recordId: '5', fieldData }], scriptResult: '{"succeeded":true}' });
const made = { Container: 'files/abc?sig=1', FileName: 'arcos-2026-Q3.txt', Period: '2026-Q3', Records: 12, Receipts: 9, Destructions: 1, Corrections: 2, YearEndInventory: 0, Superseded: true, SkippedCount: 2, Skipped: [skipped, { ...skipped, transaction: 'inventory' }] };

describe('the ARCOS answer', () => {
  it('reads the file link, name, counts and the items left out', () => {
    const parsed = parseArcosAnswer(answer(made));
    expect(parsed).toEqual({ link: 'files/abc?sig=1', fileName: 'arcos-2026-Q3.txt', records: 12, corrections: 2, superseded: true, skipped: [skipped, { ...skipped, transaction: 'inventory' }] });
  });

  it.each([
    ['no file link', { ...made, Container: undefined }],
    ['an empty file link', { ...made, Container: '' }],
    ['no skipped list', { ...made, Skipped: undefined }],
    ['a skipped item without its reason', { ...made, Skipped: [{ ...skipped, reason: undefined }] }],
    ['an unknown transaction', { ...made, Skipped: [{ ...skipped, transaction: 'theft' }] }],
  ])('refuses an answer with %s', (_what, fieldData) => expect(() => parseArcosAnswer(answer(fieldData))).toThrow(UnexpectedAnswerError));
});

describe('the kept ARCOS reports', () => {
  const row = { recordId: '4', fieldData: { Period: '2026-Q3', 'Period Text': 'Q3 2026 (July–September)', From: '07/01/2026', To: '09/30/2026', Records: 6, Receipts: 4, Destructions: 1, Corrections: 0, 'Year-End Inventory': '', 'Created By': 'keeper', 'Created At': '2026-10-02T10:00:00.000Z', Superseded: false, FileName: 'arcos-2026-Q3.txt', Container: 'files/1/arcos-2026-Q3.txt?sig=x' } };

  it('reads the frequency and each report with its download link', () => {
    const parsed = parseKeptArcosReports({ frequency: 'quarterly', data: [row] });
    expect(parsed.frequency).toBe('quarterly');
    expect(parsed.reports[0]).toMatchObject({ id: '4', period: '2026-Q3', periodText: 'Q3 2026 (July–September)', records: 6, superseded: false, href: '/3ds/api/files/1/arcos-2026-Q3.txt?sig=x' });
  });

  it.each([
    ['no frequency', { data: [row] }],
    ['a report without its link', { frequency: 'monthly', data: [{ ...row, fieldData: { ...row.fieldData, Container: undefined } }] }],
    ['no list', { frequency: 'monthly' }],
  ])('refuses an answer with %s', (_what, body) => expect(() => parseKeptArcosReports(body)).toThrow(UnexpectedAnswerError));
});

describe('the inventories and the on-hand answers', () => {
  it('read each inventory with its PDF and Excel links', () => {
    const [inventory] = parseInventories({ data: [{ recordId: '2', fieldData: { 'As Of': '03/20/2026 17:30', 'Line Items': 2, 'Created By': 'keeper', 'Created At': 'x', Reconstructed: '', Container: 'files/a/i.pdf', 'Container Xlsx': 'files/b/i.xlsx', 'File Name': 'i.pdf' } }] });
    expect(inventory).toMatchObject({ id: '2', asOf: '03/20/2026 17:30', lineItems: 2, pdfHref: '/3ds/api/files/a/i.pdf', xlsxHref: '/3ds/api/files/b/i.xlsx' });
    expect(() => parseInventories({ data: [{ fieldData: { 'As Of': 'x' } }] })).toThrow(UnexpectedAnswerError);
  });

  it('reads the on-hand rows with their quantity in words and Days Left', () => {
    const parsed = parseOnHand({
      data: [{ recordId: '9', fieldData: { 'Line Item ID': 9, 'Yellow Bucket': false, 'Job ID': 3, 'Job Name': 'Open', 'NDC Number': '00406-0552-01', Schedule: '2', 'Drug Code': '9143', 'Pack Quantity': 1, 'Pack Size': 100, 'Pack Size UoM': 'U', 'Percent Fill': 0.4, 'Grams Of Base': 0.179264, 'Date Received': '02/20/2026', 'Days Left': -19 } }],
      dataInfo: { foundCount: 1, returnedCount: 1, totalRecordCount: 5 },
      summary: [{ schedule: '2', drugCode: '9143', lineItems: 1, gramsOfBase: 0.179264 }],
    });
    expect(parsed.rows[0]).toMatchObject({ id: 9, quantity: '1 × 100 U at 40%', daysLeft: -19, gramsOfBase: 0.179264 });
    expect(parsed).toMatchObject({ foundCount: 1, totalRecordCount: 5 });
    expect(() => parseOnHand({ data: [] })).toThrow(UnexpectedAnswerError);
  });
});

describe('an inventory checked against the records', () => {
  const line = { lineItemId: 7, yellowBucket: false, ndc: '00406-0552-01', description: 'OXYCODONE', schedule: '2', packQuantity: 1, packSize: 100, packSizeUoM: 'U', percentFill: 1, gramsOfBase: 0.45 };

  it('reads whether it matches, and what differs', () => {
    const of = { inventory: '3', asOf: '03/20/2026 17:30', counted: 1 };
    expect(parseInventoryCheck({ ...of, known: true, differences: 0, notCounted: [], noLongerOnHand: [], changed: [] })).toEqual({ known: true, differences: 0, notCounted: [], noLongerOnHand: [], changed: [] });
    const check = parseInventoryCheck({ ...of, known: true, differences: 2, notCounted: [line], noLongerOnHand: [], changed: [{ line, changes: [{ field: 'Pack Size', counted: '100', now: '50' }] }] });
    expect(check.notCounted[0]).toEqual(line);
    expect(check.changed[0]?.changes).toEqual([{ field: 'Pack Size', counted: '100', now: '50' }]);
    expect(parseInventoryCheck({ ...of, known: false, differences: 0, notCounted: [], noLongerOnHand: [], changed: [] }).known).toBe(false);
  });

  it('refuses an answer of another shape', () => {
    expect(() => parseInventoryCheck({ known: true, differences: 1 })).toThrow(UnexpectedAnswerError);
    expect(() => parseInventoryCheck(null)).toThrow(UnexpectedAnswerError);
  });

  it("keys it under the records' keys: a change of the records reads it again", () => {
    expect(inventoryDifferencesKeys.of('3').slice(0, 1)).toEqual(['records']);
  });
});

describe('the kept ARCOS reports checked against the records', () => {
  it('reads the corrections pending by report', () => {
    const check = parseArcosCheck({ known: true, nextPeriod: 'Q4 2026 (October–December)', pending: 3, reports: [{ recordId: '2', corrections: 3 }, { recordId: '1', corrections: 0 }] });
    expect(check).toMatchObject({ known: true, nextPeriod: 'Q4 2026 (October–December)', pending: 3 });
    expect(check.byReport.get('2')).toBe(3);
    expect(check.byReport.get('1')).toBe(0);
    expect(arcosCheckKeys.all[0]).toBe('records');
  });

  it('refuses an answer of another shape', () => {
    expect(() => parseArcosCheck({ known: true })).toThrow(UnexpectedAnswerError);
    expect(() => parseArcosCheck({ known: true, pending: 1, reports: [{ recordId: 2 }] })).toThrow(UnexpectedAnswerError);
  });
});
