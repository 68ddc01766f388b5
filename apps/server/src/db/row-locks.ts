import type { Kysely } from 'kysely';
import { conflict } from '../errors/app-error.ts';
import type { Database } from './schema.ts';
import type { RecordKind } from './tables/records.table.ts';

/**
 * How a write and a lock serialise. A write reads the lock state of its parents from their rows
 * held `FOR SHARE`, and takes its own row `FOR UPDATE`; a lock operation takes the row it locks
 * `FOR UPDATE`. So a lock requested while a write is in flight waits for the write to commit, and a
 * write that comes after a lock reads the lock (READ COMMITTED gives a locking read the newest
 * committed row) and is refused: a write commits before the lock or not at all.
 *
 * Rows are always taken top-down — job, then container, then line item — so that two operations
 * never wait for each other in a circle. A child names its parents, which a concurrent move may
 * change before the parents are held: the child is read again once they are, and when it has moved
 * meanwhile, its new parents are taken in turn.
 */

const MAX_CHASES = 5;
const movedTooOften = (what: string) => conflict(`${what} kept moving while this change waited for it. Reload it and try again.`);

export interface HeldJob {
  id: number;
  locked: boolean;
  registration_id: number;
  registration_number: string;
  expiration_date: string | null;
}

/** A job with its registration; the job row held FOR SHARE (or FOR UPDATE) for the rest of the transaction. */
export function holdJob(db: Kysely<Database>, id: number, mode: 'share' | 'update' = 'share'): Promise<HeldJob | undefined> {
  const query = db
    .selectFrom('jobs as j')
    .innerJoin('registrations as r', 'r.id', 'j.registration_id')
    .select(['j.id', 'j.locked', 'j.registration_id', 'r.registration_number', 'r.expiration_date'])
    .where('j.id', '=', id);
  return (mode === 'update' ? query.forUpdate('j') : query.forShare('j')).executeTakeFirst() as Promise<HeldJob | undefined>;
}

/**
 * A container (of `kind`, when given) with its job: the job held FOR SHARE, then the container FOR
 * UPDATE (it is what changes) or FOR SHARE (something is added to it or moved into it).
 */
export async function holdContainer(db: Kysely<Database>, id: number, options: { kind?: RecordKind; mode: 'share' | 'update' }) {
  for (let chase = 0; chase < MAX_CHASES; chase++) {
    let seen = db.selectFrom('containers').select('job_id').where('id', '=', id);
    if (options.kind) seen = seen.where('kind', '=', options.kind);
    const parent = await seen.executeTakeFirst();
    if (!parent) return undefined;
    const job = await holdJob(db, parent.job_id);
    let query = db.selectFrom('containers').selectAll().where('id', '=', id);
    if (options.kind) query = query.where('kind', '=', options.kind);
    const container = await (options.mode === 'update' ? query.forUpdate() : query.forShare()).executeTakeFirst();
    if (!container) return undefined;
    if (job && container.job_id === job.id) return { container, job };
  }
  throw movedTooOften(`Container ${id}`);
}

/** A line item of `kind` with its container and job: job and container held FOR SHARE, the item FOR UPDATE. */
export async function holdLineItem(db: Kysely<Database>, id: number, kind: RecordKind) {
  for (let chase = 0; chase < MAX_CHASES; chase++) {
    const parents = await db.selectFrom('line_items').select(['container_id', 'job_id']).where('id', '=', id).where('kind', '=', kind).executeTakeFirst();
    if (!parents) return undefined;
    const job = await holdJob(db, parents.job_id);
    const container = await db.selectFrom('containers').select(['id', 'locked', 'job_id']).where('id', '=', parents.container_id).forShare().executeTakeFirst();
    const item = await db.selectFrom('line_items').selectAll().where('id', '=', id).where('kind', '=', kind).forUpdate().executeTakeFirst();
    if (!item) return undefined;
    if (job && container && item.container_id === container.id && item.job_id === job.id && container.job_id === job.id) {
      return { item, container, job };
    }
  }
  throw movedTooOften(`Line item ${id}`);
}
