-- An inventory keeps what it counted (docs/dea-paperwork.md "Inventory and accountability"): one row
-- per line item on hand at its moment, with the figures the inventory printed from it. A later change
-- of the records (a correction, a late entry, a deletion) then shows as a difference against the count
-- (GET /reports/inventory/{id}/differences), never as a silent rewrite of what the inventory said.
-- Kept like the inventory itself (076_kept_records.sql): written once, never changed or removed.
-- An inventory taken before this migration has no rows here: its differences are not known.
CREATE TABLE inventory_lines (
  inventory_id  integer NOT NULL REFERENCES inventories (id) ON DELETE RESTRICT,
  line_item_id  integer NOT NULL,
  yellow_bucket boolean NOT NULL DEFAULT false,
  ndc           text NOT NULL,
  description   text NOT NULL DEFAULT '',
  schedule      text NOT NULL DEFAULT '',
  pack_quantity numeric,
  pack_size     numeric,
  pack_size_uom text NOT NULL DEFAULT '',
  percent_fill  numeric,
  grams_of_base numeric,
  PRIMARY KEY (inventory_id, line_item_id)
);

-- Whether the inventory kept its counted lines (false for one taken before 081).
ALTER TABLE inventories ADD COLUMN lines_kept boolean NOT NULL DEFAULT false;

CREATE TRIGGER inventory_lines_kept BEFORE UPDATE OR DELETE ON inventory_lines FOR EACH ROW EXECUTE FUNCTION refuse_kept_record_change();
CREATE TRIGGER inventory_lines_kept_no_truncate BEFORE TRUNCATE ON inventory_lines FOR EACH STATEMENT EXECUTE FUNCTION refuse_kept_record_change();
