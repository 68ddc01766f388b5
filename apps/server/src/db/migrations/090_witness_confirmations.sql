-- Witnesses who sign for themselves (packages/domain rules/witnesses.ts; docs/destruction-record.md
-- "Witnesses"): each witness of a job's transfer and destruction is a user who confirmed with their own
-- password. A confirmation keeps who (the user, and their name as it was), when, from where (address
-- and browser), who was signed in where they typed it, and the destruction record fields it attests as
-- they were. It is void once withdrawn or once those fields change (voided_at, with the reason and by
-- whom); it is never deleted. At most one holds a witness role of a job at a time.
CREATE TABLE witness_confirmations (
  id           serial PRIMARY KEY,
  job_id       integer NOT NULL REFERENCES jobs (id) ON DELETE RESTRICT,
  role         text NOT NULL CHECK (role IN ('transfer-1', 'transfer-2', 'destruction-1', 'destruction-2')),
  user_id      integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
  username     text NOT NULL,
  name         text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  confirmed_at timestamptz NOT NULL DEFAULT now(),
  address      text CHECK (length(address) <= 100),
  user_agent   text CHECK (length(user_agent) <= 500),
  recorded_by  text NOT NULL,
  attested     jsonb NOT NULL,
  voided_at    timestamptz,
  void_reason  text CHECK (length(void_reason) BETWEEN 1 AND 600),
  voided_by    text,
  CONSTRAINT witness_confirmations_void_said CHECK ((voided_at IS NULL) = (void_reason IS NULL) AND (voided_at IS NULL) = (voided_by IS NULL))
);
CREATE UNIQUE INDEX witness_confirmations_one_a_role ON witness_confirmations (job_id, role) WHERE voided_at IS NULL;
CREATE INDEX witness_confirmations_job_idx ON witness_confirmations (job_id, id);
CREATE INDEX witness_confirmations_user_idx ON witness_confirmations (user_id);
