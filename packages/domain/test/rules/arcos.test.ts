import { describe, expect, it } from 'vitest';
import {
  ARCOS_FIELDS,
  ARCOS_MESSAGES,
  ARCOS_RECORD_LENGTH,
  arcosAmount,
  arcosField,
  arcosFileName,
  arcosNdc,
  arcosControlRecord,
  arcosNoYearEndInventoryRecord,
  arcosPeriodText,
  arcosRecord,
  arcosStrength,
  arcosTransactionKey,
  arcosYearEndInventoryRecord,
  arcosYearEndsCovered,
  carriesYearEndInventory,
  parseArcosPeriod,
  planArcosReport,
  recentArcosPeriods,
  withAction,
  type ArcosHeld,
  type ArcosLineItem,
  type ArcosWritten,
  type ArcosTransaction,
  nextArcosPeriod,
  pendingCorrectionsByReport,
} from '../../src/rules/arcos.ts';
import { isArcosReportable } from '../../src/rules/reports.ts';
import { WORKED_LINE_ITEMS, type WorkedLineItem } from '../fixtures/worked-line-items.ts';
import { arcosRequestSchema } from '../../src/contracts/arcos.ts';

/** Our registration (RD1234563: (1+3+5) + 2×(2+4+6) = 33 → check digit 3) and the client's. */
const OURS = 'RD1234563';
const CLIENT = 'AB1234563';
const RECEIPT: ArcosTransaction = { code: 'P', date: '2026-07-14', reportingRegistrant: OURS, associateRegistrant: CLIENT };
const DESTROYED: ArcosTransaction = { code: 'Y', date: '2026-08-02', reportingRegistrant: OURS, associateRegistrant: CLIENT };

/** The worked item as the server hands it to the builder; its id is 101 + its place in the list. */
const asItem = (w: WorkedLineItem, index: number): ArcosLineItem => ({
  id: 101 + index,
  ndc: w.ndc,
  schedule: w.schedule,
  drugCode: w.drugCode,
  bulkKind: w.bulkKind ?? null,
  packQuantity: w.packQuantity,
  packSize: w.packSize,
  packSizeUoM: w.packSizeUoM,
  percentFill: w.percentFill,
  density: w.density ?? null,
  form222Number: w.form222Number ?? null,
});

/**
 * Every worked item received on 07/14/2026 (transaction P, date 071426): the record it must produce,
 * or why it is not written. A record reads, by position:
 *   1–9 RD1234563 | 10 P | 11 blank | 12–22 NDC | 23–30 quantity | 31 unit | 32–40 AB1234563 |
 *   41–49 Form 222 number | 50–55 071426 | 56–63 blank | 64–67 strength | 68–77 id | 78–80 E25
 * Trade packages report the package count (unit blank); a partial package its fill as the strength in
 * tenths of a percent. Bulk reports its amount in whole units, raw bulk its purity as the strength.
 */
