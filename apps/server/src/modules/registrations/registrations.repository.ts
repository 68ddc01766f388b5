import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export async function registrationExists(db: Kysely<Database>, id: number): Promise<boolean> {
  const row = await db.selectFrom('registrations').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** The registration, locked against concurrent change for the rest of the transaction. */
export function findRegistrationForUpdate(db: Kysely<Database>, id: number) {
  return db.selectFrom('registrations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Links the registration to its new picture (the previous file stays stored) and answers it as it now is. */
export function setPicture(db: Kysely<Database>, id: number, fileId: string, username: string) {
  return db.updateTable('registrations').set({ picture_file_id: fileId, modified_by: username }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}
