import { LINE_ITEM_MESSAGES } from '@3ds/domain';
import { describe, expect, it } from 'vitest';
import {
  convertedText,
  EMPTY_FORM_VALUES,
  packageDescription,
  packSizeReasonField,
  formLayout,
  formProblems,
  packQuantityRequired,
  ruleFieldErrors,
  fractionFromPercent,
  initialFormValues,
  lineItemFormSchema,
  newLineItemBody,
  percentFillError,
  percentFromFraction,
  percentReadOnly,
  recordFormValues,
  sameAsLastValues,
  scanPrefill,
  uomChoices,
  updateLineItemBody,
  type LineItemFormValues,
} from '../src/components/line-item-entry/line-item-form-model.ts';
import { parseNdcLookup, type NdcLookup } from '../src/components/line-item-entry/ndc-lookup-shape.ts';

const TRADE: NdcLookup = parseNdcLookup({
  hasFactor: true,
  packQtyUoms: ['U', 'D', 'K'],
  showStageUnitConverter: false,
  showUnitConverter: false,
  stages: [],
  uoms: ['kg', 'g', 'mg', 'mcg'],
  packSizeLookup: 30,
  packSizeUoMLookup: 'U',
  schedule: '2',
  bulkKind: '',
});
const POWDER: NdcLookup = parseNdcLookup({
  hasFactor: false,
  showStageUnitConverter: true,
  showUnitConverter: true,
  stages: ['Stage 1', 'Final'],
  uoms: ['kg', 'g'],
  packSizeLookup: '',
  packSizeUoMLookup: 'g',
  schedule: '2',
  bulkKind: 'raw-powder',
});
const DOSAGE: NdcLookup = { ...POWDER, showStageUnitConverter: false, packSizeUoMLookup: 'U', bulkKind: 'dosage-formulation' };

const RECORD = {
  'NDC Number': '00044-0725-03',
  'NDC Schedule': '2',
  Source: 'Pharmacy',
  'Source Number': 'RA-1',
  'Lot Number': 'L1',
  Cause: 'Expired',
  Type: '',
  'Pack Quantity': 10,
  'Pack Size': 30,
  'Pack Size UoM': 'U',
  'Percent Fill': 0.07,
  'YI Package Size Bulk Blend': '',
  'YI Package Size Bulk Blend UoM': '',
  'Chosen Stage': '',
  'Form 222 Number': '436313131',
  'CWF Form Number': '',
};

const values = (over: Partial<LineItemFormValues> = {}): LineItemFormValues => ({ ...EMPTY_FORM_VALUES, ...over });

describe('percent fill', () => {
  it('shows a fraction as a percent and stores a percent as a fraction, without float noise', () => {
    expect(percentFromFraction(1)).toBe(100);
    expect(percentFromFraction(0.07)).toBe(7);
    expect(percentFromFraction('')).toBe('');
    expect(fractionFromPercent(7)).toBe(0.07);
    expect(fractionFromPercent('33.5')).toBe(0.335);
    expect(fractionFromPercent('')).toBeNull();
  });

  it('is read-only for bulk dosage formulations and solutions, and for UoM K or D', () => {
    expect(percentReadOnly(DOSAGE, 'U')).toBe(true);
    expect(percentReadOnly({ ...DOSAGE, bulkKind: 'solution' }, 'mL')).toBe(true);
    expect(percentReadOnly(TRADE, 'k')).toBe(true);
    expect(percentReadOnly(TRADE, 'D')).toBe(true);
    expect(percentReadOnly(TRADE, 'U')).toBe(false);
    expect(percentReadOnly(POWDER, 'g')).toBe(false);
  });
});