const EXPECTED: readonly (string | { reason: RegExp } | 'not reportable')[] = [
  // 0: 3 full bottles → quantity 3 packages; Sch II: Form 222 231456789.
  'RD1234563P 0040605520100000003 AB1234563231456789071426            0000000101E25',
  // 1: 1 bottle at 40 % → quantity 1, strength 0.40 × 1000 = 400 tenths → 0400.
  'RD1234563P 0040605520100000001 AB1234563231456789071426        04000000000102E25',
  // 2: 2 full bottles of another lot → quantity 2, its own Form 222 231456790.
  'RD1234563P 0040605520100000002 AB1234563231456790071426            0000000103E25',
  // 3: Sch II received without a Form 222 number: appendix 1 note H makes it mandatory → not written.
  { reason: /Schedule 2 receipt without its DEA Form 222 number/ },
  // 4: 1 bottle of 500 at 25 % → quantity 1, strength 0.25 × 1000 = 250 → 0250.
  'RD1234563P 0040601230500000001 AB1234563231456791071426        02500000000105E25',
  // 5: 2 bottles of 30 mL → 2 packages (the NDC says what a package holds; the mL are not reported).
  'RD1234563P 0005402376300000002 AB1234563231456792071426            0000000106E25',
  // 6: 1 bottle at 50 % → quantity 1, strength 500 → 0500.
  'RD1234563P 0005402376300000001 AB1234563231456792071426        05000000000107E25',
  // 7: Sch 2N amphetamine, 1 bottle → quantity 1; still needs its Form 222 (Schedule II).
  'RD1234563P 0055509710200000001 AB1234563231456793071426            0000000108E25',
  // 8: 2 packs of 24 tablets stored in D (reporting qty 2 × 24 ÷ 12 = 4 D) → ARCOS counts packages: 2.
  'RD1234563P 0059103850100000002 AB1234563231456794071426            0000000109E25',
  // 9: 2 packs of 1,000 stored in K (2 × 1000 ÷ 1000 = 2 K) → 2 packages.
  'RD1234563P 0040680031000000002 AB1234563231456795071426            0000000110E25',
  // 10: Sch III narcotic, 2 bottles → quantity 2; no order form in Schedule III (positions 41–49 blank).
  'RD1234563P 0009303500100000002 AB1234563         071426            0000000111E25',
  // 11: Sch 3N testosterone (drug code 4000) → not ARCOS-reportable.
  'not reportable',
  // 12: GHB preparation, Sch 3N, drug code 2012 → reportable (21 CFR 1304.33(c)); 1 bottle, no order form.
  'RD1234563P 6872701000100000001 AB1234563         071426            0000000113E25',
  // 13: Sch IV → not reportable.
  'not reportable',
  // 14: Sch V → not reportable.
  'not reportable',
  // 15: Removed From ARCOS → not reportable.
  'not reportable',
  // 16: 417.29 g is not whole → × 1000 = 417290 mg, whole: quantity 00417290, unit 2 (mg) — the
  //     handbook's own 5.11.3.1 example; purity 0.98 × 1000 = 980 → strength 0980.
  'RD1234563P 100190055**004172902AB1234563231456797071426        09800000000117E25',
  // 17: 1.5 kg is not whole → × 1000 = 1500 g: quantity 00001500, unit 3 (g); purity 1 → 1000.
  'RD1234563P 100190056**000015003AB1234563231456798071426        10000000000118E25',
  // 18: 250 mL × 1.2 g/mL = 300 g (the weight the Form 41 prints): quantity 00000300, unit 3 (g); purity 0.5 → 0500.
  'RD1234563P 100190057**000003003AB1234563231456799071426        05000000000119E25',
  // 19: 2 L × 1,000 × 1.05 g/mL = 2,100 g: quantity 00002100, unit 3 (g); purity 0.2 → 0200.
  'RD1234563P 100190058**000021003AB1234563231456800071426        02000000000120E25',
  // 20: 5,000 tablets in K: 5000 ÷ 1000 = 5 → quantity 00000005, unit K.
  'RD1234563P 100190059**00000005KAB1234563231456801071426            0000000121E25',
  // 21: 1,200 tablets in U → 1200 dosage units, unit blank (our U is no ARCOS unit code).
  'RD1234563P 100190060**00001200 AB1234563231456802071426            0000000122E25',
  // 22: 1.5 L of solution is not whole → 1500 mL: quantity 00001500, unit 5.
  'RD1234563P 100190061**000015005AB1234563231456803071426            0000000123E25',
  // 23: 750 mL of solution → quantity 00000750, unit 5.
  'RD1234563P 100190062**000007505AB1234563231456804071426            0000000124E25',
  // 24: 417.2905 g → 417290.5 mg (not whole) → 417290500 µg: 9 digits, the field has 8 → not written.
  { reason: /417\.2905 g is 417290500 µg in whole units: 9 digits, more than the 8/ },
];

describe('ARCOS record of every worked line item (receipt, P)', () => {
  it('covers every worked item', () => expect(EXPECTED).toHaveLength(WORKED_LINE_ITEMS.length));

  it.each(WORKED_LINE_ITEMS.map((w, i) => [i, w.case, w, EXPECTED[i]!] as const))('%i: %s', (index, _case, worked, expected) => {
    const reportable = isArcosReportable(worked.schedule, worked.removedFromArcos ?? false, worked.drugCode);
    if (expected === 'not reportable') {
      expect(reportable).toBe(false);
      return;
    }
    expect(reportable).toBe(true);
    const result = arcosRecord(asItem(worked, index), RECEIPT);
    if (typeof expected === 'string') expect(result).toEqual({ record: expected });
    else expect('reason' in result && result.reason).toMatch(expected.reason);
  });
});

