import { CONTROLLED_SCHEDULES } from '../catalogue/schedules.ts';
import { GRAMS_PER_UNIT } from '../catalogue/units.ts';
import { bulkAmountDestroyed, computeQuantities, isControlledSchedule, reportedPurity, type NdcFacts } from './line-item-quantities.ts';
import type { BulkKind } from '../catalogue/ndc-kinds.ts';
import { isBulkNdc } from './line-items.ts';
import { form41Gaps } from './record-completeness.ts';

/**
 * The rows of DEA Form 41 section B ("Items destroyed", part 1 "Inventory") built from a job's line
 * items, and the totals per schedule printed after them. Pure; docs/form-41.md tells which record
 * fills which column and where the form's instructions say so.
 *
 * The form's instructions (Form DEA-41, section E, instruction 2):
 * - NDC, or the DEA Controlled Substances Code Number when the substance has no NDC (a bulk `**`
 *   item); the batch number of a bulk substance;
 * - name, strength and form; the number of units in a full package (pkg. qty.);
 * - the number of full packages destroyed; the count destroyed from partial packages;
 * - a bulk substance: "Bulk" in the form column and its weight;
 * - the total destroyed.
 */

export type { Form41LineItem } from './form-41-item.ts';
import type { Form41LineItem } from './form-41-item.ts';

export interface Form41Row {
  /** NDC, or for a bulk item the DEA controlled substance code. */
  code: string;
  batch: string;
  name: string;
  strength: string;
  form: string;
  /** Units in a full package ("100"), or for a bulk item the amount as weighed or counted. */
  packageQuantity: string;
  /** Full packages destroyed ("N/A" for bulk). */
  fullPackages: string;
  /** Units destroyed from partial packages ("N/A" for bulk). */
  partialCount: string;
  /**
   * Total destroyed with its unit ("340 tablets"); a bulk item's as weighed, counted or measured
   * ("1,180 g"), its grams of base drug in `base`. "" when a quantity is missing.
   */
  total: string;
  /** A bulk row's grams of base drug ("590 g"), "" when unknown; "" for packages. */
  base: string;
  schedule: string;
  /** The total as a number in `unit`, for the totals; null when a quantity is missing. */
  amount: number | null;
  unit: string;
  bulk: boolean;
  /** How many line items the row stands for. */
  lineItems: number;
}

export interface Form41ScheduleTotal {
  schedule: string;
  /** One entry per unit, in the order they first appear: "1,234 tablets", "90 mL", "22.5 g". */
  amounts: { amount: number; unit: string; text: string }[];
  rows: number;
}

export interface Form41Rows {
  rows: Form41Row[];
  /**
   * Positions (0-based, in the input) of the line items left off the form: not a controlled substance
   * (schedule NC, List I chemicals LC, or none). Form 41 records controlled substances destroyed.
   */
  leftOut: number[];
  totals: Form41ScheduleTotal[];
  /** Positions (0-based, in the input) of the line items whose quantity cannot be computed. */
  incomplete: number[];
}

/** Counts and weights carry at most six decimals: what a float sum adds beyond that is noise. */
const clean = (n: number) => Math.round(n * 1e6) / 1e6;

export function formatAmount(n: number): string {
  return clean(n).toLocaleString('en-US', { maximumFractionDigits: 6 });
}

/** Units counted in packages of these UoMs are dosage units (D and K only say how ARCOS reports them). */
const COUNT_UOMS = new Set(['U', 'D', 'K', 'EA']);

/** The unit a count is in: the dosage form's plural ("tablets") when it is a countable one. */
const COUNTABLE_FORMS: Record<string, string> = {
  TABLET: 'tablets',
  CAPSULE: 'capsules',
  PATCH: 'patches',
  FILM: 'films',
  LOZENGE: 'lozenges',
  SUPPOSITORY: 'suppositories',
  TROCHE: 'troches',
  VIAL: 'vials',
  AMPULE: 'ampules',
  CARTRIDGE: 'cartridges',
  SYRINGE: 'syringes',
};

export function countUnit(form: string | null | undefined): string {
  const word = (form ?? '').trim().toUpperCase().split(/[\s,]+/)[0] ?? '';
  return COUNTABLE_FORMS[word] ?? COUNTABLE_FORMS[word.replace(/S$/, '')] ?? 'units';
}

/** The unit a package's contents are counted in on the form: dosage units, or the UoM itself (mL, g). */
function packageUnit(item: Form41LineItem): string {
  const uom = (item.packSizeUoM ?? '').trim();
  if (!uom || COUNT_UOMS.has(uom.toUpperCase())) return countUnit(item.form);
  return uom.toUpperCase() === 'ML' ? 'mL' : uom;
}

