import { DESTRUCTION_DEADLINE_DAYS } from './destruction-clock.ts';
import { parseUsDate } from './dates.ts';
import { formatPercent } from './percent.ts';
import { trimLine } from './text.ts';

/**
 * What is on hand, what came in and what went out: the accountability DEA checks on an inspection
 * (docs/dea-paperwork.md "Inventory and accountability"). A line item is received on its job's Date
 * Received and leaves on its job's Date Destroyed; dates are days, so a moment is placed by whether
 * it is the opening or the close of business of its day (21 CFR 1304.11(a): an inventory says which).
 */

/** A moment on hand is counted at: a day and whether that day's receipts and destructions count yet. */
export interface InventoryMoment {
  /** ISO `YYYY-MM-DD`. */
  date: string;
  /** `HH:MM`, 24-hour. */
  time: string;
  /** Before noon: as of the opening of business (that day's receipts and destructions not yet counted). */
  business: 'opening' | 'close';
}

export const INVENTORY_MESSAGES = {
  asOf: 'As of must be a real date and time, written MM/DD/YYYY HH:MM (24-hour)',
  future: 'As of must not be in the future: an inventory counts what is on hand',
  nothingOnHand: 'No controlled substances are on hand at that moment; the inventory records none',
} as const;

/** `MM/DD/YYYY HH:MM` (24-hour) as a moment, or null. */
export function parseInventoryMoment(text: string): InventoryMoment | null {
  const m = /^(\d{1,2}\/\d{1,2}\/\d{4}) +(\d{1,2}):(\d{2})$/.exec(trimLine(text));
  if (!m) return null;
  const date = parseUsDate(m[1]!);
  const [hours, minutes] = [Number(m[2]), Number(m[3])];
  if (!date || hours > 23 || minutes > 59) return null;
  const time = `${String(hours).padStart(2, '0')}:${m[3]}`;
  return { date, time, business: hours < 12 ? 'opening' : 'close' };
}

/** The dates that place a line item in time: its job's receipt and destruction (ISO, or null). */
/**
 * An inventory is a count taken at a moment (21 CFR 1304.11(a): "a complete and accurate record of
 * all stocks … on hand on the date the inventory is taken"). One made more than a day after the moment
 * it is "as of" counts nothing: it is worked out from the records as they stand when it is made, and
 * says so on every page and wherever it is listed.
 */
export const INVENTORY_RECONSTRUCTED_AFTER_MS = 24 * 3600_000;

export function isReconstructedInventory(asOf: Date, generatedAt: Date): boolean {
  return generatedAt.getTime() - asOf.getTime() > INVENTORY_RECONSTRUCTED_AFTER_MS;
}

/** The label of a reconstructed inventory: `generatedOn` is when it was made (MM/DD/YYYY). */
export function reconstructedInventoryText(generatedOn: string): string {
  return `Reconstructed from the records on ${generatedOn}: not a count taken at that moment`;
}

export interface ItemDates {
  received: string | null;
  destroyed: string | null;
}

/**
 * Whether the item is on hand at the moment: received (before the day at the opening of business, on
 * or before it at the close) and not destroyed by then.
 */
export function isOnHandAt(item: ItemDates, at: InventoryMoment): boolean {
  if (!item.received) return false;
  const counted = (date: string) => (at.business === 'close' ? date <= at.date : date < at.date);
  return counted(item.received) && !(item.destroyed && counted(item.destroyed));
}

/**
 * How 21 CFR 1304.11(e)(3) lets an opened container be counted: Schedule I and II by an exact count or
 * measure; Schedule III–V by an estimated count or measure, unless the container holds more than 1,000
 * tablets or capsules, which are counted exactly. A sealed (full) package is counted by containers.
 */
export type CountBasis = 'sealed' | 'exact' | 'estimated';

const EXACT_SCHEDULES = new Set(['1', '1N', '2', '2N']);

