import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { whileWanted } from '../db/cancel.ts';
import type { Database } from '../db/schema.ts';
import { transaction } from '../db/transaction.ts';
import type { DataVersions } from './data-versions.ts';
import { SharedReads } from './shared-read.ts';
import type { Layout } from './layout.ts';
import { countForward, shareCount, type PreparedFind, type SnapshotCount } from './records.repository.ts';

/** A count this server keeps: exact at `snapshot`; `stamp` is the tables' state it was read after, when known. */
interface Kept extends SnapshotCount {
  stamp: string | undefined;
}

/**
 * Exact found counts that follow the writes (016_record_changes.sql). A count is kept with the
 * snapshot it is exact at. Asked again:
 * - while this server has heard of no change to the tables the find reads since it was read (the
 *   change notices, `DataVersions`), it is answered from memory;
 * - otherwise it is brought forward in one statement: the rows changed since its snapshot, tested
 *   against the find old and new, correct it; a count is made afresh only when it cannot be brought
 *   forward (none kept, the log since then removed, another table the find reads changed, more than
 *   `maxChanges` rows changed).
 * Counts made afresh are also kept in the `count_cache` table, where the other servers of the
 * database find them and bring them forward in turn; the count is answered without waiting for that
 * write (its commit waited for the disk: 5–8 ms of a first find's time), `shared()` waits for it.
 * Concurrent requests for the same count in the same state wait for one statement.
 */
export class CountCache {
  readonly #db: Kysely<Database>;
  readonly #versions: DataVersions | undefined;
  readonly #maxEntries: number;
  readonly #maxChanges: number;
  readonly #memory = new Map<string, Kept>();
  readonly #pending = new SharedReads<number>();
  readonly #sharing = new Set<Promise<void>>();

  constructor(db: Kysely<Database>, options: { versions?: DataVersions | undefined; maxEntries?: number; maxChanges?: number } = {}) {
    this.#db = db;
    this.#versions = options.versions;
    this.#maxEntries = options.maxEntries ?? 5000;
    this.#maxChanges = options.maxChanges ?? 2000;
  }

  static key(parts: unknown): string {
    return createHash('sha256').update(JSON.stringify(parts)).digest('base64url');
  }

  /** The exact count of `find` (its key: `key`), which reads `tables`; its statement is cancelled when `signal` aborts. */
  async count(key: string, layout: Layout, find: PreparedFind, tables: readonly string[], signal?: AbortSignal): Promise<number> {
    // The state of the tables before anything is read: a change after it makes the kept count stale.
    const stamp = this.#versions?.stamp(tables);
    const kept = this.#memory.get(key);
    if (kept && stamp !== undefined && kept.stamp === stamp) {
      this.#memory.delete(key); // most recently used last
      this.#memory.set(key, kept);
      return kept.count;
    }
    if (stamp === undefined) return this.#read(key, layout, find, tables, kept, stamp, signal);
    return this.#pending.join(key, stamp, (shared) => this.#read(key, layout, find, tables, kept, stamp, shared), signal);
  }

  async #read(
    key: string,
    layout: Layout,
    find: PreparedFind,
    tables: readonly string[],
    kept: Kept | undefined,
    stamp: string | undefined,
    signal: AbortSignal | undefined,
  ) {
    const origin = kept ? { kept } : { sharedKey: key };
    const read = await whileWanted(signal, () => countForward(this.#db, layout, find, tables, origin, this.#maxChanges));
    this.#remember(key, { count: read.count, snapshot: read.snapshot, stamp });
    if (!read.forward) this.#share(key, read);
    return read.count;
  }

  /** Keeps a count made afresh in `count_cache` for the other servers, best effort: a count not shared is made again there. */
  #share(key: string, counted: SnapshotCount) {
    const writing: Promise<void> = shareCount(this.#db, key, counted)
      .catch(() => undefined)
      .finally(() => this.#sharing.delete(writing));
    this.#sharing.add(writing);
  }

  /** Resolves when every count this cache has begun to share is written (or has failed). */
  async shared(): Promise<void> {
    await Promise.all([...this.#sharing]);
  }

  #remember(key: string, kept: Kept) {
    const old = this.#memory.get(key);
    // A slower statement that started earlier must not replace a newer count.
    if (old && old.stamp !== undefined && kept.stamp !== undefined && old.stamp !== kept.stamp && isNewer(old.stamp, kept.stamp)) return;
    this.#memory.delete(key);
    this.#memory.set(key, kept);
    if (this.#memory.size > this.#maxEntries) this.#memory.delete(this.#memory.keys().next().value!);
  }
}

/** Whether stamp `a` names a later state than `b` (the same tables, each counter at least as far). */
function isNewer(a: string, b: string): boolean {
  const x = a.split(',').map(Number);
  const y = b.split(',').map(Number);
  return x.length === y.length && x.every((v, i) => v >= y[i]!) && x.some((v, i) => v > y[i]!);
}

/**
 * Keeps the change log to about its last `keepMinutes` and forgets shared counts nobody asked for in
 * a day. Each run notes its snapshot; the log rows visible in the newest note at least `keepMinutes`
 * old go, and that note becomes the floor counts are brought forward from (016_record_changes.sql).
 * One server at a time does it; the others skip.
 */
export async function compactChangeLog(db: Kysely<Database>, keepMinutes = 10): Promise<void> {
  await transaction(db, async (trx) => {
    const lock = await sql<{ ok: boolean }>`SELECT pg_try_advisory_xact_lock(7331002) AS ok`.execute(trx);
    if (!lock.rows[0]?.ok) return;
    await sql`INSERT INTO record_changes_marks (snapshot) VALUES (pg_current_snapshot())`.execute(trx);
    await sql`
      WITH mark AS (
        SELECT at, snapshot FROM record_changes_marks
        WHERE at <= clock_timestamp() - make_interval(mins => ${keepMinutes}) ORDER BY at DESC LIMIT 1
      ),
      gone AS (
        DELETE FROM record_changes c USING mark
        WHERE c.xid < pg_snapshot_xmax(mark.snapshot) AND pg_visible_in_snapshot(c.xid, mark.snapshot)
      ),
      floor AS (UPDATE record_changes_floor SET snapshot = mark.snapshot FROM mark)
      DELETE FROM record_changes_marks m USING mark WHERE m.at < mark.at`.execute(trx);
    await sql`DELETE FROM count_cache WHERE computed_at < now() - interval '1 day'`.execute(trx);
  });
  // The value counts' rows of each key summed into one (071): its own transaction and lock.
  await sql`SELECT compact_value_counts()`.execute(db);
}

/** Compacts every minute; the timer does not keep the process alive. Returns a stop function. */
export function scheduleChangeLogCompaction(db: Kysely<Database>, onError: (error: unknown) => void, everyMs = 60_000): () => void {
  const timer = setInterval(() => void compactChangeLog(db).catch(onError), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
