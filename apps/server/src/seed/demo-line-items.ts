import { GRAMS_PER_UNIT, ORDER_FORM_SCHEDULES } from '@3ds/domain';
import type { NewLineItem } from '../db/tables/line-items.table.ts';
import type { RecordKind } from '../db/tables/record-columns.ts';
import { momentAt } from './calendar.ts';
import type { SeedContainer } from './demo-containers.ts';
import type { SeedNdcEntry } from './ndc-dictionary.ts';
import { SeededRandom } from './random.ts';
import { BULK_SHARE, CAUSES, SOURCE_PROFILE, SOURCES } from './seed-choices.ts';

/** An item's lock: its own (LOCK_LINE_ITEM) or its container's cascade. */
const ownLock = (containerLocked: boolean, lockedOnItsOwn: boolean) => ({ locked: containerLocked || lockedOnItsOwn, locked_own: lockedOnItsOwn });

export const DEMO_LINE_ITEM_COUNTS = { standard: 4300, yellow_bucket: 700 } as const;

/** Schedules whose transfer needs a DEA Form 222 (21 CFR 1305.03). */
const FORM_222_SCHEDULES: ReadonlySet<string> = new Set(ORDER_FORM_SCHEDULES);

/** Rounds away floating-point noise; quantities are kept to 6 decimal places. */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** The computed fields of a line item (docs/dea-paperwork.md "Computations"). */
interface Quantities {
  pack_quantity: number;
  pack_size: number;
  pack_size_uom: string;
  percent_fill: number;
  reporting_qty: number;
  reporting_uom: string;
  grams_of_base: number | null;
  converted_to_base: number | null;
  bulk_pack_size: number | null;
  bulk_pack_size_uom: string | null;
}

/** Unit counts below a full package whose fraction of it has at most four decimals (e.g. 40 of 100). */
function wholeUnitFills(packSize: number): number[] {
  const counts: number[] = [];
  for (let units = 1; units < packSize; units += 1) if ((units * 10_000) % packSize === 0) counts.push(units);
  return counts;
}

/**
 * A complete NDC (trade pack): reportingQty = packQty × packSize × percentFill in the pack-size unit,
 * in dozens or thousands when that is the UoM; gramsOfBase = packQty × percentFill × base weight.
 * Partial packages are one package at a fill whose count of units is whole (ARCOS reports whole
 * numbers).
 */
function tradePackQuantities(rng: SeededRandom, entry: SeedNdcEntry, yellowBucket: boolean): Quantities {
  const packSize = entry.package_size!;
  let uom = entry.package_size_uom!;
  let packQty: number;
  let fill = 1;
  const partialCounts = rng.chance(0.2) ? wholeUnitFills(packSize) : [];
  if (partialCounts.length > 0) {
    packQty = 1;
    fill = Number((rng.pick(partialCounts) / packSize).toFixed(4));
  } else {
    const [min, max] = yellowBucket
      ? rng.weighted([[[1, 2], 70], [[3, 6], 30]] as const)
      : rng.weighted([[[1, 3], 60], [[4, 12], 30], [[13, 48], 10]] as const);
    packQty = rng.int(min, max);
    // Thousands and dozens only for whole packages of a matching size (percent fill is then fixed at 1).
    if (uom === 'U' && packSize % 1000 === 0 && rng.chance(0.4)) uom = 'K';
    else if (uom === 'U' && packSize % 12 === 0 && rng.chance(0.5)) uom = 'D';
  }
  const units = packQty * packSize * fill;
  const reportingQty = uom === 'K' ? units / 1000 : uom === 'D' ? units / 12 : units;
  const baseWeight = entry.ingredient_base_weight;
  return {
    pack_quantity: packQty,
    pack_size: packSize,
    pack_size_uom: uom,
    percent_fill: fill,
    reporting_qty: round6(reportingQty),
    reporting_uom: uom,
    grams_of_base: baseWeight === null ? null : round6(packQty * fill * baseWeight),
    converted_to_base: null,
    bulk_pack_size: null,
    bulk_pack_size_uom: null,
  };
}

