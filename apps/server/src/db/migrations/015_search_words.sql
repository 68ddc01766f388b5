-- Text finds through an index (records/search-words.ts, records/find-criterion.ts).
--
-- A text find matches when each of its words begins a word of the field: at the start of the text or
-- after a character that is not a letter or digit ([[:alnum:]]), compared as lower() of both. For the
-- large lists (line items, containers, jobs) search_words holds every place where a word can begin
-- in each quick-find field of each record: the lower-cased text from there on, cut to 16 characters.
-- A term of up to 16 characters begins a word of the field exactly when one of the record's entries
-- begins with it, which the btree answers as a range; a longer term, or one with wildcards, takes
-- the entries of its first 16 characters (or of its literal start) as candidates, and the find's own
-- condition decides on those rows alone.
--
-- `prev` is the record's entry just before this one in (word, field) order over all its fields,
-- `field_prev` the one before it within the field. A record's entries that begin with a term are
-- next to each other in that order, and only the first of them has a prev that does not begin with
-- the term (it is NULL or sorts before the term): `prev IS NULL OR prev < term` finds each record
-- once, so a count or a page reads the index alone, with no DISTINCT over hundreds of thousands of ids.
--
-- The entries are kept by the statement triggers below, from the same function that made them:
-- a change to search_word_starts or to which columns a space holds must rebuild the table.
--
-- Spaces and fields (records/search-words.ts holds the same numbers; a test compares them):
--   1 standard line items, 2 Yellow Bucket line items:
--       1 id, 2 ndc, 3 ndc_description, 4 lot_number, 5 serial_number, 6 form_222_number, 7 source_number
--   3 standard containers, 4 Yellow Bucket containers: 1 id, 2 name, 3 pallet, 4 job_id
--   5 jobs: 1 id, 2 name

