import { describe, expect, it } from 'vitest';
import { computeQuantities, reportedPurity } from '../../src/rules/line-item-quantities.ts';
import {
  bulkRuleProblems,
  editNdcProblems,
  isBulkNdc,
  isPercentFillReadOnly,
  significantDigitCount,
  LINE_ITEM_MESSAGES as M,
  lineItemEditProblems,
  percentFillProblem,
  newLineItemProblems,
  packQuantityProblems,
} from '../../src/rules/line-items.ts';

const BULK = '12345-6789-**';
const COMPLETE = '00406-0552-01';

describe('isBulkNdc', () => {
  it.each([[BULK, true], [COMPLETE, false], ['', false], [null, false]])('%s → %s', (ndc, bulk) => expect(isBulkNdc(ndc)).toBe(bulk));
});

describe('new line item, bulk NDC (spec 2 §5)', () => {
  const base = { ndc: BULK, schedule: '2', packSize: '100', packSizeUoM: 'U' };
  it.each([
    ['a valid entry', {}, []],
    ['no pack size', { packSize: '' }, [M.packSizeRequired]],
    ['no UoM', { packSizeUoM: '' }, [M.uomRequired]],
    ['8 digits', { packSize: '12345678' }, []],
    ['9 digits', { packSize: '123456789' }, [M.tooManyDigits]],
    ['8 characters with a decimal, UoM g', { packSize: '1234.567', packSizeUoM: 'g' }, []],
    // "8 digits" counts digits, not characters: the point is not one.
    ['7 digits and a point (8 characters), UoM g', { packSize: '123456.7', packSizeUoM: 'g' }, []],
    ['8 digits and a point (9 characters), UoM g', { packSize: '1234567.5', packSizeUoM: 'g' }, []],
    ['9 digits with a point, UoM g', { packSize: '1234567.55', packSizeUoM: 'g' }, [M.tooManyDigits]],
    ['leading zeros carry nothing (8 digits)', { packSize: '00012345678' }, []],
    ['trailing decimal zeros carry nothing', { packSize: '12345678.000' }, []],
    ['a decimal in U', { packSize: '10.5' }, [M.dosageFormDecimal]],
    ['a decimal in k (any case)', { packSize: '10.5', packSizeUoM: 'k' }, [M.dosageFormDecimal]],
    ['a decimal in D', { packSize: '10.5', packSizeUoM: 'D' }, [M.dosageFormDecimal]],
    ['a decimal in mL', { packSize: '10.5', packSizeUoM: 'mL' }, [M.mlDecimal]],
    ['a decimal in ML', { packSize: '0.5', packSizeUoM: 'ML' }, [M.mlDecimal]],
    ['a decimal in g', { packSize: '10.5', packSizeUoM: 'g' }, []],
    ['a whole number written 10.0 in U', { packSize: '10.0' }, []],
    ['an unscheduled NDC with a decimal in U', { schedule: '', packSize: '10.5' }, []],
    ['everything wrong', { packSize: '', packSizeUoM: '' }, [M.packSizeRequired, M.uomRequired]],
  ])('%s', (_what, change, expected) => expect(newLineItemProblems({ ...base, ...change })).toEqual(expected));

  it.each(['1', '1N', '2', '2N', '3', '3N', '4', '4N', '5', '5N', 'LC', 'NC'])('schedule %s is restricted', (schedule) =>
    expect(newLineItemProblems({ ...base, schedule, packSize: '1.5' })).toEqual([M.dosageFormDecimal]),
  );

  it('is skipped when both the bulk amount and its UoM are filled', () => {
    expect(newLineItemProblems({ ...base, packSize: '', packSizeUoM: '', bulkPackSize: '2', bulkPackSizeUoM: 'kg' })).toEqual([]);
    expect(newLineItemProblems({ ...base, packSize: '', bulkPackSize: '2' })).toEqual([M.packSizeRequired]);
  });
});

describe('new line item, complete NDC', () => {
  it.each([
    ['1', []],
    ['12', []],
    ['1.5', [M.completePackQuantityDecimal]],
    ['0.25', [M.completePackQuantityDecimal]],
    [3, []],
    [2.5, [M.completePackQuantityDecimal]],
  ])('pack quantity %j', (packQuantity, expected) => expect(newLineItemProblems({ ndc: COMPLETE, schedule: '2', packQuantity })).toEqual(expected));
});

