import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { DatabaseHandle } from './database.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
// Any constant will do: it serialises concurrent starts of several servers on one database.
const MIGRATION_LOCK_ID = 7_331_001;

/** The migration files, in the order they apply. */
export async function migrationFiles(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
}

/**
 * Runs `work` while holding the migration lock, so that several servers starting at once migrate
 * (and grant) one after the other. The lock is the session's: give a handle of one connection
 * (PGlite has one; `openPostgres(url, 1)`), or the unlock may land on another connection.
 */
export async function withMigrationLock<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  await handle.execScript(`SELECT pg_advisory_lock(${MIGRATION_LOCK_ID})`);
  try {
    return await work();
  } finally {
    await handle.execScript(`SELECT pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
  }
}

/**
 * Applies the plain `.sql` migrations in name order, each in its own transaction, once.
 * Returns the names it applied.
 */
export async function migrate(handle: DatabaseHandle): Promise<string[]> {
  const files = await migrationFiles();
  await handle.execScript(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const applied: string[] = [];
  await withMigrationLock(handle, async () => {
    try {
      const done = new Set(
        (await handle.db.selectFrom('schema_migrations' as never).select('name' as never).execute()).map(
          (r) => (r as { name: string }).name,
        ),
      );
      for (const file of files) {
        if (done.has(file)) continue;
        const body = await readFile(MIGRATIONS_DIR + file, 'utf8');
        const name = file.replaceAll("'", "''");
        await handle.execScript(`BEGIN;\n${body}\n;INSERT INTO schema_migrations (name) VALUES ('${name}');\nCOMMIT;`);
        applied.push(file);
      }
      if (applied.length) await forgetCounts(handle);
    } catch (error) {
      await handle.execScript('ROLLBACK').catch(() => {});
      throw error;
    }
  });
  return applied;
}

/**
 * The migrations a database has not applied, read without changing anything (a server whose role
 * may not migrate checks that someone has: db/prepare-database.ts). All of them when the database
 * has never been migrated.
 */
export async function pendingMigrations(handle: DatabaseHandle): Promise<string[]> {
  const files = await migrationFiles();
  const exists = await sql<{ name: string | null }>`SELECT to_regclass('schema_migrations')::text AS name`.execute(handle.db);
  if (!exists.rows[0]?.name) return files;
  const done = new Set((await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(handle.db)).rows.map((r) => r.name));
  return files.filter((f) => !done.has(f));
}

/**
 * After a migration, no count kept before it is brought forward (016_record_changes.sql): the rows
 * the change log holds were written in the shape the tables had then, and a correction made with them
 * could read a new column as NULL. Their counts are made afresh.
 */
export async function forgetCounts(handle: DatabaseHandle): Promise<void> {
  await handle.execScript(`
    DO $$ BEGIN
      IF to_regclass('record_changes_floor') IS NOT NULL THEN
        UPDATE record_changes_floor SET snapshot = pg_current_snapshot();
        DELETE FROM count_cache;
      END IF;
    END $$`);
}
