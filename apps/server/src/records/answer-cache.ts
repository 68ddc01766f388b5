import type { DataVersions } from './data-versions.ts';
import { SharedReads } from './shared-read.ts';

/**
 * The record tables whose every change is announced (the statement triggers of 003_count_cache.sql,
 * 012_change_notices.sql). An answer may be kept only if every table it reads is one of them; a
 * test holds this list to the database's.
 */
export const ANNOUNCED_TABLES: ReadonlySet<string> = new Set([
  'companies',
  'contacts',
  'labeler_codes',
  'registrations',
  'jobs',
  'job_files',
  'containers',
  'line_items',
  'order_forms',
  'order_form_lines',
  'losses',
  'ndc_dictionary',
  'value_lists',
  'files',
]);

/** An answer as the bytes sent: JSON, once. */
export function answerBytes(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value));
}

interface Entry {
  stamp: string;
  body: Buffer;
  at: number;
  bytes: number;
}

/** What an entry costs beyond its body and key: the entry, the map slot, the stamp. */
const ENTRY_OVERHEAD = 200;

/**
 * List pages and records as they were last answered, as the bytes sent, while none of the tables
 * they read has changed since (DataVersions). The stamp is taken *before* the database is read, so
 * an answer read across a change is stored under the stamp before it and never matches again: what
 * is served is never older than the last change this server has been told of. A server's own
 * writes are told before their answers leave (the feed's `sync` in app.ts), so a client always
 * reads what it just wrote.
 *
 * Bounded by bytes (least recently used out first) and by age: nothing older than `maxAgeMs` is
 * served, which also keeps the signed file links inside an answer far from their expiry and an
 * answer that depends on the date from outliving its day by long (its key holds the day too).
 * Concurrent requests for the same missing answer wait for one reading of the database.
 */
export class AnswerCache {
  readonly #versions: DataVersions;
  readonly #maxBytes: number;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  readonly #entries = new Map<string, Entry>();
  readonly #reading = new SharedReads<Buffer>();
  #bytes = 0;

  constructor(versions: DataVersions, options: { maxBytes: number; maxAgeMs?: number; now?: () => number }) {
    this.#versions = versions;
    this.#maxBytes = options.maxBytes;
    this.#maxAgeMs = options.maxAgeMs ?? 60_000;
    this.#now = options.now ?? Date.now;
  }

  /** Whether answers over these tables may be kept at all. */
  static canKeep(tables: readonly string[]): boolean {
    return tables.every((table) => ANNOUNCED_TABLES.has(table));
  }

  /** Bytes held now (bodies, keys and overhead). */
  get bytes(): number {
    return this.#bytes;
  }

  /**
   * The answer for `key`, which reads `tables`: kept, or produced now (and kept when it may be).
   * `produce` answers the value to send; it is serialised here once. The caller leaves when `signal`
   * aborts; a reading shared by several callers is aborted when the last of them has left.
   */
  async answer(key: string, tables: readonly string[], produce: (signal: AbortSignal | undefined) => Promise<unknown>, signal?: AbortSignal): Promise<Buffer> {
    const stamp = this.#maxBytes > 0 ? this.#versions.stamp(tables) : undefined;
    if (stamp === undefined) return answerBytes(await produce(signal));
    const now = this.#now();
    const kept = this.#entries.get(key);
    if (kept) {
      if (kept.stamp === stamp && now - kept.at <= this.#maxAgeMs) {
        // Most recently used last: the map's order is the eviction order.
        this.#entries.delete(key);
        this.#entries.set(key, kept);
        return kept.body;
      }
      this.#forget(key, kept);
    }
    // The reading keeps its answer itself: a caller who gave up early does not do it for the others.
    return this.#reading.join(
      key,
      stamp,
      async (shared) => {
        const bytes = answerBytes(await produce(shared));
        this.#keep(key, { stamp, body: bytes, at: now, bytes: bytes.length + key.length * 2 + ENTRY_OVERHEAD });
        return bytes;
      },
      signal,
    );
  }

  #keep(key: string, entry: Entry) {
    if (entry.bytes > this.#maxBytes / 4) return; // one answer never takes the place of many
    const old = this.#entries.get(key);
    if (old) this.#forget(key, old);
    this.#entries.set(key, entry);
    this.#bytes += entry.bytes;
    for (const [oldest, e] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#forget(oldest, e);
    }
  }

  #forget(key: string, entry: Entry) {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}