describe('ARCOS record layout', () => {
  const written = WORKED_LINE_ITEMS.map((w, i) => ({ w, i, result: arcosRecord(asItem(w, i), RECEIPT) }))
    .filter(({ w }) => isArcosReportable(w.schedule, w.removedFromArcos ?? false, w.drugCode))
    .flatMap(({ w, i, result }) => ('record' in result ? [{ w, i, record: result.record }] : []));

  it('the fields tile the 80 positions with no gap or overlap', () => {
    let next = 1;
    for (const { start, length } of Object.values(ARCOS_FIELDS)) {
      expect(start).toBe(next);
      next = start + length;
    }
    expect(next - 1).toBe(ARCOS_RECORD_LENGTH);
  });

  // 25 items − 4 not reportable (11, 13, 14, 15) − 2 not written (3, 24) = 19 records.
  it('writes 19 records of the worked items', () => expect(written).toHaveLength(19));

  it.each(written.map((r) => [r.i, r.w.case, r] as const))('%i: %s — every field at its position', (_i, _case, { w, i, record }) => {
    expect(record).toHaveLength(80);
    expect(arcosField(record, 'reportingRegistrant')).toBe(OURS);
    expect(arcosField(record, 'transactionCode')).toBe('P');
    expect(arcosField(record, 'actionIndicator')).toBe(' ');
    expect(arcosField(record, 'ndc')).toBe(w.ndc.replaceAll('-', ''));
    expect(arcosField(record, 'quantity')).toMatch(/^\d{8}$/);
    expect(Number(arcosField(record, 'quantity'))).toBeGreaterThan(0);
    expect(arcosField(record, 'unit')).toMatch(/^[ DK1-6]$/);
    expect(arcosField(record, 'associateRegistrant')).toBe(CLIENT);
    expect(arcosField(record, 'orderFormNumber')).toBe((w.form222Number ?? '').padEnd(9, ' '));
    expect(arcosField(record, 'transactionDate')).toBe('071426');
    expect(arcosField(record, 'correctionNumber')).toBe('        ');
    expect(arcosField(record, 'strength')).toMatch(/^(\d{4}| {4})$/);
    expect(arcosField(record, 'transactionIdentifier')).toBe(String(101 + i).padStart(10, '0'));
    expect(arcosField(record, 'documentIdentifier')).toBe('E25');
  });
});

describe('arcosRecord: destruction (Y) and refusals', () => {
  const sch2 = asItem(WORKED_LINE_ITEMS[3]!, 3);

  it('writes a destruction without the order form the matrix asks only of receipts', () => {
    // Item 3 (Sch II, 1 bottle, no Form 222) destroyed 08/02/2026 → Y, 080226, positions 41–49 blank.
    expect(arcosRecord(sch2, DESTROYED)).toEqual({ record: 'RD1234563Y 0040605120100000001 AB1234563         080226            0000000104E25' });
  });

  it('leaves positions 41–49 blank on a destruction, though the item has a Form 222 number (appendix 1: Y has no order form field)', () => {
    const result = arcosRecord(asItem(WORKED_LINE_ITEMS[0]!, 0), DESTROYED);
    expect('record' in result && arcosField(result.record, 'orderFormNumber')).toBe('         ');
    expect('record' in result && result.record.slice(40, 49)).toBe('         ');
    // A number that is not an order form number does not keep the destruction out either.
    const odd = arcosRecord({ ...asItem(WORKED_LINE_ITEMS[0]!, 0), form222Number: 'ABC' }, DESTROYED);
    expect('record' in odd).toBe(true);
  });

  it.each([
    ['no associate registration number', { associateRegistrant: null }, /no number to report as the associate registrant/],
    ['a state licence instead of a DEA number', { associateRegistrant: 'PHY 12345' }, /not a DEA registration number/],
  ])('%s → reason', (_what, change, reason) => {
    const result = arcosRecord(sch2, { ...DESTROYED, ...change });
    expect('reason' in result && result.reason).toMatch(reason);
  });

  it("holds a receipt's associate (the client's DEA number) to its check digit; a destruction's regional number to its form", () => {
    // AB1234563 is valid (1+3+5 + 2×(2+4+6) = 33: check digit 3); AB1234564 is the same with a wrong one.
    const received = { ...sch2, form222Number: '231456789' };
    expect('record' in arcosRecord(received, { ...RECEIPT, associateRegistrant: 'AB1234563' })).toBe(true);
    const typo = arcosRecord(received, { ...RECEIPT, associateRegistrant: 'AB1234564' });
    expect('reason' in typo && typo.reason).toMatch(/^The associate registrant "AB1234564" is not a valid DEA registration number: .*check digit/i);
    expect('record' in arcosRecord(sch2, { ...DESTROYED, associateRegistrant: 'DR7654321' })).toBe(true);
  });

  it('refuses a Form 222 number that is not 9 characters', () => {
    const result = arcosRecord({ ...sch2, form222Number: '12345' }, RECEIPT);
    expect('reason' in result && result.reason).toMatch(/not the 9 characters/);
  });

  it('refuses an NDC not in 5-4-2 form', () => {
    const result = arcosRecord({ ...sch2, ndc: '0406-0512-01' }, DESTROYED);
    expect('reason' in result && result.reason).toMatch(/5-4-2/);
  });

  it('throws when our own registration number is not a DEA number (the service checks it first)', () => {
    expect(() => arcosRecord(sch2, { ...DESTROYED, reportingRegistrant: 'RD1234567' })).toThrow(/not a DEA number/);
  });
});

