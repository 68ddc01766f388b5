-- The record entities of spec 1 §3 and spec 2 §3: companies and their contacts and labeler codes,
-- registrations, jobs and their files, containers and line items (standard and Yellow Bucket share a
-- table with `kind`), the NDC dictionary, value lists, notifications and the file index.
--
-- Conventions:
-- * Optional text is NULL when empty; the layouts render NULL as "".
-- * Every record table carries created_at / created_by / modified_at / modified_by / mod_id.
--   The trigger below raises mod_id and stamps modified_at on every UPDATE, whoever writes, so the
--   API's modId (optimistic concurrency) cannot be forgotten by a code path. modified_by stays the
--   writer's job: the database does not know the application user.
-- * No foreign key cascades a delete (ON DELETE RESTRICT everywhere): deletes are explicit service
--   operations that write what they remove to audit_log.
-- * Calendar dates are `date`; moments are `timestamptz`.
-- * Text limits: 200 for names and free text, 60 for codes and short values (TEXT_LIMITS in
--   packages/domain); 4000 for notes-like bodies.

-- Raises mod_id and stamps modified_at on every update of a record table.
CREATE FUNCTION touch_record() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.mod_id := OLD.mod_id + 1;
  NEW.modified_at := now();
  RETURN NEW;
END;
$$;

-- Uploaded pictures and documents. The bytes live in the file store (local directory or S3) under
-- storage_key; rows point at them so that a registration or a job slot can name a file.
CREATE TABLE files (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  storage_key   text NOT NULL UNIQUE CHECK (length(storage_key) BETWEEN 1 AND 500),
  original_name text NOT NULL CHECK (length(original_name) BETWEEN 1 AND 255),
  content_type  text NOT NULL CHECK (length(content_type) BETWEEN 3 AND 200),
  size_bytes    bigint NOT NULL CHECK (size_bytes >= 0),
  sha256        text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  created_at    timestamptz NOT NULL DEFAULT now(),
  created_by    text NOT NULL
);

-- Company_PK_ID is `id`. report_type holds the checked Report Type boxes, carriage-return
-- separated, as the original field did (e.g. E'41\rManifest').
CREATE TABLE companies (
  id          serial PRIMARY KEY,
  name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  address1    text CHECK (length(address1) <= 200),
  address2    text CHECK (length(address2) <= 200),
  city        text CHECK (length(city) <= 60),
  state       text CHECK (state ~ '^[A-Z]{2}$'),
  zip         text CHECK (length(zip) <= 20),
  main_phone  text CHECK (length(main_phone) <= 60),
  fax         text CHECK (length(fax) <= 60),
  report_type text CHECK (string_to_array(report_type, E'\r') <@ ARRAY['41', 'Manifest', 'See Notes', 'COD', 'LDR']),
  created_at  timestamptz NOT NULL DEFAULT now(),
  created_by  text NOT NULL,
  modified_at timestamptz NOT NULL DEFAULT now(),
  modified_by text,
  mod_id      integer NOT NULL DEFAULT 0
);

-- The Contacts_Info portal of a company.
CREATE TABLE contacts (
  id           serial PRIMARY KEY,
  company_id   integer NOT NULL REFERENCES companies (id) ON DELETE RESTRICT,
  last_name    text CHECK (length(last_name) <= 60),
  first_name   text CHECK (length(first_name) <= 60),
  title        text CHECK (length(title) <= 200),
  city         text CHECK (length(city) <= 60),
  direct_phone text CHECK (length(direct_phone) <= 60),
  extension    text CHECK (length(extension) <= 20),
  created_at   timestamptz NOT NULL DEFAULT now(),
  created_by   text NOT NULL,
  modified_at  timestamptz NOT NULL DEFAULT now(),
  modified_by  text,
  mod_id       integer NOT NULL DEFAULT 0
);

-- FDA labeler codes (the first NDC segment) a company owns. `organization` is the labeler
-- organisation name that custom dictionary entries and users' parentOrganization refer to.
CREATE TABLE labeler_codes (
  id           serial PRIMARY KEY,
  company_id   integer NOT NULL REFERENCES companies (id) ON DELETE RESTRICT,
  labeler_code text NOT NULL CHECK (labeler_code ~ '^[0-9]{5}$'),
  organization text CHECK (length(organization) <= 200),
  created_at   timestamptz NOT NULL DEFAULT now(),
  created_by   text NOT NULL,
  modified_at  timestamptz NOT NULL DEFAULT now(),
  modified_by  text,
  mod_id       integer NOT NULL DEFAULT 0,
  UNIQUE (company_id, labeler_code)
);