describe('how each mode starts', () => {
  it('new: the dictionary pack size and UoM, 100% fill, no pack quantity', () => {
    expect(initialFormValues({ mode: 'new', kind: 'standard', ndc: '00044-0725-03', lookup: TRADE })).toEqual(
      values({ packSize: 30, packSizeUoM: 'U', percentFill: 100, packQuantity: '' }),
    );
  });

  it('new in a Yellow Bucket, or for a bulk NDC: pack quantity 1', () => {
    expect(initialFormValues({ mode: 'new', kind: 'yellow-bucket', ndc: '00044-0725-03', lookup: TRADE }).packQuantity).toBe(1);
    expect(initialFormValues({ mode: 'new', kind: 'standard', ndc: '71842-0101-**', lookup: POWDER }).packQuantity).toBe(1);
  });

  it('duplicate: the original values without the pack quantity (1 for a bulk NDC)', () => {
    const copy = initialFormValues({ mode: 'duplicate', kind: 'standard', ndc: '00044-0725-03', lookup: TRADE, record: RECORD });
    expect(copy).toMatchObject({ packQuantity: '', lotNumber: 'L1', source: 'Pharmacy', percentFill: 7, form222Number: '436313131' });
    const bulk = initialFormValues({ mode: 'duplicate', kind: 'standard', ndc: '71842-0101-**', lookup: POWDER, record: { ...RECORD, 'NDC Number': '71842-0101-**' } });
    expect(bulk.packQuantity).toBe(1);
  });

  it('edit: the record as it is', () => {
    expect(initialFormValues({ mode: 'edit', kind: 'standard', ndc: '00044-0725-03', lookup: TRADE, record: RECORD })).toEqual(recordFormValues(RECORD));
    expect(recordFormValues(RECORD)).toMatchObject({ packQuantity: 10, packSize: 30, percentFill: 7, type: '', bulkPackSize: '' });
  });

  it('new from a scan: the package\'s lot, expiry and serial over the dictionary\'s values', () => {
    const start = initialFormValues({
      mode: 'new',
      kind: 'standard',
      ndc: '00044-0725-03',
      lookup: TRADE,
      prefill: scanPrefill({ lot: 'LOT-7', expirationDate: '06/30/2027', serial: 'SN1' }),
    });
    expect(start).toEqual(values({ packSize: 30, packSizeUoM: 'U', packQuantity: '', lotNumber: 'LOT-7', expirationDate: '06/30/2027', serialNumber: 'SN1' }));
  });

  it('"same as last": the previous item\'s values but never its lot, expiry or serial', () => {
    const last = values({ packQuantity: 2, packSize: 60, packSizeUoM: 'U', source: 'Pharmacy', cause: 'Expired', percentFill: 50, lotNumber: 'OLD', expirationDate: '01/31/2026', serialNumber: 'S-OLD' });
    const copied = sameAsLastValues(last);
    expect(copied).not.toHaveProperty('lotNumber');
    expect(copied).not.toHaveProperty('expirationDate');
    expect(copied).not.toHaveProperty('serialNumber');
    const start = initialFormValues({
      mode: 'new',
      kind: 'standard',
      ndc: '00044-0725-03',
      lookup: TRADE,
      prefill: { ...copied, ...scanPrefill({ lot: 'NEW', expirationDate: '', serial: 'S-2' }) },
    });
    expect(start).toEqual({ ...last, lotNumber: 'NEW', expirationDate: '', serialNumber: 'S-2' });
  });

  it('a fill that may not be changed starts full', () => {
    expect(initialFormValues({ mode: 'duplicate', kind: 'standard', ndc: '00044-0725-03', lookup: TRADE, record: { ...RECORD, 'Pack Size UoM': 'K' } }).percentFill).toBe(100);
  });
});

