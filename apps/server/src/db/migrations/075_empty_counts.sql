-- Which of a line item's columns are empty, counted (071 `value_counts`, under the column `__empty`):
-- one text a line item, a character a column, '1' where the column is empty as a find's `=` means it
-- (text: NULL or ''; a number, a date or a time: NULL; yes/no: not yes). A find of `=` or `*` (not
-- empty) on one of these columns is then counted as the sum of the counts of the texts with a '1' (or
-- the rest) at its place — a few hundred rows, where counting the rows read most of a million index
-- entries (`Form 222 Number: =`, `id_container: *`: 190–310 ms the first time asked). The order of the
-- columns is `records/layouts/line-items.layout.ts` `EMPTY_COUNTED_COLUMNS`; a test holds the two to
-- each other and to the find's own `=`.

CREATE FUNCTION line_item_empty_mask(li line_items) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT
    CASE WHEN li.ndc IS NULL OR li.ndc = '' THEN '1' ELSE '0' END ||
    CASE WHEN li.source_number IS NULL OR li.source_number = '' THEN '1' ELSE '0' END ||
    CASE WHEN li.lot_number IS NULL OR li.lot_number = '' THEN '1' ELSE '0' END ||
    CASE WHEN li.serial_number IS NULL OR li.serial_number = '' THEN '1' ELSE '0' END ||
    CASE WHEN li.form_222_number IS NULL OR li.form_222_number = '' THEN '1' ELSE '0' END ||
    CASE WHEN li.id IS NULL THEN '1' ELSE '0' END ||
    CASE WHEN li.container_id IS NULL THEN '1' ELSE '0' END ||
    CASE WHEN li.job_id IS NULL THEN '1' ELSE '0' END ||
    CASE WHEN li.pack_quantity IS NULL THEN '1' ELSE '0' END ||
    CASE WHEN li.pack_size IS NULL THEN '1' ELSE '0' END ||
    CASE WHEN li.zi_package_size IS NULL THEN '1' ELSE '0' END ||
    CASE WHEN li.percent_fill IS NULL THEN '1' ELSE '0' END ||
    CASE WHEN li.reporting_qty IS NULL THEN '1' ELSE '0' END ||
    CASE WHEN li.bulk_pack_size IS NULL THEN '1' ELSE '0' END ||
    CASE WHEN li.converted_to_base IS NULL THEN '1' ELSE '0' END ||
    CASE WHEN li.grams_of_base IS NULL THEN '1' ELSE '0' END ||
    CASE WHEN li.package_size_density IS NULL THEN '1' ELSE '0' END ||
    CASE WHEN li.avg_tablet_weight IS NULL THEN '1' ELSE '0' END ||
    CASE WHEN li.expiration_date IS NULL THEN '1' ELSE '0' END ||
    CASE WHEN li.created_at IS NULL THEN '1' ELSE '0' END ||
    CASE WHEN li.modified_at IS NULL THEN '1' ELSE '0' END ||
    CASE WHEN li.locked IS NOT TRUE THEN '1' ELSE '0' END ||
    CASE WHEN li.locked_own IS NOT TRUE THEN '1' ELSE '0' END
$$;

CREATE OR REPLACE FUNCTION line_item_counted_values(li line_items) RETURNS TABLE (col text, value text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE ROWS 20 AS $$
  VALUES ('container_id', li.container_id::text), ('job_id', li.job_id::text),
    ('ndc_description', li.ndc_description), ('cwf_form_number', li.cwf_form_number), ('ndc_schedule', li.ndc_schedule),
    ('strength', li.strength), ('form', li.form), ('line_type', li.line_type), ('source', li.source), ('cause', li.cause),
    ('pack_quantity_uom', li.pack_quantity_uom), ('pack_size_uom', li.pack_size_uom), ('reporting_uom', li.reporting_uom),
    ('bulk_pack_size_uom', li.bulk_pack_size_uom), ('bulk_stage', li.bulk_stage), ('avg_tablet_weight_unit', li.avg_tablet_weight_unit),
    ('labeler_organization', li.labeler_organization), ('created_by', li.created_by), ('modified_by', li.modified_by),
    ('__empty', line_item_empty_mask(li))
$$;

SELECT fill_value_counts();
ANALYZE value_counts;