export function inventoryCountBasis(schedule: string | null | undefined, opened: boolean, unitsInPackage: number | null | undefined, countedInUnits: boolean): CountBasis {
  if (!opened) return 'sealed';
  if (EXACT_SCHEDULES.has((schedule ?? '').trim().toUpperCase())) return 'exact';
  if (countedInUnits && (unitsInPackage ?? 0) > 1000) return 'exact';
  return 'estimated';
}

export const COUNT_BASIS_TEXT: Record<CountBasis, string> = {
  sealed: 'Sealed',
  exact: 'Exact count',
  estimated: 'Estimated count',
};

/** A line item as the accountability report places it. */
export interface AccountableItem extends ItemDates {
  id: number;
}

export type UnplacedReason = 'not-destroyed-after-30-days' | 'destroyed-without-receipt' | 'destroyed-before-receipt';

export interface Accountability {
  opening: number[];
  received: number[];
  destroyed: number[];
  closing: number[];
  /** Items the records cannot place, each once, with why. */
  unplaced: { id: number; reason: UnplacedReason }[];
}

export const UNPLACED_TEXT: Record<UnplacedReason, string> = {
  'not-destroyed-after-30-days': `Received more than ${DESTRUCTION_DEADLINE_DAYS} days before the end of the period and not destroyed (21 CFR 1317.15(c))`,
  'destroyed-without-receipt': 'Destroyed, but its job has no Date Received: where it came from is not on record',
  'destroyed-before-receipt': "Its job's Date Destroyed is before its Date Received",
};

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;

/**
 * Opening on hand + received − destroyed = closing on hand, for a period (ISO dates, both ends
 * included): opening is what was on hand at the close of the day before `from`, closing what is on
 * hand at the close of `to`. An item destroyed in the period without a receipt on record counts as
 * destroyed and is listed as unplaced, as is one destroyed before it was received and one still on
 * hand more than 30 days after its receipt at the end of the period. The arithmetic holds by
 * construction for every placed item; the unplaced ones are what an inspector asks about.
 */
export function accountability(items: readonly AccountableItem[], period: { from: string; to: string }): Accountability {
  const result: Accountability = { opening: [], received: [], destroyed: [], closing: [], unplaced: [] };
  const dayBefore = new Date((dayNumber(period.from) - 1) * DAY_MS).toISOString().slice(0, 10);
  const openingAt: InventoryMoment = { date: dayBefore, time: '23:59', business: 'close' };
  const closingAt: InventoryMoment = { date: period.to, time: '23:59', business: 'close' };
  const within = (date: string | null) => date !== null && date >= period.from && date <= period.to;
  for (const item of items) {
    if (item.received && item.destroyed && item.destroyed < item.received) {
      if (within(item.received) || within(item.destroyed)) result.unplaced.push({ id: item.id, reason: 'destroyed-before-receipt' });
      continue;
    }
    if (!item.received) {
      if (within(item.destroyed)) result.unplaced.push({ id: item.id, reason: 'destroyed-without-receipt' });
      continue;
    }
    if (isOnHandAt(item, openingAt)) result.opening.push(item.id);
    if (within(item.received)) result.received.push(item.id);
    if (within(item.destroyed)) result.destroyed.push(item.id);
    if (isOnHandAt(item, closingAt)) {
      result.closing.push(item.id);
      if (dayNumber(period.to) - dayNumber(item.received) > DESTRUCTION_DEADLINE_DAYS) result.unplaced.push({ id: item.id, reason: 'not-destroyed-after-30-days' });
    }
  }
  return result;
}

/** A line item as the accountability per NDC counts it: its packages and its units in the NDC's unit. */
export interface NdcAccountableItem {
  id: number;
  ndc: string;
  description: string;
  /** Packages (containers of the NDC, full or opened): a trade pack's Pack Quantity; one for a bulk item. */
  packages: number | null;
  /** Its Reporting Qty (units, mL or the bulk amount) and that quantity's unit (U, D, K, mL, L, g, mg…). */
  reportingQty: number | null;
  reportingUoM: string | null;
}