const text = (v: string | null | undefined) => (v ?? '').trim();
const orNA = (v: string | null | undefined) => text(v) || 'N/A';

interface Group {
  row: Form41Row;
  fullPackages: number;
  partialCount: number;
  missing: boolean;
}

/**
 * One row per NDC and lot (and package size: a row has one pkg. qty.), in the order the items come;
 * bulk items one row per substance code, NDC and batch. Partial packages (fill under 100 %) add their
 * units to the partial count; a bulk item adds its grams of base, as computeQuantities gives them.
 */
export function buildForm41Rows(items: readonly Form41LineItem[]): Form41Rows {
  const groups = new Map<string, Group>();
  const incomplete: number[] = [];
  const leftOut: number[] = [];
  const baseGrams = new Map<Group, number | null>();
  items.forEach((item, index) => {
    const schedule = text(item.schedule);
    if (!isControlledSchedule(schedule)) {
      leftOut.push(index);
      return;
    }
    const bulk = isBulkNdc(item.ndc);
    if (bulk) {
      const facts: NdcFacts = { ndc: item.ndc, bulkKind: item.bulkKind, ingredientBaseWeight: item.ingredientBaseWeight, density: item.density };
      const input = { packQuantity: item.packQuantity, packSize: item.packSize, packSizeUoM: item.packSizeUoM, percentFill: item.percentFill };
      const grams = computeQuantities(facts, input).gramsOfBase;
      const destroyed = bulkAmountDestroyed(facts, input);
      if (destroyed === null || form41Gaps(item).length) incomplete.push(index);
      const uom = text(item.packSizeUoM);
      const counted = COUNT_UOMS.has(uom.toUpperCase());
      const measured = item.packSize === null ? '' : `${formatAmount(item.packSize)} ${counted ? countUnit(item.form) : uom}`.trim();
      const reported = reportedPurity(item.percentFill);
      const purity = item.percentFill !== null && reported !== 1 && !counted && item.bulkKind !== 'solution' ? ` at ${formatAmount(reported * 100)}%` : '';
      const unit = destroyed === null ? '' : destroyed.unit === 'units' ? countUnit(item.form) : destroyed.unit;
      const key = `bulk|${item.drugCode ?? ''}|${item.ndc}|${text(item.lot)}|${unit}`;
      let group = groups.get(key);
      if (!group) {
        group = {
          row: {
            code: text(item.drugCode) || item.ndc,
            batch: orNA(item.lot),
            name: text(item.name),
            strength: orNA(item.strength),
            form: 'Bulk',
            packageQuantity: '',
            fullPackages: 'N/A',
            partialCount: 'N/A',
            total: '',
            base: '',
            schedule,
            amount: 0,
            unit,
            bulk: true,
            lineItems: 0,
          },
          fullPackages: 0,
          partialCount: 0,
          missing: false,
        };
        groups.set(key, group);
        baseGrams.set(group, 0);
      }
      const row = group.row;
      row.packageQuantity = row.packageQuantity ? `${row.packageQuantity}; ${measured}${purity}` : `${measured}${purity}`;
      row.lineItems += 1;
      if (destroyed === null) group.missing = true;
      else row.amount = clean((row.amount ?? 0) + destroyed.amount);
      const soFar = baseGrams.get(group);
      baseGrams.set(group, grams === null || soFar === null || soFar === undefined ? null : clean(soFar + grams));
      return;
    }

    const packs = item.packQuantity;
    const size = item.packSize;
    const fill = item.percentFill ?? 1;
    const unit = packageUnit(item);
    if (form41Gaps(item).length) incomplete.push(index);
    const key = `ndc|${item.ndc}|${text(item.lot)}|${size ?? ''}|${unit}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        row: {
          code: item.ndc,
          batch: orNA(item.lot),
          name: text(item.name),
          strength: orNA(item.strength),
          form: text(item.form),
          packageQuantity: size === null ? '' : formatAmount(size),
          fullPackages: '',
          partialCount: '',
          total: '',
          base: '',
          schedule,
          amount: 0,
          unit,
          bulk: false,
          lineItems: 0,
        },
        fullPackages: 0,
        partialCount: 0,
        missing: false,
      };
      groups.set(key, group);
    }
    group.row.lineItems += 1;
    if (packs === null || size === null) {
      group.missing = true;
      return;
    }
    if (fill === 1) group.fullPackages = clean(group.fullPackages + packs);
    else group.partialCount = clean(group.partialCount + packs * size * fill);
    group.row.amount = clean((group.row.amount ?? 0) + packs * size * fill);
  });

  const rows = [...groups.values()].map((group) => {
    const { row, fullPackages, partialCount, missing } = group;
    const grams = baseGrams.get(group);
    const base = row.bulk && grams !== null && grams !== undefined && !missing ? `${formatAmount(grams)} g` : '';
    if (missing) return { ...row, amount: null, total: '', base: '', fullPackages: row.bulk ? 'N/A' : '', partialCount: row.bulk ? 'N/A' : '' };
    const amount = row.amount ?? 0;
    const total = `${formatAmount(amount)} ${row.unit}`;
    if (row.bulk) return { ...row, total: base ? `${total} (base ${base})` : total, base };
    return { ...row, fullPackages: formatAmount(fullPackages), partialCount: formatAmount(partialCount), total };
  });
  return { rows, leftOut, totals: scheduleTotals(rows), incomplete };
}

/** What the totals add up in: weights in grams, volumes in mL. */
const TOTAL_UNITS: Record<string, { unit: string; factor: number }> = {
  ...Object.fromEntries(Object.entries(GRAMS_PER_UNIT).map(([uom, grams]) => [uom, { unit: 'g', factor: grams }])),
  L: { unit: 'mL', factor: 1000 },
  ML: { unit: 'mL', factor: 1 },
};

function scheduleTotals(rows: readonly Form41Row[]): Form41ScheduleTotal[] {
  const bySchedule = new Map<string, Form41ScheduleTotal>();
  for (const row of rows) {
    const schedule = row.schedule || 'Unknown';
    let total = bySchedule.get(schedule);
    if (!total) {
      total = { schedule, amounts: [], rows: 0 };
      bySchedule.set(schedule, total);
    }
    total.rows += 1;
    if (row.amount === null) continue;
    // Weights add up in grams and volumes in mL, whatever unit each row was measured in.
    const scale = TOTAL_UNITS[row.unit.toUpperCase()];
    const unit = scale ? scale.unit : row.unit;
    const amount = scale ? clean(row.amount * scale.factor) : row.amount;
    const entry = total.amounts.find((a) => a.unit === unit);
    if (entry) entry.amount = clean(entry.amount + amount);
    else total.amounts.push({ amount, unit, text: '' });
  }
  const rank = (s: string) => {
    // The schedules in the order the law lists them; others (LC, NC, unknown) after, as they come.
    const i = (CONTROLLED_SCHEDULES as readonly string[]).indexOf(s.toUpperCase());
    return i === -1 ? CONTROLLED_SCHEDULES.length : i;
  };
  return [...bySchedule.values()]
    .sort((a, b) => rank(a.schedule) - rank(b.schedule))
    .map((t) => ({ ...t, amounts: t.amounts.map((a) => ({ ...a, text: `${formatAmount(a.amount)} ${a.unit}` })) }));
}

/** What a final Form 41 or Certificate of Destruction needs from the job: the names of what is missing. */
export interface Form41Destruction {
  dateDestroyed: string | null;
  disposalMethod: string | null;
  destructionFacility: string | null;
  destructionFacilityAddress: string | null;
  witness1: string | null;
  witness2: string | null;
}

export function missingDestructionFields(record: Form41Destruction): string[] {
  const missing: string[] = [];
  if (!text(record.dateDestroyed)) missing.push('Date Destroyed');
  if (!text(record.disposalMethod)) missing.push('Disposal Method');
  if (!text(record.destructionFacility)) missing.push('Destruction Facility');
  if (!text(record.destructionFacilityAddress)) missing.push('Destruction Facility Address');
  if (!text(record.witness1)) missing.push('Destruction Witness 1');
  if (!text(record.witness2)) missing.push('Destruction Witness 2');
  return missing;
}

/** The Report Type values a company may have ticked (002_records.sql), and the documents two of them name. */
export const REPORT_TYPE_DOCUMENTS = { '41': 'form-41', COD: 'certificate' } as const;
export type JobDocumentKind = (typeof REPORT_TYPE_DOCUMENTS)[keyof typeof REPORT_TYPE_DOCUMENTS];

/**
 * The job documents in the order the job view offers them: those the company's Report Type ticks
 * first (its primary actions), then the others (its menu). `reportType` is the carriage-return
 * separated field.
 */
export function jobDocumentOrder(reportType: string | null | undefined): { primary: JobDocumentKind[]; others: JobDocumentKind[] } {
  const ticked = new Set((reportType ?? '').split(/\r\n|\r|\n/).map((s) => s.trim()));
  const all = Object.entries(REPORT_TYPE_DOCUMENTS) as [keyof typeof REPORT_TYPE_DOCUMENTS, JobDocumentKind][];
  return {
    primary: all.filter(([type]) => ticked.has(type)).map(([, kind]) => kind),
    others: all.filter(([type]) => !ticked.has(type)).map(([, kind]) => kind),
  };
}