describe('edit NDC', () => {
  it('applies the bulk rules only when the chosen NDC differs and is bulk', () => {
    expect(editNdcProblems(BULK, { ndc: BULK, schedule: '2', packSize: '' })).toEqual([]);
    expect(editNdcProblems(COMPLETE, { ndc: BULK, schedule: '2', packSize: '', packSizeUoM: 'U' })).toEqual([M.packSizeRequired]);
    expect(editNdcProblems(BULK, { ndc: COMPLETE, schedule: '2', packSize: '' })).toEqual([]);
  });
  it('bulkRuleProblems is the same five rules', () => {
    expect(bulkRuleProblems({ schedule: '2', packSize: '1.5', packSizeUoM: 'mL' })).toEqual([M.mlDecimal]);
  });
});

describe('line item edit, reportable schedules 1, 1N, 2, 2N', () => {
  const ok = { ndc: COMPLETE, schedule: '2', packQuantity: '2', packSize: '100', packSizeUoM: 'U', percentFill: '1' };
  it.each([
    ['valid', {}, undefined, []],
    ['decimal pack quantity', { packQuantity: '1.5' }, undefined, [M.packQuantityDecimal]],
    ['8 digits', { packSize: '12345678' }, undefined, []],
    ['9 digits', { packSize: '123456789' }, undefined, [M.tooManyDigits]],
    ['decimal pack size in U', { packSize: '10.5' }, undefined, [M.packSizeDecimal]],
    ['decimal pack size in mL', { packSize: '10.5', packSizeUoM: 'mL' }, undefined, [M.packSizeDecimal]],
    ['decimal pack size in g', { packSize: '10.5', packSizeUoM: 'g' }, undefined, []],
    ['12 in D', { packSize: '12', packSizeUoM: 'D' }, undefined, []],
    ['13 in D', { packSize: '13', packSizeUoM: 'D' }, undefined, [M.dozenMultiple]],
    ['1000 in K', { packSize: '1000', packSizeUoM: 'K' }, undefined, []],
    ['1001 in K', { packSize: '1001', packSizeUoM: 'K' }, undefined, [M.thousandMultiple]],
    ['a stage without an amount', { bulkStage: 'Stage 1' }, undefined, [M.converterAmountRequired]],
    ['a stage with an amount', { bulkStage: 'Stage 1', bulkPackSize: '5' }, undefined, []],
  ] as const)('%s', (_what, change, bulkKind, expected) =>
    expect(lineItemEditProblems({ ...ok, ...change }, { bulkKind })).toEqual(expected),
  );

  it('schedules 3, 4, 5 skip the reportable rules', () => {
    expect(lineItemEditProblems({ ...ok, schedule: '4', packQuantity: '1.5', packSize: '13', packSizeUoM: 'D' }, {})).toEqual([]);
  });

  it('always needs an NDC and a registration that supports the schedule', () => {
    expect(lineItemEditProblems({ ...ok, ndc: '' }, {})).toEqual([M.ndcRequired]);
    expect(lineItemEditProblems(ok, { registrationSchedules: ['3', '4'] })).toEqual(['The current registration does not support the selected NDC']);
    expect(lineItemEditProblems(ok, { registrationSchedules: ['2', '2N'] })).toEqual([]);
  });
});

describe('percentFillProblem (every line item, every schedule)', () => {
  it.each([
    ['a full package', '1', undefined, undefined],
    ['half a package', 0.5, undefined, undefined],
    ['an empty fill (the default, 100%)', '', undefined, undefined],
    ['101% of a package', '1.01', undefined, M.fillOver],
    // "150" meant as 150 %, sent as the fraction 150: 15,000 %.
    ['150 as a fraction', '150', undefined, M.fillOver],
    ['a bulk dosage form over 100%', 2, 'dosage-formulation', M.fillOver],
    ['100% raw liquid', '1', 'raw-liquid', undefined],
    ['100.01% raw liquid', '1.0001', 'raw-liquid', M.liquidPurity],
    ['105% raw powder (spec 2 §5)', '1.05', 'raw-powder', undefined],
    ['105.01% raw powder', '1.0501', 'raw-powder', M.powderPurity],
    ['150 as a raw powder fraction', 150, 'raw-powder', M.powderPurity],
  ] as const)('%s', (_what, fill, bulkKind, expected) => expect(percentFillProblem(fill, bulkKind)).toBe(expected));
});

describe('percent fill read-only', () => {
  it.each([
    ['dosage-formulation', 'U', true],
    ['solution', 'mL', true],
    [undefined, 'K', true],
    [undefined, 'd', true],
    [undefined, 'U', false],
    ['raw-powder', 'g', false],
  ] as const)('%s %s → %s', (kind, uom, expected) => expect(isPercentFillReadOnly(kind, uom)).toBe(expected));
});

