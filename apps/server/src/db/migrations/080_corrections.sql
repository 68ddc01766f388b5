-- Corrections on the record (docs/dea-paperwork.md "Corrections on the record"; rules/corrections.ts).
-- A final job's records are not edited in place: a correction names the record and field, the value
-- it held and the value it gets, why, who asked and when; a second person approves (and it is applied
-- in the same transaction) or rejects it. A correction is written once and decided once; nothing of it
-- is ever deleted or rewritten (the trigger below, as for the kept records of 076).
CREATE TABLE corrections (
  id            serial PRIMARY KEY,
  job_id        integer NOT NULL REFERENCES jobs (id) ON DELETE RESTRICT,
  -- The line item corrected, or null: a field of the job itself.
  line_item_id  integer REFERENCES line_items (id) ON DELETE RESTRICT,
  field         text NOT NULL,
  old_value     text NOT NULL,
  new_value     text NOT NULL,
  -- The value to store, as JSON (a number, an ISO date, a text or null).
  new_stored    jsonb NOT NULL,
  reason        text NOT NULL CHECK (btrim(reason) <> '' AND length(reason) <= 500),
  requested_by  text NOT NULL,
  requested_at  timestamptz NOT NULL DEFAULT now(),
  status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'applied', 'rejected')),
  decided_by    text,
  decided_at    timestamptz,
  decision_note text CHECK (decision_note IS NULL OR length(decision_note) <= 500),
  -- Two different people: who asked never decides.
  CHECK (decided_by IS NULL OR decided_by <> requested_by),
  CHECK ((status = 'pending') = (decided_by IS NULL AND decided_at IS NULL))
);
CREATE INDEX corrections_job ON corrections (job_id, id);
CREATE INDEX corrections_line_item ON corrections (line_item_id, id) WHERE line_item_id IS NOT NULL;
CREATE INDEX corrections_pending ON corrections (id) WHERE status = 'pending';

CREATE FUNCTION refuse_correction_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 'pending' AND NEW.status IN ('applied', 'rejected')
     AND to_jsonb(NEW) - 'status' - 'decided_by' - 'decided_at' - 'decision_note'
       = to_jsonb(OLD) - 'status' - 'decided_by' - 'decided_at' - 'decision_note' THEN
    -- Decided once: the only change a correction takes.
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'corrections is a kept record: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege',
          HINT = 'A correction is written once and decided once; a new correction is asked for instead.';
END;
$$;
CREATE TRIGGER corrections_kept BEFORE UPDATE OR DELETE ON corrections FOR EACH ROW EXECUTE FUNCTION refuse_correction_change();
CREATE TRIGGER corrections_kept_no_truncate BEFORE TRUNCATE ON corrections FOR EACH STATEMENT EXECUTE FUNCTION refuse_correction_change();

-- Whoever could unlock a job and change what it holds before approves corrections now.
UPDATE users SET privileges = array_append(privileges, 'APPROVE_CORRECTION')
WHERE 'UNLOCK_JOB' = ANY (privileges) AND NOT 'APPROVE_CORRECTION' = ANY (privileges);
