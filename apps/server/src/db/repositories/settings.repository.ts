import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import type { Settings, SettingsUpdate } from '../tables/settings.table.ts';

// The settings row's one repository: read by the settings screen and by every document that prints
// our registration (Form 41, the certificate, the inventory, ARCOS); written by the settings module alone.

/** Our registration (the one settings row); 009_paperwork.sql creates it, empty. */
export function readSettings(db: Kysely<Database>): Promise<Settings> {
  return db.selectFrom('settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

/** The same row under a row lock, for a change or for a document that must print what it read. */
export function readSettingsForUpdate(db: Kysely<Database>): Promise<Settings> {
  return db.selectFrom('settings').selectAll().where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
}

/** Writes a change of the row (the touch trigger raises mod_id) and answers the row as it now is. */
export function updateSettings(db: Kysely<Database>, changes: SettingsUpdate & { modified_by: string }): Promise<Settings> {
  return db.updateTable('settings').set(changes).where('id', '=', 1).returningAll().executeTakeFirstOrThrow();
}

/** Whether the database knows a time zone by this name (its tds_today() counts the days there). */
export async function isKnownTimeZone(db: Kysely<Database>, name: string): Promise<boolean> {
  const { rows } = await sql<{ known: boolean }>`SELECT EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = ${name}) AS known`.execute(db);
  return rows[0]?.known === true;
}
