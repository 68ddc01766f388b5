-- What the DEA paperwork prints and 3DS did not hold (issue "The paperwork from the records").
--
-- The job's destruction record: the day the items were received from the client (the start of the
-- 30-day clock of 21 CFR 1317.15) and where they were destroyed.
ALTER TABLE jobs ADD COLUMN date_received date;
ALTER TABLE jobs ADD COLUMN destruction_facility text CHECK (length(destruction_facility) <= 200);
ALTER TABLE jobs ADD COLUMN destruction_facility_address text CHECK (length(destruction_facility_address) <= 400);

-- Our own registration (the reverse distributor's identity), held once and printed on every
-- document: Form 41 section A, the Certificate of Destruction, the ARCOS reporting registrant.
-- One row, id 1; the server creates it empty on first read when it is missing.
CREATE TABLE settings (
  id              integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  registrant_name text CHECK (length(registrant_name) BETWEEN 1 AND 200),
  dea_number      text CHECK (dea_number ~ '^[A-Z][A-Z9][0-9]{7}$'),
  address_line_1  text CHECK (length(address_line_1) BETWEEN 1 AND 200),
  address_line_2  text CHECK (length(address_line_2) BETWEEN 1 AND 200),
  city            text CHECK (length(city) BETWEEN 1 AND 100),
  state           text CHECK (state ~ '^[A-Z]{2}$'),
  zip             text CHECK (zip ~ '^[0-9]{5}(-[0-9]{4})?$'),
  telephone       text CHECK (length(telephone) BETWEEN 7 AND 40),
  contact_name    text CHECK (length(contact_name) BETWEEN 1 AND 200),
  created_at      timestamptz NOT NULL DEFAULT now(),
  created_by      text NOT NULL DEFAULT 'system',
  modified_at     timestamptz NOT NULL DEFAULT now(),
  modified_by     text,
  mod_id          integer NOT NULL DEFAULT 0
);
CREATE TRIGGER settings_touch BEFORE UPDATE ON settings FOR EACH ROW EXECUTE FUNCTION touch_record();
INSERT INTO settings (id) VALUES (1);
