-- Live updates (GET /3ds/api/events, modules/events): every audit row of a record announces itself
-- on tds_events when its transaction commits, to every server of the database. The audit row is the
-- source because every mutation already writes one per record it changes, in its own transaction:
-- nothing is announced of a rolled-back change, and a bulk operation announces each record.
-- Audit rows of sessions, users, settings, saved finds and exports (their entity is none of these)
-- are not announced. The payload is the event's data as the stream sends it (well under the 8000
-- bytes NOTIFY takes: usernames are at most 64 characters, ids and actions short); the time in UTC
-- with milliseconds, as JavaScript's toISOString writes it.
CREATE FUNCTION announce_record_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('tds_events', json_build_object(
    'id', NEW.id::text,
    'entity', NEW.entity,
    'recordId', NEW.record_id,
    'action', NEW.action,
    'user', NEW.username,
    'at', to_char(NEW.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  )::text);
  RETURN NULL;
END;
$$;
CREATE TRIGGER audit_log_announce_record AFTER INSERT ON audit_log FOR EACH ROW
  WHEN (NEW.entity IN ('job', 'container', 'line-item', 'registration', 'company'))
  EXECUTE FUNCTION announce_record_event();
