-- Finds on line items through indexes (records/find-request.ts `indexedCondition`, docs/performance.md
-- "How each find is answered"). At a million line items a find tested row by row reads the whole
-- table (0.2–1.4 s); these let every family of field be answered from an index:
--
-- * a btree on (kind, column, id) for each number, date, timestamp and yes/no column a list offers:
--   comparisons, ranges, a day, empty, and a sort by the column with its pages;
-- * the same for each text column: a sort by it, and empty (`column IS NULL OR column = ''`); for the
--   columns with few different values (the layout's `fewValues`: form, source, unit, schedule, …) any
--   text find at all, tested on the column's values (a loose scan of this index, one probe a value)
--   and then read from the index for the values that match;
-- * a trigram index over the quick-find fields' text, lower-cased and joined (the layout's
--   `containsText`; a test holds the two to each other): a word that begins with a wildcard (`*done`)
--   is looked up by its longest literal run, and only those rows are tested.
--
-- NDC Number has its prefix indexes (005), created_at its btree (002), container_id and job_id theirs.

DO $do$
DECLARE
  c text;
BEGIN
  FOREACH c IN ARRAY ARRAY[
    -- numbers, dates, timestamps, yes/no
    'pack_quantity', 'pack_size', 'zi_package_size', 'percent_fill', 'reporting_qty', 'bulk_pack_size', 'converted_to_base',
    'grams_of_base', 'package_size_density', 'avg_tablet_weight', 'expiration_date', 'modified_at', 'locked', 'locked_own',
    -- text with many values (the word index answers their words)
    'ndc_description', 'lot_number', 'serial_number', 'source_number', 'form_222_number', 'cwf_form_number',
    -- text with few values
    'ndc_schedule', 'strength', 'form', 'line_type', 'source', 'cause', 'pack_quantity_uom', 'pack_size_uom', 'reporting_uom',
    'bulk_pack_size_uom', 'bulk_stage', 'avg_tablet_weight_unit', 'labeler_organization', 'created_by', 'modified_by']
  LOOP
    EXECUTE format('CREATE INDEX line_items_kind_%1$s_idx ON line_items (kind, %1$I, id)', c);
  END LOOP;
END;
$do$;

CREATE INDEX line_items_contains_trgm_idx ON line_items USING gin ((lower(
  coalesce(id::text, '') || chr(31) || coalesce(ndc, '') || chr(31) || coalesce(ndc_description, '') || chr(31) ||
  coalesce(lot_number, '') || chr(31) || coalesce(serial_number, '') || chr(31) || coalesce(form_222_number, '') || chr(31) ||
  coalesce(source_number, ''))) gin_trgm_ops);

ANALYZE line_items;