describe('arcosAmount', () => {
  const trade = { id: 1, ndc: '00406-0552-01', schedule: '2', drugCode: '9143', packSize: 100, packSizeUoM: 'U' };
  it.each([
    ['a package count with a decimal', { ...trade, packQuantity: 1.5, percentFill: 1 }, /not a whole number of packages/],
    ['no package count', { ...trade, packQuantity: null, percentFill: 1 }, /no package count/],
    ['a fill finer than a tenth of a percent', { ...trade, packQuantity: 1, percentFill: 0.3333 }, /strength field/],
    ['a 9-digit package count', { ...trade, packQuantity: 123456789, percentFill: 1 }, /8 digits/],
    ['a raw powder in an unknown unit', { ...trade, ndc: '10019-0055-**', bulkKind: 'raw-powder', packQuantity: 1, packSize: 5, packSizeUoM: 'oz', percentFill: 1 }, /not a weight or volume/],
    ['a bulk NDC of unknown kind', { ...trade, ndc: '10019-0055-**', packQuantity: 1, packSize: 5, packSizeUoM: 'g', percentFill: 1 }, /what kind of bulk NDC/],
  ] as const)('%s → reason', (_what, item, reason) => {
    const amount = arcosAmount(item as ArcosLineItem);
    expect('reason' in amount && amount.reason).toMatch(reason);
  });

  it('converts a weight only as far as it must: 0.5 mg → 500 µg', () => {
    const item = { ...trade, ndc: '10019-0055-**', bulkKind: 'raw-powder', packQuantity: 1, packSize: 0.5, packSizeUoM: 'mg', percentFill: 1 } as ArcosLineItem;
    expect(arcosAmount(item)).toEqual({ quantity: 500, unit: '1', strength: '1000' });
  });

  it('reports a raw powder entered above 100 % pure (spec 2 §5 allows 105 %) at full strength, 1000; below it as entered', () => {
    const powder = { ...trade, ndc: '10019-0055-**', bulkKind: 'raw-powder', packQuantity: 1, packSize: 250, packSizeUoM: 'g' } as const;
    expect(arcosAmount({ ...powder, percentFill: 1.05 } as ArcosLineItem)).toEqual({ quantity: 250, unit: '3', strength: '1000' });
    expect(arcosAmount({ ...powder, percentFill: 1.001 } as ArcosLineItem)).toEqual({ quantity: 250, unit: '3', strength: '1000' });
    expect(arcosAmount({ ...powder, percentFill: 0.985 } as ArcosLineItem)).toEqual({ quantity: 250, unit: '3', strength: '0985' });
  });

  it('keeps dosage units when D does not divide them: 30 tablets in D → 30, unit blank', () => {
    const item = { ...trade, ndc: '10019-0059-**', bulkKind: 'dosage-formulation', packQuantity: 1, packSize: 30, packSizeUoM: 'D', percentFill: 1 } as ArcosLineItem;
    expect(arcosAmount(item)).toEqual({ quantity: 30, unit: ' ', strength: '    ' });
  });
});

