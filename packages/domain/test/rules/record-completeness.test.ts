import { describe, expect, it } from 'vitest';
import { buildForm41Rows } from '../../src/rules/form-41.ts';
import {
  arcosGaps,
  COMPLETENESS_MESSAGES as M,
  form41Gaps,
  incompleteLineItems,
  incompleteLineItemText,
  lineItemGaps,
  lockIncompleteMessage,
  type RecordedLineItem,
} from '../../src/rules/record-completeness.ts';

/** Oxycodone 5 mg, a bottle of 100, Schedule 2, received with its Form 222: complete. */
const OXY: RecordedLineItem = {
  id: 7,
  yellowBucket: false,
  containerId: 3,
  containerName: 'Box A',
  form222Number: 'AB1234567',
  removedFromArcos: false,
  ndc: '00406-0552-01',
  schedule: '2',
  drugCode: '9143',
  name: 'OXYCODONE HCL',
  strength: '5 MG',
  form: 'Tablet',
  lot: 'L1',
  ingredientBaseWeight: 0.44816,
  density: null,
  packQuantity: 3,
  packSize: 100,
  packSizeUoM: 'U',
  percentFill: 1,
};
const DIAZEPAM: RecordedLineItem = { ...OXY, id: 8, ndc: '00591-0385-01', schedule: '4', drugCode: '2765', form222Number: null };
const POWDER: RecordedLineItem = { ...OXY, id: 9, ndc: '12345-0001-**', bulkKind: 'raw-powder', packQuantity: 1, packSize: 25, packSizeUoM: 'g', percentFill: 0.98 };
const TABLETS: RecordedLineItem = { ...OXY, id: 10, ndc: '12345-0002-**', schedule: '4', bulkKind: 'dosage-formulation', packQuantity: 1, packSize: 500, packSizeUoM: 'U', form222Number: null };

describe('lineItemGaps: what Form 41 and ARCOS need of a line item', () => {
  it.each([
    ['a complete package', OXY, []],
    ['a Schedule 4 package without a Form 222 number', DIAZEPAM, []],
    ['a raw powder in grams', POWDER, []],
    ['bulk tablets with a base weight', TABLETS, []],
    ['no pack quantity', { ...DIAZEPAM, packQuantity: null }, [M.packQuantityMissing]],
    ['no pack size', { ...DIAZEPAM, packSize: null }, [M.packSizeMissing]],
    ['neither', { ...DIAZEPAM, packQuantity: null, packSize: null }, [M.packQuantityMissing, M.packSizeMissing]],
    ['a bulk item without its amount', { ...POWDER, packSize: null }, [M.bulkAmountMissing]],
    ['a bulk item of an unknown kind counted in units', { ...POWDER, schedule: '4', bulkKind: undefined, packSizeUoM: 'U' }, [M.bulkKindUnknown]],
    // Even weighed in grams: Form 41 sorts a bulk row by what it was destroyed as (and ARCOS reports by kind).
    ['a reportable bulk item of an unknown kind, in grams', { ...POWDER, bulkKind: undefined }, [M.bulkKindUnknown]],
    // Form 41 prints them by count; the grams of base beside it stay empty.
    ['bulk tablets without a base weight', { ...TABLETS, ingredientBaseWeight: null }, []],
    ['a raw liquid in mL without a density', { ...POWDER, schedule: '4', bulkKind: 'raw-liquid', packSizeUoM: 'mL' }, [M.unitNotWeighable('mL')]],
    ['a raw liquid in mL with a density', { ...POWDER, schedule: '4', bulkKind: 'raw-liquid', packSizeUoM: 'mL', density: 1.1 }, []],
    // ARCOS (Schedule 2 is reportable): appendix 1 note H, and a quantity without decimals.
    ['a Schedule 2 receipt without its Form 222 number', { ...OXY, form222Number: ' ' }, ['Schedule 2 receipt without its DEA Form 222 number']],
    ['a Form 222 number that is not one', { ...OXY, form222Number: '12' }, ['Form 222 number "12" is not the 9 characters of an order form number']],
    ['a pack quantity ARCOS cannot write', { ...OXY, packQuantity: 2.5 }, ['Pack Quantity 2.5 is not a whole number of packages']],
    ['an NDC removed from ARCOS is not ARCOS’s concern', { ...OXY, form222Number: null, removedFromArcos: true }, []],
    ['a Schedule 3 GHB preparation is reportable by its drug code', { ...DIAZEPAM, schedule: '3N', drugCode: '2012', packQuantity: 1.5 }, ['Pack Quantity 1.5 is not a whole number of packages']],
  ])('%s', (_what, item, expected) => expect(lineItemGaps(item as RecordedLineItem)).toEqual(expected));

  it('says a missing quantity once, as Form 41 needs it, not again as ARCOS does', () => {
    expect(lineItemGaps({ ...OXY, packQuantity: null })).toEqual([M.packQuantityMissing]);
    expect(arcosGaps({ ...OXY, packQuantity: null }, [])).toEqual(['Pack Quantity is empty: there is no package count to report']);
  });

  it('counts an item incomplete on the Form 41 exactly when form41Gaps names something', () => {
    const items = [OXY, { ...DIAZEPAM, packQuantity: null }, POWDER, { ...TABLETS, ingredientBaseWeight: null }, { ...POWDER, packSize: null }, { ...OXY, form222Number: null }];
    expect(buildForm41Rows(items).incomplete).toEqual(items.flatMap((item, i) => (form41Gaps(item).length ? [i] : [])));
    expect(buildForm41Rows(items).incomplete).toEqual([1, 4]);
  });
});

