import { readFile } from 'node:fs/promises';
import type { NewNdcDictionaryEntry } from '../db/tables/ndc-dictionary.table.ts';
import { parseCsvRecords } from '../files/csv.ts';

const CSV_URL = new URL('./data/ndc-dictionary.csv', import.meta.url);

/** The source's currency date (CDC compilation, NDCs current to 2017-08-10): the entries' Date Created. */
const SOURCE_DATE = '2017-08-10T12:00:00Z';

/**
 * Products withdrawn from the US market, marked "Removed From ARCOS" so that the ARCOS-only report
 * and the NDC selector have something to leave out: levomethadyl (ORLAAM, withdrawn 2003) and the
 * originator's propoxyphene packages (labeler 00002, withdrawn 2010). Our choice, not DEA's list.
 */
function isRemovedFromArcos(row: Record<string, string>): boolean {
  return row.drug_code === '9648' || (row.drug_code === '9278' && row.ndc!.startsWith('00002-'));
}

/** A dictionary entry as the seed needs it: insertable, with the derived package fields filled. */
export type SeedNdcEntry = NewNdcDictionaryEntry & {
  ndc: string;
  schedule: string;
  trade_name: string;
  package_size: number | null;
  package_size_uom: string | null;
  ingredient_base_weight: number | null;
};

interface PackRule {
  sizes: readonly number[];
  uom: 'U' | 'mL';
  noun: string;
  container: string;
  /** Grams of the controlled substance in one package of `size` units. */
  baseWeight(amount: number, size: number): number;
}

const DOSAGE_UNIT_UOMS = 'U\rD\rK';
const LIQUID_UOMS = 'mL\rL';

/**
 * The CSV (CDC MME 2017, see data/PROVENANCE.md) has no package size, unit, description or base
 * weight. We DERIVE them, deterministically from the NDC, form and strength, so the dictionary can
 * drive the line-item computations. They are plausible, not real:
 * - tablets and capsules: a bottle of 30, 60, 90, 100, 500 or 1000 units (100 most often), UoM U;
 * - oral liquids: 118 or 473 mL (concentrates of 10 mg/mL or more: 15 or 30 mL), nasal sprays 5 mL;
 * - patches: 5 or 10 per carton; lozenges and films: 30 or 60; suppositories: 12; rectal gel: 2;
 *   sprays dosed in mcg: 8 sprays; the implant: 4 per kit;
 * - base weight (grams of base per package) = strength × units, the salt-to-base factor taken as 1
 *   (DEA's factors are not public data): mg × units / 1000; mg/mL × mL / 1000; mcg × units / 10^6;
 *   patches (mcg/hr) are counted at 72 hours of delivery per patch.
 * The one strength without a unit (PROBUPHINE "74.2") is read as mg, which it is.
 */
function packRule(form: string, unit: string): PackRule {
  const perMg = (amount: number, size: number) => (amount * size) / 1000;
  const perMcg = (amount: number, size: number) => (amount * size) / 1_000_000;
  if (unit === 'MG/ML') {
    if (/spray/i.test(form)) return { sizes: [5], uom: 'mL', noun: 'mL', container: 'BOTTLE, SPRAY', baseWeight: perMg };
    return { sizes: [118, 473], uom: 'mL', noun: 'mL', container: 'BOTTLE', baseWeight: perMg };
  }
  if (unit === 'MCG/HR') {
    return {
      sizes: [5, 10],
      uom: 'U',
      noun: 'PATCH',
      container: 'CARTON',
      baseWeight: (amount, size) => perMcg(amount * 72, size),
    };
  }
  if (unit === 'MCG/SPRAY') return { sizes: [8], uom: 'U', noun: 'SPRAY', container: 'BOTTLE, SPRAY', baseWeight: perMcg };
  const baseWeight = unit === 'MCG' ? perMcg : perMg;
  if (/^(tablet|capsule)/i.test(form)) {
    return { sizes: [30, 60, 90, 100, 100, 100, 500, 1000], uom: 'U', noun: /^tablet/i.test(form) ? 'TABLET' : 'CAPSULE', container: 'BOTTLE', baseWeight };
  }
  if (/^lozenge/i.test(form)) return { sizes: [30, 60], uom: 'U', noun: 'LOZENGE', container: 'CARTON', baseWeight };
  if (/^film/i.test(form)) return { sizes: [30, 60], uom: 'U', noun: 'FILM', container: 'CARTON', baseWeight };
  if (/^suppository/i.test(form)) return { sizes: [12], uom: 'U', noun: 'SUPPOSITORY', container: 'BOX', baseWeight };
  if (/^gel/i.test(form)) return { sizes: [2], uom: 'U', noun: 'APPLICATOR', container: 'PACKAGE', baseWeight };
  if (/^implant/i.test(form)) return { sizes: [4], uom: 'U', noun: 'IMPLANT', container: 'KIT', baseWeight };
  return { sizes: [30], uom: 'U', noun: 'UNIT', container: 'PACKAGE', baseWeight };
}

/** FNV-1a: a stable hash of the NDC, so an entry's derived pack size never depends on row order. */
function stableHash(text: string): number {
  let h = 0x811c9dc5;
  for (let k = 0; k < text.length; k += 1) {
    h ^= text.charCodeAt(k);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Rounds away floating-point noise (grams to 10 decimal places is far below a microgram). */
function roundGrams(value: number): number {
  return Number(value.toFixed(10));
}

export function deriveDictionaryEntry(row: Record<string, string>): SeedNdcEntry {
  const ndc = row.ndc!;
  const form = row.form ?? '';
  const strengthMatch = /^([0-9.]+)\s*(.*)$/.exec(row.strength ?? '');
  const amount = strengthMatch ? Number(strengthMatch[1]) : NaN;
  const unit = strengthMatch?.[2] || 'MG';
  const rule = packRule(form, unit);
  // Concentrated oral liquids come in small bottles.
  const sizes = rule.uom === 'mL' && rule.sizes.length > 1 && amount >= 10 ? [15, 30] : rule.sizes;
  const size = sizes[stableHash(ndc) % sizes.length]!;
  return {
    ndc,
    schedule: row.schedule!,
    trade_name: row.trade_name!,
    strength: row.strength || null,
    package_size: size,
    package_size_uom: rule.uom,
    uom_value_list: rule.uom === 'mL' ? LIQUID_UOMS : DOSAGE_UNIT_UOMS,
    // Already in the reporting base unit (dosage units or mL).
    package_size_converted: size,
    removed_from_arcos: isRemovedFromArcos(row),
    drug_code: row.drug_code || null,
    ingredient_base_weight: Number.isFinite(amount) ? roundGrams(rule.baseWeight(amount, size)) : null,
    form: form || null,
    ingredient_name: row.ingredient_name || null,
    package_description: `${size} ${rule.noun} in 1 ${rule.container}`,
    bulk_raw_liquid: false,
    bulk_raw_powder: false,
    bulk_dosage_formulation: false,
    bulk_solution: false,
    trade_package: true,
    density: null,
    avg_tablet_weight: null,
    avg_tablet_weight_unit: null,
    labeler_organization: null,
    created_at: SOURCE_DATE,
    created_by: null,
    modified_at: SOURCE_DATE,
    modified_by: null,
  };
}

/** The 23,890 trade-pack entries of data/ndc-dictionary.csv, with derived package fields. */
export async function loadNdcDictionary(): Promise<SeedNdcEntry[]> {
  const text = await readFile(CSV_URL, 'utf8');
  return parseCsvRecords(text).map(deriveDictionaryEntry);
}
