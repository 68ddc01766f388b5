import { createHash } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.ts';
import { transaction } from '../db/transaction.ts';

/**
 * Exact found counts, computed once per find and data version instead of on every request
 * (DESIGN.md §8). A count is kept with the versions of the tables it read (003_count_cache.sql)
 * and served only while those versions are unchanged. Versions are read before counting, so a
 * count can be fresher than its versions but never staler: a wrong count is never served.
 *
 * Two levels: this server's memory, and the `count_cache` table that all servers of one database
 * share, so a count one server computed spares the others.
 */
export class CountCache {
  readonly #db: Kysely<Database>;
  readonly #maxEntries: number;
  readonly #memory = new Map<string, { versions: string; count: number }>();

  constructor(db: Kysely<Database>, maxEntries = 5000) {
    this.#db = db;
    this.#maxEntries = maxEntries;
  }

  static key(parts: unknown): string {
    return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
  }

  /** The current versions of some tables, as one comparable string. */
  async versions(tables: readonly string[]): Promise<string> {
    const result = await sql<{ versions: string | null }>`SELECT ${this.versionsColumn(tables)} AS versions`.execute(this.#db);
    return this.checkedVersions(tables, result.rows[0]?.versions ?? null);
  }

  /**
   * The versions as a column of another statement (006_table_versions.sql): a subquery the database
   * runs once, in that statement's snapshot. Pass what it answers through `checkedVersions`.
   */
  versionsColumn(tables: readonly string[]): RawBuilder<string | null> {
    return sql<string | null>`(SELECT table_versions(${[...new Set(tables)].sort()}::text[]))`;
  }

  /** The versions read by `versionsColumn`, once it is sure every table had one. */
  checkedVersions(tables: readonly string[], versions: string | null): string {
    const names = [...new Set(tables)].sort();
    const listed = versions ? versions.split(',').map((v) => v.slice(0, v.lastIndexOf(':'))) : [];
    if (listed.join(',') !== names.join(',')) {
      // A table without a version row cannot be cached safely: say so and never match.
      throw new Error(`No change tracking for ${names.filter((n) => !listed.includes(n)).join(', ')}`);
    }
    return versions!;
  }

  /** Whether this server keeps a count for `key` (at whatever versions). */
  remembers(key: string): boolean {
    return this.#memory.has(key);
  }

  /** The cached count for `key` at these versions, or `compute()` (then cached). */
  async count(key: string, versions: string, compute: () => Promise<number>): Promise<number> {
    const local = this.#memory.get(key);
    if (local && local.versions === versions) {
      this.#memory.delete(key); // most recently used last
      this.#memory.set(key, local);
      return local.count;
    }
    const shared = await sql<{ found_count: string | number }>`
      SELECT found_count FROM count_cache WHERE cache_key = ${key} AND versions = ${versions}`.execute(this.#db);
    if (shared.rows[0]) {
      const count = Number(shared.rows[0].found_count);
      this.#remember(key, versions, count);
      return count;
    }
    const count = await compute();
    this.#remember(key, versions, count);
    await sql`
      INSERT INTO count_cache (cache_key, versions, found_count) VALUES (${key}, ${versions}, ${count})
      ON CONFLICT (cache_key) DO UPDATE SET versions = EXCLUDED.versions, found_count = EXCLUDED.found_count, computed_at = now()`.execute(this.#db);
    return count;
  }

  #remember(key: string, versions: string, count: number) {
    this.#memory.delete(key);
    this.#memory.set(key, { versions, count });
    if (this.#memory.size > this.#maxEntries) this.#memory.delete(this.#memory.keys().next().value!);
  }
}

/**
 * Moves the change log into the totals (keeping every version the same) and forgets counts
 * nobody asked for in a day. One server at a time does it; the others skip.
 */
export async function compactChangeLog(db: Kysely<Database>): Promise<void> {
  await transaction(db, async (trx) => {
    const lock = await sql<{ ok: boolean }>`SELECT pg_try_advisory_xact_lock(7331002) AS ok`.execute(trx);
    if (!lock.rows[0]?.ok) return;
    await sql`
      WITH moved AS (DELETE FROM table_changes RETURNING table_name),
           counted AS (SELECT table_name, count(*) AS n FROM moved GROUP BY table_name)
      UPDATE table_change_totals t SET changes = t.changes + counted.n FROM counted WHERE t.table_name = counted.table_name`.execute(trx);
    await sql`DELETE FROM count_cache WHERE computed_at < now() - interval '1 day'`.execute(trx);
  });
}

/** Compacts every minute; the timer does not keep the process alive. Returns a stop function. */
export function scheduleChangeLogCompaction(db: Kysely<Database>, onError: (error: unknown) => void, everyMs = 60_000): () => void {
  const timer = setInterval(() => void compactChangeLog(db).catch(onError), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