describe('what the form shows', () => {
  it('hides Pack Qty and says % Purity for bulk; offers converters as the lookup says', () => {
    expect(formLayout('71842-0101-**', POWDER)).toEqual({
      bulk: true,
      showPackQuantity: false,
      percentLabel: '% Purity',
      showConverted: false,
      showUnitConverter: true,
      showStageConverter: true,
    });
    expect(formLayout('00044-0725-03', TRADE)).toMatchObject({ showPackQuantity: true, percentLabel: '% Fill', showConverted: true, showUnitConverter: false });
    expect(formLayout('00044-0725-03', null)).toMatchObject({ showConverted: false, showUnitConverter: false, showStageConverter: false });
  });

  it('offers the UoM value list without its New Value... entry', () => {
    expect(uomChoices(['U', 'D', 'New Value...'])).toEqual(['U', 'D']);
    expect(uomChoices(['U', 'New Value...'], 'gal')).toEqual(['U', 'gal']);
  });

  it('shows the converted quantity: packs × size × fill, in dozens or thousands', () => {
    expect(convertedText('00044-0725-03', values({ packQuantity: 10, packSize: 30, packSizeUoM: 'U', percentFill: 100 }))).toBe('300 U');
    expect(convertedText('00044-0725-03', values({ packQuantity: 2, packSize: 1000, packSizeUoM: 'K', percentFill: 100 }))).toBe('2 K');
    expect(convertedText('00044-0725-03', values({ packQuantity: '', packSize: 30, packSizeUoM: 'U' }))).toBe('');
  });
});

describe('Pack Qty of a complete NDC in a standard container', () => {
  const trade = { ndc: '00044-0725-03', lookup: TRADE };
  it('is required and marked so; not in a Yellow Bucket container, nor for a bulk NDC', () => {
    const empty = values({ packQuantity: '', packSize: 30, packSizeUoM: 'U' });
    expect(formProblems(empty, { mode: 'new', kind: 'standard', ...trade })).toEqual([LINE_ITEM_MESSAGES.packQuantityRequired]);
    expect(formProblems(empty, { mode: 'edit', kind: 'standard', ...trade })).toEqual([LINE_ITEM_MESSAGES.packQuantityRequired]);
    expect(formProblems(empty, { mode: 'new', kind: 'yellow-bucket', ...trade })).toEqual([]);
    expect(packQuantityRequired('00044-0725-03', 'standard')).toBe(true);
    expect(packQuantityRequired('00044-0725-03', 'yellow-bucket')).toBe(false);
    expect(packQuantityRequired('71842-0101-**', 'standard')).toBe(false);
  });
});

describe('errors beside their fields', () => {
  it('shows a rule under the field that breaks it and outlines every other field it concerns', () => {
    expect(ruleFieldErrors([LINE_ITEM_MESSAGES.packQuantityRequired])).toEqual({ packQuantity: LINE_ITEM_MESSAGES.packQuantityRequired });
    expect(ruleFieldErrors([LINE_ITEM_MESSAGES.dozenMultiple])).toEqual({ packSize: LINE_ITEM_MESSAGES.dozenMultiple, packSizeUoM: true });
    expect(ruleFieldErrors([LINE_ITEM_MESSAGES.converterAmountRequired])).toEqual({ bulkPackSize: LINE_ITEM_MESSAGES.converterAmountRequired, bulkStage: true });
  });
  it('keeps the first message of a field, and a message over an outline', () => {
    expect(ruleFieldErrors([LINE_ITEM_MESSAGES.packSizeRequired, LINE_ITEM_MESSAGES.uomRequired, LINE_ITEM_MESSAGES.tooManyDigits])).toEqual({
      packSize: LINE_ITEM_MESSAGES.packSizeRequired,
      packSizeUoM: LINE_ITEM_MESSAGES.uomRequired,
    });
    expect(ruleFieldErrors([LINE_ITEM_MESSAGES.mlDecimal, LINE_ITEM_MESSAGES.uomRequired])).toEqual({ packSize: LINE_ITEM_MESSAGES.mlDecimal, packSizeUoM: LINE_ITEM_MESSAGES.uomRequired });
  });
  it('leaves out what no field of the form holds (the registration, the NDC)', () => {
    expect(ruleFieldErrors([LINE_ITEM_MESSAGES.registrationSchedule, 'Something the server said'])).toEqual({});
  });
});