describe('ARCOS helpers', () => {
  it.each([
    [1, '1000'],
    [0.4, '0400'],
    [0.985, '0985'],
    [1.05, '1050'],
    [0.3333, null],
    [0, null],
  ] as const)('strength of %s → %s', (fraction, expected) => expect(arcosStrength(fraction)).toBe(expected));

  it.each([
    ['00406-0552-01', '00406055201'],
    ['10019-0055-**', '100190055**'],
    ['0406-0552-01', null],
    ['00406055201', null],
  ] as const)('NDC %s → %s', (ndc, expected) => expect(arcosNdc(ndc)).toBe(expected));

  it('names the file by its period', () => expect(arcosFileName(parseArcosPeriod('2026-Q3')!)).toBe('arcos-2026-Q3.txt'));

  it.each([
    ['2026-01', { label: '2026-01', frequency: 'monthly', start: '2026-01-01', end: '2026-01-31' }],
    ['2024-02', { label: '2024-02', frequency: 'monthly', start: '2024-02-01', end: '2024-02-29' }],
    ['2026-q4', { label: '2026-Q4', frequency: 'quarterly', start: '2026-10-01', end: '2026-12-31' }],
    ['2026-Q1', { label: '2026-Q1', frequency: 'quarterly', start: '2026-01-01', end: '2026-03-31' }],
    ['2026-13', null],
    ['2026-Q5', null],
    ['01/01/2026', null],
    ['2026-1', null],
  ] as const)('period %s', (text, expected) => expect(parseArcosPeriod(text)).toEqual(expected));

  it('offers the full periods before today, newest first, of the frequency our settings name', () => {
    expect(recentArcosPeriods('quarterly', '2026-01-10', 3).map((p) => p.label)).toEqual(['2025-Q4', '2025-Q3', '2025-Q2']);
    expect(recentArcosPeriods('monthly', '2026-01-10', 3).map((p) => p.label)).toEqual(['2025-12', '2025-11', '2025-10']);
    expect(arcosPeriodText(parseArcosPeriod('2026-Q1')!)).toBe('Q1 2026 (January–March)');
    expect(arcosPeriodText(parseArcosPeriod('2026-02')!)).toBe('February 2026');
  });

  it('knows which reports carry the year-end inventory: December and the fourth quarter', () => {
    expect(['2026-12', '2026-Q4', '2026-11', '2026-Q3'].map((p) => carriesYearEndInventory(parseArcosPeriod(p)!))).toEqual([true, true, false, false]);
  });

  it('reads the period and names what is wrong', () => {
    expect(arcosRequestSchema.safeParse({ period: ' 2026-Q3 ' }).data).toEqual({ period: '2026-Q3' });
    expect(arcosRequestSchema.safeParse({ from: '07/01/2026', to: '09/30/2026' }).error?.issues.map((i) => i.message)).toEqual([ARCOS_MESSAGES.period]);
    expect(arcosRequestSchema.safeParse({ period: '2026-Q9' }).error?.issues.map((i) => i.message)).toEqual([ARCOS_MESSAGES.period]);
  });
});

describe('the control record, worked by hand', () => {
  it('opens the report: our number, *, the period as MMYY of its last month, then blanks to 80', () => {
    const q1 = arcosControlRecord(OURS, parseArcosPeriod('2026-Q1')!);
    // RD1234563 | * | 0326 (March 2026) | 66 blanks.
    expect(q1).toBe(`RD1234563*0326${' '.repeat(66)}`);
    expect(q1).toHaveLength(ARCOS_RECORD_LENGTH);
    expect(arcosControlRecord('rd1234563', parseArcosPeriod('2026-11')!)).toBe(`RD1234563*1126${' '.repeat(66)}`);
    expect(() => arcosControlRecord('RD1234564', parseArcosPeriod('2026-11')!)).toThrow();
  });
});

