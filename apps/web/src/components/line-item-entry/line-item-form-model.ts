import {
  LINE_ITEM_ENTRY_FIELDS,
  LINE_ITEM_MESSAGES,
  LINE_ITEM_TEXT_MAX,
  parseUsDate,
  computeQuantities,
  isBulkNdc,
  isPackSizeReasonProblem,
  isPercentFillReadOnly,
  lineItemEditProblems,
  lineItemFieldData,
  newLineItemProblems,
  packageText,
  packSizeDiffersFromPackage,
  packSizeEntryChanged,
  packSizeReasonProblem,
  percentFillProblem,
  type NdcPackage,
  type LineItemEntryInput,
  type LineItemTextKey,
} from '@3ds/domain';
import { z } from 'zod';
import { fieldText, type FieldData, type FieldValue } from '../../lib/records/record-shapes.ts';
import type { LineItemKind } from './line-item-kinds.ts';
import type { NdcLookup } from './ndc-lookup-shape.ts';
import type { NewLineItemBody } from './api/create-line-item.ts';
import { fieldErrorsOf, type FieldErrors as FormFieldErrors } from '../forms/field-errors.ts';

/**
 * The line item form (spec 2 §2 "Line item form"): its values, how each mode starts, the rules
 * that make its warning list (spec 2 §5), and the bodies it sends (spec 2 §7). Pure, so every rule
 * is unit-tested without a browser.
 */
export type LineItemFormMode = 'new' | 'edit' | 'duplicate';

/** Numbers as the inputs hold them: a number, or text while being typed ('' when empty). */
type Amount = number | string;

export interface LineItemFormValues {
  sourceNumber: string;
  source: string;
  lotNumber: string;
  /** MM/DD/YYYY, as typed or scanned ('' when none). */
  expirationDate: string;
  serialNumber: string;
  cause: string;
  packQuantity: Amount;
  type: string;
  /** Entered as a percent (100 = full); stored as a fraction (1). */
  percentFill: Amount;
  packSize: Amount;
  packSizeUoM: string;
  /** Why the pack size is not the NDC's package ('' when none is given). */
  packSizeReason: string;
  /** Unit Converter: amount and unit. */
  bulkPackSize: Amount;
  bulkPackSizeUoM: string;
  /** Stage Converter. */
  bulkStage: string;
  form222Number: string;
  /** The numbered line of the Form 222 the item arrived on. */
  form222Line: Amount;
  cwfFormNumber: string;
}

export const EMPTY_FORM_VALUES: LineItemFormValues = {
  sourceNumber: '',
  source: '',
  lotNumber: '',
  expirationDate: '',
  serialNumber: '',
  cause: '',
  packQuantity: '',
  type: '',
  percentFill: 100,
  packSize: '',
  packSizeUoM: '',
  packSizeReason: '',
  bulkPackSize: '',
  bulkPackSizeUoM: '',
  bulkStage: '',
  form222Number: '',
  form222Line: '',
  cwfFormNumber: '',
};

const text = fieldText;

/** A number of the record as the input takes it ('' when empty). */
function amount(value: FieldValue | undefined): Amount {
  if (typeof value === 'number') return value;
  const t = text(value);
  if (t === '') return '';
  const n = Number(t);
  return Number.isFinite(n) ? n : t;
}

