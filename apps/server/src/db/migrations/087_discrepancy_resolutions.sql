-- Receiving reconciliation (packages/domain rules/reconciliation.ts; docs/dea-paperwork.md "Receiving
-- reconciliation"): a difference between what the client declared and what arrived, resolved with its
-- reason by whom and when. A resolution is for the difference it was given for (`declared`,
-- `received`): once either changes, the line is open again. One a line of a job; resolving it again
-- replaces it, and the audit log (entity `job`, action `resolve-discrepancy`) keeps every one.
CREATE TABLE discrepancy_resolutions (
  job_id      integer NOT NULL REFERENCES jobs (id) ON DELETE RESTRICT,
  line_key    text NOT NULL CHECK (length(line_key) BETWEEN 1 AND 200),
  declared    numeric NOT NULL CHECK (declared >= 0),
  received    numeric NOT NULL CHECK (received >= 0),
  reason      text NOT NULL CHECK (reason IN ('client-counted-wrong', 'client-error-confirmed', 'in-transit-loss', 'theft')),
  note        text CHECK (length(note) BETWEEN 1 AND 500),
  resolved_by text NOT NULL,
  resolved_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (job_id, line_key),
  -- A client's error is resolved on its written confirmation, which the note names.
  CONSTRAINT discrepancy_resolutions_confirmation_named CHECK (reason <> 'client-error-confirmed' OR note IS NOT NULL)
);
