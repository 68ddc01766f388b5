-- How many line items hold each value of the columns of few values, and each container and job
-- (records/find-request.ts `fewValuesCondition`, `relatedCondition`; docs/performance.md "How each
-- find is answered"). A find on such a column, or on a container's or a job's field, is counted as the
-- sum of the counts of the values (or of the containers, the jobs) that match — a few rows, where
-- counting the line items themselves reads up to a million index entries — and its values are read
-- from here instead of a loose scan of the column's btree.
--
-- The counts are exact in every snapshot: a statement trigger adds, in the changing transaction, one
-- row per (kind, column, value) its rows changed, with the difference (+ inserted, − deleted, both for
-- an update that changed the value). Nothing is updated in place, so concurrent saves never wait on a
-- counter; `compact_value_counts()` (every minute, with the change log's compaction) sums each key's
-- rows into one. A value's count is the sum of its rows; NULL counts the rows where the column is NULL.

CREATE TABLE value_counts (
  tab   text NOT NULL,
  kind  text NOT NULL,
  col   text NOT NULL,
  value text,
  rows  bigint NOT NULL
);
CREATE INDEX value_counts_idx ON value_counts (tab, kind, col, value) INCLUDE (rows);

-- A line item's counted columns, as (column, value) rows. The find code names the same columns
-- (the layout's `fewValues` and the keys of its related records); a test holds the two to each other.
CREATE FUNCTION line_item_counted_values(li line_items) RETURNS TABLE (col text, value text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE ROWS 19 AS $$
  VALUES ('container_id', li.container_id::text), ('job_id', li.job_id::text),
    ('ndc_description', li.ndc_description), ('cwf_form_number', li.cwf_form_number), ('ndc_schedule', li.ndc_schedule),
    ('strength', li.strength), ('form', li.form), ('line_type', li.line_type), ('source', li.source), ('cause', li.cause),
    ('pack_quantity_uom', li.pack_quantity_uom), ('pack_size_uom', li.pack_size_uom), ('reporting_uom', li.reporting_uom),
    ('bulk_pack_size_uom', li.bulk_pack_size_uom), ('bulk_stage', li.bulk_stage), ('avg_tablet_weight_unit', li.avg_tablet_weight_unit),
    ('labeler_organization', li.labeler_organization), ('created_by', li.created_by), ('modified_by', li.modified_by)
$$;

CREATE FUNCTION line_items_sync_value_counts() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO value_counts (tab, kind, col, value, rows)
    SELECT 'line_items', n.kind, c.col, c.value, count(*) FROM new_rows n CROSS JOIN LATERAL line_item_counted_values(n) c
    GROUP BY n.kind, c.col, c.value;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO value_counts (tab, kind, col, value, rows)
    SELECT 'line_items', o.kind, c.col, c.value, -count(*) FROM old_rows o CROSS JOIN LATERAL line_item_counted_values(o) c
    GROUP BY o.kind, c.col, c.value;
  ELSE
    INSERT INTO value_counts (tab, kind, col, value, rows)
    SELECT 'line_items', d.kind, d.col, d.value, sum(d.rows) FROM (
      SELECT n.kind, c.col, c.value, 1 AS rows FROM new_rows n CROSS JOIN LATERAL line_item_counted_values(n) c
      UNION ALL
      SELECT o.kind, c.col, c.value, -1 FROM old_rows o CROSS JOIN LATERAL line_item_counted_values(o) c
    ) d
    GROUP BY d.kind, d.col, d.value HAVING sum(d.rows) <> 0;
  END IF;
  RETURN NULL;
END;
$fn$;
CREATE TRIGGER line_items_value_counts_insert AFTER INSERT ON line_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION line_items_sync_value_counts();
CREATE TRIGGER line_items_value_counts_update AFTER UPDATE ON line_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION line_items_sync_value_counts();
CREATE TRIGGER line_items_value_counts_delete AFTER DELETE ON line_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION line_items_sync_value_counts();

CREATE FUNCTION truncate_value_counts() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM value_counts WHERE tab = TG_TABLE_NAME;
  RETURN NULL;
END;
$fn$;
CREATE TRIGGER line_items_value_counts_truncate AFTER TRUNCATE ON line_items FOR EACH STATEMENT EXECUTE FUNCTION truncate_value_counts();

-- The counts of every line item at once (this migration, a bulk load).
CREATE FUNCTION fill_value_counts() RETURNS void LANGUAGE sql AS $fn$
  DELETE FROM value_counts WHERE tab = 'line_items';
  INSERT INTO value_counts (tab, kind, col, value, rows)
  SELECT 'line_items', li.kind, c.col, c.value, count(*) FROM line_items li CROSS JOIN LATERAL line_item_counted_values(li) c
  GROUP BY li.kind, c.col, c.value;
$fn$;

-- Each key's rows summed into one (a key whose sum is 0 goes). One compaction at a time.
CREATE FUNCTION compact_value_counts() RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF NOT pg_try_advisory_xact_lock(7331003) THEN
    RETURN;
  END IF;
  WITH many AS (
    SELECT tab, kind, col, value FROM value_counts GROUP BY tab, kind, col, value HAVING count(*) > 1
  ),
  gone AS (
    DELETE FROM value_counts v USING many m
    WHERE v.tab = m.tab AND v.kind = m.kind AND v.col = m.col AND v.value IS NOT DISTINCT FROM m.value
    RETURNING v.*
  )
  INSERT INTO value_counts (tab, kind, col, value, rows)
  SELECT tab, kind, col, value, sum(rows) FROM gone GROUP BY tab, kind, col, value HAVING sum(rows) <> 0;
END;
$fn$;

SELECT fill_value_counts();
ANALYZE value_counts;
