-- The Form 222 register (packages/domain rules/order-forms.ts; docs/dea-paperwork.md "The Form 222
-- register"): the DEA order forms the reverse distributor issues to its clients. The client's
-- registration is the supplier the form names, one per form (21 CFR 1305.12(c)); a paper form is
-- known by its 9-digit serial number, an electronic (CSOS) order by its order number (the year's two
-- digits, X, six letters or digits). `status` is the stored state; "expired" (past the 60 days of the
-- house rule) is worked out when read, and "partly received" / "received" will follow from the lines.
-- No route deletes a form: a form no longer to be used is marked void or lost, with the reason.
CREATE TABLE order_forms (
  id                serial PRIMARY KEY,
  registration_id   integer NOT NULL REFERENCES registrations (id) ON DELETE RESTRICT,
  form_number       text NOT NULL UNIQUE CHECK (form_number ~ '^([0-9]{9}|[0-9]{2}X[A-Z0-9]{6})$'),
  form_kind         text NOT NULL CHECK (form_kind IN ('paper', 'electronic')),
  issued_on         date NOT NULL,
  status            text NOT NULL DEFAULT 'issued' CHECK (status IN ('issued', 'executed', 'void', 'lost')),
  status_reason     text CHECK (length(status_reason) BETWEEN 1 AND 500),
  status_changed_at timestamptz,
  status_changed_by text,
  note              text CHECK (length(note) BETWEEN 1 AND 2000),
  created_at        timestamptz NOT NULL DEFAULT now(),
  created_by        text NOT NULL,
  modified_at       timestamptz NOT NULL DEFAULT now(),
  modified_by       text,
  mod_id            integer NOT NULL DEFAULT 0,
  CONSTRAINT order_forms_number_of_its_kind CHECK ((form_kind = 'paper') = (form_number ~ '^[0-9]{9}$')),
  -- A void or lost form says why.
  CONSTRAINT order_forms_final_with_reason CHECK (status NOT IN ('void', 'lost') OR status_reason IS NOT NULL)
);
CREATE INDEX order_forms_registration_id_idx ON order_forms (registration_id);
CREATE TRIGGER order_forms_touch BEFORE UPDATE ON order_forms FOR EACH ROW EXECUTE FUNCTION touch_record();

-- A form's numbered lines, 1 to 20 (the single-sheet form's), one item each (1305.12(b)): its NDC as
-- the dictionary writes it, or a description. Lines are written with their form, whose row every
-- change of them updates (its modified stamps and mod_id say the lines changed too).
CREATE TABLE order_form_lines (
  form_id      integer NOT NULL REFERENCES order_forms (id) ON DELETE RESTRICT,
  line_no      integer NOT NULL CHECK (line_no BETWEEN 1 AND 20),
  ndc          text CHECK (ndc ~ '^[0-9]{5}-[0-9]{4}-([0-9]{2}|\*\*)$'),
  item         text CHECK (length(item) BETWEEN 1 AND 200),
  packages     integer NOT NULL CHECK (packages BETWEEN 1 AND 999999),
  package_size text CHECK (length(package_size) BETWEEN 1 AND 60),
  PRIMARY KEY (form_id, line_no),
  CONSTRAINT order_form_lines_ndc_or_item CHECK (ndc IS NOT NULL OR item IS NOT NULL)
);

-- Their changes are announced and logged as every record table's are (012_change_notices.sql,
-- 016_record_changes.sql): the register's lists are counted and kept, and follow the writes. The
-- lines, which the list reads only through its form (a count, the portal), log one row a statement.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['order_forms', 'order_form_lines'] LOOP
    EXECUTE format('CREATE TRIGGER %1$s_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %1$I FOR EACH STATEMENT EXECUTE FUNCTION record_table_change()', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['order_forms'] LOOP
    EXECUTE format('CREATE TRIGGER %1$s_log_insert AFTER INSERT ON %1$I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION log_record_rows()', t);
    EXECUTE format('CREATE TRIGGER %1$s_log_update AFTER UPDATE ON %1$I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION log_record_rows()', t);
    EXECUTE format('CREATE TRIGGER %1$s_log_delete AFTER DELETE ON %1$I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION log_record_rows()', t);
    EXECUTE format('CREATE TRIGGER %1$s_log_truncate AFTER TRUNCATE ON %1$I FOR EACH STATEMENT EXECUTE FUNCTION log_record_table()', t);
  END LOOP;
  FOREACH t IN ARRAY ARRAY['order_form_lines'] LOOP
    EXECUTE format('CREATE TRIGGER %1$s_log AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %1$I FOR EACH STATEMENT EXECUTE FUNCTION log_record_table()', t);
  END LOOP;
END;
$$;

-- Live updates (014_record_events.sql): the audit rows of a form ('order-form') are announced too.
DROP TRIGGER audit_log_announce_record ON audit_log;
CREATE TRIGGER audit_log_announce_record AFTER INSERT ON audit_log FOR EACH ROW
  WHEN (NEW.entity IN ('job', 'container', 'line-item', 'registration', 'company', 'order-form'))
  EXECUTE FUNCTION announce_record_event();

-- "Contains" on the register's text (072_small_lists_contain.sql; records/layout.ts CONTAINS_COLUMNS,
-- the same columns in the same order).
CREATE INDEX order_forms_contains_trgm_idx ON order_forms USING gin ((lower(coalesce(form_number, '') || chr(31) || coalesce(note, '') || chr(31) || coalesce(status_reason, '') || chr(31) || coalesce(status_changed_by, '') || chr(31) || coalesce(created_by, '') || chr(31) || coalesce(modified_by, ''))) gin_trgm_ops);

-- A user's saved finds and chosen columns of the register's list, as of every list (013_saved_finds.sql,
-- 050_list_columns.sql name the lists one by one).
ALTER TABLE saved_finds DROP CONSTRAINT saved_finds_entity_check;
ALTER TABLE saved_finds ADD CONSTRAINT saved_finds_entity_check
  CHECK (entity IN ('companies', 'registrations', 'jobs', 'order-forms', 'containers', 'yb-containers', 'line-items', 'yb-line-items', 'dictionaries'));
ALTER TABLE list_columns DROP CONSTRAINT list_columns_entity_check;
ALTER TABLE list_columns ADD CONSTRAINT list_columns_entity_check
  CHECK (entity IN ('companies', 'registrations', 'jobs', 'order-forms', 'containers', 'yb-containers', 'line-items', 'yb-line-items', 'dictionaries'));
