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

export type HeldContainer = NonNullable<Awaited<ReturnType<typeof holdContainer>>>;
export type HeldLineItem = NonNullable<Awaited<ReturnType<typeof holdLineItem>>>;

/** Jobs with their registrations, held FOR SHARE in id order (a bulk action's parents). */
async function holdJobs(db: Kysely<Database>, ids: number[]): Promise<Map<number, HeldJob>> {
  if (!ids.length) return new Map();
  const rows = (await db
    .selectFrom('jobs as j')
    .innerJoin('registrations as r', 'r.id', 'j.registration_id')
    .select(['j.id', 'j.locked', 'j.registration_id', 'r.registration_number', 'r.expiration_date'])
    .where('j.id', 'in', ids)
    .orderBy('j.id')
    .forShare('j')
    .execute()) as HeldJob[];
  return new Map(rows.map((job) => [job.id, job]));
}

const ascending = (values: Iterable<number>) => [...new Set(values)].sort((a, b) => a - b);

/**
 * Many containers of `kind` at once, as `holdContainer` holds one (mode `update`): their jobs FOR
 * SHARE, then the containers FOR UPDATE, each level in id order, one statement a level. A container
 * that is missing, or that moved to a job not held meanwhile, is left out: the caller holds it on
 * its own (`holdContainer` follows it) or finds it gone.
 */
export async function holdContainers(db: Kysely<Database>, ids: readonly number[], kind: RecordKind): Promise<Map<number, HeldContainer>> {
  const held = new Map<number, HeldContainer>();
  if (!ids.length) return held;
  const parents = await db.selectFrom('containers').select('job_id').where('id', 'in', [...ids]).where('kind', '=', kind).execute();
  const jobs = await holdJobs(db, ascending(parents.map((p) => p.job_id)));
  const rows = await db.selectFrom('containers').selectAll().where('id', 'in', [...ids]).where('kind', '=', kind).orderBy('id').forUpdate().execute();
  for (const container of rows) {
    const job = jobs.get(container.job_id);
    if (job) held.set(container.id, { container, job });
  }
  return held;
}

/**
 * Many line items of `kind` at once, as `holdLineItem` holds one: their jobs and containers FOR
 * SHARE, then the items FOR UPDATE, each level in id order, one statement a level. An item that is
 * missing, or whose parents changed before they were held, is left out for the caller to hold alone.
 */
export async function holdLineItems(db: Kysely<Database>, ids: readonly number[], kind: RecordKind): Promise<Map<number, HeldLineItem>> {
  const held = new Map<number, HeldLineItem>();
  if (!ids.length) return held;
  const parents = await db.selectFrom('line_items').select(['container_id', 'job_id']).where('id', 'in', [...ids]).where('kind', '=', kind).execute();
  const jobs = await holdJobs(db, ascending(parents.map((p) => p.job_id)));
  const containerIds = ascending(parents.map((p) => p.container_id));
  const containers = containerIds.length
    ? await db.selectFrom('containers').select(['id', 'locked', 'job_id']).where('id', 'in', containerIds).orderBy('id').forShare().execute()
    : [];
  const containerById = new Map(containers.map((c) => [c.id, c]));
  const items = await db.selectFrom('line_items').selectAll().where('id', 'in', [...ids]).where('kind', '=', kind).orderBy('id').forUpdate().execute();
  for (const item of items) {
    const job = jobs.get(item.job_id);
    const container = containerById.get(item.container_id);
    if (job && container && container.job_id === job.id) held.set(item.id, { item, container, job });
  }
  return held;
}
