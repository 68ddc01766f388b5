import { arcosAmount, arcosNdc, arcosOrderFormProblem, type ArcosLineItem } from './arcos.ts';
import type { Form41LineItem } from './form-41-item.ts';
import { bulkAmountDestroyed } from './line-item-quantities.ts';
import { isBulkNdc } from './line-items.ts';
import { registrantProblem, type HoldingRegistration } from './registrants.ts';
import { isArcosReportable } from './reports.ts';

/**
 * Whether a line item holds everything DEA Form 41 and ARCOS need of it — checked before anything is
 * locked (a locked job, container or line item is final) and by the documents themselves: the final
 * Form 41 is refused for the same line items (buildForm41Rows counts them incomplete), and the ARCOS
 * file leaves them out with the same reasons (arcosRecord). docs/form-41.md and
 * docs/dea-paperwork.md say where each need comes from.
 */

export const COMPLETENESS_MESSAGES = {
  packQuantityMissing: 'Pack Qty is empty: Form 41 counts the full packages destroyed',
  packSizeMissing: 'Pack Size is empty: Form 41 needs the units in one package',
  bulkAmountMissing: 'Pack Size is empty: Form 41 needs the amount of a bulk item',
  bulkKindUnknown: 'The dictionary does not say what kind of bulk NDC this is (raw powder or liquid, dosage formulation, solution): Form 41 cannot weigh it',
  unitNotWeighable: (uom: string) =>
    `Pack Size UoM "${uom}" is not a weight and the NDC has no density: Form 41 cannot weigh this bulk item (enter the amount in mcg, mg, g or kg)`,
} as const;

/** A line item with what the documents read of it and of its NDC's dictionary entry. */
export interface RecordedLineItem extends Form41LineItem {
  id: number;
  yellowBucket: boolean;
  containerId: number;
  containerName: string | null;
  form222Number: string | null;
  /** The NDC is marked "Removed From ARCOS" in the dictionary. */
  removedFromArcos: boolean;
  /**
   * The job's registration, when read: the item must be one it may hold (registrants.ts) — a
   * controlled substance on a DEA registration of its schedule. An item written before that rule
   * is caught before its job is locked.
   */
  registration?: HoldingRegistration | undefined;
}

/**
 * What Form 41 lacks to write the item's quantity: a package's pack quantity and pack size; a bulk
 * item's amount and what turns it into grams of base (its kind, its base weight, a weight unit or a
 * density). Empty exactly when buildForm41Rows can total the item.
 */
export function form41Gaps(item: Form41LineItem): string[] {
  if (!isBulkNdc(item.ndc)) {
    const gaps: string[] = [];
    if (item.packQuantity === null) gaps.push(COMPLETENESS_MESSAGES.packQuantityMissing);
    if (item.packSize === null) gaps.push(COMPLETENESS_MESSAGES.packSizeMissing);
    return gaps;
  }
  // The amount Form 41 prints for a bulk item (buildForm41Rows): what it was destroyed as, by count,
  // volume or weight; its grams of base stand beside it where the dictionary gives what they need.
  const facts = { ndc: item.ndc, bulkKind: item.bulkKind, ingredientBaseWeight: item.ingredientBaseWeight, density: item.density };
  const input = { packQuantity: item.packQuantity, packSize: item.packSize, packSizeUoM: item.packSizeUoM, percentFill: item.percentFill };
  const destroyed = bulkAmountDestroyed(facts, input);
  if (item.packSize === null) return [COMPLETENESS_MESSAGES.bulkAmountMissing];
  if (destroyed === null || !item.bulkKind) return [COMPLETENESS_MESSAGES.bulkKindUnknown];
  // A raw substance is destroyed as a weight (DEA's own example: 1.25 kg); a volume without a density
  // or an amount in another unit cannot be one.
  const raw = item.bulkKind === 'raw-powder' || item.bulkKind === 'raw-liquid';
  if (raw && !WEIGHT_UNITS.has(destroyed.unit.toLowerCase())) return [COMPLETENESS_MESSAGES.unitNotWeighable((item.packSizeUoM ?? '').trim())];
  return [];
}

/** The units a raw substance's destroyed amount is a weight in. */
const WEIGHT_UNITS = new Set(['mcg', 'mg', 'g', 'kg']);

