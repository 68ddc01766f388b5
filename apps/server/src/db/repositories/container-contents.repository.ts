import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

// What a container holds, as the containers' own actions and the jobs' move of a container into a
// Yellow Bucket read it: both check the same lock rule and keep the same audit of what moved.

/** A container's line items, held for update, in the order they were entered. */
export function lineItemsOf(db: Kysely<Database>, containerId: number) {
  return db.selectFrom('line_items').selectAll().where('container_id', '=', containerId).orderBy('id').forUpdate().execute();
}

/** How many of a container's line items are locked on their own (LOCK_LINE_ITEM). */
export async function countOwnLockedItems(db: Kysely<Database>, containerId: number): Promise<number> {
  const row = await db
    .selectFrom('line_items')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('container_id', '=', containerId)
    .where('locked_own', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
