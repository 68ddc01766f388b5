/**
 * Units of measure the rules convert between: the D (dozens) and K (thousands) of a count, and the
 * weights a raw bulk amount, the unit converter and the Form 41 totals turn into grams.
 */

/** Dosage units in one D (dozen) or one K (thousand) of a count UoM. */
export const DOZEN = 12;
export const THOUSAND = 1000;

/** Grams in one unit of a weight (mcg, µg and ug are all micrograms); mL and L need a density. */
export const GRAMS_PER_UNIT: Readonly<Record<string, number>> = { MCG: 1e-6, UG: 1e-6, 'µG': 1e-6, MG: 1e-3, G: 1, KG: 1000 };
