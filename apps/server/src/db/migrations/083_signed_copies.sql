-- A signed copy of a generated Form 41 or Certificate of Destruction (docs/dea-paperwork.md
-- "Generated slots are generated only"): the scan of the printed document, signed by the witnesses
-- or the client, kept beside the version it signs — never in the generated slot, never replacing it.
-- Kept like the document itself (076_kept_records.sql): written once, never changed or removed, and
-- its stored file with it.
CREATE TABLE signed_copies (
  id                    serial PRIMARY KEY,
  generated_document_id integer NOT NULL REFERENCES generated_documents (id) ON DELETE RESTRICT,
  file_id               uuid NOT NULL UNIQUE REFERENCES files (id) ON DELETE RESTRICT,
  uploaded_by           text NOT NULL,
  uploaded_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX signed_copies_document ON signed_copies (generated_document_id, id);

CREATE TRIGGER signed_copies_kept BEFORE UPDATE OR DELETE ON signed_copies FOR EACH ROW EXECUTE FUNCTION refuse_kept_record_change();
CREATE TRIGGER signed_copies_kept_no_truncate BEFORE TRUNCATE ON signed_copies FOR EACH STATEMENT EXECUTE FUNCTION refuse_kept_record_change();

CREATE OR REPLACE FUNCTION refuse_kept_file_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM generated_documents WHERE file_id = OLD.id)
     OR EXISTS (SELECT 1 FROM signed_copies WHERE file_id = OLD.id)
     OR EXISTS (SELECT 1 FROM arcos_reports WHERE file_id = OLD.id)
     OR EXISTS (SELECT 1 FROM inventories WHERE pdf_file_id = OLD.id OR xlsx_file_id = OLD.id) THEN
    RAISE EXCEPTION 'file % is held by a kept record: % is not allowed', OLD.id, TG_OP
      USING ERRCODE = 'insufficient_privilege',
            HINT = 'The file of a report, a generated document, its signed copy or an inventory is kept with it.';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;
