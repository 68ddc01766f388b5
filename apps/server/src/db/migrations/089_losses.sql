-- Losses reported on time (packages/domain rules/losses.ts; docs/dea-paperwork.md "Losses reported on
-- time"): a difference of the receiving reconciliation resolved as a theft or a loss in transit opens a
-- loss: what was lost, when it was discovered, and the two deadlines DEA sets from then — the written
-- notice to the Field Division within one business day (holidays from the calendar in Settings) and the
-- Form 106 within 45 days (21 CFR 1301.74(c); 88 FR 40707) — with the day each was done. Deadlines are
-- written when the loss is opened: a holiday added later does not move them. No route deletes a loss.
CREATE TABLE losses (
  id                serial PRIMARY KEY,
  job_id            integer NOT NULL REFERENCES jobs (id) ON DELETE RESTRICT,
  line_key          text NOT NULL CHECK (length(line_key) BETWEEN 1 AND 200),
  kind              text NOT NULL CHECK (kind IN ('theft', 'in-transit')),
  ndc               text,
  name              text NOT NULL CHECK (length(name) BETWEEN 1 AND 300),
  schedule          text,
  lot               text,
  quantity          numeric NOT NULL CHECK (quantity > 0),
  discovered_on     date NOT NULL,
  notice_due        date NOT NULL,
  form_106_due      date NOT NULL,
  notice_sent_on    date,
  form_106_filed_on date,
  form_106_number   text CHECK (length(form_106_number) BETWEEN 1 AND 40),
  circumstances     text CHECK (length(circumstances) BETWEEN 1 AND 2000),
  created_at        timestamptz NOT NULL DEFAULT now(),
  created_by        text NOT NULL,
  modified_at       timestamptz NOT NULL DEFAULT now(),
  modified_by       text,
  mod_id            integer NOT NULL DEFAULT 0,
  -- One loss a line of a job's reconciliation.
  CONSTRAINT losses_one_a_line UNIQUE (job_id, line_key),
  CONSTRAINT losses_filed_with_its_number CHECK ((form_106_filed_on IS NULL) = (form_106_number IS NULL)),
  CONSTRAINT losses_done_after_discovery CHECK (notice_sent_on IS NULL OR notice_sent_on >= discovered_on),
  CONSTRAINT losses_filed_after_discovery CHECK (form_106_filed_on IS NULL OR form_106_filed_on >= discovered_on)
);
CREATE INDEX losses_job_id_idx ON losses (job_id);
CREATE TRIGGER losses_touch BEFORE UPDATE ON losses FOR EACH ROW EXECUTE FUNCTION touch_record();

-- Announced and logged as every record table (012_change_notices.sql, 016_record_changes.sql).
CREATE TRIGGER losses_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON losses FOR EACH STATEMENT EXECUTE FUNCTION record_table_change();
CREATE TRIGGER losses_log_insert AFTER INSERT ON losses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION log_record_rows();
CREATE TRIGGER losses_log_update AFTER UPDATE ON losses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION log_record_rows();
CREATE TRIGGER losses_log_delete AFTER DELETE ON losses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION log_record_rows();
CREATE TRIGGER losses_log_truncate AFTER TRUNCATE ON losses FOR EACH STATEMENT EXECUTE FUNCTION log_record_table();

-- Live updates (014_record_events.sql): the audit rows of a loss ('loss') are announced too.
DROP TRIGGER audit_log_announce_record ON audit_log;
CREATE TRIGGER audit_log_announce_record AFTER INSERT ON audit_log FOR EACH ROW
  WHEN (NEW.entity IN ('job', 'container', 'line-item', 'registration', 'company', 'order-form', 'loss'))
  EXECUTE FUNCTION announce_record_event();

-- "Contains" on the losses' text (records/layout.ts CONTAINS_COLUMNS, the same columns in the same order).
CREATE INDEX losses_contains_trgm_idx ON losses USING gin ((lower(coalesce(name, '') || chr(31) || coalesce(ndc, '') || chr(31) || coalesce(lot, '') || chr(31) || coalesce(form_106_number, '') || chr(31) || coalesce(created_by, '') || chr(31) || coalesce(modified_by, ''))) gin_trgm_ops);

ALTER TABLE saved_finds DROP CONSTRAINT saved_finds_entity_check;
ALTER TABLE saved_finds ADD CONSTRAINT saved_finds_entity_check
  CHECK (entity IN ('companies', 'registrations', 'jobs', 'order-forms', 'losses', 'containers', 'yb-containers', 'line-items', 'yb-line-items', 'dictionaries'));
ALTER TABLE list_columns DROP CONSTRAINT list_columns_entity_check;
ALTER TABLE list_columns ADD CONSTRAINT list_columns_entity_check
  CHECK (entity IN ('companies', 'registrations', 'jobs', 'order-forms', 'losses', 'containers', 'yb-containers', 'line-items', 'yb-line-items', 'dictionaries'));