describe('the warning list', () => {
  const trade = { ndc: '00044-0725-03', lookup: TRADE, kind: 'standard' as const };
  const powder = { ndc: '71842-0101-**', lookup: POWDER, kind: 'standard' as const };

  it('new and duplicate: a complete NDC takes no decimal pack quantity', () => {
    const bad = values({ packQuantity: 1.5, packSize: 30, packSizeUoM: 'U' });
    expect(formProblems(bad, { mode: 'new', ...trade })).toEqual([LINE_ITEM_MESSAGES.completePackQuantityDecimal]);
    expect(formProblems(bad, { mode: 'duplicate', ...trade })).toEqual([LINE_ITEM_MESSAGES.completePackQuantityDecimal]);
    expect(formProblems(values({ packQuantity: 2, packSize: 30, packSizeUoM: 'U' }), { mode: 'new', ...trade })).toEqual([]);
  });

  it('new: a bulk NDC needs a pack size and UoM, unless the unit converter supplies them', () => {
    expect(formProblems(values(), { mode: 'new', ...powder })).toEqual([LINE_ITEM_MESSAGES.packSizeRequired, LINE_ITEM_MESSAGES.uomRequired]);
    expect(formProblems(values({ bulkPackSize: 5, bulkPackSizeUoM: 'kg' }), { mode: 'new', ...powder })).toEqual([]);
    expect(formProblems(values({ packSize: 123456789, packSizeUoM: 'g' }), { mode: 'new', ...powder })).toEqual([LINE_ITEM_MESSAGES.tooManyDigits]);
    expect(formProblems(values({ packSize: 1.5, packSizeUoM: 'mL' }), { mode: 'new', ...powder })).toEqual([LINE_ITEM_MESSAGES.mlDecimal]);
  });

  it('edit: the reportable-schedule rules, with the bulk kind from the lookup', () => {
    expect(formProblems(values({ packQuantity: 1.5, packSize: 30, packSizeUoM: 'U' }), { mode: 'edit', ...trade })).toEqual([LINE_ITEM_MESSAGES.packQuantityDecimal]);
    // 13 is not the NDC's package of 30 either: with its reason, only the dozen rule speaks (the pack size rule, below).
    expect(formProblems(values({ packQuantity: 1, packSize: 13, packSizeUoM: 'D', packSizeReason: 'Loose tablets' }), { mode: 'edit', ...trade })).toEqual([
      LINE_ITEM_MESSAGES.dozenMultiple,
    ]);
    // The fill's limit is shown beside its field (percentFillError), not in the list.
    expect(formProblems(values({ packSize: 10, packSizeUoM: 'g', percentFill: 105 }), { mode: 'edit', ...powder })).toEqual([]);
    expect(formProblems(values({ packSize: 10, packSizeUoM: 'g', bulkStage: 'Final' }), { mode: 'edit', ...powder })).toEqual([LINE_ITEM_MESSAGES.converterAmountRequired]);
  });

  it('puts the fill\'s limit beside % Fill: a package at most 100 %, a raw powder\'s purity 105 % (what the server refuses with 422)', () => {
    expect(percentFillError(100, TRADE)).toBeUndefined();
    expect(percentFillError('40', TRADE)).toBeUndefined();
    expect(percentFillError('', TRADE)).toBeUndefined();
    expect(percentFillError(150, TRADE)).toBe(LINE_ITEM_MESSAGES.fillOver);
    expect(percentFillError(100.01, null)).toBe(LINE_ITEM_MESSAGES.fillOver);
    expect(percentFillError(105, POWDER)).toBeUndefined();
    expect(percentFillError(106, POWDER)).toBe(LINE_ITEM_MESSAGES.powderPurity);
  });

  it('edit without a lookup reads the schedule of the record', () => {
    const bad = values({ packQuantity: 1.5, packSize: 30, packSizeUoM: 'U' });
    expect(formProblems(bad, { mode: 'edit', ndc: '00044-0725-03', lookup: null, kind: 'standard', recordSchedule: '2' })).toEqual([LINE_ITEM_MESSAGES.packQuantityDecimal]);
    expect(formProblems(bad, { mode: 'edit', ndc: '00044-0725-03', lookup: null, kind: 'standard', recordSchedule: '4' })).toEqual([]);
  });
});