/**
 * A bulk NDC (`**`), one lot per line item (pack quantity 1):
 * - dosage form / solution: gramsOfBase = units (tablets or mL) × base weight per unit; fill stays 1;
 * - raw powder or liquid: gramsOfBase = amount × unit factor (µg…kg; mL and L by density) × purity,
 *   where percent_fill is the purity. converted_to_base holds the amount in grams before purity, and a
 *   quarter of the raw powders were weighed in kg and converted to g with the unit converter
 *   (bulk_pack_size and its UoM keep what was entered).
 * reporting_qty is the amount in the pack-size unit (purity is reported beside it).
 */
function bulkQuantities(rng: SeededRandom, entry: SeedNdcEntry): Quantities {
  const base: Omit<Quantities, 'pack_size' | 'pack_size_uom' | 'percent_fill' | 'grams_of_base' | 'converted_to_base'> = {
    pack_quantity: 1,
    reporting_qty: 0,
    reporting_uom: '',
    bulk_pack_size: null,
    bulk_pack_size_uom: null,
  };
  if (entry.bulk_dosage_formulation || entry.bulk_solution) {
    const units = entry.bulk_dosage_formulation ? rng.int(1, 200) * 100 : rng.int(100, 20_000);
    const uom = entry.bulk_dosage_formulation ? 'U' : 'mL';
    return {
      ...base,
      pack_size: units,
      pack_size_uom: uom,
      percent_fill: 1,
      reporting_qty: units,
      reporting_uom: uom,
      grams_of_base: round6(units * entry.ingredient_base_weight!),
      converted_to_base: null,
    };
  }
  if (entry.bulk_raw_liquid) {
    const inLitres = rng.chance(0.2);
    const amount = inLitres ? rng.int(10, 200) / 10 : rng.int(10, 5000);
    const uom = inLitres ? 'L' : 'mL';
    const grams = amount * (inLitres ? 1000 : 1) * entry.density!;
    const purity = rng.int(50, 100) / 100;
    return {
      ...base,
      pack_size: amount,
      pack_size_uom: uom,
      percent_fill: purity,
      reporting_qty: amount,
      reporting_uom: uom,
      grams_of_base: round6(grams * purity),
      converted_to_base: round6(grams),
    };
  }
  const purity = rng.int(90, 102) / 100;
  if (rng.chance(0.25)) {
    const kilograms = rng.int(100, 2500) / 100;
    const grams = round6(kilograms * 1000);
    return {
      ...base,
      pack_size: grams,
      pack_size_uom: 'g',
      percent_fill: purity,
      reporting_qty: grams,
      reporting_uom: 'g',
      grams_of_base: round6(grams * purity),
      converted_to_base: grams,
      bulk_pack_size: kilograms,
      bulk_pack_size_uom: 'kg',
    };
  }
  const uom = rng.weighted([['g', 75], ['mg', 25]] as const);
  const amount = uom === 'g' ? rng.int(10, 25_000) / 10 : rng.int(50, 50_000);
  const grams = amount * GRAMS_PER_UNIT[uom.toUpperCase()]!;
  return {
    ...base,
    pack_size: amount,
    pack_size_uom: uom,
    percent_fill: purity,
    reporting_qty: amount,
    reporting_uom: uom,
    grams_of_base: round6(grams * purity),
    converted_to_base: round6(grams),
  };
}

function lotNumber(rng: SeededRandom): string {
  return `${rng.letter()}${rng.letter()}${rng.digits(4)}${rng.chance(0.5) ? rng.letter() : ''}`;
}

export interface DemoDictionary {
  tradePacks: readonly SeedNdcEntry[];
  bulk: readonly SeedNdcEntry[];
}

