import { BULK_NDC_MARKER, PACK_SIZE_MAX_DIGITS } from '../catalogue/constants.ts';
import type { BulkKind } from '../catalogue/ndc-kinds.ts';
import { REPORTABLE_SCHEDULES, RESTRICTED_SCHEDULES } from '../catalogue/schedules.ts';
import { DOZEN, THOUSAND } from '../catalogue/units.ts';

/** The exact texts of spec 2 §5, shown in the form's warning list and answered by the server in `details`. */
export const LINE_ITEM_MESSAGES = {
  packSizeRequired: 'Pack Size is required',
  uomRequired: 'UoM is required',
  tooManyDigits: "Can't report more than 8 digits.",
  dosageFormDecimal: 'Pack size cannot contain decimal when reporting dosage form.',
  mlDecimal: 'Quantity Reporting In mL Cannot Be Entered With A Decimal.',
  completePackQuantityDecimal: 'Pack Quantity For Complete NDCs Cannot Be Entered With A Decimal.',
  // Line item edit, reportable schedules (spec 2 §5 gives the rules; these texts are ours where it gives none).
  packQuantityDecimal: 'Pack Quantity cannot contain a decimal.',
  packSizeDecimal: 'Pack Size cannot contain a decimal when the UoM is U, K, D or mL.',
  dozenMultiple: 'Pack Size must be a multiple of 12 when the UoM is D.',
  thousandMultiple: 'Pack Size must be a multiple of 1000 when the UoM is K.',
  powderPurity: 'Percent purity of a bulk raw powder cannot exceed 105%.',
  liquidPurity: 'Percent purity of a bulk raw liquid cannot exceed 100%.',
  // Ours: spec 2 §5 gives the purity limits; a package cannot be more than full either.
  fillOver: 'Percent fill cannot exceed 100%: a package is at most full.',
  converterAmountRequired: 'Unit Converter amount is required when a stage is chosen.',
  ndcRequired: 'NDC Number cannot be empty.',
  registrationSchedule: 'The current registration does not support the selected NDC',
  packQuantityRequired: 'Pack Quantity is required',
  expirationDate: 'Expiration Date must be a real date, written MM/DD/YYYY',
  serialNumberLength: 'Serial Number can be at most 20 characters',
} as const;

/** A serial number (GS1 AI 21) has at most 20 characters. */
export const SERIAL_NUMBER_MAX = 20;

/** UoMs in which a pack size is a count and so cannot be fractional (spec 2 §9). */
export const WHOLE_NUMBER_UOMS = ['U', 'K', 'D', 'ML'] as const;

export const PERCENT_LIMITS = { rawPowder: 1.05, rawLiquid: 1, fill: 1 } as const;

/** A bulk NDC is one whose number contains a double asterisk (spec 2 §1). */
export function isBulkNdc(ndc: string | null | undefined): boolean {
  return (ndc ?? '').includes(BULK_NDC_MARKER);
}

const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';
const text = (v: unknown) => (blank(v) ? '' : String(v).trim());
const hasDecimal = (v: unknown) => {
  const s = text(v);
  if (!s) return false;
  const n = Number(s);
  return s.includes('.') ? !Number.isInteger(n) || /\.\d*[1-9]/.test(s) : !Number.isInteger(n);
};
const upper = (v: unknown) => text(v).toUpperCase();

/**
 * The digits a pack size carries, as ARCOS would count them in its 8-digit quantity field (Registrant
 * Handbook 5.11.2): every digit written, except leading zeros and zeros after the last decimal digit,
 * which carry nothing. The point, a sign or spaces are not digits: `123456.7` has 7, `1234567.5` 8.
 */
export function significantDigitCount(value: unknown): number {
  const s = text(value);
  const [whole = '', fraction = ''] = s.replace(/^[-+]/, '').split('.');
  return whole.replace(/^0+/, '').replace(/\D/g, '').length + fraction.replace(/0+$/, '').replace(/\D/g, '').length;
}
const tooManyDigits = (v: unknown) => significantDigitCount(v) > PACK_SIZE_MAX_DIGITS;
const inList = (list: readonly string[], value: unknown) => list.includes(upper(value));

/** The entry fields the rules read, as entered (text or number). */
export interface LineItemEntry {
  ndc?: string | null;
  schedule?: string | null;
  packQuantity?: string | number | null;
  packSize?: string | number | null;
  packSizeUoM?: string | null;
  percentFill?: string | number | null;
  bulkPackSize?: string | number | null;
  bulkPackSizeUoM?: string | null;
  bulkStage?: string | null;
}

/** The five bulk rules (new line item, and edit NDC on a bulk NDC). */
export function bulkRuleProblems(entry: LineItemEntry): string[] {
  const problems: string[] = [];
  if (blank(entry.packSize)) problems.push(LINE_ITEM_MESSAGES.packSizeRequired);
  if (blank(entry.packSizeUoM)) problems.push(LINE_ITEM_MESSAGES.uomRequired);
  if (tooManyDigits(entry.packSize)) problems.push(LINE_ITEM_MESSAGES.tooManyDigits);
  const restricted = inList(RESTRICTED_SCHEDULES, entry.schedule);
  if (restricted && hasDecimal(entry.packSize)) {
    const uom = upper(entry.packSizeUoM);
    if (uom === 'U' || uom === 'K' || uom === 'D') problems.push(LINE_ITEM_MESSAGES.dosageFormDecimal);
    if (uom === 'ML') problems.push(LINE_ITEM_MESSAGES.mlDecimal);
  }
  return problems;
}

