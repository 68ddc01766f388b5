-- Change notices (db/change-feed.ts): every server of one database learns of a change when the
-- transaction that made it commits, through LISTEN/NOTIFY, and keeps in memory only what such a
-- notice would invalidate (data versions, answers, live sessions).

-- A record table changed: the table's name on tds_changes, once per table and transaction (the
-- same place that logs the change for the count cache, 003_count_cache.sql).
CREATE OR REPLACE FUNCTION record_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  setting text := 'tds.changed_' || TG_TABLE_NAME;
BEGIN
  IF current_setting(setting, true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config(setting, txid_current()::text, true);
    INSERT INTO table_changes (table_name) VALUES (TG_TABLE_NAME);
    PERFORM pg_notify('tds_changes', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END;
$$;

-- A session is revoked, or its expiry moved, or it is deleted: `session:<id>` on tds_auth. Touching
-- `last_seen_at` announces nothing.
CREATE FUNCTION announce_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tds_auth', 'session:' || OLD.id);
  RETURN NULL;
END;
$$;
CREATE TRIGGER sessions_announce_update AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION announce_session_change();
CREATE TRIGGER sessions_announce_delete AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION announce_session_change();

-- A user changes in any way (privileges, organisation, disabled, name, password) or is deleted:
-- `user:<id>` on tds_auth, so that every server reads that user's sessions again.
CREATE FUNCTION announce_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tds_auth', 'user:' || OLD.id);
  RETURN NULL;
END;
$$;
CREATE TRIGGER users_announce AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION announce_user_change();
