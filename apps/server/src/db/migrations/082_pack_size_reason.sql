-- Why a line item's pack size is not its NDC's package (packages/domain rules/pack-size.ts;
-- docs/dea-paperwork.md "Pack size follows the NDC's package"): a line item of a complete NDC whose
-- dictionary entry gives a package size holds that package, or this reason beside another size. One
-- line of at most 200 characters, NULL when none was given. Line items written before the rule keep
-- what they hold (NULL): an edit that touches their pack size is held to it.
--
-- Like every own column of line_items, a btree on (kind, column, id) (070): an audit's find of the
-- line items that carry a reason (`Pack Size Reason: *`) and a sort by it are read from it.
ALTER TABLE line_items ADD COLUMN pack_size_reason text CHECK (length(pack_size_reason) BETWEEN 1 AND 200);
CREATE INDEX line_items_kind_pack_size_reason_idx ON line_items (kind, pack_size_reason, id);