/** Where the line item is: a standard container, or a Yellow Bucket one (whose pack quantity defaults to 1). */
export interface LineItemPlace {
  standardContainer?: boolean | undefined;
}

/**
 * [ours] A complete NDC in a standard container needs its Pack Qty: Form 41 counts the full packages
 * destroyed and ARCOS reports the number of packages (docs/form-41.md). A Yellow Bucket line item
 * starts at 1 (spec 2 §2); a bulk NDC has no pack quantity to enter.
 */
export function packQuantityProblems(entry: LineItemEntry, place: LineItemPlace): string[] {
  return place.standardContainer && !isBulkNdc(entry.ndc) && blank(entry.packQuantity) ? [LINE_ITEM_MESSAGES.packQuantityRequired] : [];
}

/**
 * New line item (spec 2 §5), standard and Yellow Bucket: skipped when both the bulk amount and its
 * UoM are filled (the unit converter then supplies the quantity). And Pack Qty where it is required
 * (packQuantityProblems).
 */
export function newLineItemProblems(entry: LineItemEntry, place: LineItemPlace = {}): string[] {
  const required = packQuantityProblems(entry, place);
  if (!blank(entry.bulkPackSize) && !blank(entry.bulkPackSizeUoM)) return required;
  if (isBulkNdc(entry.ndc)) return bulkRuleProblems(entry);
  return hasDecimal(entry.packQuantity) ? [LINE_ITEM_MESSAGES.completePackQuantityDecimal] : required;
}

/** Edit NDC on a bulk NDC (spec 2 §5): the bulk rules, only when the chosen NDC differs. */
export function editNdcProblems(currentNdc: string | null | undefined, entry: LineItemEntry): string[] {
  if ((entry.ndc ?? '') === (currentNdc ?? '')) return [];
  return isBulkNdc(entry.ndc) ? bulkRuleProblems(entry) : [];
}


/**
 * Line item edit (spec 2 §5), for reportable schedules 1, 1N, 2, 2N; the NDC, registration and
 * required Pack Qty checks apply to every schedule.
 */
export function lineItemEditProblems(
  entry: LineItemEntry,
  context: { bulkKind?: BulkKind | undefined; registrationSchedules?: readonly string[] | undefined } & LineItemPlace,
): string[] {
  const problems: string[] = [];
  if (blank(entry.ndc)) problems.push(LINE_ITEM_MESSAGES.ndcRequired);
  problems.push(...packQuantityProblems(entry, context));
  if (inList(REPORTABLE_SCHEDULES, entry.schedule)) {
    if (hasDecimal(entry.packQuantity)) problems.push(LINE_ITEM_MESSAGES.packQuantityDecimal);
    if (tooManyDigits(entry.packSize)) problems.push(LINE_ITEM_MESSAGES.tooManyDigits);
    const uom = upper(entry.packSizeUoM);
    if (hasDecimal(entry.packSize) && (WHOLE_NUMBER_UOMS as readonly string[]).includes(uom)) problems.push(LINE_ITEM_MESSAGES.packSizeDecimal);
    const size = Number(text(entry.packSize));
    if (!blank(entry.packSize) && Number.isFinite(size)) {
      if (uom === 'D' && size % DOZEN !== 0) problems.push(LINE_ITEM_MESSAGES.dozenMultiple);
      if (uom === 'K' && size % THOUSAND !== 0) problems.push(LINE_ITEM_MESSAGES.thousandMultiple);
    }
    if (!blank(entry.bulkStage) && blank(entry.bulkPackSize)) problems.push(LINE_ITEM_MESSAGES.converterAmountRequired);
  }
  if (context.registrationSchedules && !blank(entry.schedule) && !context.registrationSchedules.map((s) => s.toUpperCase()).includes(upper(entry.schedule))) {
    problems.push(LINE_ITEM_MESSAGES.registrationSchedule);
  }
  return problems;
}

/**
 * The percent fill (a fraction, 1 = 100%) of any line item, new or edited, of every schedule: a
 * package is at most full (100%); a raw bulk powder's purity at most 105% and a raw liquid's 100%
 * (spec 2 §5). The quantities multiply by it, so "150" sent for 150% would report 150 packages' worth.
 */
export function percentFillProblem(percentFill: string | number | null | undefined, bulkKind: BulkKind | undefined): string | undefined {
  if (blank(percentFill)) return undefined;
  const fill = Number(text(percentFill));
  if (!Number.isFinite(fill)) return undefined;
  if (bulkKind === 'raw-powder') return fill > PERCENT_LIMITS.rawPowder + 1e-9 ? LINE_ITEM_MESSAGES.powderPurity : undefined;
  if (bulkKind === 'raw-liquid') return fill > PERCENT_LIMITS.rawLiquid + 1e-9 ? LINE_ITEM_MESSAGES.liquidPurity : undefined;
  return fill > PERCENT_LIMITS.fill + 1e-9 ? LINE_ITEM_MESSAGES.fillOver : undefined;
}

/** Percent fill is read-only for bulk dosage formulations and solutions, and for UoM K or D (spec 2 §2). */
export function isPercentFillReadOnly(bulkKind: BulkKind | undefined, packSizeUoM: string | null | undefined): boolean {
  return bulkKind === 'dosage-formulation' || bulkKind === 'solution' || inList(['K', 'D'], packSizeUoM);
}