/**
 * 4,300 standard and 700 Yellow Bucket line items spread over the containers (a few stay empty),
 * with NDCs the job's registration supports, a snapshot of the dictionary entry, and quantities,
 * reporting quantity and grams of base computed as the server does. Form 222 numbers on Schedule
 * I/II items (a form has ten lines); the job's CWF number once it is destroyed.
 */
export function buildLineItems(containers: readonly SeedContainer[], dictionary: DemoDictionary): (NewLineItem & { id: number })[] {
  const rng = new SeededRandom(0x11_7e_35);
  const countFor = new Map<SeedContainer, number>();
  for (const kind of ['standard', 'yellow_bucket'] as const satisfies readonly RecordKind[]) {
    const filled = containers.filter((c) => c.row.kind === kind && !rng.chance(0.03));
    const counts = rng.spread(DEMO_LINE_ITEM_COUNTS[kind], filled.length, 1);
    filled.forEach((c, k) => countFor.set(c, counts[k]!));
  }

  const forms222 = new Map<number, { number: string; lines: number }>();
  const items: (NewLineItem & { id: number })[] = [];
  for (const container of containers) {
    const count = countFor.get(container) ?? 0;
    const job = container.job;
    const registration = job.registration;
    const profile = SOURCE_PROFILE[registration.company.fixture.kind];
    const yellowBucket = container.row.kind === 'yellow_bucket';
    for (let k = 0; k < count; k += 1) {
      let entry: SeedNdcEntry;
      let tries = 0;
      do {
        const pool = rng.chance(BULK_SHARE[profile]) ? dictionary.bulk : dictionary.tradePacks;
        entry = rng.pick(pool);
        tries += 1;
      } while (!registration.schedules.has(entry.schedule) && tries < 50);
      const bulk = entry.ndc.endsWith('**');
      const quantities = bulk ? bulkQuantities(rng, entry) : tradePackQuantities(rng, entry, yellowBucket);

      let form222: string | null = null;
      if (FORM_222_SCHEDULES.has(entry.schedule)) {
        let form = forms222.get(job.row.id);
        if (!form || form.lines === 10) {
          form = { number: `${rng.int(1, 9)}${rng.digits(8)}`, lines: 0 };
          forms222.set(job.row.id, form);
        }
        form.lines += 1;
        form222 = form.number;
      }
      const created = momentAt(container.day, Math.min(container.minute + k, 23 * 60 + 59));
      const createdBy = rng.pick(['admin', 'clerk'] as const);
      items.push({
        id: items.length + 1,
        kind: container.row.kind,
        container_id: container.row.id,
        job_id: job.row.id,
        ndc: entry.ndc,
        ndc_description: entry.trade_name,
        ndc_schedule: entry.schedule,
        strength: entry.strength ?? null,
        form: entry.form ?? null,
        source: rng.weighted(SOURCES[profile]),
        source_number: `${rng.pick(['RA', 'INV', 'WO', 'DS'])}-${rng.digits(6)}`,
        lot_number: lotNumber(rng),
        cause: rng.weighted(CAUSES[profile]),
        pack_quantity_uom: null,
        zi_package_size: null,
        ...quantities,
        bulk_stage: null,
        form_222_number: form222,
        // The register's form and line: buildOrderForms (demo-order-forms.ts) fills them in.
        order_form_id: null,
        order_form_line: null,
        cwf_form_number: job.row.cwf_number ?? null,
        // A few items are locked on their own; a locked container's cascade locks the rest.
        ...ownLock(container.row.locked, rng.chance(0.04)),
        package_size_density: bulk ? (entry.density ?? null) : null,
        avg_tablet_weight: entry.avg_tablet_weight ?? null,
        avg_tablet_weight_unit: entry.avg_tablet_weight_unit ?? null,
        labeler_organization: entry.labeler_organization ?? null,
        line_type: null,
        created_at: created,
        created_by: createdBy,
        modified_at: created,
        modified_by: createdBy,
      });
    }
  }
  return items;
}
