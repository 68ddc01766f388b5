import { DOZEN, THOUSAND, isBulkNdc, type BulkKind } from './line-items.ts';

/** What the dictionary entry of the line item's NDC says (DOMAIN.md "Computations"). */
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

/** Grams in one unit of a raw bulk amount; mL and L need the density. */
const GRAMS_PER_UNIT: Record<string, number> = { MCG: 1e-6, UG: 1e-6, 'µG': 1e-6, MG: 1e-3, G: 1, KG: 1000 };

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * Reporting quantity and grams of base drug, computed by the server on every save of a line item
 * (DOMAIN.md "Computations", [ours]):
 * - complete NDC (trade pack): reporting = packQty × packSize × fill in the pack-size unit, in
 *   dozens or thousands when the UoM is D or K; grams = packQty × fill × base weight per package;
 * - bulk dosage form or solution (`**`, per unit): grams = units × base weight per unit;
 * - raw bulk powder or liquid (`**`): grams = amount × grams per unit × purity (mL and L by density).
 * Unknown inputs give null rather than a guess.
 */
export function computeQuantities(facts: NdcFacts, input: QuantityInput): Quantities {
  const fill = input.percentFill ?? 1;
  const size = input.packSize ?? null;
  const uom = (input.packSizeUoM ?? '').trim();
  const base = facts.ingredientBaseWeight ?? null;
  if (!isBulkNdc(facts.ndc)) {
    const packs = input.packQuantity ?? null;
    let reportingQty: number | null = packs !== null && size !== null ? packs * size * fill : null;
    const upperUoM = uom.toUpperCase();
    if (reportingQty !== null && upperUoM === 'D') reportingQty /= DOZEN;
    if (reportingQty !== null && upperUoM === 'K') reportingQty /= THOUSAND;
    return {
      reportingQty: reportingQty === null ? null : round(reportingQty, 4),
      reportingUoM: uom || null,
      gramsOfBase: packs !== null && base !== null ? round(packs * fill * base, 6) : null,
    };
  }
  const reporting = { reportingQty: size, reportingUoM: uom || null };
  if (size === null) return { ...reporting, gramsOfBase: null };
  if (facts.bulkKind === 'dosage-formulation' || facts.bulkKind === 'solution') {
    return { ...reporting, gramsOfBase: base === null ? null : round(size * base, 6) };
  }
  const upperUoM = uom.toUpperCase();
  let gramsPerUnit = GRAMS_PER_UNIT[upperUoM];
  if (gramsPerUnit === undefined && (upperUoM === 'ML' || upperUoM === 'L') && facts.density) {
    gramsPerUnit = facts.density * (upperUoM === 'L' ? 1000 : 1);
  }
  return { ...reporting, gramsOfBase: gramsPerUnit === undefined ? null : round(size * gramsPerUnit * fill, 6) };
}
