-- Exact found counts without recounting on every request.
--
-- Every write to a record table leaves one row per table and transaction in table_changes (a
-- statement trigger; inserts never contend with each other, so writers never wait on this). A
-- table's version is the number of such rows ever committed: table_change_totals holds what a
-- periodic compaction moved out of the log, plus what is still in the log. Because the log only
-- grows by commits, a reader that reads the versions first and counts afterwards can never pair a
-- count with a newer version than it saw: a cached count is served only while every table it read
-- still has the version it had when it was counted.
CREATE TABLE table_changes (
  id         bigserial PRIMARY KEY,
  table_name text NOT NULL,
  at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX table_changes_table_name_idx ON table_changes (table_name);

CREATE TABLE table_change_totals (
  table_name text PRIMARY KEY,
  changes    bigint NOT NULL DEFAULT 0
);
INSERT INTO table_change_totals (table_name)
VALUES ('companies'), ('contacts'), ('labeler_codes'), ('registrations'), ('jobs'), ('job_files'),
       ('containers'), ('line_items'), ('ndc_dictionary'), ('value_lists'), ('files');

-- One log row per table per transaction, however many statements write to it.
CREATE FUNCTION record_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  setting text := 'tds.changed_' || TG_TABLE_NAME;
BEGIN
  IF current_setting(setting, true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config(setting, txid_current()::text, true);
    INSERT INTO table_changes (table_name) VALUES (TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER companies_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON companies FOR EACH STATEMENT EXECUTE FUNCTION record_table_change();
CREATE TRIGGER contacts_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON contacts FOR EACH STATEMENT EXECUTE FUNCTION record_table_change();
CREATE TRIGGER labeler_codes_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON labeler_codes FOR EACH STATEMENT EXECUTE FUNCTION record_table_change();
CREATE TRIGGER registrations_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON registrations FOR EACH STATEMENT EXECUTE FUNCTION record_table_change();
CREATE TRIGGER jobs_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON jobs FOR EACH STATEMENT EXECUTE FUNCTION record_table_change();
CREATE TRIGGER job_files_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON job_files FOR EACH STATEMENT EXECUTE FUNCTION record_table_change();
CREATE TRIGGER containers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON containers FOR EACH STATEMENT EXECUTE FUNCTION record_table_change();
CREATE TRIGGER line_items_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON line_items FOR EACH STATEMENT EXECUTE FUNCTION record_table_change();
CREATE TRIGGER ndc_dictionary_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ndc_dictionary FOR EACH STATEMENT EXECUTE FUNCTION record_table_change();
CREATE TRIGGER value_lists_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON value_lists FOR EACH STATEMENT EXECUTE FUNCTION record_table_change();
CREATE TRIGGER files_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON files FOR EACH STATEMENT EXECUTE FUNCTION record_table_change();

-- Counts computed by any server, keyed by the find; valid while `versions` matches.
CREATE TABLE count_cache (
  cache_key   text PRIMARY KEY,
  versions    text NOT NULL,
  found_count bigint NOT NULL,
  computed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX count_cache_computed_at_idx ON count_cache (computed_at);
