import { describe, expect, it } from 'vitest';
import { buildForm41Rows, countUnit, jobDocumentOrder, missingDestructionFields, type Form41LineItem } from '../../src/rules/form-41.ts';
import { WORKED_LINE_ITEMS, asForm41Item } from '../fixtures/worked-line-items.ts';


type Expected = [code: string, batch: string, strength: string, form: string, pkgQty: string, full: string, partial: string, total: string];

/**
 * The Form 41 row each worked line item gives on its own, worked by hand. A trade package: pkg. qty.
 * is the pack size (units in a full package), full packages the pack quantity at 100 % fill, the
 * partial count pack quantity × pack size × fill otherwise, the total their units. A bulk item: the
 * DEA code, "Bulk", the amount as measured, and as the total the amount destroyed as weighed, counted or
 * measured (a raw liquid by its weight: volume × density) with its grams of base drug beside it.
 */
const EXPECTED: Expected[] = [
  // 3 bottles × 100 tablets, full: 3 full packages, 300 tablets.
  ['00406-0552-01', 'OX5-101', '5 MG', 'TABLET', '100', '3', '0', '300 tablets'],
  // 1 bottle × 100 × 40 % = 40 tablets in a partial package.
  ['00406-0552-01', 'OX5-101', '5 MG', 'TABLET', '100', '0', '40', '40 tablets'],
  // 2 × 100, full.
  ['00406-0552-01', 'OX5-202', '5 MG', 'TABLET', '100', '2', '0', '200 tablets'],
  // 1 × 100, full (the missing Form 222 number does not matter on the Form 41).
  ['00406-0512-01', 'OX10-7', '10 MG', 'TABLET', '100', '1', '0', '100 tablets'],
  // 1 × 500 × 25 % = 125 tablets, partial.
  ['00406-0123-05', 'HC-55', '5 MG/325 MG', 'TABLET', '500', '0', '125', '125 tablets'],
  // 2 bottles × 30 mL, full: 60 mL.
  ['00054-0237-63', 'MS-30', '20 MG/ML', 'SOLUTION', '30', '2', '0', '60 mL'],
  // 1 × 30 mL × 50 % = 15 mL, partial.
  ['00054-0237-63', 'MS-31', '20 MG/ML', 'SOLUTION', '30', '0', '15', '15 mL'],
  // 1 × 100, full.
  ['00555-0971-02', 'AMP-9', '20 MG', 'TABLET', '100', '1', '0', '100 tablets'],
  // D only says ARCOS counts in dozens: 2 packages × 24 tablets = 48 tablets.
  ['00591-0385-01', 'MT-12', '10 MG', 'TABLET', '24', '2', '0', '48 tablets'],
  // K likewise: 2 × 1,000 tablets = 2,000 tablets.
  ['00406-8003-10', 'OXK-1', '5 MG', 'TABLET', '1,000', '2', '0', '2,000 tablets'],
  // 2 × 100, full.
  ['00093-0350-01', 'TC3-4', '300 MG/30 MG', 'TABLET', '100', '2', '0', '200 tablets'],
  // 1 vial × 10 mL: an injection is measured in mL.
  ['00591-5694-01', 'TS-2', '200 MG/ML', 'INJECTION', '10', '1', '0', '10 mL'],
  // 1 × 180 mL.
  ['68727-0100-01', 'GHB-1', '500 MG/ML', 'SOLUTION', '180', '1', '0', '180 mL'],
  // 1 × 100 × 30 % = 30 tablets (0.3 × 100 is 30.000000000000004 in floating point: 30).
  ['00093-0832-01', 'ALP-8', '1 MG', 'TABLET', '100', '0', '30', '30 tablets'],
  // 1 × 120 mL.
  ['00121-0775-04', 'PC-5', '6.25 MG/10 MG PER 5 ML', 'SYRUP', '120', '1', '0', '120 mL'],
  // Removed From ARCOS changes nothing here: 1 × 100.
  ['00054-4571-25', 'RM-1', '5 MG', 'TABLET', '100', '1', '0', '100 tablets'],
  // Bulk powder: 417.29 g destroyed, × 98 % purity = 408.9442 g of base; code 9143.
  ['9143', 'BP-OX-1', 'N/A', 'Bulk', '417.29 g at 98%', 'N/A', 'N/A', '417.29 g (base 408.9442 g)'],
  // 1.5 kg × 1,000 g/kg × 100 % = 1,500 g.
  ['9300', 'BP-MS-2', 'N/A', 'Bulk', '1.5 kg', 'N/A', 'N/A', '1.5 kg (base 1,500 g)'],
  // 250 mL × 1.2 g/mL = 300 g destroyed, × 50 % = 150 g of base.
  ['9801', 'BL-F-3', 'N/A', 'Bulk', '250 mL at 50%', 'N/A', 'N/A', '300 g (base 150 g)'],
  // 2 L × 1,000 mL/L × 1.05 g/mL = 2,100 g destroyed, × 20 % = 420 g of base.
  ['9300', 'BL-M-4', 'N/A', 'Bulk', '2 L at 20%', 'N/A', 'N/A', '2,100 g (base 420 g)'],
  // 5,000 tablets (UoM K) × 0.0044816 g per tablet = 22.408 g.
  ['9143', 'BD-OX-5', '5 MG', 'Bulk', '5,000 tablets', 'N/A', 'N/A', '5,000 tablets (base 22.408 g)'],
  // 1,200 tablets × 0.00605 g = 7.26 g.
  ['9193', 'BD-HC-6', '10 MG', 'Bulk', '1,200 tablets', 'N/A', 'N/A', '1,200 tablets (base 7.26 g)'],
  // 1.5 L = 1,500 mL × 0.015 g/mL = 22.5 g.
  ['9300', 'BS-MS-7', '20 MG/ML', 'Bulk', '1.5 L', 'N/A', 'N/A', '1.5 L (base 22.5 g)'],
  // 750 mL × 0.015 g/mL = 11.25 g.
  ['9300', 'BS-MS-8', '20 MG/ML', 'Bulk', '750 mL', 'N/A', 'N/A', '750 mL (base 11.25 g)'],
  // 417.2905 g × 100 %: every milligram kept.
  ['9143', 'BP-OX-9', 'N/A', 'Bulk', '417.2905 g', 'N/A', 'N/A', '417.2905 g (base 417.2905 g)'],
];

