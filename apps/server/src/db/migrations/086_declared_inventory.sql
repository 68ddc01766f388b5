-- What the client declared (packages/domain rules/declared-inventory.ts; docs/dea-paperwork.md "What
-- the client declared"): the inventory a client lists for a pickup, typed into the job or uploaded as
-- a spreadsheet. One declaration a job, written whole (its items replaced in the one transaction that
-- raises its mod_id), so a list is never kept half-imported. Schedule I and II items are declared by
-- their Form 222's lines (order_form_lines), not here.
CREATE TABLE declared_inventories (
  job_id      integer PRIMARY KEY REFERENCES jobs (id) ON DELETE RESTRICT,
  -- 'typed', or the name of the file the items were last read from.
  source      text NOT NULL CHECK (length(source) BETWEEN 1 AND 300),
  created_at  timestamptz NOT NULL DEFAULT now(),
  created_by  text NOT NULL,
  modified_at timestamptz NOT NULL DEFAULT now(),
  modified_by text,
  mod_id      integer NOT NULL DEFAULT 0
);
CREATE TRIGGER declared_inventories_touch BEFORE UPDATE ON declared_inventories FOR EACH ROW EXECUTE FUNCTION touch_record();

-- Its items in the order listed. `partial_fill` is the fill of one more, opened package as a
-- fraction, as line items keep % Fill.
CREATE TABLE declared_items (
  job_id       integer NOT NULL REFERENCES declared_inventories (job_id) ON DELETE RESTRICT,
  row_no       integer NOT NULL CHECK (row_no BETWEEN 1 AND 2000),
  ndc          text CHECK (ndc ~ '^[0-9]{5}-[0-9]{4}-([0-9]{2}|\*\*)$'),
  description  text CHECK (length(description) BETWEEN 1 AND 200),
  lot          text CHECK (length(lot) BETWEEN 1 AND 60),
  packages     integer NOT NULL CHECK (packages BETWEEN 0 AND 999999),
  package_size text CHECK (length(package_size) BETWEEN 1 AND 60),
  partial_fill numeric(6, 4) CHECK (partial_fill > 0 AND partial_fill < 1),
  PRIMARY KEY (job_id, row_no),
  CONSTRAINT declared_items_ndc_or_description CHECK (ndc IS NOT NULL OR description IS NOT NULL),
  CONSTRAINT declared_items_some_package CHECK (packages > 0 OR partial_fill IS NOT NULL)
);