-- Record_Number_PK_ID is `id`. A DEA registration (license_type 'Federal') has a number of two
-- letters and seven digits; the check digit is verified by the application (packages/domain
-- registration.ts), not here, so that a legacy typo can still be loaded and corrected. A state
-- licence (license_type 'State') has its state's own format and is not constrained.
-- license_number is the spec's "Federal or State License": the licence number of the kind
-- license_type names. The spec's "Agency" is derived (federal_agency or state_agency), not stored.
-- activity is the business activity. Convention: for Federal registrations it is the DEA business
-- activity letter, " - ", and its name (e.g. 'A - Pharmacy', 'L - Reverse Distributor'), so that it
-- both sorts by code and reads well; state licences carry their agency's wording.
-- The registration number is not unique: a renewal may be kept as a second record of the same number
-- (a container may move between jobs "with the same registration number").
CREATE TABLE registrations (
  id                  serial PRIMARY KEY,
  company_id          integer NOT NULL REFERENCES companies (id) ON DELETE RESTRICT,
  registration_number text NOT NULL CHECK (
    length(registration_number) BETWEEN 1 AND 30 AND registration_number = btrim(registration_number)
  ),
  activity            text CHECK (length(activity) <= 60),
  expiration_date     date,
  status_mask         text CHECK (length(status_mask) <= 60),
  license_type        text NOT NULL DEFAULT 'Federal' CHECK (license_type IN ('Federal', 'State')),
  license_number      text CHECK (length(license_number) <= 60),
  federal_agency      text CHECK (length(federal_agency) <= 200),
  state_agency        text CHECK (length(state_agency) <= 200),
  address1            text CHECK (length(address1) <= 200),
  address2            text CHECK (length(address2) <= 200),
  address3            text CHECK (length(address3) <= 200),
  city                text CHECK (length(city) <= 60),
  state               text CHECK (state ~ '^[A-Z]{2}$'),
  zip                 text CHECK (length(zip) <= 20),
  schedule_1          boolean NOT NULL DEFAULT false,
  schedule_1n         boolean NOT NULL DEFAULT false,
  schedule_2          boolean NOT NULL DEFAULT false,
  schedule_2n         boolean NOT NULL DEFAULT false,
  schedule_3          boolean NOT NULL DEFAULT false,
  schedule_3n         boolean NOT NULL DEFAULT false,
  schedule_4          boolean NOT NULL DEFAULT false,
  schedule_4n         boolean NOT NULL DEFAULT false,
  schedule_5          boolean NOT NULL DEFAULT false,
  schedule_5n         boolean NOT NULL DEFAULT false,
  schedule_lc         boolean NOT NULL DEFAULT false,
  schedule_nc         boolean NOT NULL DEFAULT false,
  picture_file_id     uuid REFERENCES files (id) ON DELETE RESTRICT,
  created_at          timestamptz NOT NULL DEFAULT now(),
  created_by          text NOT NULL,
  modified_at         timestamptz NOT NULL DEFAULT now(),
  modified_by         text,
  mod_id              integer NOT NULL DEFAULT 0,
  CONSTRAINT registrations_dea_number_format CHECK (
    license_type <> 'Federal' OR registration_number ~ '^[A-Z][A-Z9][0-9]{7}$'
  ),
  CONSTRAINT registrations_dea_activity_format CHECK (
    license_type <> 'Federal' OR activity IS NULL OR activity ~ '^[A-HJ-U] - \S'
  )
);