describe('Form 41 rows: every worked line item', () => {
  it('has an expectation for each item', () => {
    expect(EXPECTED).toHaveLength(WORKED_LINE_ITEMS.length);
  });

  it.each(WORKED_LINE_ITEMS.map((item, i) => [item.case, item, EXPECTED[i]!] as const))('%s', (_case, item, expected) => {
    const { rows, incomplete } = buildForm41Rows([asForm41Item(item)]);
    expect(incomplete).toEqual([]);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect([row.code, row.batch, row.strength, row.form, row.packageQuantity, row.fullPackages, row.partialCount, row.total]).toEqual(expected);
    expect(row.name).toBe(item.tradeName);
    expect(row.schedule).toBe(item.schedule);
  });
});

describe('Form 41 rows: a raw powder entered above 100 % pure', () => {
  it('prints the weight destroyed and no more base than it weighs (spec 2 §5 allows 105 %: reportedPurity)', () => {
    const morphine = WORKED_LINE_ITEMS.find((item) => item.lot === 'BP-MS-2')!;
    const { rows } = buildForm41Rows([asForm41Item({ ...morphine, percentFill: 1.05 })]);
    expect([rows[0]!.packageQuantity, rows[0]!.total]).toEqual(['1.5 kg', '1.5 kg (base 1,500 g)']);
    const assayed = buildForm41Rows([asForm41Item({ ...morphine, percentFill: 0.985 })]).rows[0]!;
    expect([assayed.packageQuantity, assayed.total]).toEqual(['1.5 kg at 98.5%', '1.5 kg (base 1,477.5 g)']);
  });
});