/**
 * What an ARCOS record of the item lacks, when the item is ARCOS-reportable (isArcosReportable): an
 * NDC in the 5-4-2 form, the Form 222 number of a Schedule I or II receipt, a quantity ARCOS can
 * write (arcosAmount). The amount is only looked at once Form 41's gaps are filled: they are the same
 * missing fields.
 */
export function arcosGaps(item: RecordedLineItem, form41: readonly string[] = form41Gaps(item)): string[] {
  if (!isArcosReportable(item.schedule, item.removedFromArcos, item.drugCode)) return [];
  const arcosItem: ArcosLineItem = {
    id: item.id,
    ndc: item.ndc,
    schedule: item.schedule,
    drugCode: item.drugCode,
    bulkKind: item.bulkKind ?? null,
    packQuantity: item.packQuantity,
    packSize: item.packSize,
    packSizeUoM: item.packSizeUoM,
    percentFill: item.percentFill,
    form222Number: item.form222Number,
  };
  const gaps: string[] = [];
  if (!arcosNdc(item.ndc)) gaps.push(`NDC "${item.ndc}" is not in the 5-4-2 form ARCOS needs`);
  const orderForm = arcosOrderFormProblem(arcosItem, true);
  if (orderForm) gaps.push(orderForm);
  if (!form41.length) {
    const amount = arcosAmount(arcosItem);
    if ('reason' in amount) gaps.push(amount.reason);
  }
  return gaps;
}

/** Everything Form 41 and ARCOS lack of the item, and whether its job's registration may hold it; empty when it is complete. */
export function lineItemGaps(item: RecordedLineItem): string[] {
  const form41 = form41Gaps(item);
  const registrant = item.registration ? registrantProblem(item.registration, item.schedule) : undefined;
  return [...form41, ...arcosGaps(item, form41), ...(registrant ? [registrant] : [])];
}

/** A line item that may not be locked yet, as the 409 of a lock lists it (`incomplete` of the error body). */
export interface IncompleteLineItem {
  recordId: string;
  yellowBucket: boolean;
  containerId: string;
  containerName: string;
  ndc: string;
  lot: string;
  problems: string[];
}

/**
 * The incomplete ones of the items, in their order, with what each lacks: for a lock, of Form 41 and
 * ARCOS (lineItemGaps); for the Form 41 itself, of the form (form41Gaps).
 */
export function incompleteLineItems(items: readonly RecordedLineItem[], gapsOf: (item: RecordedLineItem) => string[] = lineItemGaps): IncompleteLineItem[] {
  return items.flatMap((item) => {
    const problems = gapsOf(item);
    if (!problems.length) return [];
    return [
      {
        recordId: String(item.id),
        yellowBucket: item.yellowBucket,
        containerId: String(item.containerId),
        containerName: (item.containerName ?? '').trim(),
        ndc: item.ndc,
        lot: (item.lot ?? '').trim(),
        problems,
      },
    ];
  });
}

/** "Line item 12 (NDC 00406-0552-01, lot A1, container J1-C01): Pack Qty is empty: …". */
export function incompleteLineItemText(item: IncompleteLineItem): string {
  const what = [`NDC ${item.ndc}`, ...(item.lot ? [`lot ${item.lot}`] : []), `container ${item.containerName || item.containerId}`];
  return `${item.yellowBucket ? 'Yellow Bucket line item' : 'Line item'} ${item.recordId} (${what.join(', ')}): ${item.problems.join('; ')}`;
}

/**
 * The message of the 409 that refuses the lock of an incomplete record: a job or container holding
 * `count` incomplete line items, or (`lineItem`) an incomplete line item itself.
 */
export function lockIncompleteMessage(record: { noun: string; id: number | string; lineItem?: boolean }, count: number): string {
  if (record.lineItem) return `${record.noun} ${record.id} cannot be locked: it lacks what DEA Form 41 and ARCOS need. Complete it, then lock it.`;
  const which = count === 1 ? 'a line item that lacks' : `${count} line items that lack`;
  return `${record.noun} ${record.id} cannot be locked: it holds ${which} what DEA Form 41 and ARCOS need. Complete ${count === 1 ? 'it' : 'them'}, then lock again.`;
}