-- Every place a word begins in `t`: lower(t) from there on, cut to 16 characters. The text is cut
-- after each character that is not a letter or digit (a marker of three control characters goes in
-- after each such character, and no other place can hold the marker: its characters are not letters or
-- digits, so each of them in the text is itself followed by a marker); every piece begins a word.
-- A value may give the same entry twice (two places whose first 16 characters agree): harmless.
-- (Not STRICT, so that it is inlined into the statement that calls it; OFFSET 0 cuts the text once.)
CREATE FUNCTION search_word_starts(t text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE ROWS 4 AS $$
  SELECT left(array_to_string(a.pieces[k:], ''), 16)
  FROM (SELECT string_to_array(regexp_replace(lower(t), '([^[:alnum:]])', '\1' || chr(1) || chr(2) || chr(3), 'g'), chr(1) || chr(2) || chr(3)) AS pieces OFFSET 0) a,
       generate_subscripts(a.pieces, 1) k
  WHERE a.pieces[k] <> ''
$$;

-- What a term is looked up by: the entries' form of its start, and that as a LIKE prefix pattern.
-- Immutable, so that with the term known the planner folds them into the range it reads.
CREATE FUNCTION search_word_key(term text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT left(lower(term), 16) COLLATE "C"
$$;
CREATE FUNCTION search_word_pattern(term text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT replace(replace(replace(search_word_key(term), '\', '\\'), '%', '\%'), '_', '\_') || '%'
$$;

CREATE TABLE search_words (
  space      smallint NOT NULL,
  field      smallint NOT NULL,
  word       text COLLATE "C" NOT NULL,
  record_id  integer NOT NULL,
  prev       text COLLATE "C",
  field_prev text COLLATE "C"
);
CREATE INDEX search_words_idx ON search_words (space, word, field, record_id) INCLUDE (prev, field_prev);

-- A record's entries: `vals[i]` is the value of field i.
CREATE FUNCTION search_entries(p_space smallint, p_record integer, vals text[])
RETURNS TABLE (space smallint, field smallint, word text, record_id integer, prev text, field_prev text)
LANGUAGE sql IMMUTABLE PARALLEL SAFE ROWS 12 AS $$
  SELECT p_space, w.field, w.word, p_record,
         lag(w.word) OVER (ORDER BY w.word, w.field),
         lag(w.word) OVER (PARTITION BY w.field ORDER BY w.word)
  FROM (
    SELECT f.field::smallint AS field, ws.word COLLATE "C" AS word
    FROM unnest(vals) WITH ORDINALITY AS f(value, field), LATERAL search_word_starts(f.value) AS ws(word)
  ) w
$$;

-- The entries of a whole table at once, for a backfill: one pass, the previous entries by window.
CREATE FUNCTION fill_search_words(rows_sql text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format($q$
    INSERT INTO search_words
    SELECT space, field, word, record_id,
           lag(word) OVER (PARTITION BY space, record_id ORDER BY word, field),
           lag(word) OVER (PARTITION BY space, record_id, field ORDER BY word)
    FROM (
      SELECT r.space, f.field::smallint AS field, ws.word COLLATE "C" AS word, r.id AS record_id
      FROM (%s) r (space, id, vals), unnest(r.vals) WITH ORDINALITY AS f(value, field), LATERAL search_word_starts(f.value) AS ws(word)
    ) e$q$, rows_sql);
END;
$$;

-- What each table puts into search_words: a row's space, and its search values in field order.
CREATE FUNCTION line_item_search_space(li line_items) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE li.kind WHEN 'standard' THEN 1 ELSE 2 END::smallint
$$;
CREATE FUNCTION line_item_search_values(li line_items) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[li.id::text, li.ndc, li.ndc_description, li.lot_number, li.serial_number, li.form_222_number, li.source_number]
$$;
CREATE FUNCTION container_search_space(ct containers) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE ct.kind WHEN 'standard' THEN 3 ELSE 4 END::smallint
$$;
CREATE FUNCTION container_search_values(ct containers) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[ct.id::text, ct.name, ct.pallet, ct.job_id::text]
$$;
CREATE FUNCTION job_search_space(j jobs) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT 5::smallint
$$;
CREATE FUNCTION job_search_values(j jobs) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[j.id::text, j.name]
$$;

-- The statement triggers, one function per table (made below from one text): the entries of inserted
-- rows go in, those of deleted rows out, and those of updated rows whose space or search values changed
-- out and in again; an update that changes no search value (a lock, a move) costs a join of the
-- statement's old and new rows and nothing else. Entries are removed by their whole key, made again
-- from the old row, through the index (the array's rows are few to the planner, so it probes).
DO $do$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('line_items', 'line_item_search_space', 'line_item_search_values'),
    ('containers', 'container_search_space', 'container_search_values'),
    ('jobs', 'job_search_space', 'job_search_values')) AS v(tab, space_of, values_of)
  LOOP
    EXECUTE format($fn$
      CREATE FUNCTION %1$s_sync_search_words() RETURNS trigger LANGUAGE plpgsql AS $body$
      DECLARE
        gone search_words[];
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO search_words SELECT e.* FROM new_rows n CROSS JOIN LATERAL search_entries(%2$s(n), n.id, %3$s(n)) e;
          RETURN NULL;
        ELSIF TG_OP = 'DELETE' THEN
          SELECT array_agg(e) INTO gone FROM old_rows o CROSS JOIN LATERAL search_entries(%2$s(o), o.id, %3$s(o)) e;
        ELSE
          SELECT array_agg(e) INTO gone
          FROM old_rows o JOIN new_rows n ON n.id = o.id
          CROSS JOIN LATERAL search_entries(%2$s(o), o.id, %3$s(o)) e
          WHERE %2$s(n) <> %2$s(o) OR %3$s(n) IS DISTINCT FROM %3$s(o);
        END IF;
        IF gone IS NOT NULL THEN
          DELETE FROM search_words s USING unnest(gone) d
          WHERE s.space = d.space AND s.word = d.word AND s.field = d.field AND s.record_id = d.record_id;
        END IF;
        IF TG_OP = 'UPDATE' THEN
          INSERT INTO search_words
          SELECT e.* FROM new_rows n JOIN old_rows o ON o.id = n.id
          CROSS JOIN LATERAL search_entries(%2$s(n), n.id, %3$s(n)) e
          WHERE %2$s(n) <> %2$s(o) OR %3$s(n) IS DISTINCT FROM %3$s(o);
        END IF;
        RETURN NULL;
      END;
      $body$$fn$, t.tab, t.space_of, t.values_of);
    EXECUTE format('CREATE TRIGGER %1$s_search_insert AFTER INSERT ON %1$I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %1$s_sync_search_words()', t.tab);
    EXECUTE format('CREATE TRIGGER %1$s_search_update AFTER UPDATE ON %1$I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %1$s_sync_search_words()', t.tab);
    EXECUTE format('CREATE TRIGGER %1$s_search_delete AFTER DELETE ON %1$I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %1$s_sync_search_words()', t.tab);
  END LOOP;
END;
$do$;

-- A TRUNCATE of a table empties its spaces.
CREATE FUNCTION truncate_search_words() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM search_words WHERE space = ANY (TG_ARGV::smallint[]);
  RETURN NULL;
END;
$fn$;
CREATE TRIGGER line_items_search_truncate AFTER TRUNCATE ON line_items FOR EACH STATEMENT EXECUTE FUNCTION truncate_search_words('1', '2');
CREATE TRIGGER containers_search_truncate AFTER TRUNCATE ON containers FOR EACH STATEMENT EXECUTE FUNCTION truncate_search_words('3', '4');
CREATE TRIGGER jobs_search_truncate AFTER TRUNCATE ON jobs FOR EACH STATEMENT EXECUTE FUNCTION truncate_search_words('5');

-- The records already there.
SELECT fill_search_words('SELECT line_item_search_space(n), n.id, line_item_search_values(n) FROM line_items n');
SELECT fill_search_words('SELECT container_search_space(n), n.id, container_search_values(n) FROM containers n');
SELECT fill_search_words('SELECT job_search_space(n), n.id, job_search_values(n) FROM jobs n');
ANALYZE search_words;
