-- The audit trail is append-only (issue "The 30-day clock and records that stay"): a DEA registrant
-- keeps complete and accurate records of what it received and destroyed (21 CFR 1304.21, 1304.04),
-- and ours say who changed what and when. No statement of the server's database role may change or
-- remove an audit row: UPDATE and DELETE are refused row by row, TRUNCATE for the table. The owner of
-- the table can still drop the trigger; that is a schema change, made on purpose and visible.
CREATE FUNCTION refuse_audit_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'insufficient_privilege',
          HINT = 'Audit rows are written once and kept; correct a record by a new change, which is audited in turn.';
END;
$$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION refuse_audit_log_change();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_audit_log_change();