describe('what the form sends', () => {
  it('new: the creation payload, percent as a fraction, blanks as null', () => {
    const body = newLineItemBody('721', '00044-0725-03', TRADE, values({ packQuantity: 2, packSize: 30, packSizeUoM: 'U', percentFill: 50, lotNumber: ' L9 ' }));
    expect(body).toEqual({
      containerId: 721,
      ndc: '00044-0725-03',
      source: null,
      sourceNumber: null,
      lotNumber: 'L9',
      expirationDate: null,
      serialNumber: null,
      cause: null,
      type: null,
      packQuantity: 2,
      packSize: 30,
      packSizeUoM: 'U',
      packSizeReason: null,
      percentFill: 0.5,
      bulkPackSize: null,
      bulkPackSizeUoM: null,
      bulkStage: null,
      form222Number: null,
      form222Line: null,
      cwfFormNumber: null,
    });
  });

  it('new bulk: pack quantity 1 and the converters it offers', () => {
    const body = newLineItemBody('5', '71842-0101-**', POWDER, values({ packQuantity: '', bulkPackSize: '2.5', bulkPackSizeUoM: 'kg', bulkStage: 'Final' }));
    expect(body).toMatchObject({ packQuantity: 1, bulkPackSize: 2.5, bulkPackSizeUoM: 'kg', bulkStage: 'Final' });
  });

  it('edit: every field with its FileMaker name, and the modId it was read at', () => {
    const body = updateLineItemBody(recordFormValues({ ...RECORD, 'Lot Number': 'NEW' }), '4');
    expect(body.modId).toBe('4');
    expect(Object.keys(body.fieldData).sort()).toEqual(
      [
        'Source',
        'Source Number',
        'Lot Number',
        'Expiration Date',
        'Serial Number',
        'Cause',
        'Type',
        'Pack Quantity',
        'Pack Size',
        'Pack Size UoM',
        'Pack Size Reason',
        'Percent Fill',
        'YI Package Size Bulk Blend',
        'YI Package Size Bulk Blend UoM',
        'Chosen Stage',
        'Form 222 Number',
        'Form 222 Line',
        'CWF Form Number',
      ].sort(),
    );
    expect(body.fieldData).toMatchObject({ 'Lot Number': 'NEW', 'Percent Fill': 0.07, 'Pack Quantity': 10, Type: null });
  });

  it('checks the shape of each field', () => {
    expect(lineItemFormSchema.safeParse(values({ packQuantity: 'abc' })).success).toBe(false);
    expect(lineItemFormSchema.safeParse(values({ packQuantity: -1 })).success).toBe(false);
    expect(lineItemFormSchema.safeParse(values({ lotNumber: 'x'.repeat(61) })).success).toBe(false);
    expect(lineItemFormSchema.safeParse(values({ packQuantity: '', packSize: 30 })).success).toBe(true);
  });

  it('checks the expiry as a US date and the serial number\'s length', () => {
    expect(lineItemFormSchema.safeParse(values({ expirationDate: '12/31/2027' })).success).toBe(true);
    expect(lineItemFormSchema.safeParse(values({ expirationDate: '2027-12-31' })).success).toBe(false);
    expect(lineItemFormSchema.safeParse(values({ expirationDate: '02/30/2027' })).success).toBe(false);
    expect(lineItemFormSchema.safeParse(values({ serialNumber: 'S'.repeat(20) })).success).toBe(true);
    expect(lineItemFormSchema.safeParse(values({ serialNumber: 'S'.repeat(21) })).success).toBe(false);
  });
});