-- __PKJobID is `id`. registration_id is the job's registration (the purchaser of spec 1's job card,
-- chosen when the job is created); supplier_registration_id the optional supplier.
-- activity is a snapshot of the registration's business activity taken when the job is created
-- (FileMaker's lookup field), so that a later change of the registration does not rewrite history.
-- Witnesses are full names as typed. A sister job shares its pictures: pictures are read from
-- sister_job_id when it is set.
CREATE TABLE jobs (
  id                       serial PRIMARY KEY,
  registration_id          integer NOT NULL REFERENCES registrations (id) ON DELETE RESTRICT,
  supplier_registration_id integer REFERENCES registrations (id) ON DELETE RESTRICT,
  name                     text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  status                   text CHECK (length(status) <= 60),
  activity                 text CHECK (length(activity) <= 60),
  date_filed               date,
  date_initiated           date,
  date_confirmed           date,
  date_transfer            date,
  date_destroyed           date,
  date_vault_in            date,
  date_vault_out           date,
  date_completed           date,
  locked                   boolean NOT NULL DEFAULT false,
  sister_job_id            integer REFERENCES jobs (id) ON DELETE RESTRICT CHECK (sister_job_id <> id),
  facility_transported_to  text CHECK (length(facility_transported_to) <= 200),
  transporter              text CHECK (length(transporter) <= 200),
  transport_method         text CHECK (length(transport_method) <= 60),
  disposal_method          text CHECK (length(disposal_method) <= 60),
  transfer_witness_1       text CHECK (length(transfer_witness_1) <= 200),
  transfer_witness_2       text CHECK (length(transfer_witness_2) <= 200),
  destruction_witness_1    text CHECK (length(destruction_witness_1) <= 200),
  destruction_witness_2    text CHECK (length(destruction_witness_2) <= 200),
  cwf_number               text CHECK (length(cwf_number) <= 60),
  created_at               timestamptz NOT NULL DEFAULT now(),
  created_by               text NOT NULL,
  modified_at              timestamptz NOT NULL DEFAULT now(),
  modified_by              text,
  mod_id                   integer NOT NULL DEFAULT 0
);

-- A job's pictures and documents, one file per slot: pictures R1–R9 (reconciliation), P1–P12
-- (pick-up), T1–T12 (transportation), D1–D21 (destruction), DP1–DP7 (driver), and the document
-- fields of spec 1 §3. The slot decides the category, so no separate category column is kept.
CREATE TABLE job_files (
  id         serial PRIMARY KEY,
  job_id     integer NOT NULL REFERENCES jobs (id) ON DELETE RESTRICT,
  slot       text NOT NULL CHECK (
    slot ~ '^(R[1-9]|P([1-9]|1[0-2])|T([1-9]|1[0-2])|D([1-9]|1[0-9]|2[0-1])|DP[1-7])$'
    OR slot IN ('CWF Files', '41 Insert', 'Shipping Files', 'Supporting Files', 'Digital 222 Files')
  ),
  file_id    uuid NOT NULL REFERENCES files (id) ON DELETE RESTRICT,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL,
  UNIQUE (job_id, slot)
);

-- Standard and Yellow Bucket containers (spec 2 §3), told apart by kind. Weights are in gross_uom;
-- gross weight is always net + package, computed by the database so no writer can get it wrong.
-- zi_package_size is the original's "ZIPackage Size" field, kept as a number.
CREATE TABLE containers (
  id              serial PRIMARY KEY,
  kind            text NOT NULL CHECK (kind IN ('standard', 'yellow_bucket')),
  job_id          integer NOT NULL REFERENCES jobs (id) ON DELETE RESTRICT,
  name            text CHECK (length(name) <= 200),
  pallet          text CHECK (length(pallet) <= 60),
  container_type  text CHECK (length(container_type) <= 60),
  package_weight  numeric CHECK (package_weight >= 0),
  net_weight      numeric CHECK (net_weight >= 0),
  gross_weight    numeric GENERATED ALWAYS AS (coalesce(net_weight, 0) + coalesce(package_weight, 0)) STORED,
  gross_uom       text CHECK (length(gross_uom) <= 20),
  locked          boolean NOT NULL DEFAULT false,
  zi_package_size numeric,
  created_at      timestamptz NOT NULL DEFAULT now(),
  created_by      text NOT NULL,
  modified_at     timestamptz NOT NULL DEFAULT now(),
  modified_by     text,
  mod_id          integer NOT NULL DEFAULT 0,
  -- The target of line_items' composite foreign key (see below).
  CONSTRAINT containers_id_job_kind_key UNIQUE (id, job_id, kind)
);

-- Line items of both kinds. job_id is denormalised on purpose (a job's line items are a hot query:
-- job exports, counts per tab, reports). It cannot drift: the composite foreign key
-- (container_id, job_id, kind) → containers (id, job_id, kind) ON UPDATE CASCADE makes a line item's
-- job and kind always those of its container — moving a container to another job updates its line
-- items with it, and a line item can never point at a container of another job or kind. Through the
-- container it is also a valid job id, so no second foreign key to jobs is needed.
-- ndc_* fields, strength, form, density, tablet weight and labeler organisation are a snapshot of the
-- dictionary entry when the NDC was chosen (a dictionary refresh must not rewrite destroyed items).
-- percent_fill is a fraction (1 = 100%); for raw bulk NDCs it is the purity (may reach 1.05).
-- line_type is the line item form's "Type" field.
CREATE TABLE line_items (
  id                     serial PRIMARY KEY,
  kind                   text NOT NULL CHECK (kind IN ('standard', 'yellow_bucket')),
  container_id           integer NOT NULL,
  job_id                 integer NOT NULL,
  ndc                    text NOT NULL CHECK (ndc ~ '^[0-9]{5}-[0-9]{4}-([0-9]{2}|\*\*)$'),
  ndc_description        text CHECK (length(ndc_description) <= 200),
  ndc_schedule           text CHECK (ndc_schedule IN ('1', '1N', '2', '2N', '3', '3N', '4', '4N', '5', '5N', 'LC', 'NC')),
  strength               text CHECK (length(strength) <= 60),
  form                   text CHECK (length(form) <= 60),
  source                 text CHECK (length(source) <= 60),
  source_number          text CHECK (length(source_number) <= 60),
  lot_number             text CHECK (length(lot_number) <= 60),
  cause                  text CHECK (length(cause) <= 60),
  pack_quantity          numeric CHECK (pack_quantity >= 0),
  pack_quantity_uom      text CHECK (length(pack_quantity_uom) <= 20),
  pack_size              numeric CHECK (pack_size >= 0),
  pack_size_uom          text CHECK (length(pack_size_uom) <= 20),
  zi_package_size        numeric,
  percent_fill           numeric NOT NULL DEFAULT 1 CHECK (percent_fill >= 0),
  reporting_qty          numeric,
  reporting_uom          text CHECK (length(reporting_uom) <= 20),
  bulk_pack_size         numeric CHECK (bulk_pack_size >= 0),
  bulk_pack_size_uom     text CHECK (length(bulk_pack_size_uom) <= 20),
  bulk_stage             text CHECK (length(bulk_stage) <= 60),
  converted_to_base      numeric,
  grams_of_base          numeric,
  form_222_number        text CHECK (length(form_222_number) <= 60),
  cwf_form_number        text CHECK (length(cwf_form_number) <= 60),
  locked                 boolean NOT NULL DEFAULT false,
  package_size_density   numeric CHECK (package_size_density > 0),
  avg_tablet_weight      numeric CHECK (avg_tablet_weight > 0),
  avg_tablet_weight_unit text CHECK (length(avg_tablet_weight_unit) <= 20),
  labeler_organization   text CHECK (length(labeler_organization) <= 200),
  line_type              text CHECK (length(line_type) <= 60),
  created_at             timestamptz NOT NULL DEFAULT now(),
  created_by             text NOT NULL,
  modified_at            timestamptz NOT NULL DEFAULT now(),
  modified_by            text,
  mod_id                 integer NOT NULL DEFAULT 0,
  CONSTRAINT line_items_container_fkey FOREIGN KEY (container_id, job_id, kind)
    REFERENCES containers (id, job_id, kind) ON UPDATE CASCADE ON DELETE RESTRICT
);

-- The NDC dictionary (ARCOS-style). ndc is formatted LLLLL-PPPP-KK; a bulk NDC has the package code
-- `**` and exactly one bulk flag; a trade package is never bulk. ingredient_base_weight is grams of
-- base per package (trade pack) or per unit (bulk dosage: per tablet; bulk solution: per mL).
-- uom_value_list holds the pack-size UoM choices, carriage-return separated. An entry with a
-- labeler_organization is visible only to users of that parentOrganization; NULL is public.
CREATE TABLE ndc_dictionary (
  id                      serial PRIMARY KEY,
  ndc                     text NOT NULL UNIQUE CHECK (ndc ~ '^[0-9]{5}-[0-9]{4}-([0-9]{2}|\*\*)$'),
  schedule                text NOT NULL CHECK (schedule IN ('1', '1N', '2', '2N', '3', '3N', '4', '4N', '5', '5N', 'LC', 'NC')),
  trade_name              text NOT NULL CHECK (length(trade_name) BETWEEN 1 AND 200),
  strength                text CHECK (length(strength) <= 60),
  package_size            numeric CHECK (package_size >= 0),
  package_size_uom        text CHECK (length(package_size_uom) <= 20),
  uom_value_list          text CHECK (length(uom_value_list) <= 200),
  package_size_converted  numeric CHECK (package_size_converted >= 0),
  removed_from_arcos      boolean NOT NULL DEFAULT false,
  drug_code               text CHECK (drug_code ~ '^[0-9]{4}$'),
  ingredient_base_weight  numeric CHECK (ingredient_base_weight >= 0),
  form                    text CHECK (length(form) <= 60),
  ingredient_name         text CHECK (length(ingredient_name) <= 200),
  package_description     text CHECK (length(package_description) <= 200),
  bulk_raw_liquid         boolean NOT NULL DEFAULT false,
  bulk_raw_powder         boolean NOT NULL DEFAULT false,
  bulk_dosage_formulation boolean NOT NULL DEFAULT false,
  bulk_solution           boolean NOT NULL DEFAULT false,
  trade_package           boolean NOT NULL DEFAULT false,
  density                 numeric CHECK (density > 0),
  avg_tablet_weight       numeric CHECK (avg_tablet_weight > 0),
  avg_tablet_weight_unit  text CHECK (length(avg_tablet_weight_unit) <= 20),
  labeler_organization    text CHECK (length(labeler_organization) <= 200),
  created_at              timestamptz NOT NULL DEFAULT now(),
  created_by              text,
  modified_at             timestamptz NOT NULL DEFAULT now(),
  modified_by             text,
  mod_id                  integer NOT NULL DEFAULT 0,
  CONSTRAINT ndc_dictionary_bulk_kind CHECK (
    (bulk_raw_liquid::int + bulk_raw_powder::int + bulk_dosage_formulation::int + bulk_solution::int)
      = (CASE WHEN ndc LIKE '%-**' THEN 1 ELSE 0 END)
  ),
  CONSTRAINT ndc_dictionary_trade_package_not_bulk CHECK (NOT (trade_package AND ndc LIKE '%-**'))
);

-- Option lists served by GET /get-value-list (Container Type, UoM Container, Dynamic UoM, Source,
-- Cause, ...). sort_order is the display order.
CREATE TABLE value_lists (
  id            serial PRIMARY KEY,
  list_name     text NOT NULL CHECK (length(list_name) BETWEEN 1 AND 60),
  value         text NOT NULL CHECK (length(value) BETWEEN 1 AND 200),
  display_value text NOT NULL CHECK (length(display_value) BETWEEN 1 AND 200),
  sort_order    integer NOT NULL DEFAULT 0,
  UNIQUE (list_name, value)
);

-- Notifications sent (or attempted), e.g. Job Ready. status: pending → sent | failed (with error).
CREATE TABLE notifications (
  id         serial PRIMARY KEY,
  job_id     integer REFERENCES jobs (id) ON DELETE RESTRICT,
  kind       text NOT NULL CHECK (length(kind) BETWEEN 1 AND 60),
  recipient  text NOT NULL CHECK (length(recipient) BETWEEN 1 AND 500),
  subject    text NOT NULL CHECK (length(subject) <= 200),
  body       text NOT NULL CHECK (length(body) <= 20000),
  status     text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  error      text CHECK (length(error) <= 4000),
  sent_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text NOT NULL
);

CREATE TRIGGER companies_touch BEFORE UPDATE ON companies FOR EACH ROW EXECUTE FUNCTION touch_record();
CREATE TRIGGER contacts_touch BEFORE UPDATE ON contacts FOR EACH ROW EXECUTE FUNCTION touch_record();
CREATE TRIGGER labeler_codes_touch BEFORE UPDATE ON labeler_codes FOR EACH ROW EXECUTE FUNCTION touch_record();
CREATE TRIGGER registrations_touch BEFORE UPDATE ON registrations FOR EACH ROW EXECUTE FUNCTION touch_record();
CREATE TRIGGER jobs_touch BEFORE UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION touch_record();
CREATE TRIGGER containers_touch BEFORE UPDATE ON containers FOR EACH ROW EXECUTE FUNCTION touch_record();
CREATE TRIGGER line_items_touch BEFORE UPDATE ON line_items FOR EACH ROW EXECUTE FUNCTION touch_record();
CREATE TRIGGER ndc_dictionary_touch BEFORE UPDATE ON ndc_dictionary FOR EACH ROW EXECUTE FUNCTION touch_record();

-- Indexes. Foreign keys first (a RESTRICT check and every portal read uses them), then the columns
-- the list screens sort by (with id last: ties are broken by id), then trigram indexes for finds
-- and quick finds (word-begins and contains matches on lower(column)). List sorts of the container
-- and line item lists are within one kind, hence kind first.
CREATE INDEX contacts_company_id_idx ON contacts (company_id);
CREATE INDEX labeler_codes_labeler_code_idx ON labeler_codes (labeler_code);
CREATE INDEX registrations_company_id_idx ON registrations (company_id);
CREATE INDEX registrations_picture_file_id_idx ON registrations (picture_file_id);
CREATE INDEX jobs_registration_id_idx ON jobs (registration_id);
CREATE INDEX jobs_supplier_registration_id_idx ON jobs (supplier_registration_id);
CREATE INDEX jobs_sister_job_id_idx ON jobs (sister_job_id);
CREATE INDEX job_files_file_id_idx ON job_files (file_id);
CREATE INDEX containers_job_id_kind_idx ON containers (job_id, kind, id);
CREATE INDEX line_items_container_id_idx ON line_items (container_id, id);
CREATE INDEX line_items_job_id_kind_idx ON line_items (job_id, kind, id);
CREATE INDEX notifications_job_id_idx ON notifications (job_id);

CREATE INDEX companies_name_idx ON companies (name, id);
CREATE INDEX companies_city_idx ON companies (city, id);
CREATE INDEX companies_state_idx ON companies (state, id);
CREATE INDEX companies_created_at_idx ON companies (created_at, id);
CREATE INDEX companies_modified_at_idx ON companies (modified_at, id);
CREATE INDEX registrations_number_idx ON registrations (registration_number, id);
CREATE INDEX registrations_expiration_date_idx ON registrations (expiration_date, id);
CREATE INDEX registrations_created_at_idx ON registrations (created_at, id);
CREATE INDEX registrations_modified_at_idx ON registrations (modified_at, id);
CREATE INDEX jobs_name_idx ON jobs (name, id);
CREATE INDEX jobs_date_initiated_idx ON jobs (date_initiated, id);
CREATE INDEX jobs_date_transfer_idx ON jobs (date_transfer, id);
CREATE INDEX jobs_date_destroyed_idx ON jobs (date_destroyed, id);
CREATE INDEX jobs_date_completed_idx ON jobs (date_completed, id);
CREATE INDEX jobs_created_at_idx ON jobs (created_at, id);
CREATE INDEX containers_kind_id_idx ON containers (kind, id);
CREATE INDEX containers_kind_name_idx ON containers (kind, name, id);
CREATE INDEX containers_kind_created_at_idx ON containers (kind, created_at, id);
CREATE INDEX line_items_kind_id_idx ON line_items (kind, id);
CREATE INDEX line_items_kind_ndc_idx ON line_items (kind, ndc, id);
CREATE INDEX line_items_kind_created_at_idx ON line_items (kind, created_at, id);
CREATE INDEX ndc_dictionary_trade_name_idx ON ndc_dictionary (trade_name, id);
CREATE INDEX ndc_dictionary_labeler_organization_idx ON ndc_dictionary (labeler_organization);

CREATE INDEX companies_name_trgm_idx ON companies USING gin (lower(name) gin_trgm_ops);
CREATE INDEX companies_city_trgm_idx ON companies USING gin (lower(city) gin_trgm_ops);
CREATE INDEX registrations_number_trgm_idx ON registrations USING gin (lower(registration_number) gin_trgm_ops);
CREATE INDEX jobs_name_trgm_idx ON jobs USING gin (lower(name) gin_trgm_ops);
CREATE INDEX containers_name_trgm_idx ON containers USING gin (lower(name) gin_trgm_ops);
CREATE INDEX line_items_ndc_trgm_idx ON line_items USING gin (lower(ndc) gin_trgm_ops);
CREATE INDEX line_items_ndc_description_trgm_idx ON line_items USING gin (lower(ndc_description) gin_trgm_ops);
CREATE INDEX ndc_dictionary_ndc_trgm_idx ON ndc_dictionary USING gin (lower(ndc) gin_trgm_ops);
CREATE INDEX ndc_dictionary_trade_name_trgm_idx ON ndc_dictionary USING gin (lower(trade_name) gin_trgm_ops);
CREATE INDEX ndc_dictionary_ingredient_name_trgm_idx ON ndc_dictionary USING gin (lower(ingredient_name) gin_trgm_ops);
