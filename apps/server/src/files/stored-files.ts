import { createHash } from 'node:crypto';
import { pipeline, Readable, Transform } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { StoredFile } from '../db/tables/files.table.ts';
import { conflict } from '../errors/app-error.ts';
import type { FileStore } from './file-store.ts';
import { signFileLink } from './signed-link.ts';
import * as files from './stored-files.repository.ts';
import { transaction } from '../db/transaction.ts';

/** Exports are written under this prefix and removed once their links can no longer be used. */
export const EXPORTS_PREFIX = 'exports/';
/** A job's uploads and the documents generated for it (Form 41, Certificate of Destruction): kept. */
export const JOBS_PREFIX = 'jobs/';
/** Registration pictures: kept (a replaced picture stays, the audit row names both). */
export const REGISTRATIONS_PREFIX = 'registrations/';
/** ARCOS reports and inventories are records: kept, never removed by the clean-up of exports. */
export const ARCOS_PREFIX = 'arcos/';
export const INVENTORIES_PREFIX = 'inventories/';
/** How long a download link stays valid unless the caller says otherwise. */
export const FILE_LINK_TTL_SECONDS = 900;
/** Exports older than this are removed: well past the life of any link made for them. */
export const EXPORT_RETENTION_MS = 60 * 60 * 1000;
const EXPORT_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
/** Per sweep; a backlog beyond it is taken by the next sweep. */
const EXPORT_CLEANUP_BATCH = 1000;

export interface NewFile {
  key: string;
  name: string;
  contentType: string;
  body: Buffer | NodeJS.ReadableStream;
  createdBy: string;
}

/**
 * A signed download link for a stored file, valid for `ttlSeconds` from `now` (15 minutes unless
 * said otherwise) and, made for a `session` (the requester's), only while that session lives. The
 * file links of record answers are too: the answer cache keeps them as shared files, which each
 * answer's requester gets signed for its own session (records.service.ts `#signFiles`).
 */
export function fileLinkFor(
  linkSecret: string,
  file: { id: string; name: string },
  now: Date,
  link: { session: string | null; ttlSeconds?: number },
): string {
  return signFileLink(linkSecret, file, new Date(now.getTime() + (link.ttlSeconds ?? FILE_LINK_TTL_SECONDS) * 1000), link.session);
}

/**
 * Stores the bytes, then indexes them in `files` with their size and SHA-256. A failed insert
 * removes the stored object again, so the store never keeps bytes nobody can reach. `indexed`
 * runs in the insert's transaction (to audit the file with it): the row and its audit row are
 * written together or not at all.
 */
export async function saveFile(
  db: Kysely<Database>,
  store: FileStore,
  file: NewFile,
  indexed?: (trx: Kysely<Database>, saved: { id: string; name: string }) => Promise<void>,
): Promise<{ id: string; name: string }> {
  // Writing first would overwrite the object of the existing row, and the clean-up after the
  // failing insert would then delete it. Keys carry a fresh uuid, so this is a guard, not a lock.
  if (await files.storageKeyExists(db, file.key)) throw conflict(`A file is already stored under ${file.key}.`);

  const hash = createHash('sha256');
  let stored: { size: number };
  if (Buffer.isBuffer(file.body)) {
    hash.update(file.body);
    stored = await store.put(file.key, file.body, file.contentType);
  } else {
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    const source = file.body instanceof Readable ? file.body : Readable.from(file.body);
    // The callback form hands a source failure on to `hashing`, so the store's put fails with it;
    // a failing put destroys `hashing`, which releases the source (an upload request, say) too.
    try {
      stored = await store.put(file.key, pipeline(source, hashing, () => {}), file.contentType);
    } catch (error) {
      hashing.destroy();
      throw error;
    }
  }

  const sha256 = hash.digest('hex');
  try {
    return await transaction(db, async (trx) => {
      const row = await files.insertFile(trx, {
        storage_key: file.key,
        original_name: file.name,
        content_type: file.contentType,
        size_bytes: stored.size,
        sha256,
        created_by: file.createdBy,
      });
      const saved = { id: row.id, name: row.original_name };
      await indexed?.(trx, saved);
      return saved;
    });
  } catch (error) {
    // The insert's failure is the one worth reporting; a failed clean-up leaves an unreachable object.
    await store.delete(file.key).catch(() => {});
    throw error;
  }
}

/** The row and a stream of its bytes, or undefined when either is missing. */
export async function openFile(
  db: Kysely<Database>,
  store: FileStore,
  id: string,
): Promise<{ row: StoredFile; stream: Readable } | undefined> {
  const row = await files.findFileById(db, id);
  if (!row) return undefined;
  const stream = await store.get(row.storage_key);
  return stream ? { row, stream } : undefined;
}

