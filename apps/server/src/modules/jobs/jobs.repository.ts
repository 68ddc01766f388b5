import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { NewJob } from '../../db/tables/records.table.ts';

export function findRegistration(db: Kysely<Database>, id: number) {
  return db.selectFrom('registrations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertJob(db: Kysely<Database>, job: NewJob) {
  return db.insertInto('jobs').values(job).returningAll().executeTakeFirstOrThrow();
}
