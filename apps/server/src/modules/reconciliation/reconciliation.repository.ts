import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Loss, NewLoss } from '../../db/tables/losses.table.ts';

export async function jobExists(db: Kysely<Database>, jobId: number): Promise<boolean> {
  return (await db.selectFrom('jobs').select('id').where('id', '=', jobId).executeTakeFirst()) !== undefined;
}

/** The job, held FOR UPDATE: a resolution and the job's lock wait for each other. */
export function holdJob(db: Kysely<Database>, jobId: number) {
  return db.selectFrom('jobs').select(['id', 'locked']).where('id', '=', jobId).forUpdate().executeTakeFirst();
}

/** What the reconciliation's PDF heads itself with: the job and its client. */
export function jobHeading(db: Kysely<Database>, jobId: number) {
  return db
    .selectFrom('jobs as j')
    .innerJoin('registrations as r', 'r.id', 'j.registration_id')
    .leftJoin('companies as c', 'c.id', 'r.company_id')
    .select(['j.id', 'j.name', 'r.registration_number', 'c.name as company_name', sql<string | null>`to_char(j.date_received, 'YYYY-MM-DD')`.as('date_received')])
    .where('j.id', '=', jobId)
    .executeTakeFirst();
}

/** Where the job's declared list came from ('typed', a file name), or null when it declares nothing. */
export async function declaredSource(db: Kysely<Database>, jobId: number): Promise<string | null> {
  return (await db.selectFrom('declared_inventories').select('source').where('job_id', '=', jobId).executeTakeFirst())?.source ?? null;
}

/** The line's resolution becomes this one. */
export async function putResolution(
  db: Kysely<Database>,
  values: { job_id: number; line_key: string; declared: number; received: number; reason: string; note: string | null; resolved_by: string },
): Promise<void> {
  await db
    .insertInto('discrepancy_resolutions')
    .values(values)
    .onConflict((oc) =>
      oc.columns(['job_id', 'line_key']).doUpdateSet({ declared: values.declared, received: values.received, reason: values.reason, note: values.note, resolved_by: values.resolved_by, resolved_at: sql`now()` }),
    )
    .execute();
}

/** Opens the loss of a reconciliation line, unless the line has one already: its id, or undefined. */
export async function openLoss(db: Kysely<Database>, values: NewLoss): Promise<Loss | undefined> {
  return db.insertInto('losses').values(values).onConflict((oc) => oc.columns(['job_id', 'line_key']).doNothing()).returningAll().executeTakeFirst();
}