/** The row and the stored object's size, for HEAD; undefined when either is missing. */
export async function statFile(db: Kysely<Database>, store: FileStore, id: string): Promise<{ row: StoredFile; size: number } | undefined> {
  const row = await files.findFileById(db, id);
  if (!row) return undefined;
  const info = await store.stat(row.storage_key);
  return info ? { row, size: info.size } : undefined;
}

export interface ExportCleanupResult {
  deleted: number;
  failed: { key: string; error: unknown }[];
}

/**
 * Removes exports (object and row) created before `olderThan`. Each file goes in its own
 * transaction: the row is deleted, then the object; if the object cannot be deleted the row comes
 * back and the next sweep tries again. One failure does not stop the others.
 */
export async function deleteExpiredExports(db: Kysely<Database>, store: FileStore, olderThan: Date): Promise<ExportCleanupResult> {
  const expired = await files.listFilesCreatedBefore(db, EXPORTS_PREFIX, olderThan, EXPORT_CLEANUP_BATCH);
  const result: ExportCleanupResult = { deleted: 0, failed: [] };
  for (const file of expired) {
    try {
      await transaction(db, async (trx) => {
        await files.deleteFileRow(trx, file.id);
        await store.delete(file.storage_key);
      });
      result.deleted += 1;
    } catch (error) {
      result.failed.push({ key: file.storage_key, error });
    }
  }
  return result;
}

/**
 * The key prefixes 3DS stores under (exports, uploads, kept documents). The sweep of objects
 * without a row looks only here, so a bucket shared with anything else is never touched.
 */
export const STORED_PREFIXES = [EXPORTS_PREFIX, JOBS_PREFIX, REGISTRATIONS_PREFIX, ARCOS_PREFIX, INVENTORIES_PREFIX] as const;
/** Objects younger than this are left alone: their row may be in a transaction still running. */
export const UNINDEXED_GRACE_MS = 60 * 60 * 1000;
const UNINDEXED_BATCH = 500;

/**
 * Removes stored objects that no `files` row names and that were written before `olderThan`. They
 * are what a server killed between storing a file and committing its row leaves behind (the store
 * renames a finished write into place, then the row is inserted): bytes nobody can reach.
 */
export async function removeUnindexedObjects(db: Kysely<Database>, store: FileStore, olderThan: Date): Promise<string[]> {
  const removed: string[] = [];
  let batch: string[] = [];
  const settle = async () => {
    const indexed = new Set(await files.existingStorageKeys(db, batch));
    for (const key of batch) {
      if (indexed.has(key)) continue;
      await store.delete(key);
      removed.push(key);
    }
    batch = [];
  };
  for (const prefix of STORED_PREFIXES) {
    for await (const object of store.list(prefix)) {
      if (object.modifiedAt >= olderThan) continue;
      batch.push(object.key);
      if (batch.length >= UNINDEXED_BATCH) await settle();
    }
  }
  if (batch.length) await settle();
  return removed;
}

/**
 * Runs the export clean-up, then the removal of objects without a row, now and then every hour. The timer does not keep the process alive, and
 * a sweep never overlaps the previous one. The returned function stops the schedule and waits for a
 * sweep in progress.
 */
export function scheduleExportCleanup(
  db: Kysely<Database>,
  store: FileStore,
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
  options: { now?: () => Date; intervalMs?: number; retentionMs?: number } = {},
): () => Promise<void> {
  const now = options.now ?? (() => new Date());
  const retentionMs = options.retentionMs ?? EXPORT_RETENTION_MS;
  let running: Promise<void> | undefined;

  const sweep = () => {
    if (running) return;
    running = deleteExpiredExports(db, store, new Date(now().getTime() - retentionMs))
      .then(async ({ deleted, failed }) => {
        if (deleted) log.info({ deleted }, 'expired exports removed');
        for (const { key, error } of failed) log.warn({ err: error, key }, 'expired export could not be removed');
        const unindexed = await removeUnindexedObjects(db, store, new Date(now().getTime() - UNINDEXED_GRACE_MS));
        if (unindexed.length) log.warn({ keys: unindexed.slice(0, 20), count: unindexed.length }, 'stored files without a record removed');
      })
      .catch((error: unknown) => log.error({ err: error }, 'export clean-up failed'))
      .finally(() => {
        running = undefined;
      });
  };

  sweep();
  const timer = setInterval(sweep, options.intervalMs ?? EXPORT_CLEANUP_INTERVAL_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
