-- The records the law keeps are kept by the database too (docs/dea-paperwork.md "The database keeps
-- what the law keeps"): a kept ARCOS report and the transaction records it carried (handbook 2.2:
-- kept two years; the baseline the next report corrects), a generated Form 41 or Certificate of
-- Destruction (21 CFR 1317.95(d): kept two years), an inventory (21 CFR 1304.11, 1304.04(a)), and the
-- stored files each of them holds. Each is written once. A report or a document may be superseded
-- by a newer one — once, naming it, nothing else of it changing; nothing of them is ever deleted,
-- truncated or rewritten. As for audit_log (010_records_that_stay.sql), the owner of a table can
-- still drop a trigger: a schema change made on purpose; the server's role of the two-role set-up
-- owns nothing and holds no UPDATE (but of the superseding columns), DELETE or TRUNCATE on them
-- (database-roles.ts).
CREATE FUNCTION refuse_kept_record_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND TG_TABLE_NAME IN ('arcos_reports', 'generated_documents') THEN
    -- Superseded once, by a newer one: the only change a kept report or document takes.
    IF OLD.superseded_at IS NULL AND NEW.superseded_at IS NOT NULL AND NEW.superseded_by IS NOT NULL
       AND to_jsonb(NEW) - 'superseded_at' - 'superseded_by' = to_jsonb(OLD) - 'superseded_at' - 'superseded_by' THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION '% is a kept record: % is not allowed', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'insufficient_privilege',
          HINT = 'Reports, generated documents and inventories are written once and kept; a newer one supersedes an earlier one, which stays.';
END;
$$;

CREATE TRIGGER arcos_reports_kept BEFORE UPDATE OR DELETE ON arcos_reports FOR EACH ROW EXECUTE FUNCTION refuse_kept_record_change();
CREATE TRIGGER arcos_reports_kept_no_truncate BEFORE TRUNCATE ON arcos_reports FOR EACH STATEMENT EXECUTE FUNCTION refuse_kept_record_change();
CREATE TRIGGER arcos_report_transactions_kept BEFORE UPDATE OR DELETE ON arcos_report_transactions FOR EACH ROW EXECUTE FUNCTION refuse_kept_record_change();
CREATE TRIGGER arcos_report_transactions_kept_no_truncate BEFORE TRUNCATE ON arcos_report_transactions FOR EACH STATEMENT EXECUTE FUNCTION refuse_kept_record_change();
CREATE TRIGGER generated_documents_kept BEFORE UPDATE OR DELETE ON generated_documents FOR EACH ROW EXECUTE FUNCTION refuse_kept_record_change();
CREATE TRIGGER generated_documents_kept_no_truncate BEFORE TRUNCATE ON generated_documents FOR EACH STATEMENT EXECUTE FUNCTION refuse_kept_record_change();
CREATE TRIGGER inventories_kept BEFORE UPDATE OR DELETE ON inventories FOR EACH ROW EXECUTE FUNCTION refuse_kept_record_change();
CREATE TRIGGER inventories_kept_no_truncate BEFORE TRUNCATE ON inventories FOR EACH STATEMENT EXECUTE FUNCTION refuse_kept_record_change();

-- A stored file a kept record holds is kept with it: its row is neither changed nor removed (the
-- foreign keys refuse the removal as well; this says why). Other files — exports, which expire —
-- come and go as before.
CREATE FUNCTION refuse_kept_file_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM generated_documents WHERE file_id = OLD.id)
     OR EXISTS (SELECT 1 FROM arcos_reports WHERE file_id = OLD.id)
     OR EXISTS (SELECT 1 FROM inventories WHERE pdf_file_id = OLD.id OR xlsx_file_id = OLD.id) THEN
    RAISE EXCEPTION 'file % is held by a kept record: % is not allowed', OLD.id, TG_OP
      USING ERRCODE = 'insufficient_privilege',
            HINT = 'The file of a report, a generated document or an inventory is kept with it.';
  END IF;
  RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
END;
$$;
CREATE TRIGGER files_kept BEFORE UPDATE OR DELETE ON files FOR EACH ROW EXECUTE FUNCTION refuse_kept_file_change();
CREATE TRIGGER files_kept_no_truncate BEFORE TRUNCATE ON files FOR EACH STATEMENT EXECUTE FUNCTION refuse_kept_record_change();