describe('significantDigitCount', () => {
  it.each([
    ['123456.7', 7],
    ['1234567.5', 8],
    ['12345678', 8],
    ['0.0005', 4],
    ['000100', 3],
    ['100.50', 4],
    ['', 0],
    [417.2905, 7],
  ] as const)('%s has %i', (value, digits) => expect(significantDigitCount(value)).toBe(digits));
});

describe('computeQuantities (docs/dea-paperwork.md)', () => {
  it('oxycodone 5 mg, bottle of 100, 0.44816 g base: 3 full bottles and one at 40%', () => {
    const full = computeQuantities({ ndc: COMPLETE, ingredientBaseWeight: 0.44816 }, { packQuantity: 3, packSize: 100, packSizeUoM: 'U', percentFill: 1 });
    const partial = computeQuantities({ ndc: COMPLETE, ingredientBaseWeight: 0.44816 }, { packQuantity: 1, packSize: 100, packSizeUoM: 'U', percentFill: 0.4 });
    expect(full).toEqual({ reportingQty: 300, reportingUoM: 'U', gramsOfBase: 1.34448 });
    expect(partial).toEqual({ reportingQty: 40, reportingUoM: 'U', gramsOfBase: 0.179264 });
    expect(full.gramsOfBase! + partial.gramsOfBase!).toBeCloseTo(1.5237, 4);
  });

  it('reports in dozens and thousands', () => {
    expect(computeQuantities({ ndc: COMPLETE }, { packQuantity: 2, packSize: 24, packSizeUoM: 'D' }).reportingQty).toBe(4);
    expect(computeQuantities({ ndc: COMPLETE }, { packQuantity: 3, packSize: 1000, packSizeUoM: 'K' }).reportingQty).toBe(3);
  });

  it('bulk dosage form and solution: units × base weight per unit', () => {
    expect(computeQuantities({ ndc: '12345-0001-**', bulkKind: 'dosage-formulation', ingredientBaseWeight: 0.0045 }, { packSize: 1000, packSizeUoM: 'U' }).gramsOfBase).toBe(4.5);
    expect(computeQuantities({ ndc: '12345-0002-**', bulkKind: 'solution', ingredientBaseWeight: 0.01 }, { packSize: 250, packSizeUoM: 'mL' }).gramsOfBase).toBe(2.5);
  });

  it('reads a purity at most 100 %: above it, full strength; below it, as entered', () => {
    expect(reportedPurity(1.05)).toBe(1);
    expect(reportedPurity(1.0001)).toBe(1);
    expect(reportedPurity(1)).toBe(1);
    expect(reportedPurity(0.985)).toBe(0.985);
    expect(reportedPurity(null)).toBe(1);
  });

  it('raw bulk: amount × grams per unit × purity; liquids by density', () => {
    expect(computeQuantities({ ndc: '12345-0003-**', bulkKind: 'raw-powder' }, { packSize: 500, packSizeUoM: 'mg', percentFill: 0.98 }).gramsOfBase).toBe(0.49);
    // A purity entered above 100 % (spec 2 §5 allows a raw powder 105 %) gives no more base than the powder weighs.
    expect(computeQuantities({ ndc: '12345-0003-**', bulkKind: 'raw-powder' }, { packSize: 2, packSizeUoM: 'kg', percentFill: 1.02 }).gramsOfBase).toBe(2000);
    expect(computeQuantities({ ndc: '12345-0003-**', bulkKind: 'raw-powder' }, { packSize: 2, packSizeUoM: 'kg', percentFill: 1.05 }).gramsOfBase).toBe(2000);
    expect(computeQuantities({ ndc: '12345-0003-**', bulkKind: 'raw-powder' }, { packSize: 2, packSizeUoM: 'kg', percentFill: 0.995 }).gramsOfBase).toBe(1990);
    expect(computeQuantities({ ndc: '12345-0004-**', bulkKind: 'raw-liquid', density: 1.2 }, { packSize: 100, packSizeUoM: 'mL', percentFill: 0.5 }).gramsOfBase).toBe(60);
    expect(computeQuantities({ ndc: '12345-0004-**', bulkKind: 'raw-liquid' }, { packSize: 100, packSizeUoM: 'mL' }).gramsOfBase).toBeNull();
  });

  it('a bulk dosage formulation counted in K or D is reported in thousands or dozens, like a trade pack', () => {
    // 5,000 tablets with UoM K: 5000 ÷ 1000 = 5 K (not "5000 K", which would be five million tablets).
    const k = computeQuantities({ ndc: '10019-0059-**', bulkKind: 'dosage-formulation', ingredientBaseWeight: 0.0044816 }, { packQuantity: 1, packSize: 5000, packSizeUoM: 'K' });
    expect(k).toEqual({ reportingQty: 5, reportingUoM: 'K', gramsOfBase: 22.408 });
    // 240 tablets with UoM D: 240 ÷ 12 = 20 D.
    expect(computeQuantities({ ndc: '12345-0001-**', bulkKind: 'dosage-formulation' }, { packSize: 240, packSizeUoM: 'D' }).reportingQty).toBe(20);
  });

  it('a bulk solution measured in L: the base weight is per mL, so 1.5 L is 1,500 mL', () => {
    // 1.5 L × 1000 mL/L × 0.015 g/mL = 22.5 g (not 0.0225 g).
    const litres = computeQuantities({ ndc: '10019-0061-**', bulkKind: 'solution', ingredientBaseWeight: 0.015 }, { packQuantity: 1, packSize: 1.5, packSizeUoM: 'L' });
    expect(litres).toEqual({ reportingQty: 1.5, reportingUoM: 'L', gramsOfBase: 22.5 });
    expect(computeQuantities({ ndc: '10019-0062-**', bulkKind: 'solution', ingredientBaseWeight: 0.015 }, { packSize: 750, packSizeUoM: 'mL' }).gramsOfBase).toBe(11.25);
  });

  it('never rounds a reporting quantity (ARCOS forbids it), only removes binary noise', () => {
    // 417.29055 g keeps all five decimals; 4 places would have made it 417.2906.
    expect(computeQuantities({ ndc: '10019-0055-**', bulkKind: 'raw-powder' }, { packSize: 417.29055, packSizeUoM: 'g' }).reportingQty).toBe(417.29055);
    // 1 × 7 tablets × 1/3 full = 2.333… tablets: kept, not cut to 2.3333.
    expect(computeQuantities({ ndc: COMPLETE }, { packQuantity: 1, packSize: 7, packSizeUoM: 'U', percentFill: 1 / 3 }).reportingQty).toBeCloseTo(7 / 3, 10);
    // 3 × 1 × 0.1 is 0.30000000000000004 in binary floating point; the stored quantity is 0.3.
    expect(computeQuantities({ ndc: COMPLETE }, { packQuantity: 3, packSize: 1, packSizeUoM: 'U', percentFill: 0.1 }).reportingQty).toBe(0.3);
  });

  it('unknown inputs give null, not a guess', () => {
    expect(computeQuantities({ ndc: COMPLETE }, { packQuantity: 1 })).toEqual({ reportingQty: null, reportingUoM: null, gramsOfBase: null });
  });
});

