import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Settings, SettingsUpdate } from '../../db/tables/settings.table.ts';

/** Writes a change of the row (the touch trigger raises mod_id) and answers the row as it now is. */
export function updateSettings(db: Kysely<Database>, changes: SettingsUpdate & { modified_by: string }): Promise<Settings> {
  return db.updateTable('settings').set(changes).where('id', '=', 1).returningAll().executeTakeFirstOrThrow();
}

/** Whether the database knows a time zone by this name (its tds_today() counts the days there). */
export async function isKnownTimeZone(db: Kysely<Database>, name: string): Promise<boolean> {
  const { rows } = await sql<{ known: boolean }>`SELECT EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = ${name}) AS known`.execute(db);
  return rows[0]?.known === true;
}
