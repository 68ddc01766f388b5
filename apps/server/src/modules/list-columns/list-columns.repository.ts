import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ListColumns } from '../../db/tables/list-columns.table.ts';

/** The user's hidden columns of one list, under a row lock when about to change them. */
export function findListColumns(db: Kysely<Database>, userId: number, entity: string, forUpdate = false): Promise<ListColumns | undefined> {
  const query = db.selectFrom('list_columns').selectAll().where('user_id', '=', userId).where('entity', '=', entity);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** Sets the user's hidden columns of one list, whether or not a row was there. */
export function saveListColumns(db: Kysely<Database>, userId: number, entity: string, hidden: readonly string[]): Promise<ListColumns> {
  const json = JSON.stringify(hidden);
  return db
    .insertInto('list_columns')
    .values({ user_id: userId, entity, hidden: json })
    .onConflict((oc) => oc.columns(['user_id', 'entity']).doUpdateSet({ hidden: json, updated_at: sql<Date>`now()` as never }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Serialises one user's changes of one list's columns: the first choice of a list has no row to
 * lock yet, so two at once would both read "nothing before" for the audit.
 */
export async function lockUserListColumns(db: Kysely<Database>, userId: number, entity: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('list_columns'), hashtext(${`${userId}/${entity}`}))`.execute(db);
}
