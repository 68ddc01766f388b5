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

-- Who must be read again, on tds_auth: `session:<id>` when a session is revoked, its expiry moved or
-- it is deleted (touching `last_seen_at` announces nothing); `user:<id>` when a user changes in any way
-- (privileges, organisation, disabled, name, password) or is deleted. The trigger names the prefix.
CREATE FUNCTION announce_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tds_auth', TG_ARGV[0] || ':' || OLD.id);
  RETURN NULL;
END;
$$;
CREATE TRIGGER sessions_announce_update AFTER UPDATE ON sessions FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION announce_auth_change('session');
CREATE TRIGGER sessions_announce_delete AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION announce_auth_change('session');
CREATE TRIGGER users_announce AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION announce_auth_change('user');
