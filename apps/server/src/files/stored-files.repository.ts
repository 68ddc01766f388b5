import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { NewStoredFile, StoredFile } from '../db/tables/files.table.ts';

export function findFileById(db: Kysely<Database>, id: string): Promise<StoredFile | undefined> {
  return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function storageKeyExists(db: Kysely<Database>, storageKey: string): Promise<boolean> {
  const row = await db.selectFrom('files').select('id').where('storage_key', '=', storageKey).executeTakeFirst();
  return row !== undefined;
}

/** Which of these storage keys a `files` row names. */
export async function existingStorageKeys(db: Kysely<Database>, keys: readonly string[]): Promise<string[]> {
  if (!keys.length) return [];
  const rows = await db.selectFrom('files').select('storage_key').where('storage_key', 'in', keys).execute();
  return rows.map((row) => row.storage_key);
}

export function insertFile(db: Kysely<Database>, file: NewStoredFile): Promise<StoredFile> {
  return db.insertInto('files').values(file).returningAll().executeTakeFirstOrThrow();
}

export async function deleteFileRow(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('files').where('id', '=', id).execute();
}

/**
 * Files whose key starts with `prefix` (no LIKE wildcards in it), created before `before`, oldest
 * first — leaving out every file a job slot holds: a job's documents (a generated Form 41 or
 * Certificate of Destruction among them) are records kept, wherever their bytes were written.
 */
export function listFilesCreatedBefore(
  db: Kysely<Database>,
  prefix: string,
  before: Date,
  limit: number,
): Promise<Pick<StoredFile, 'id' | 'storage_key'>[]> {
  return db
    .selectFrom('files')
    .select(['id', 'storage_key'])
    .where('storage_key', 'like', `${prefix}%`)
    .where('created_at', '<', before)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('job_files as jf').select('jf.id').whereRef('jf.file_id', '=', 'files.id'))))
    .orderBy('created_at')
    .limit(limit)
    .execute();
}
