import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { DatabaseHandle } from './database.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
// Any constant will do: it serialises concurrent starts of several servers on one database.
const MIGRATION_LOCK_ID = 7_331_001;

/**
 * Applies the plain `.sql` migrations in name order, each in its own transaction, once.
 * Returns the names it applied.
 */
export async function migrate(handle: DatabaseHandle): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  await handle.execScript(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const applied: string[] = [];
  await handle.execScript(`SELECT pg_advisory_lock(${MIGRATION_LOCK_ID})`);
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
  } finally {
    await handle.execScript(`SELECT pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
  }
  return applied;
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
