-- DEA records that are kept and cannot be replaced (docs/dea-paperwork.md, docs/form-41.md).
--
-- Our registration's ARCOS settings: the DEA regional number written as the associate registrant of
-- a destruction (Y) record (ARCOS Registrant Handbook appendix 1), and whether ARCOS reports cover a
-- month or a quarter (21 CFR 1304.33(b)).
ALTER TABLE settings ADD COLUMN dea_regional_number text CHECK (dea_regional_number ~ '^[A-Z][A-Z9][0-9]{7}$');
ALTER TABLE settings ADD COLUMN arcos_frequency text NOT NULL DEFAULT 'quarterly' CHECK (arcos_frequency IN ('monthly', 'quarterly'));

-- Every Form 41 and Certificate of Destruction generated for a job, in the order made. The job slot
-- ('41 Insert', 'Certificate of Destruction') shows the newest; an earlier one is superseded, never
-- removed, and once one exists the slot takes no upload.
CREATE TABLE generated_documents (
  id            serial PRIMARY KEY,
  job_id        integer NOT NULL REFERENCES jobs (id) ON DELETE RESTRICT,
  slot          text NOT NULL CHECK (slot IN ('41 Insert', 'Certificate of Destruction')),
  file_id       uuid NOT NULL UNIQUE REFERENCES files (id) ON DELETE RESTRICT,
  generated_at  timestamptz NOT NULL DEFAULT now(),
  generated_by  text NOT NULL,
  superseded_at timestamptz,
  superseded_by integer REFERENCES generated_documents (id) ON DELETE RESTRICT
);
CREATE INDEX generated_documents_job ON generated_documents (job_id, slot, id);

-- Every ARCOS report generated (handbook 2.2: kept two years; 3DS never removes one). A report of
-- the same period made again supersedes the earlier one, which stays listed.
CREATE TABLE arcos_reports (
  id            serial PRIMARY KEY,
  period_start  date NOT NULL,
  period_end    date NOT NULL CHECK (period_end >= period_start),
  frequency     text NOT NULL CHECK (frequency IN ('monthly', 'quarterly')),
  file_id       uuid NOT NULL UNIQUE REFERENCES files (id) ON DELETE RESTRICT,
  records       integer NOT NULL CHECK (records >= 0),
  summary       jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(summary) = 'object'),
  created_at    timestamptz NOT NULL DEFAULT now(),
  created_by    text NOT NULL,
  superseded_at timestamptz,
  superseded_by integer REFERENCES arcos_reports (id) ON DELETE RESTRICT
);
CREATE INDEX arcos_reports_period ON arcos_reports (period_start, id);

-- The transaction records each report carried, so that the next report can tell what DEA holds and
-- correct what changed since. No foreign key to line_items: a deleted line item's reported
-- transaction is still what DEA holds (and is deleted there by a correction).
CREATE TABLE arcos_report_transactions (
  id           serial PRIMARY KEY,
  report_id    integer NOT NULL REFERENCES arcos_reports (id) ON DELETE RESTRICT,
  line_item_id integer NOT NULL,
  code         text NOT NULL CHECK (code IN ('P', 'Y')),
  action       text NOT NULL CHECK (action IN (' ', 'D', 'I')),
  record       text NOT NULL CHECK (length(record) = 80)
);
CREATE INDEX arcos_report_transactions_item ON arcos_report_transactions (line_item_id, code, report_id, id);
CREATE INDEX arcos_report_transactions_report ON arcos_report_transactions (report_id);

-- Every inventory taken (21 CFR 1304.11), as of the date and time chosen, with its PDF and xlsx.
CREATE TABLE inventories (
  id           serial PRIMARY KEY,
  as_of        timestamptz NOT NULL,
  pdf_file_id  uuid NOT NULL UNIQUE REFERENCES files (id) ON DELETE RESTRICT,
  xlsx_file_id uuid NOT NULL UNIQUE REFERENCES files (id) ON DELETE RESTRICT,
  line_items   integer NOT NULL CHECK (line_items >= 0),
  created_at   timestamptz NOT NULL DEFAULT now(),
  created_by   text NOT NULL
);
CREATE INDEX inventories_as_of ON inventories (as_of, id);
CREATE INDEX generated_documents_superseded_by ON generated_documents (superseded_by);
CREATE INDEX arcos_reports_superseded_by ON arcos_reports (superseded_by);
