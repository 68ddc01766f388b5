import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Settings, SettingsUpdate } from '../../db/tables/settings.table.ts';

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
