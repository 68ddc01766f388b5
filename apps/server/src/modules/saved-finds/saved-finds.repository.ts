import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { NewSavedFind, SavedFind, SavedFindUpdate } from '../../db/tables/saved-finds.table.ts';

/** The user's saved finds of one list, by name. */
export function listSavedFinds(db: Kysely<Database>, userId: number, entity: string): Promise<SavedFind[]> {
  return db
    .selectFrom('saved_finds')
    .selectAll()
    .where('user_id', '=', userId)
    .where('entity', '=', entity)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
}

/** One of the user's saved finds (another user's is not found), under a row lock when changing it. */
export function findSavedFind(db: Kysely<Database>, userId: number, id: number, forUpdate = false): Promise<SavedFind | undefined> {
  const query = db.selectFrom('saved_finds').selectAll().where('id', '=', id).where('user_id', '=', userId);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** The user's saved find of that list with that name, whatever its case, other than `exceptId`. */
export function findSavedFindByName(db: Kysely<Database>, userId: number, entity: string, name: string, exceptId?: number): Promise<{ id: number } | undefined> {
  let query = db
    .selectFrom('saved_finds')
    .select('id')
    .where('user_id', '=', userId)
    .where('entity', '=', entity)
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

export async function countSavedFinds(db: Kysely<Database>, userId: number, entity: string): Promise<number> {
  const row = await db
    .selectFrom('saved_finds')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('entity', '=', entity)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertSavedFind(db: Kysely<Database>, row: NewSavedFind): Promise<SavedFind> {
  return db.insertInto('saved_finds').values(row).returningAll().executeTakeFirstOrThrow();
}

export function updateSavedFind(db: Kysely<Database>, id: number, changes: SavedFindUpdate): Promise<SavedFind> {
  return db
    .updateTable('saved_finds')
    .set({ ...changes, updated_at: sql<Date>`now()` as never })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function deleteSavedFind(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('saved_finds').where('id', '=', id).execute();
}

/**
 * Serialises the saved-find changes of one user (the name check and the count limit read before
 * they write): a transaction-scoped advisory lock on the user's id.
 */
export async function lockUserSavedFinds(db: Kysely<Database>, userId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('saved_finds'), ${userId})`.execute(db);
}
