-- The 30-day clock and the people on the record.
--
-- Why a destruction was made later than 30 calendar days after receipt (21 CFR 1317.15(c)): the
-- destruction record refuses a late destruction without one, and a reason without a late
-- destruction (destructionRecordProblems in packages/domain).
ALTER TABLE jobs ADD COLUMN late_destruction_reason text CHECK (length(late_destruction_reason) BETWEEN 1 AND 500);

-- One clock. 3DS's "today" is the day in the time zone our Settings name: the server's date checks
-- (todayInTimeZone) and the jobs layout's Days Left (tds_today) read the same zone, so they never
-- disagree about which day it is, wherever the server and the database run. It starts as the zone
-- Days Left counted in until now, the database session's, when that is an IANA name. Filling the
-- column is no change of the settings: the trigger that raises mod_id is held off meanwhile.
ALTER TABLE settings ADD COLUMN time_zone text CHECK (time_zone ~ '^(UTC|[A-Z][A-Za-z]+(/[A-Za-z0-9_+-]+){1,2})$');
ALTER TABLE settings DISABLE TRIGGER settings_touch;
UPDATE settings SET time_zone = CASE
  WHEN current_setting('TimeZone') ~ '^(UTC|[A-Z][A-Za-z]+(/[A-Za-z0-9_+-]+){1,2})$'
   AND EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = current_setting('TimeZone'))
  THEN current_setting('TimeZone') ELSE 'UTC' END;
ALTER TABLE settings ENABLE TRIGGER settings_touch;
ALTER TABLE settings ALTER COLUMN time_zone SET NOT NULL;
ALTER TABLE settings ALTER COLUMN time_zone SET DEFAULT 'UTC';

-- The day it is in that zone, at the start of the transaction (now()). Read it once per statement,
-- as `(SELECT tds_today())`, which PostgreSQL runs once and not per row. Names are schema-qualified
-- so that no session's search_path changes what it reads.
CREATE FUNCTION tds_today() RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (pg_catalog.now() AT TIME ZONE coalesce((SELECT s.time_zone FROM public.settings s WHERE s.id = 1), 'UTC'))::date
$$;
