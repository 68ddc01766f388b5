import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RecordKind } from '../../db/tables/records.table.ts';

/** A container with its job's lock and registration, locked against concurrent change. */
export function findContainerForUpdate(db: Kysely<Database>, id: number, kind: RecordKind) {
  return db
    .selectFrom('containers as ct')
    .innerJoin('jobs as j', 'j.id', 'ct.job_id')
    .innerJoin('registrations as r', 'r.id', 'j.registration_id')
    .selectAll('ct')
    .select(['j.locked as job_locked', 'r.registration_number', 'r.expiration_date'])
    .where('ct.id', '=', id)
    .where('ct.kind', '=', kind)
    .forUpdate('ct')
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