describe('lineItemGaps: the job\'s registration must be one that may hold the item (registrants.ts)', () => {
  const dea = { registrationNumber: 'BA1234563', licenseType: 'Federal', schedules: ['2', '2N'] };
  it('is complete on a DEA registration of its schedule, or when the registration was not read', () => {
    expect(lineItemGaps({ ...OXY, registration: dea })).toEqual([]);
    expect(lineItemGaps(OXY)).toEqual([]);
  });
  it('lacks a DEA registration on a State licence, and the schedule on a registration without it', () => {
    const state = { registrationNumber: 'AR-HPH-246583', licenseType: 'State', schedules: ['2', '2N', '4'] };
    expect(lineItemGaps({ ...OXY, registration: state })).toEqual([expect.stringContaining('AR-HPH-246583 is a State licence, not a DEA registration')]);
    expect(lineItemGaps({ ...DIAZEPAM, registration: dea })).toEqual(['The current registration does not support the selected NDC: registration BA1234563 is not registered for Schedule 4.']);
  });
});

describe('incompleteLineItems', () => {
  it('lists the incomplete ones in order, with where they are and what they lack', () => {
    const list = incompleteLineItems([OXY, { ...DIAZEPAM, packQuantity: null, lot: ' ' }, { ...OXY, id: 11, yellowBucket: true, containerId: 4, containerName: null, form222Number: null }]);
    expect(list).toEqual([
      { recordId: '8', yellowBucket: false, containerId: '3', containerName: 'Box A', ndc: '00591-0385-01', lot: '', problems: [M.packQuantityMissing] },
      { recordId: '11', yellowBucket: true, containerId: '4', containerName: '', ndc: '00406-0552-01', lot: 'L1', problems: ['Schedule 2 receipt without its DEA Form 222 number'] },
    ]);
    expect(list.map(incompleteLineItemText)).toEqual([
      `Line item 8 (NDC 00591-0385-01, container Box A): ${M.packQuantityMissing}`,
      'Yellow Bucket line item 11 (NDC 00406-0552-01, lot L1, container 4): Schedule 2 receipt without its DEA Form 222 number',
    ]);
  });

  it('judges by the gaps it is given: the Form 41 asks only its own', () => {
    expect(incompleteLineItems([{ ...OXY, form222Number: null }], form41Gaps)).toEqual([]);
  });
});

describe('lockIncompleteMessage', () => {
  it('names the record and what to do', () => {
    expect(lockIncompleteMessage({ noun: 'Job', id: 12 }, 1)).toBe('Job 12 cannot be locked: it holds a line item that lacks what DEA Form 41 and ARCOS need. Complete it, then lock again.');
    expect(lockIncompleteMessage({ noun: 'Container', id: 3 }, 4)).toBe('Container 3 cannot be locked: it holds 4 line items that lack what DEA Form 41 and ARCOS need. Complete them, then lock again.');
    expect(lockIncompleteMessage({ noun: 'Line item', id: 8, lineItem: true }, 1)).toBe('Line item 8 cannot be locked: it lacks what DEA Form 41 and ARCOS need. Complete it, then lock it.');
  });
});
