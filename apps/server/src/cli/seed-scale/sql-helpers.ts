/**
 * The scale seed's SQL plumbing: the session's draw functions (HELPERS_SQL) and their partners in
 * code, bulk inserts of JSON rows, the tables --reset empties, and what is held around the bulk load
 * (the change log and word index triggers, the non-constraint indexes) and filled after it (the word index).
 */
import pg from 'pg';

/** `[[v, w], …]` → an array holding each value w times (drawn uniformly, that is v with weight w). */
export function expand<T>(choices: readonly (readonly [T, number])[]): T[] {
  return choices.flatMap(([value, weight]) => Array.from({ length: weight }, () => value));
}

/** A prime that does not divide n: i ↦ (i × p) mod n is then a permutation of 0…n-1. */
export function scatterPrime(n: number): number {
  return [7919, 104_729, 1_299_709].find((p) => n % p !== 0)!;
}

/**
 * Session helpers. rnd(k, salt) is a deterministic pseudo-random number in [0, 1): the same key and
 * salt give the same number, so the same --line-items and --today give the same data.
 */
export const HELPERS_SQL = `
CREATE FUNCTION pg_temp.rnd(k bigint, salt bigint) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
  $$ SELECT ((hashint8extended(k, salt) >> 11) & 9007199254740991)::double precision / 9007199254740992 $$;
CREATE FUNCTION pg_temp.pick(a anyarray, r double precision) RETURNS anyelement LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
  $$ SELECT a[1 + floor(r * cardinality(a))::int] $$;
CREATE FUNCTION pg_temp.int_in(lo integer, hi integer, r double precision) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
  $$ SELECT lo + floor(r * (hi - lo + 1))::int $$;
CREATE FUNCTION pg_temp.scatter(i bigint, n bigint, p bigint) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
  $$ SELECT ((i * p) % n)::int $$;
CREATE FUNCTION pg_temp.moment(d date, minute integer) RETURNS timestamptz LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
  $$ SELECT (d + make_interval(mins => minute)) AT TIME ZONE 'UTC' $$;
CREATE FUNCTION pg_temp.padded(n bigint, width integer) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
  $$ SELECT lpad(n::text, greatest(width, length(n::text)), '0') $$;
`;

export async function insertJson(client: pg.Client, table: string, rows: readonly object[]): Promise<void> {
  if (!rows.length) return;
  const columns = Object.keys(rows[0]!);
  const list = columns.map((c) => `"${c}"`).join(', ');
  for (let k = 0; k < rows.length; k += 5000) {
    await client.query(`INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${table}, $1::json)`, [
      JSON.stringify(rows.slice(k, k + 5000)),
    ]);
  }
}

/**
 * What --reset empties and what must be empty without it: the record tables and the accounts
 * (users, sessions, audit). Other tables (e.g. bookkeeping a migration fills) are left alone.
 */
export const SEEDED_TABLES = [
  'line_items', 'containers', 'job_files', 'notifications', 'declared_items', 'declared_inventories', 'discrepancy_resolutions', 'losses', 'witness_confirmations', 'jobs', 'order_form_lines', 'order_forms', 'registrations', 'labeler_codes', 'contacts', 'companies',
  'ndc_dictionary', 'value_lists', 'files', 'audit_log', 'sessions', 'login_failures', 'login_lockouts', 'users',
];

/** The triggers that refuse TRUNCATE (the audit trail's and the kept records'), with their tables. */
export async function truncateGuards(client: pg.Client): Promise<{ table: string; trigger: string }[]> {
  const { rows } = await client.query<{ table: string; trigger: string }>(
    `SELECT c.relname AS table, t.tgname AS trigger FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
     WHERE NOT t.tgisinternal AND t.tgname LIKE '%\\_no\\_truncate' ORDER BY 1, 2`,
  );
  return rows;
}

export async function existingTables(client: pg.Client, names: readonly string[]): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename = ANY($1::text[])`,
    [names],
  );
  const found = new Set(rows.map((r) => r.name));
  return names.filter((n) => found.has(n));
}

/** The triggers that keep the change log and the word index (016_record_changes.sql, 015_search_words.sql), by table. */
export async function holdBulkTriggers(client: pg.Client): Promise<{ table: string; trigger: string }[]> {
  const { rows } = await client.query<{ table: string; trigger: string }>(
    `SELECT c.relname AS table, t.tgname AS trigger
     FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
     WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace
       AND (p.proname IN ('log_record_rows', 'log_record_table', 'truncate_search_words', 'truncate_value_counts') OR p.proname LIKE '%\\_sync\\_search\\_words' OR p.proname LIKE '%\\_sync\\_value\\_counts')
     ORDER BY 1, 2`,
  );
  for (const { table, trigger } of rows) await client.query(`ALTER TABLE ${quoteIdent(table)} DISABLE TRIGGER ${quoteIdent(trigger)}`);
  return rows;
}

/**
 * The triggers back on, with what they would have written: every record's words, and a change log
 * floor at this transaction's snapshot, so that a count kept from before the load is made afresh.
 */
export async function releaseBulkTriggers(client: pg.Client, held: readonly { table: string; trigger: string }[]): Promise<void> {
  for (const { table, trigger } of held) await client.query(`ALTER TABLE ${quoteIdent(table)} ENABLE TRIGGER ${quoteIdent(trigger)}`);
  await client.query('DELETE FROM record_changes');
  await client.query('UPDATE record_changes_floor SET snapshot = pg_current_snapshot()');
  await client.query('DELETE FROM count_cache');
}

/** The word index of every line item, container and job, made set-based from the migration's functions. */
export async function fillSearchWords(client: pg.Client): Promise<void> {
  await client.query('DELETE FROM search_words');
  for (const [table, space, values] of [
    ['line_items', 'line_item_search_space', 'line_item_search_values'],
    ['containers', 'container_search_space', 'container_search_values'],
    ['jobs', 'job_search_space', 'job_search_values'],
  ]) {
    await client.query('SELECT fill_search_words($1)', [`SELECT ${space}(n), n.id, ${values}(n) FROM ${table} n`]);
  }
}

/** The indexes of line_items and search_words that back no constraint, dropped around the bulk insert and rebuilt from their definitions. */
export async function dropBulkIndexes(client: pg.Client): Promise<{ name: string; definition: string }[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT i.indexname AS name, i.indexdef AS definition
     FROM pg_indexes i
     WHERE i.schemaname = current_schema() AND i.tablename IN ('line_items', 'search_words')
       AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)
     ORDER BY i.indexname`,
  );
  for (const index of rows) await client.query(`DROP INDEX ${quoteIdent(index.name)}`);
  return rows;
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
