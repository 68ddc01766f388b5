import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The cascade of a container lock onto its line items (spec 2 §4): locking locks every item not yet
 * locked; unlocking unlocks the items the cascade locked and leaves those locked on their own.
 * Answers the ids of the items it changed.
 */
export async function cascadeLock(db: Kysely<Database>, containerId: number, lock: boolean, username: string): Promise<number[]> {
  let query = db.updateTable('line_items').set({ locked: lock, modified_by: username }).where('container_id', '=', containerId).where('locked', '=', !lock);
  if (!lock) query = query.where('locked_own', '=', false);
  const rows = await query.returning('id').execute();
  return rows.map((r) => r.id).sort((a, b) => a - b);
}
