import { CONTROLLED_SCHEDULES } from '../catalogue/schedules.ts';
import { DOZEN, GRAMS_PER_UNIT, THOUSAND } from '../catalogue/units.ts';
import type { BulkKind } from '../catalogue/ndc-kinds.ts';
import { isBulkNdc } from './line-items.ts';

/** What the dictionary entry of the line item's NDC says (docs/dea-paperwork.md "Computations"). */
export interface NdcFacts {
  ndc: string;
  bulkKind?: BulkKind | undefined;
  /** Grams of base per package (trade pack) or per unit (bulk dosage form: per tablet; solution: per mL). */
  ingredientBaseWeight?: number | null | undefined;
  /** g/mL, for raw liquids measured by volume. */
  density?: number | null | undefined;
}

export interface QuantityInput {
  packQuantity?: number | null | undefined;
  packSize?: number | null | undefined;
  packSizeUoM?: string | null | undefined;
  /** Fraction: 1 = 100%. Fill for packages, purity for raw bulk. */
  percentFill?: number | null | undefined;
}

export interface Quantities {
  reportingQty: number | null;
  reportingUoM: string | null;
  gramsOfBase: number | null;
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * A reporting quantity as computed, not rounded: ARCOS forbids rounding a quantity (Registrant
 * Handbook 5.11.2 f.6, "Do not truncate. Do not round."). Only the noise binary floating point adds
 * to a decimal product (0.1 × 3 = 0.30000000000000004) is removed, at 12 significant digits — far
 * below anything a pack size of at most 8 digits can carry.
 */
const exact = (n: number) => Number(n.toPrecision(12));

/** A count in dosage units expressed in the D (dozens) or K (thousands) a UoM asks for. */
function inCountUnit(units: number, uom: string): number {
  const upper = uom.toUpperCase();
  if (upper === 'D') return units / DOZEN;
  if (upper === 'K') return units / THOUSAND;
  return units;
}

/**
 * The purity a raw bulk substance is reported at: what was entered, at most 100 %. Spec 2 §5 lets a
 * raw powder's purity be entered up to 105 % — an assay on the as-is or dried basis can read above
 * 100 % within its method's tolerance — and 3DS keeps the entry as measured; but a substance cannot
 * hold more base than its own weight, and the ARCOS strength of a raw material at full strength is
 * 100 % (`1000`, handbook 5.11.3.1). So the grams of base, the Form 41's purity and the ARCOS
 * strength read it at most 100 % (docs/dea-paperwork.md "Computations").
 */
export function reportedPurity(purity: number | null | undefined): number {
  const entered = purity ?? 1;
  return entered > 1 ? 1 : entered;
}

/**
 * Reporting quantity and grams of base drug, computed by the server on every save of a line item
 * (docs/dea-paperwork.md "Computations", [ours]):
 * - complete NDC (trade pack): reporting = packQty × packSize × fill in the pack-size unit, in
 *   dozens or thousands when the UoM is D or K; grams = packQty × fill × base weight per package;
 * - bulk dosage form or solution (`**`, per unit): reporting = the units, in dozens or thousands
 *   when the UoM is D or K; grams = units × base weight per unit (a solution's litres are 1,000 mL);
 * - raw bulk powder or liquid (`**`): grams = amount × grams per unit × purity, the purity at most
 *   100 % (`reportedPurity`; mL and L by density).
 * Unknown inputs give null rather than a guess. The reporting quantity is never rounded (ARCOS
 * forbids it); grams of base are kept to the microgram (6 places).
 */
export function computeQuantities(facts: NdcFacts, input: QuantityInput): Quantities {
  const fill = input.percentFill ?? 1;
  const size = input.packSize ?? null;
  const uom = (input.packSizeUoM ?? '').trim();
  const base = facts.ingredientBaseWeight ?? null;
  if (!isBulkNdc(facts.ndc)) {
    const packs = input.packQuantity ?? null;
    const reportingQty = packs !== null && size !== null ? inCountUnit(packs * size * fill, uom) : null;
    return {
      reportingQty: reportingQty === null ? null : exact(reportingQty),
      reportingUoM: uom || null,
      gramsOfBase: packs !== null && base !== null ? round(packs * fill * base, 6) : null,
    };
  }
  // The pack size of a bulk NDC is the amount itself: dosage units (shown in D or K when that is the
  // UoM, like a trade pack's), mL or L of a solution, or the weight or volume of a raw substance.
  const reporting = { reportingQty: size === null ? null : exact(inCountUnit(size, uom)), reportingUoM: uom || null };
  if (size === null) return { ...reporting, gramsOfBase: null };
  const upperUoM = uom.toUpperCase();
  if (facts.bulkKind === 'dosage-formulation') {
    return { ...reporting, gramsOfBase: base === null ? null : round(size * base, 6) };
  }
  if (facts.bulkKind === 'solution') {
    // The base weight of a bulk solution is per mL; a volume in L holds a thousand of them.
    const millilitres = upperUoM === 'L' ? size * 1000 : size;
    return { ...reporting, gramsOfBase: base === null ? null : round(millilitres * base, 6) };
  }
  let gramsPerUnit = GRAMS_PER_UNIT[upperUoM];
  if (gramsPerUnit === undefined && (upperUoM === 'ML' || upperUoM === 'L') && facts.density) {
    gramsPerUnit = facts.density * (upperUoM === 'L' ? 1000 : 1);
  }
  return { ...reporting, gramsOfBase: gramsPerUnit === undefined ? null : round(size * gramsPerUnit * reportedPurity(fill), 6) };
}

export function isControlledSchedule(schedule: string | null | undefined): boolean {
  return (CONTROLLED_SCHEDULES as readonly string[]).includes((schedule ?? '').trim().toUpperCase());
}

/**
 * What was destroyed of a bulk (`**`) item, as weighed, counted or measured — the one amount both the
 * Form 41 ("Total Destroyed": DEA's example writes a bulk substance's weight, 1.25 kg) and the ARCOS
 * record (its quantity, with the purity as its strength) carry, so the two agree:
 * - raw powder: the weight as entered (purity apart);
 * - raw liquid: its weight — the volume × the density — when the density is known (1,000 mL at
 *   1.18 g/mL is 1,180 g), else the volume as entered;
 * - dosage formulation: the dosage units (D and K counted out);
 * - solution: the volume.
 * `unit` is the line item's unit (g, mg, kg, mcg, mL, L) or `units` for a count. Null when the amount is
 * unknown (no pack size) or the NDC's bulk kind is not known.
 */
export function bulkAmountDestroyed(facts: NdcFacts, input: QuantityInput): { amount: number; unit: string } | null {
  const size = input.packSize ?? null;
  if (size === null || !isBulkNdc(facts.ndc)) return null;
  const uom = (input.packSizeUoM ?? '').trim();
  const upper = uom.toUpperCase();
  if (facts.bulkKind === 'dosage-formulation') return { amount: size, unit: 'units' };
  if (facts.bulkKind === 'solution') return { amount: size, unit: uom || 'mL' };
  if (facts.bulkKind === 'raw-liquid' && (upper === 'ML' || upper === 'L') && facts.density) {
    return { amount: exact(size * (upper === 'L' ? 1000 : 1) * facts.density), unit: 'g' };
  }
  if (facts.bulkKind === 'raw-powder' || facts.bulkKind === 'raw-liquid') return { amount: size, unit: uom };
  return null;
}