describe('Pack Size Reason: a pack size other than the NDC\'s package says why (rules/pack-size.ts)', () => {
  const trade = { ndc: '00044-0725-03', lookup: TRADE, kind: 'standard' as const };
  const DIFFERS_500 = "Pack Size 500 U differs from the package of NDC 00044-0725-03 (30 U): enter the package's size, or give the reason in Pack Size Reason.";

  it('is asked for, with the package named, once the pack size or UoM is not the package\'s', () => {
    expect(packSizeReasonField(trade.ndc, TRADE, values({ packSize: 30, packSizeUoM: 'U' }))).toEqual({ shown: false, required: false });
    expect(packSizeReasonField(trade.ndc, TRADE, values({ packSize: '30.0', packSizeUoM: 'u' }))).toEqual({ shown: false, required: false });
    expect(packSizeReasonField(trade.ndc, TRADE, values({ packSize: 500, packSizeUoM: 'U' }))).toEqual({ shown: true, required: true });
    expect(packSizeReasonField(trade.ndc, TRADE, values({ packSize: 30, packSizeUoM: 'mL' }))).toEqual({ shown: true, required: true });
    expect(packageDescription(TRADE)).toBe('The package of this NDC is 30 U');
  });

  it('stays shown while it holds a reason, so that none is sent unseen; a bulk NDC or an unknown package asks none', () => {
    expect(packSizeReasonField(trade.ndc, TRADE, values({ packSize: 30, packSizeUoM: 'U', packSizeReason: 'Checked' }))).toEqual({ shown: true, required: false });
    expect(packSizeReasonField('71842-0101-**', POWDER, values({ packSize: 500, packSizeUoM: 'g' }))).toEqual({ shown: false, required: false });
    expect(packSizeReasonField(trade.ndc, null, values({ packSize: 500, packSizeUoM: 'U' }))).toEqual({ shown: false, required: false });
    expect(packageDescription(POWDER)).toBe('');
  });

  it('new and duplicate: refused without a reason, in the server\'s words, beside the reason, size and UoM', () => {
    const other = values({ packQuantity: 1, packSize: 500, packSizeUoM: 'U' });
    expect(formProblems(other, { mode: 'new', ...trade })).toEqual([DIFFERS_500]);
    expect(formProblems(other, { mode: 'duplicate', ...trade })).toEqual([DIFFERS_500]);
    expect(formProblems({ ...other, packSizeReason: 'Repackaged by the pharmacy in bottles of 500' }, { mode: 'new', ...trade })).toEqual([]);
    expect(formProblems({ ...other, packSizeReason: '  ' }, { mode: 'new', ...trade })).toEqual([DIFFERS_500]);
    expect(ruleFieldErrors([DIFFERS_500])).toEqual({ packSizeReason: DIFFERS_500, packSize: true, packSizeUoM: true });
  });

  it('edit: held when the edit changes the pack size, UoM or reason the record held, as the server is', () => {
    const recorded = values({ packSize: 500, packSizeUoM: 'U' });
    // A line item written before the rule: its other fields can still be edited.
    expect(formProblems(values({ packQuantity: 2, packSize: 500, packSizeUoM: 'U', lotNumber: 'L2' }), { mode: 'edit', ...trade, recorded })).toEqual([]);
    expect(formProblems(values({ packQuantity: 2, packSize: 600, packSizeUoM: 'U' }), { mode: 'edit', ...trade, recorded })[0]).toMatch(/^Pack Size 600 U differs/);
    expect(formProblems(values({ packQuantity: 2, packSize: 30, packSizeUoM: 'U' }), { mode: 'edit', ...trade, recorded })).toEqual([]);
  });

  it('is sent with the entry, trimmed, null when blank; its length is checked beside it', () => {
    const body = newLineItemBody('7', '00044-0725-03', TRADE, values({ packQuantity: 1, packSize: 500, packSizeUoM: 'U', packSizeReason: ' Repackaged ' }));
    expect(body.packSizeReason).toBe('Repackaged');
    expect(updateLineItemBody(values({ packSizeReason: '' }), '1').fieldData['Pack Size Reason']).toBeNull();
    expect(recordFormValues({ ...RECORD, 'Pack Size Reason': 'Repackaged' }).packSizeReason).toBe('Repackaged');
    expect(lineItemFormSchema.safeParse(values({ packSizeReason: 'x'.repeat(200) })).success).toBe(true);
    expect(lineItemFormSchema.safeParse(values({ packSizeReason: 'x'.repeat(201) })).success).toBe(false);
  });
});