export interface NdcQuantity {
  packages: number;
  units: number;
}

export interface NdcAccountability {
  ndc: string;
  description: string;
  /** What `units` counts: dosage units, mL, or g. */
  unit: string;
  opening: NdcQuantity;
  received: NdcQuantity;
  destroyed: NdcQuantity;
  closing: NdcQuantity;
  /** Opening + received − destroyed = closing, in packages and in units. */
  balanced: boolean;
  /** Items whose quantity is not on record (no Pack Quantity or Reporting Qty), or is in another kind of unit: counted as none. */
  uncounted: number;
}

/** A quantity in the NDC's base unit: dosage units (U, D ×12, K ×1,000), mL (L ×1,000) or g (µg…kg). */
const BASE_UNITS: Record<string, { unit: string; factor: number }> = {
  U: { unit: 'dosage units', factor: 1 },
  D: { unit: 'dosage units', factor: 12 },
  K: { unit: 'dosage units', factor: 1000 },
  ML: { unit: 'mL', factor: 1 },
  L: { unit: 'mL', factor: 1000 },
  MCG: { unit: 'g', factor: 0.000001 },
  MG: { unit: 'g', factor: 0.001 },
  G: { unit: 'g', factor: 1 },
  KG: { unit: 'g', factor: 1000 },
};

const exactSum = (a: number, b: number) => Number((a + b).toPrecision(12));

/**
 * Accountability per NDC (docs/dea-paperwork.md "Inventory and accountability"): the drug code's
 * figures — opening on hand, received, destroyed, closing on hand — for each NDC, in packages and in
 * units (dosage units, mL or grams, D and K counted out), beside the drug code's grams of base. Every
 * placed item counts in each figure it is in (`accountability`), so each NDC balances by construction;
 * `balanced` says so, and an item whose quantity is not on record is counted as `uncounted`.
 */
export function accountabilityByNdc(items: readonly NdcAccountableItem[], result: Pick<Accountability, 'opening' | 'received' | 'destroyed' | 'closing'>): NdcAccountability[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  const rows = new Map<string, NdcAccountability>();
  const zero = (): NdcQuantity => ({ packages: 0, units: 0 });
  const uncounted = new Map<string, Set<number>>();
  for (const figure of ['opening', 'received', 'destroyed', 'closing'] as const) {
    for (const id of result[figure]) {
      const item = byId.get(id);
      if (!item) continue;
      const base = BASE_UNITS[(item.reportingUoM ?? '').trim().toUpperCase()];
      let row = rows.get(item.ndc);
      if (!row) {
        row = { ndc: item.ndc, description: item.description, unit: base?.unit ?? (item.reportingUoM ?? '').trim(), opening: zero(), received: zero(), destroyed: zero(), closing: zero(), balanced: true, uncounted: 0 };
        rows.set(item.ndc, row);
      }
      // A quantity not on record, or in a unit of another kind than the NDC's first (mL beside tablets).
      if (item.packages === null || item.reportingQty === null || !base || base.unit !== row.unit) {
        const missing = uncounted.get(item.ndc) ?? new Set<number>();
        missing.add(item.id);
        uncounted.set(item.ndc, missing);
        continue;
      }
      row[figure] = { packages: exactSum(row[figure].packages, item.packages), units: exactSum(row[figure].units, item.reportingQty * base.factor) };
    }
  }
  const balances = (q: keyof NdcQuantity, row: NdcAccountability) => Math.abs(row.opening[q] + row.received[q] - row.destroyed[q] - row.closing[q]) < 1e-6;
  return [...rows.values()]
    .map((row) => ({ ...row, uncounted: uncounted.get(row.ndc)?.size ?? 0, balanced: balances('packages', row) && balances('units', row) }))
    .sort((a, b) => (a.ndc < b.ndc ? -1 : a.ndc > b.ndc ? 1 : 0));
}

