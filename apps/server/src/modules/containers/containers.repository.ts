import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { ContainerUpdate, NewContainer } from '../../db/tables/records.table.ts';

export function insertContainer(db: Kysely<Database>, container: NewContainer) {
  return db.insertInto('containers').values(container).returningAll().executeTakeFirstOrThrow();
}

/** Writes a change of the container (the touch trigger raises mod_id) and answers it as it now is. */
export function updateContainer(db: Kysely<Database>, id: number, changes: ContainerUpdate & { modified_by: string }) {
  return db.updateTable('containers').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function setContainerLocked(db: Kysely<Database>, id: number, lock: boolean, username: string): Promise<void> {
  await db.updateTable('containers').set({ locked: lock, modified_by: username }).where('id', '=', id).execute();
}

/** Moves the container to another job; its line items follow (their (container, job, kind) key cascades on update). */
export async function moveContainer(db: Kysely<Database>, id: number, jobId: number, username: string): Promise<void> {
  await db.updateTable('containers').set({ job_id: jobId, modified_by: username }).where('id', '=', id).execute();
}

/** The registration a job is on (what a container moving into the job must suit). */
export function registrationOfJob(db: Kysely<Database>, jobId: number) {
  return db.selectFrom('jobs as j').innerJoin('registrations as r', 'r.id', 'j.registration_id').selectAll('r').where('j.id', '=', jobId).executeTakeFirstOrThrow();
}

/** The schedules of the NDCs a container holds (as each line item's snapshot recorded them). */
export async function schedulesIn(db: Kysely<Database>, containerId: number): Promise<string[]> {
  const rows = await db.selectFrom('line_items').select('ndc_schedule').distinct().where('container_id', '=', containerId).where('ndc_schedule', 'is not', null).execute();
  return rows.map((r) => r.ndc_schedule!);
}

/** The ids of the container's line items (what moved with it). */
export function lineItemIdsOf(db: Kysely<Database>, containerId: number) {
  return db.selectFrom('line_items').select('id').where('container_id', '=', containerId).execute();
}

/** Deletes the container and its line items. */
export async function deleteContainerWithLineItems(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('line_items').where('container_id', '=', id).execute();
  await db.deleteFrom('containers').where('id', '=', id).execute();
}

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
