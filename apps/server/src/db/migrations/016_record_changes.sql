-- Found counts that follow the writes instead of starting over (records/count-cache.ts).
--
-- A kept count is exact at a snapshot: the pg_current_snapshot() of the statement that made it. To
-- bring it to a later one, the server reads what changed in between from this log: every row that a
-- statement inserted, updated or deleted in a table whose lists are counted, with the row as it was
-- before the change (NULL for an insert). A writer waits for the previous writer of a row, so a row's
-- changes are logged in the order they were made, and the first of them after a snapshot holds the
-- row as that snapshot saw it. The count at the later snapshot is then
--     count then − (changed rows that matched then) + (changed rows that match now),
-- the find tested on the changed rows alone, in one statement (one snapshot).
--
-- The tables lists only join (contacts, labeler_codes, value_lists, job_files, files) log one row per
-- statement without a row id, meaning "changed": a count that reads them is counted again.
CREATE TABLE record_changes (
  seq        bigserial PRIMARY KEY,
  xid        xid8 NOT NULL DEFAULT pg_current_xact_id(),
  table_name text NOT NULL,
  row_id     integer,
  old        jsonb
);
CREATE INDEX record_changes_table_xid_idx ON record_changes (table_name, xid);
CREATE INDEX record_changes_xid_idx ON record_changes (xid);

-- The log is kept for minutes (compactChangeLog). Each compaction notes its own snapshot in
-- record_changes_marks; it removes the log rows visible in the newest mark at least that old, and that
-- mark becomes the floor. A count can be brought forward from a snapshot that sees everything the floor
-- sees (taken after it): every log row it lacks is still there. Any other is counted again. (Snapshots
-- are compared by what they see, not by xmin: one long transaction anywhere in the cluster holds every
-- snapshot's xmin back.)
CREATE TABLE record_changes_marks (
  at       timestamptz PRIMARY KEY DEFAULT clock_timestamp(),
  snapshot pg_snapshot NOT NULL
);
CREATE TABLE record_changes_floor (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  snapshot pg_snapshot NOT NULL
);
INSERT INTO record_changes_floor (snapshot) VALUES ('1:1:');

-- Whether snapshot `later` sees everything `earlier` sees.
CREATE FUNCTION snapshot_covers(later pg_snapshot, earlier pg_snapshot) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT pg_snapshot_xmax(earlier) <= pg_snapshot_xmax(later)
     AND NOT EXISTS (
       SELECT 1 FROM pg_snapshot_xip(later) x
       WHERE x < pg_snapshot_xmax(earlier) AND pg_visible_in_snapshot(x, earlier)
     )
$$;

CREATE FUNCTION log_record_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO record_changes (table_name, row_id) SELECT TG_TABLE_NAME, n.id FROM new_rows n;
  ELSE
    INSERT INTO record_changes (table_name, row_id, old) SELECT TG_TABLE_NAME, o.id, to_jsonb(o) FROM old_rows o;
  END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION log_record_table() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO record_changes (table_name) VALUES (TG_TABLE_NAME);
  RETURN NULL;
END;
$$;

DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['companies', 'registrations', 'jobs', 'containers', 'line_items', 'ndc_dictionary'] LOOP
    EXECUTE format('CREATE TRIGGER %1$s_log_insert AFTER INSERT ON %1$I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION log_record_rows()', t);
    EXECUTE format('CREATE TRIGGER %1$s_log_update AFTER UPDATE ON %1$I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION log_record_rows()', t);
    EXECUTE format('CREATE TRIGGER %1$s_log_delete AFTER DELETE ON %1$I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION log_record_rows()', t);
    EXECUTE format('CREATE TRIGGER %1$s_log_truncate AFTER TRUNCATE ON %1$I FOR EACH STATEMENT EXECUTE FUNCTION log_record_table()', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['contacts', 'labeler_codes', 'value_lists', 'job_files', 'files'] LOOP
    EXECUTE format('CREATE TRIGGER %1$s_log AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %1$I FOR EACH STATEMENT EXECUTE FUNCTION log_record_table()', t);
  END LOOP;
END;
$$;

-- Counts shared by the servers of one database, each exact at its snapshot (the versions of tables
-- that keyed them before are gone, with their change log: the notices stay, 012_change_notices.sql).
DROP TABLE count_cache;
CREATE TABLE count_cache (
  cache_key   text PRIMARY KEY,
  snapshot    pg_snapshot NOT NULL,
  found_count bigint NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX count_cache_computed_at_idx ON count_cache (computed_at);

CREATE OR REPLACE FUNCTION record_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  setting text := 'tds.changed_' || TG_TABLE_NAME;
BEGIN
  IF current_setting(setting, true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config(setting, txid_current()::text, true);
    PERFORM pg_notify('tds_changes', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END;
$$;
DROP FUNCTION table_versions(text[]);
DROP TABLE table_changes;
DROP TABLE table_change_totals;