/** An entered amount as a number, or null when empty or not a number. */
export function amountNumber(value: Amount | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const t = value.trim();
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

/** Without binary noise: 0.07 × 100 is 7.000000000000001 in floating point. */
const clean = (n: number) => Number(n.toPrecision(12));

/** Stored fraction → the percent the form shows (1 → 100); '' stays ''. */
export function percentFromFraction(value: FieldValue | undefined): Amount {
  const n = amountNumber(amount(value));
  return n === null ? '' : clean(n * 100);
}

/** Entered percent → the stored fraction (100 → 1); null when empty. */
export function fractionFromPercent(value: Amount): number | null {
  const n = amountNumber(value);
  return n === null ? null : clean(n / 100);
}

/** The form's values as a line item record holds them (edit and duplicate start from these). */
export function recordFormValues(fieldData: FieldData): LineItemFormValues {
  const field = (key: FormField) => fieldData[LINE_ITEM_ENTRY_FIELDS[key]];
  const percent = percentFromFraction(field('percentFill'));
  return {
    sourceNumber: text(field('sourceNumber')),
    source: text(field('source')),
    lotNumber: text(field('lotNumber')),
    expirationDate: text(field('expirationDate')),
    serialNumber: text(field('serialNumber')),
    cause: text(field('cause')),
    packQuantity: amount(field('packQuantity')),
    type: text(field('type')),
    percentFill: percent === '' ? 100 : percent,
    packSize: amount(field('packSize')),
    packSizeUoM: text(field('packSizeUoM')),
    packSizeReason: text(field('packSizeReason')),
    bulkPackSize: amount(field('bulkPackSize')),
    bulkPackSizeUoM: text(field('bulkPackSizeUoM')),
    bulkStage: text(field('bulkStage')),
    form222Number: text(field('form222Number')),
    form222Line: amount(field('form222Line')),
    cwfFormNumber: text(field('cwfFormNumber')),
  };
}

export interface FormStart {
  mode: LineItemFormMode;
  kind: LineItemKind;
  ndc: string;
  lookup: NdcLookup | null;
  /** The line item edited or duplicated. */
  record?: FieldData | undefined;
  /** A new line item's values known before the form opens: a scan's lot, expiry and serial, or "same as last". */
  prefill?: Partial<LineItemFormValues> | undefined;
}

/**
 * How each mode starts (spec 2 §2): a new line item with the dictionary's pack size and UoM, a fill
 * of 100% and, in a Yellow Bucket, a pack quantity of 1; a duplicate with the original's values but
 * no pack quantity (1 for a bulk NDC); an edit with the record as it is. A fill that may not be
 * changed starts at 100%.
 */
export function initialFormValues({ mode, kind, ndc, lookup, record, prefill }: FormStart): LineItemFormValues {
  if (mode === 'edit') return record ? recordFormValues(record) : { ...EMPTY_FORM_VALUES };
  const bulk = isBulkNdc(ndc);
  let values: LineItemFormValues;
  if (mode === 'duplicate' && record) {
    values = { ...recordFormValues(record), packQuantity: bulk ? 1 : '' };
  } else {
    values = {
      ...EMPTY_FORM_VALUES,
      packQuantity: bulk || kind === 'yellow-bucket' ? 1 : '',
      packSize: lookup ? amount(lookup.packSizeLookup) : '',
      packSizeUoM: lookup?.packSizeUoMLookup ?? '',
      ...prefill,
    };
  }
  if (isPercentFillReadOnly(lookup?.bulkKind, values.packSizeUoM)) values.percentFill = 100;
  return values;
}

/** A scanned package's own values: its lot, expiration date and serial number (blank when the code had none). */
export function scanPrefill(scan: { lot: string; expirationDate: string; serial: string }): Partial<LineItemFormValues> {
  return { lotNumber: scan.lot, expirationDate: scan.expirationDate, serialNumber: scan.serial };
}

/**
 * "Same as last" (a run of identical packages): the previous line item's values that describe the
 * package and where it came from — pack quantity and size, UoM, fill, the converters, source,
 * cause, type and the form numbers — but never what belongs to one package: its lot, expiration
 * date and serial number come from the new scan.
 */
export function sameAsLastValues(last: LineItemFormValues): Partial<LineItemFormValues> {
  const { lotNumber: _lot, expirationDate: _expiry, serialNumber: _serial, ...rest } = last;
  return rest;
}

/** What the form shows and offers for an NDC. */
export interface FormLayout {
  bulk: boolean;
  /** Pack Qty is hidden for bulk NDCs. */
  showPackQuantity: boolean;
  /** '% Fill', or '% Purity' for bulk. */
  percentLabel: '% Fill' | '% Purity';
  showConverted: boolean;
  showUnitConverter: boolean;
  showStageConverter: boolean;
}

export function formLayout(ndc: string, lookup: NdcLookup | null): FormLayout {
  const bulk = isBulkNdc(ndc);
  return {
    bulk,
    showPackQuantity: !bulk,
    percentLabel: bulk ? '% Purity' : '% Fill',
    showConverted: lookup?.hasFactor === true,
    showUnitConverter: lookup?.showUnitConverter === true,
    showStageConverter: lookup?.showStageUnitConverter === true,
  };
}

/** Percent fill is read-only for bulk dosage formulations and solutions, and for UoM K or D. */
export function percentReadOnly(lookup: NdcLookup | null, packSizeUoM: string): boolean {
  return isPercentFillReadOnly(lookup?.bulkKind, packSizeUoM);
}

/**
 * The error beside % Fill (% Purity), as the server words its 422: a package at most 100 % full, a
 * raw powder at most 105 % pure, a raw liquid 100 % (percentFillProblem). The form holds percents.
 */
export function percentFillError(percentFill: Amount, lookup: NdcLookup | null): string | undefined {
  return percentFillProblem(fractionFromPercent(percentFill), lookup?.bulkKind);
}

/** The NDC's package as the lookup gives it (the dictionary's pack size and UoM). */
function lookupPackage(lookup: NdcLookup | null): NdcPackage {
  return { size: lookup?.packSizeLookup, uom: lookup?.packSizeUoMLookup };
}

/**
 * Pack Size Reason: asked for (required) when the pack size or UoM entered is not the NDC's package
 * (rules/pack-size.ts), and shown while it holds a reason, so that one is never sent unseen.
 */
export function packSizeReasonField(ndc: string, lookup: NdcLookup | null, values: Pick<LineItemFormValues, 'packSize' | 'packSizeUoM' | 'packSizeReason'>): { shown: boolean; required: boolean } {
  const required = packSizeDiffersFromPackage({ ndc, packSize: values.packSize, packSizeUoM: values.packSizeUoM }, lookupPackage(lookup));
  return { shown: required || values.packSizeReason.trim() !== '', required };
}

/** The Pack Size Reason's description: "The package of this NDC is 30 U" ('' when the dictionary gives none). */
export function packageDescription(lookup: NdcLookup | null): string {
  const pkg = packageText(lookupPackage(lookup));
  return pkg ? `The package of this NDC is ${pkg}` : '';
}

/** The UoM choices: the value list without its 'New Value...' entry, and the current value if it is not among them. */
export function uomChoices(valueList: readonly string[], current = ''): string[] {
  return withCurrentOption(
    valueList.filter((v) => v.trim().toLowerCase() !== 'new value...'),
    current,
  );
}

/** Options for a select: the choices, plus the record's own value when it is not one of them. */
export function withCurrentOption(choices: readonly string[], current: string): string[] {
  const list = [...new Set(choices.filter((c) => c !== ''))];
  return current && !list.includes(current) ? [...list, current] : list;
}

/**
 * "Converted" (shown when the NDC has a conversion factor): the quantity the server will report
 * for these values — pack quantity × pack size × fill, in dozens or thousands for D or K — so the
 * user sees what a change means before saving. '' while a part is missing.
 */
export function convertedText(ndc: string, values: Pick<LineItemFormValues, 'packQuantity' | 'packSize' | 'packSizeUoM' | 'percentFill'>): string {
  const quantities = computeQuantities(
    { ndc },
    {
      packQuantity: isBulkNdc(ndc) ? 1 : amountNumber(values.packQuantity),
      packSize: amountNumber(values.packSize),
      packSizeUoM: values.packSizeUoM,
      percentFill: fractionFromPercent(values.percentFill) ?? 1,
    },
  );
  if (quantities.reportingQty === null) return '';
  return `${quantities.reportingQty}${quantities.reportingUoM ? ` ${quantities.reportingUoM}` : ''}`;
}

export interface ProblemContext {
  mode: LineItemFormMode;
  ndc: string;
  lookup: NdcLookup | null;
  /** The kind of container the line item is in: a standard one needs Pack Qty of a complete NDC. */
  kind: LineItemKind;
  /** The record's schedule, when the lookup could not be read. */
  recordSchedule?: string | undefined;
  /**
   * Edit: the pack size, UoM and reason the record held when the form opened. As on the server, an
   * edit is held to the NDC's package when it changes one of them; without them, always.
   */
  recorded?: Pick<LineItemFormValues, 'packSize' | 'packSizeUoM' | 'packSizeReason'> | undefined;
}

/** Whether Pack Qty must be filled: a complete NDC in a standard container (packQuantityProblems). */
export function packQuantityRequired(ndc: string, kind: LineItemKind): boolean {
  return kind === 'standard' && !isBulkNdc(ndc);
}

/**
 * The warning list that blocks submit (spec 2 §5): the new-line-item rules for new and duplicate,
 * the line item edit rules for edit. Converters that are not offered for the NDC take no part.
 */
export function formProblems(values: LineItemFormValues, { mode, ndc, lookup, kind, recordSchedule, recorded }: ProblemContext): string[] {
  const layout = formLayout(ndc, lookup);
  const place = { standardContainer: kind === 'standard' };
  const schedule = lookup?.schedule || recordSchedule || '';
  const bulkPackSize = layout.showUnitConverter ? values.bulkPackSize : '';
  const bulkPackSizeUoM = layout.showUnitConverter ? values.bulkPackSizeUoM : '';
  // The NDC's package, or the reason for another pack size (the server's 422 in the same words).
  const entry = { ndc, packSize: values.packSize, packSizeUoM: values.packSizeUoM, packSizeReason: values.packSizeReason };
  const touched = mode !== 'edit' || !recorded || packSizeEntryChanged({ ndc, ...recorded }, entry);
  const packSizeProblem = touched ? packSizeReasonProblem(entry, lookupPackage(lookup)) : undefined;
  const withPackSize = (problems: string[]) => (packSizeProblem ? [...problems, packSizeProblem] : problems);
  if (mode === 'edit') {
    return withPackSize(lineItemEditProblems(
      {
        ndc,
        schedule,
        packQuantity: layout.showPackQuantity ? values.packQuantity : null,
        packSize: values.packSize,
        packSizeUoM: values.packSizeUoM,
        percentFill: fractionFromPercent(values.percentFill),
        bulkPackSize,
        bulkStage: layout.showStageConverter ? values.bulkStage : '',
      },
      { bulkKind: lookup?.bulkKind, ...place },
    ));
  }
  return withPackSize(newLineItemProblems(
    {
      ndc,
      schedule,
      packQuantity: layout.showPackQuantity ? values.packQuantity : 1,
      packSize: values.packSize,
      packSizeUoM: values.packSizeUoM,
      bulkPackSize,
      bulkPackSizeUoM,
    },
    place,
  ));
}

type FormField = keyof LineItemFormValues;

/**
 * The fields each rule of spec 2 §5 (and ours) is about, first the one whose value breaks it: the
 * message shows under that field and every other one it names is outlined too ("a multiple of 12
 * when the UoM is D" is Pack Size's and UoM's). The server answers the same texts (422 `details`).
 */
const RULE_FIELDS: Readonly<Record<string, readonly FormField[]>> = {
  [LINE_ITEM_MESSAGES.packSizeRequired]: ['packSize'],
  [LINE_ITEM_MESSAGES.uomRequired]: ['packSizeUoM'],
  [LINE_ITEM_MESSAGES.tooManyDigits]: ['packSize'],
  [LINE_ITEM_MESSAGES.dosageFormDecimal]: ['packSize', 'packSizeUoM'],
  [LINE_ITEM_MESSAGES.mlDecimal]: ['packSize', 'packSizeUoM'],
  [LINE_ITEM_MESSAGES.completePackQuantityDecimal]: ['packQuantity'],
  [LINE_ITEM_MESSAGES.packQuantityDecimal]: ['packQuantity'],
  [LINE_ITEM_MESSAGES.packQuantityRequired]: ['packQuantity'],
  [LINE_ITEM_MESSAGES.packSizeDecimal]: ['packSize', 'packSizeUoM'],
  [LINE_ITEM_MESSAGES.dozenMultiple]: ['packSize', 'packSizeUoM'],
  [LINE_ITEM_MESSAGES.thousandMultiple]: ['packSize', 'packSizeUoM'],
  [LINE_ITEM_MESSAGES.powderPurity]: ['percentFill'],
  [LINE_ITEM_MESSAGES.liquidPurity]: ['percentFill'],
  [LINE_ITEM_MESSAGES.converterAmountRequired]: ['bulkPackSize', 'bulkStage'],
  [LINE_ITEM_MESSAGES.expirationDate]: ['expirationDate'],
  [LINE_ITEM_MESSAGES.serialNumberLength]: ['serialNumber'],
};

/** What each field shows for the rules broken: the first rule's message under it, or an outline (`true`). */
export type FieldErrors = FormFieldErrors<FormField>;

/** The pack size rule's message names its values, so it is known by its form: under Pack Size Reason, the size and unit outlined. */
const PACK_SIZE_REASON_FIELDS: readonly FormField[] = ['packSizeReason', 'packSize', 'packSizeUoM'];

export function ruleFieldErrors(problems: readonly string[]): FieldErrors {
  return fieldErrorsOf(problems, (problem) => RULE_FIELDS[problem] ?? (isPackSizeReasonProblem(problem) ? PACK_SIZE_REASON_FIELDS : []));
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The form's fields as the API takes them: text trimmed (null when blank), amounts as numbers, the fill as a fraction. */
type EnteredValues = Required<Pick<LineItemEntryInput, FormField>>;

function enteredValues(values: LineItemFormValues): EnteredValues {
  return {
    source: blankToNull(values.source),
    sourceNumber: blankToNull(values.sourceNumber),
    lotNumber: blankToNull(values.lotNumber),
    expirationDate: blankToNull(values.expirationDate),
    serialNumber: blankToNull(values.serialNumber),
    cause: blankToNull(values.cause),
    type: blankToNull(values.type),
    packQuantity: amountNumber(values.packQuantity),
    packSize: amountNumber(values.packSize),
    packSizeUoM: blankToNull(values.packSizeUoM),
    packSizeReason: blankToNull(values.packSizeReason),
    percentFill: fractionFromPercent(values.percentFill),
    bulkPackSize: amountNumber(values.bulkPackSize),
    bulkPackSizeUoM: blankToNull(values.bulkPackSizeUoM),
    bulkStage: blankToNull(values.bulkStage),
    form222Number: blankToNull(values.form222Number),
    form222Line: amountNumber(values.form222Line),
    cwfFormNumber: blankToNull(values.cwfFormNumber),
  };
}

/**
 * `POST /3ds/api/{line-item|yb-line-item}/new` (spec 2 §3 "Line item creation payload"): the
 * creation payload of the form's new and duplicate modes, every field as entered — but a bulk NDC
 * is one package, and converters the NDC does not offer send nothing.
 */
export function newLineItemBody(containerId: string, ndc: string, lookup: NdcLookup | null, values: LineItemFormValues): NewLineItemBody & EnteredValues {
  const layout = formLayout(ndc, lookup);
  const entry = enteredValues(values);
  return {
    containerId: Number(containerId),
    ndc,
    ...entry,
    packQuantity: layout.showPackQuantity ? entry.packQuantity : 1,
    bulkPackSize: layout.showUnitConverter ? entry.bulkPackSize : null,
    bulkPackSizeUoM: layout.showUnitConverter ? entry.bulkPackSizeUoM : null,
    bulkStage: layout.showStageConverter ? entry.bulkStage : null,
  };
}

/** `PATCH /3ds/api/{line-items|yb-line-items}/update-line-item/{id}`: every field, with FileMaker names. */
export interface UpdateLineItemBody {
  fieldData: Record<string, string | number | null>;
  modId: string;
}

export function updateLineItemBody(values: LineItemFormValues, modId: string): UpdateLineItemBody {
  return { fieldData: lineItemFieldData(enteredValues(values)), modId };
}

/** A text field at most as long as the server keeps it. */
const entryText = (key: LineItemTextKey, label: string) => z.string().max(LINE_ITEM_TEXT_MAX[key], `${label} can be at most ${LINE_ITEM_TEXT_MAX[key]} characters`);
const amountField = (label: string) =>
  z.union([z.number(), z.string()]).refine((v) => {
    if (typeof v === 'string' && v.trim() === '') return true;
    const n = amountNumber(v);
    return n !== null && n >= 0 && n <= 1e12;
  }, `${label} must be a number of at least 0`);

/**
 * The shape of each field (the form's resolver): lengths and numbers, shown under the field. The
 * rules of spec 2 §5 are not here — they make the warning list, as the spec shows them.
 */
export const lineItemFormSchema = z.object({
  sourceNumber: entryText('sourceNumber', 'Source Number'),
  source: entryText('source', 'Source'),
  lotNumber: entryText('lotNumber', 'Lot Number'),
  expirationDate: z.string().refine((v) => v.trim() === '' || parseUsDate(v.trim()) !== null, LINE_ITEM_MESSAGES.expirationDate),
  serialNumber: z.string().max(LINE_ITEM_TEXT_MAX.serialNumber, LINE_ITEM_MESSAGES.serialNumberLength),
  cause: entryText('cause', 'Cause'),
  packQuantity: amountField('Pack Qty'),
  type: entryText('type', 'Type'),
  percentFill: amountField('The percentage'),
  packSize: amountField('Pack Size'),
  packSizeUoM: entryText('packSizeUoM', 'UoM'),
  packSizeReason: entryText('packSizeReason', 'Pack Size Reason'),
  bulkPackSize: amountField('Amt'),
  bulkPackSizeUoM: entryText('bulkPackSizeUoM', 'The converter UoM'),
  bulkStage: entryText('bulkStage', 'Stage'),
  form222Number: entryText('form222Number', 'Form 222 #'),
  form222Line: amountField('Form 222 Line'),
  cwfFormNumber: entryText('cwfFormNumber', 'CWF #'),
});