describe('Form 41 rows: the whole job', () => {
  const { rows, totals, incomplete } = buildForm41Rows(WORKED_LINE_ITEMS.map(asForm41Item));

  it('groups identical NDC and lot into one row, in the order the items come', () => {
    // 25 items, the first two share NDC 00406-0552-01 and lot OX5-101.
    expect(rows).toHaveLength(24);
    expect(incomplete).toEqual([]);
    const first = rows[0]!;
    // 3 full bottles and one at 40 %: 300 + 40 = 340 tablets.
    expect([first.code, first.batch, first.fullPackages, first.partialCount, first.total, first.lineItems]).toEqual(['00406-0552-01', 'OX5-101', '3', '40', '340 tablets', 2]);
    expect(rows[1]!.batch).toBe('OX5-202');
    // Same bulk NDC, another batch: a row of its own.
    expect(rows.filter((r) => r.code === '9143' && r.form === 'Bulk').map((r) => r.batch)).toEqual(['BP-OX-1', 'BD-OX-5', 'BP-OX-9']);
  });

  it('totals each schedule per unit, schedules in order', () => {
    expect(totals.map((t) => [t.schedule, t.rows, t.amounts.map((a) => a.text)])).toEqual([
      // Tablets 340 + 200 + 100 + 125 + 48 + 2,000 + 100 + 5,000 + 1,200 (bulk) = 9,113;
      // mL 60 + 15 + 1,500 (1.5 L) + 750 = 2,325; grams 417.29 + 1,500 (1.5 kg) + 300 + 2,100 + 417.2905 = 4,734.5805.
      ['2', 18, ['9,113 tablets', '2,325 mL', '4,734.5805 g']],
      ['2N', 1, ['100 tablets']],
      ['3', 1, ['200 tablets']],
      // 10 mL + 180 mL.
      ['3N', 2, ['190 mL']],
      ['4', 1, ['30 tablets']],
      ['5', 1, ['120 mL']],
    ]);
  });
});

describe('Form 41 rows: missing quantities', () => {
  const base: Form41LineItem = { ndc: '00406-0552-01', schedule: '2', drugCode: '9143', name: 'OXYCODONE HCL', strength: '5 MG', form: 'TABLET', lot: null, packQuantity: 1, packSize: 100, packSizeUoM: 'U', percentFill: 1 };

  it('leaves the total blank and names the item', () => {
    const { rows, incomplete, totals } = buildForm41Rows([base, { ...base, packQuantity: null }]);
    expect(incomplete).toEqual([1]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.total).toBe('');
    expect(rows[0]!.batch).toBe('N/A');
    expect(totals[0]!.amounts).toEqual([]);
  });

  it('names a bulk item without its amount', () => {
    const { incomplete, rows } = buildForm41Rows([{ ...base, ndc: '10019-0059-**', bulkKind: 'dosage-formulation', packSize: null }]);
    expect(incomplete).toEqual([0]);
    expect(rows[0]!.total).toBe('');
  });

  it('prints a bulk item without its base weight by its count alone', () => {
    const { incomplete, rows } = buildForm41Rows([{ ...base, ndc: '10019-0059-**', bulkKind: 'dosage-formulation', packSize: 600, ingredientBaseWeight: null }]);
    expect(incomplete).toEqual([]);
    expect([rows[0]!.total, rows[0]!.base]).toEqual(['600 tablets', '']);
  });

  it('keeps different package sizes of one NDC and lot apart', () => {
    expect(buildForm41Rows([base, { ...base, packSize: 500 }]).rows.map((r) => r.packageQuantity)).toEqual(['100', '500']);
  });
});

