import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Settings } from '../db/tables/settings.table.ts';

// Read by the settings screen and by every document that prints our registration (Form 41, the
// certificate, the inventory, ARCOS); written by the settings module alone.

/** Our registration (the one settings row); 009_paperwork.sql creates it, empty. */
export function readSettings(db: Kysely<Database>): Promise<Settings> {
  return db.selectFrom('settings').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
}

/** The same row under a row lock, for a change or for a document that must print what it read. */
export function readSettingsForUpdate(db: Kysely<Database>): Promise<Settings> {
  return db.selectFrom('settings').selectAll().where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
}