describe('a quarter with a correction, worked by hand', () => {
  // Q1 2026 reported two receipts; since then item 101's pack quantity went from 3 to 4, item 104 was
  // deleted, and item 102 was entered late with a Date Received in Q1. Q2 receives item 103.
  const q2 = parseArcosPeriod('2026-Q2')!;
  const item = (id: number, packQuantity: number): ArcosLineItem => ({
    id,
    ndc: '00406-0552-01',
    schedule: '2',
    drugCode: '9143',
    packQuantity,
    packSize: 100,
    packSizeUoM: 'U',
    percentFill: 1,
    form222Number: '231456789',
  });
  const receipt = (date: string) => ({ code: 'P' as const, date, reportingRegistrant: OURS, associateRegistrant: CLIENT });
  const written = (id: number, packQuantity: number, date: string): ArcosWritten => ({
    lineItemId: id,
    code: 'P',
    date,
    record: (arcosRecord(item(id, packQuantity), receipt(date)) as { record: string }).record,
  });
  // As reported in Q1, by hand: RD1234563 P _ 00406055201 00000003 _ AB1234563 231456789 021026 (8 blanks) (4 blanks) 0000000101 E25.
  const reported101 = 'RD1234563P 0040605520100000003 AB1234563231456789021026            0000000101E25';
  const reported104 = 'RD1234563P 0040605520100000001 AB1234563231456789031526            0000000104E25';
  const held: ArcosHeld[] = [
    { lineItemId: 101, code: 'P', record: reported101 },
    { lineItemId: 104, code: 'P', record: reported104 },
  ];

  it('reports the quarter, deletes what changed or went, and inserts what is now true or was late', () => {
    expect(written(101, 3, '2026-02-10').record).toBe(reported101);
    const now = [written(101, 4, '2026-02-10'), written(102, 2, '2026-03-02'), written(103, 1, '2026-05-04')];
    const plan = planArcosReport(q2, now, held, '2026-01-01');
    expect(plan.regular.map((t) => t.lineItemId)).toEqual([103]);
    expect(plan.deletions.map((t) => withAction(t.record, 'D'))).toEqual([
      'RD1234563PD0040605520100000003 AB1234563231456789021026            0000000101E25',
      'RD1234563PD0040605520100000001 AB1234563231456789031526            0000000104E25',
    ]);
    expect(plan.insertions.map((t) => withAction(t.record, 'I'))).toEqual([
      // 101 as it now is: 4 packages.
      'RD1234563PI0040605520100000004 AB1234563231456789021026            0000000101E25',
      // 102, received 03/02/26, never reported.
      'RD1234563PI0040605520100000002 AB1234563231456789030226            0000000102E25',
    ]);
  });

  it('leaves alone what DEA holds as it is, and what predates every report', () => {
    const plan = planArcosReport(q2, [written(101, 3, '2026-02-10'), written(105, 1, '2025-12-30')], held.slice(0, 1), '2026-01-01');
    expect(plan).toEqual({ regular: [], deletions: [], insertions: [] });
  });

  it('a transaction moved into the period is deleted where it was and reported in the period', () => {
    const plan = planArcosReport(q2, [written(101, 3, '2026-04-02')], held.slice(0, 1), '2026-01-01');
    expect(plan.deletions.map((t) => t.lineItemId)).toEqual([101]);
    expect(plan.insertions).toEqual([]);
    expect(plan.regular.map((t) => t.date)).toEqual(['2026-04-02']);
  });
});

describe('the fourth-quarter report carries the year-end inventory, worked by hand', () => {
  it('code 3 for an item on hand at the close of December 31', () => {
    const onHand: ArcosLineItem = { id: 105, ndc: '00406-0552-01', schedule: '2', drugCode: '9143', packQuantity: 2, packSize: 100, packSizeUoM: 'U', percentFill: 1 };
    // RD1234563 | 3 | _ | 00406055201 | 00000002 | _ | 9 blanks (no associate) | 9 blanks (no order form) | 123126 | 8 + 4 blanks | 0000000105 | E25.
    expect(arcosYearEndInventoryRecord(onHand, OURS, '2026-12-31')).toEqual({
      record: `RD12345633 0040605520100000002 ${' '.repeat(18)}123126${' '.repeat(12)}0000000105E25`,
    });
  });

  it('code 8 once when nothing reportable is on hand', () => {
    const record = arcosNoYearEndInventoryRecord(OURS, '2026-12-31');
    expect(record).toBe(`RD12345638${' '.repeat(39)}123126${' '.repeat(22)}E25`);
    expect(record).toHaveLength(ARCOS_RECORD_LENGTH);
    expect(arcosField(record, 'transactionDate')).toBe('123126');
  });
});