describe('count units', () => {
  it.each([
    ['TABLET', 'tablets'],
    ['CAPSULE, EXTENDED RELEASE', 'capsules'],
    ['TABLETS', 'tablets'],
    ['PATCH', 'patches'],
    ['POWDER', 'units'],
    [null, 'units'],
  ])('%s → %s', (form, unit) => expect(countUnit(form)).toBe(unit));
});

describe('what a final document needs', () => {
  const full = { dateDestroyed: '2026-11-20', disposalMethod: 'Incineration', destructionFacility: 'Clean Harbors', destructionFacilityAddress: '1 Kiln Rd, Deer Park, TX 77536', witness1: 'A. Smith', witness2: 'B. Jones' };
  it('is complete with every field', () => expect(missingDestructionFields(full)).toEqual([]));
  it('names each missing field', () => {
    expect(missingDestructionFields({ ...full, dateDestroyed: null, witness2: '  ', destructionFacilityAddress: '' })).toEqual(['Date Destroyed', 'Destruction Facility Address', 'Destruction Witness 2']);
  });
});

describe('job document order from the company Report Type', () => {
  it.each([
    ['41\rCOD', ['form-41', 'certificate'], []],
    ['COD', ['certificate'], ['form-41']],
    ['Manifest\r41', ['form-41'], ['certificate']],
    [null, [], ['form-41', 'certificate']],
  ] as const)('%j', (reportType, primary, others) => {
    expect(jobDocumentOrder(reportType)).toEqual({ primary, others });
  });
});

describe('Form 41 rows: controlled substances only', () => {
  const item: Form41LineItem = { ndc: '00406-0552-01', schedule: '2', drugCode: '9143', name: 'OXYCODONE HCL', strength: '5 MG', form: 'TABLET', lot: null, packQuantity: 1, packSize: 100, packSizeUoM: 'U', percentFill: 1 };

  it('leaves NC, List I (LC) and unscheduled items off the form and its totals', () => {
    const { rows, totals, leftOut } = buildForm41Rows([
      { ...item, ndc: '50580-0488-10', schedule: 'NC', name: 'ACETAMINOPHEN' },
      item,
      { ...item, ndc: '00000-0000-01', schedule: 'LC', name: 'PSEUDOEPHEDRINE' },
      { ...item, ndc: '00000-0000-02', schedule: null, name: 'SAFROLE' },
      { ...item, ndc: '00093-0832-01', schedule: '5N' },
    ]);
    expect(leftOut).toEqual([0, 2, 3]);
    expect(rows.map((r) => [r.code, r.schedule])).toEqual([['00406-0552-01', '2'], ['00093-0832-01', '5N']]);
    expect(totals.map((t) => t.schedule)).toEqual(['2', '5N']);
  });
});

describe('Form 41 rows: a bulk liquid is destroyed by its weight, as the ARCOS record reports it', () => {
  it('GHB, 1,000 mL at 50 % and 1.18 g/mL: 1,180 g destroyed, 590 g of base', () => {
    // 1,000 mL × 1.18 g/mL = 1,180 g of liquid; × 50 % = 590 g of base (the ARCOS record: 00001180, unit 3, strength 0500).
    const { rows } = buildForm41Rows([
      { ndc: '68727-0990-**', schedule: '1', drugCode: '2010', name: 'GAMMA HYDROXYBUTYRIC ACID', strength: null, form: 'LIQUID', lot: 'GHB-B1', bulkKind: 'raw-liquid', density: 1.18, packQuantity: 1, packSize: 1000, packSizeUoM: 'mL', percentFill: 0.5 },
    ]);
    expect([rows[0]!.packageQuantity, rows[0]!.total, rows[0]!.base, rows[0]!.amount, rows[0]!.unit]).toEqual(['1,000 mL at 50%', '1,180 g (base 590 g)', '590 g', 1180, 'g']);
  });
});
