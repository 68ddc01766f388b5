-- An audit row's time is the database's, never the writer's: whatever an INSERT names as `at` is
-- replaced by the moment the row is written (clock_timestamp(), the column's default since 007), so
-- a row cannot be back-dated into history. With two database roles (README, "Running against
-- PostgreSQL") the server's role may not even name `at` or `id` (db/database-roles.ts grants it the
-- other columns only); with one role, this trigger is what keeps a back-dated row out, for as long as
-- the role that owns the table leaves it enabled.
-- The clock is named with its schema and the function's search_path fixed, so that no session can
-- put a clock_timestamp() of its own in front of the real one.
CREATE FUNCTION stamp_audit_log_row() RETURNS trigger LANGUAGE plpgsql SET search_path = pg_catalog AS $$
BEGIN
  NEW.at := pg_catalog.clock_timestamp();
  RETURN NEW;
END;
$$;
CREATE TRIGGER audit_log_stamped BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION stamp_audit_log_row();
