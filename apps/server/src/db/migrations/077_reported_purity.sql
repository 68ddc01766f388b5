-- A raw bulk substance's grams of base are read at a purity of at most 100 % (packages/domain
-- line-item-quantities.ts `reportedPurity`; docs/dea-paperwork.md "Computations"): spec 2 §5 lets a
-- raw powder's purity be entered up to 105 %, but no substance holds more base than its own weight.
-- The entered purity (percent_fill) stays as measured; the grams of base written before the rule at
-- a purity above 100 % are worked out again at 100 % (amount × grams per unit × purity, so dividing
-- by the purity gives the amount × grams per unit). Every save computes it so from now on.
UPDATE line_items li
SET grams_of_base = round(li.grams_of_base / li.percent_fill, 6)
FROM ndc_dictionary d
WHERE d.ndc = li.ndc
  AND (d.bulk_raw_powder OR d.bulk_raw_liquid)
  AND li.percent_fill > 1
  AND li.grams_of_base IS NOT NULL;
