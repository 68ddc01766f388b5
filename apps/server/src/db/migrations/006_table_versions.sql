-- The versions of some tables as one text, 'jobs:12,line_items:40' (names in order), for the count
-- cache (003_count_cache.sql). A function, so that a list can read them in the statement that reads
-- its page: PL/pgSQL keeps the inner query's plan, where a subquery in the page's text would have
-- to be planned again with every page.
CREATE FUNCTION table_versions(names text[]) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT string_agg(t.table_name || ':' || (t.changes + (SELECT count(*) FROM table_changes c WHERE c.table_name = t.table_name)), ',' ORDER BY t.table_name)
    FROM table_change_totals t
    WHERE t.table_name = ANY (names)
  );
END
$$;
