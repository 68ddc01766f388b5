import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RecordKind } from '../../db/tables/records.table.ts';

/**
 * A container with its job's lock and registration, locked against concurrent change. The row is
 * locked on its own first: locked in the join, a container just moved to another job by a
 * concurrent writer would be re-checked against its old job and seem not to exist.
 */
export async function findContainerForUpdate(db: Kysely<Database>, id: number, kind: RecordKind) {
  const locked = await db.selectFrom('containers').select('id').where('id', '=', id).where('kind', '=', kind).forUpdate().executeTakeFirst();
  if (!locked) return undefined;
  return db
    .selectFrom('containers as ct')
    .innerJoin('jobs as j', 'j.id', 'ct.job_id')
    .innerJoin('registrations as r', 'r.id', 'j.registration_id')
    .selectAll('ct')
    .select(['j.locked as job_locked', 'r.registration_number', 'r.expiration_date'])
    .where('ct.id', '=', id)
    .where('ct.kind', '=', kind)
    .executeTakeFirst();
}

export function findJobWithRegistration(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('jobs as j')
    .innerJoin('registrations as r', 'r.id', 'j.registration_id')
    .select(['j.id', 'j.locked', 'j.name', 'r.registration_number', 'r.expiration_date'])
    .where('j.id', '=', id)
    .forUpdate('j')
    .executeTakeFirst();
}

export function lineItemsOf(db: Kysely<Database>, containerId: number) {
  return db.selectFrom('line_items').selectAll().where('container_id', '=', containerId).orderBy('id').forUpdate().execute();
}