describe('Pack Qty of a complete NDC in a standard container ([ours]: Form 41 and ARCOS count the packages)', () => {
  const standard = { standardContainer: true };
  it.each([
    ['empty, standard container', '', standard, [M.packQuantityRequired]],
    ['null, standard container', null, standard, [M.packQuantityRequired]],
    ['blank, standard container', '  ', standard, [M.packQuantityRequired]],
    ['0, standard container', '0', standard, []],
    ['3, standard container', 3, standard, []],
    ['empty, Yellow Bucket container (it defaults to 1)', '', { standardContainer: false }, []],
    ['empty, place not said', '', {}, []],
  ])('%s', (_what, packQuantity, place, expected) => {
    expect(packQuantityProblems({ ndc: COMPLETE, packQuantity }, place)).toEqual(expected);
    expect(newLineItemProblems({ ndc: COMPLETE, schedule: '4', packQuantity }, place)).toEqual(expected);
    expect(lineItemEditProblems({ ndc: COMPLETE, schedule: '4', packQuantity }, place)).toEqual(expected);
  });

  it('is not asked of a bulk NDC, which has none to enter', () => {
    expect(packQuantityProblems({ ndc: BULK, packQuantity: '' }, standard)).toEqual([]);
    expect(newLineItemProblems({ ndc: BULK, schedule: '2', packSize: '100', packSizeUoM: 'U' }, standard)).toEqual([]);
  });

  it('is asked even when the unit converter supplies the quantity, and a decimal says its own rule', () => {
    expect(newLineItemProblems({ ndc: COMPLETE, schedule: '2', bulkPackSize: '2', bulkPackSizeUoM: 'kg' }, standard)).toEqual([M.packQuantityRequired]);
    expect(newLineItemProblems({ ndc: COMPLETE, schedule: '2', packQuantity: '1.5' }, standard)).toEqual([M.completePackQuantityDecimal]);
  });
});