/**
 * One line item as an inventory counted it: kept with the inventory (its counted lines), so that a
 * later change of the records shows as a difference against the count, never as a silent rewrite of
 * what the inventory said (21 CFR 1304.11(a), 1304.04: the record is kept as it was taken).
 */
export interface InventoryCountLine {
  lineItemId: number;
  /** A Yellow Bucket line item (its screen is another). */
  yellowBucket: boolean;
  ndc: string;
  description: string;
  schedule: string;
  packQuantity: number | null;
  packSize: number | null;
  packSizeUoM: string;
  /** A fraction, 1 = 100 %. */
  percentFill: number | null;
  gramsOfBase: number | null;
}

/** The fields of a counted line that a change of the records can make differ, with their labels. */
export const INVENTORY_COUNT_FIELDS = [
  ['ndc', 'NDC'],
  ['schedule', 'Schedule'],
  ['packQuantity', 'Pack Quantity'],
  ['packSize', 'Pack Size'],
  ['packSizeUoM', 'UoM'],
  ['percentFill', 'Percent Fill'],
  ['gramsOfBase', 'Grams of base'],
] as const satisfies readonly (readonly [keyof InventoryCountLine, string])[];

export interface InventoryLineChange {
  field: (typeof INVENTORY_COUNT_FIELDS)[number][1];
  counted: string;
  now: string;
}

export interface InventoryDifferences {
  /** On hand at the moment as the records now say, not counted: a late entry, or a changed date. */
  notCounted: InventoryCountLine[];
  /** Counted, no longer on hand at that moment in the records: deleted, or its dates corrected. */
  noLongerOnHand: InventoryCountLine[];
  /** Counted and still on hand, with other figures now. */
  changed: { line: InventoryCountLine; changes: InventoryLineChange[] }[];
}

const countText = (value: string | number | null): string => {
  if (value === null || value === '') return '';
  if (typeof value === 'number') return String(Math.round(value * 1e6) / 1e6);
  return value.trim().toUpperCase();
};

/**
 * What differs between an inventory's counted lines and the line items on hand at its moment as the
 * records give them now, by line item: none of the three lists has anything when the inventory still
 * says what the records say.
 */
export function inventoryDifferences(counted: readonly InventoryCountLine[], now: readonly InventoryCountLine[]): InventoryDifferences {
  const nowById = new Map(now.map((line) => [line.lineItemId, line]));
  const countedIds = new Set(counted.map((line) => line.lineItemId));
  const result: InventoryDifferences = { notCounted: [], noLongerOnHand: [], changed: [] };
  for (const line of counted) {
    const current = nowById.get(line.lineItemId);
    if (!current) {
      result.noLongerOnHand.push(line);
      continue;
    }
    const changes = INVENTORY_COUNT_FIELDS.flatMap(([key, field]) => {
      const show = (value: string | number | null) => (key === 'percentFill' ? formatPercent(value) : countText(value));
      const [was, is] = [show(line[key]), show(current[key])];
      return was === is ? [] : [{ field, counted: was, now: is }];
    });
    if (changes.length) result.changed.push({ line: current, changes });
  }
  for (const line of now) if (!countedIds.has(line.lineItemId)) result.notCounted.push(line);
  const byId = (a: { lineItemId: number }, b: { lineItemId: number }) => a.lineItemId - b.lineItemId;
  result.notCounted.sort(byId);
  result.noLongerOnHand.sort(byId);
  result.changed.sort((a, b) => byId(a.line, b.line));
  return result;
}

/** How many lines differ in all. */
export function inventoryDifferenceCount(differences: InventoryDifferences): number {
  return differences.notCounted.length + differences.noLongerOnHand.length + differences.changed.length;
}