describe('the year-end inventory (3) is corrected like receipts and destructions, worked by hand', () => {
  // Reports in force since Q3 2025 (coveredFrom 2025-07-01): Q4 2025 carried the year-end inventory of
  // 12/31/2025, Q4 2026 that of 12/31/2026. Q1 2027 is being made.
  const q1 = parseArcosPeriod('2027-Q1')!;
  const onHand = (id: number, packQuantity: number, percentFill = 1): ArcosLineItem => ({
    id,
    ndc: '00406-0552-01',
    schedule: '2',
    drugCode: '9143',
    packQuantity,
    packSize: 100,
    packSizeUoM: 'U',
    percentFill,
  });
  const yearEnd = (id: number, yearEndIso: string, packQuantity: number, percentFill = 1): ArcosWritten => ({
    lineItemId: id,
    code: '3',
    date: yearEndIso,
    record: (arcosYearEndInventoryRecord(onHand(id, packQuantity, percentFill), OURS, yearEndIso) as { record: string }).record,
  });
  const held = (w: ArcosWritten): ArcosHeld => ({ lineItemId: w.lineItemId, code: w.code, date: w.date, record: w.record });
  const blanks = ' '.repeat(18);

  it('the year-ends earlier reports covered: every December 31 from coveredFrom to before the period', () => {
    expect(arcosYearEndsCovered('2025-07-01', q1)).toEqual(['2025-12-31', '2026-12-31']);
    expect(arcosYearEndsCovered('2026-01-01', q1)).toEqual(['2026-12-31']);
    expect(arcosYearEndsCovered('2025-12-01', parseArcosPeriod('2026-01')!)).toEqual(['2025-12-31']);
    // The period's own year-end is its regular inventory, not a correction.
    expect(arcosYearEndsCovered('2025-10-01', parseArcosPeriod('2025-Q4')!)).toEqual([]);
    expect(arcosYearEndsCovered(null, q1)).toEqual([]);
  });

  it('a year-end transaction is known by its December 31 too; P and Y by line item and code alone', () => {
    expect(arcosTransactionKey({ lineItemId: 7, code: '3', date: '2025-12-31' })).not.toBe(arcosTransactionKey({ lineItemId: 7, code: '3', date: '2026-12-31' }));
    expect(arcosTransactionKey({ lineItemId: 7, code: 'P', date: '2025-07-14' })).toBe(arcosTransactionKey({ lineItemId: 7, code: 'P', date: null }));
    expect(() => arcosTransactionKey({ lineItemId: 7, code: '3', date: null })).toThrow(/no date/);
  });

  it('held and changed since (pack quantity 2 → 3): the record as reported deleted, as it now is inserted, both dated 1231YY', () => {
    const plan = planArcosReport(q1, [yearEnd(201, '2025-12-31', 3)], [held(yearEnd(201, '2025-12-31', 2))], '2025-07-01');
    expect(plan.regular).toEqual([]);
    expect(plan.deletions.map((t) => withAction(t.record, 'D'))).toEqual([`RD12345633D0040605520100000002 ${blanks}123125            0000000201E25`]);
    expect(plan.insertions.map((t) => withAction(t.record, 'I'))).toEqual([`RD12345633I0040605520100000003 ${blanks}123125            0000000201E25`]);
  });

  it('held and changed in its fill (60 % → 50 %): the strength field changes, D and I', () => {
    const plan = planArcosReport(q1, [yearEnd(202, '2025-12-31', 1, 0.5)], [held(yearEnd(202, '2025-12-31', 1, 0.6))], '2025-07-01');
    expect(plan.deletions.map((t) => arcosField(t.record, 'strength'))).toEqual(['0600']);
    expect(plan.insertions.map((t) => arcosField(t.record, 'strength'))).toEqual(['0500']);
  });

  it('held and no longer on hand at that year-end (deleted, destroyed earlier by a correction, no longer reportable): deleted only', () => {
    const plan = planArcosReport(q1, [], [held(yearEnd(203, '2025-12-31', 2))], '2025-07-01');
    expect(plan.deletions.map((t) => withAction(t.record, 'D'))).toEqual([`RD12345633D0040605520100000002 ${blanks}123125            0000000203E25`]);
    expect(plan.insertions).toEqual([]);
    expect(plan.regular).toEqual([]);
  });

  it('on hand at a year-end earlier reports covered but not held (a late entry): inserted', () => {
    const plan = planArcosReport(q1, [yearEnd(204, '2025-12-31', 5)], [], '2025-07-01');
    expect(plan.deletions).toEqual([]);
    expect(plan.insertions.map((t) => withAction(t.record, 'I'))).toEqual([`RD12345633I0040605520100000005 ${blanks}123125            0000000204E25`]);
  });

  it('held and unchanged: nothing; a year-end before every report: nothing', () => {
    expect(planArcosReport(q1, [yearEnd(205, '2025-12-31', 2)], [held(yearEnd(205, '2025-12-31', 2))], '2025-07-01')).toEqual({ regular: [], deletions: [], insertions: [] });
    expect(planArcosReport(q1, [yearEnd(206, '2024-12-31', 2)], [], '2025-07-01')).toEqual({ regular: [], deletions: [], insertions: [] });
  });

  it('one item on hand at two year-ends: each is its own transaction, corrected on its own', () => {
    // On hand at both; reported at 2 packages both times. Corrected to 3 — but only from 2026 on (the
    // item was recounted in 2026): the 2025 record stands, the 2026 one is deleted and inserted.
    const now = [yearEnd(207, '2025-12-31', 2), yearEnd(207, '2026-12-31', 3)];
    const both = [held(yearEnd(207, '2025-12-31', 2)), held(yearEnd(207, '2026-12-31', 2))];
    const plan = planArcosReport(q1, now, both, '2025-07-01');
    expect(plan.deletions.map((t) => [t.date, arcosField(t.record, 'quantity'), arcosField(t.record, 'transactionDate')])).toEqual([['2026-12-31', '00000002', '123126']]);
    expect(plan.insertions.map((t) => [t.date, arcosField(t.record, 'quantity'), arcosField(t.record, 'transactionDate')])).toEqual([['2026-12-31', '00000003', '123126']]);
    // Changed at both: a D and an I for each year-end, the earlier year-end first.
    const again = planArcosReport(q1, [yearEnd(207, '2025-12-31', 3), yearEnd(207, '2026-12-31', 3)], both, '2025-07-01');
    expect(again.deletions.map((t) => arcosField(t.record, 'transactionDate'))).toEqual(['123125', '123126']);
    expect(again.insertions.map((t) => arcosField(t.record, 'transactionDate'))).toEqual(['123125', '123126']);
    // Destroyed in 2026 before the year-end (a correction of its Date Destroyed): no longer on hand at
    // 12/31/2026 only.
    const gone = planArcosReport(q1, [yearEnd(207, '2025-12-31', 2)], both, '2025-07-01');
    expect(gone.deletions.map((t) => t.date)).toEqual(['2026-12-31']);
    expect(gone.insertions).toEqual([]);
  });

  it('corrections of year-end inventory come after those of receipts and destructions', () => {
    const receipt = (id: number, packQuantity: number): ArcosWritten => ({
      lineItemId: id,
      code: 'P',
      date: '2026-02-10',
      record: (arcosRecord({ ...onHand(id, packQuantity), form222Number: '231456789' }, RECEIPT_ON('2026-02-10')) as { record: string }).record,
    });
    const plan = planArcosReport(q1, [yearEnd(101, '2026-12-31', 3), receipt(300, 4)], [held(yearEnd(101, '2026-12-31', 2)), { lineItemId: 300, code: 'P', record: receipt(300, 3).record }], '2025-07-01');
    expect(plan.deletions.map((t) => t.code)).toEqual(['P', '3']);
    expect(plan.insertions.map((t) => t.code)).toEqual(['P', '3']);
  });
});

const RECEIPT_ON = (date: string): ArcosTransaction => ({ ...RECEIPT, date });

describe('what the next report would correct, by report', () => {
  it('steps to the period after the latest report, across a year', () => {
    expect(nextArcosPeriod({ end: '2026-06-30' }, 'quarterly').label).toBe('2026-Q3');
    expect(nextArcosPeriod({ end: '2026-12-31' }, 'quarterly').label).toBe('2027-Q1');
    expect(nextArcosPeriod({ end: '2026-12-31' }, 'monthly').label).toBe('2027-01');
    expect(nextArcosPeriod({ end: '2026-02-28' }, 'monthly')).toMatchObject({ start: '2026-03-01', end: '2026-03-31' });
  });

  it('counts a deletion against the report that carried it and an insertion against the report whose period holds it', () => {
    const reports = [
      { id: 2, start: '2026-04-01', end: '2026-06-30' },
      { id: 1, start: '2026-01-01', end: '2026-03-31' },
    ];
    const record = 'x'.repeat(80);
    const counts = pendingCorrectionsByReport(
      {
        deletions: [
          { lineItemId: 5, code: 'P', record, reportId: 1 },
          { lineItemId: 5, code: 'Y', record, reportId: 2 },
          { lineItemId: 6, code: 'P', record, date: '2026-05-02' },
        ],
        insertions: [
          { lineItemId: 5, code: 'P', date: '2026-02-10', record },
          { lineItemId: 7, code: 'P', date: '2026-05-20', record },
          { lineItemId: 8, code: 'P', date: '2025-12-20', record },
        ],
      },
      reports,
    );
    expect([...counts.entries()].sort()).toEqual([
      [1, 2],
      [2, 3],
    ]);
  });
});
