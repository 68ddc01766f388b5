import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { NewContainer, NewJob, NewJobFile, NewNotification } from '../../db/tables/records.table.ts';
import type { JobUpdate } from '../../db/tables/jobs.table.ts';

export function findRegistration(db: Kysely<Database>, id: number) {
  return db.selectFrom('registrations').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertJob(db: Kysely<Database>, job: NewJob) {
  return db.insertInto('jobs').values(job).returningAll().executeTakeFirstOrThrow();
}

export function findJob(db: Kysely<Database>, id: number) {
  return db.selectFrom('jobs').select('id').where('id', '=', id).executeTakeFirst();
}

/** The job as it is (not held: what an upload checks before it reads the file). */
export function readJob(db: Kysely<Database>, id: number) {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The job, locked against concurrent change for the rest of the transaction. */
export function findJobForUpdate(db: Kysely<Database>, id: number) {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function updateJob(db: Kysely<Database>, id: number, changes: JobUpdate & { modified_by: string }) {
  return db.updateTable('jobs').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** What the Job Ready message tells: the job with its company and registration, and counts. */
export async function jobSummary(db: Kysely<Database>, id: number) {
  const job = await db
    .selectFrom('jobs as j')
    .innerJoin('registrations as r', 'r.id', 'j.registration_id')
    .innerJoin('companies as co', 'co.id', 'r.company_id')
    .select(['j.id', 'j.name', 'j.locked', 'r.registration_number', 'r.expiration_date', 'co.id as company_id', 'co.name as company_name'])
    .where('j.id', '=', id)
    .executeTakeFirst();
  if (!job) return undefined;
  const counts = await sql<{ kind: string; containers: number; line_items: number }>`
    SELECT k.kind,
           (SELECT count(*)::int FROM containers c WHERE c.job_id = ${id} AND c.kind = k.kind) AS containers,
           (SELECT count(*)::int FROM line_items li WHERE li.job_id = ${id} AND li.kind = k.kind) AS line_items
    FROM (VALUES ('standard'), ('yellow_bucket')) AS k (kind)`.execute(db);
  const of = (kind: string) => counts.rows.find((r) => r.kind === kind) ?? { containers: 0, line_items: 0 };
  return { ...job, standard: of('standard'), yellowBucket: of('yellow_bucket') };
}

/** Marks the job changed by `username` (an upload to one of its slots). */
export async function touchJob(db: Kysely<Database>, id: number, username: string): Promise<void> {
  await db.updateTable('jobs').set({ modified_by: username }).where('id', '=', id).execute();
}

export function findJobFile(db: Kysely<Database>, jobId: number, slot: string) {
  return db.selectFrom('job_files').selectAll().where('job_id', '=', jobId).where('slot', '=', slot).executeTakeFirst();
}

export async function insertJobFile(db: Kysely<Database>, file: NewJobFile): Promise<void> {
  await db.insertInto('job_files').values(file).execute();
}

/** Puts another file in a document slot that holds one. */
export async function replaceJobFile(db: Kysely<Database>, id: number, file: { file_id: string; created_by: string; created_at: Date }): Promise<void> {
  await db.updateTable('job_files').set(file).where('id', '=', id).execute();
}

/** The Yellow Bucket container a standard container becomes (moveContainerToYellowBucket). */
export function insertContainer(db: Kysely<Database>, container: NewContainer) {
  return db.insertInto('containers').values(container).returningAll().executeTakeFirstOrThrow();
}

/**
 * Moves a container's line items into a Yellow Bucket container. Kind and container change in one
 * statement: the composite key (container, job, kind) holds throughout.
 */
export async function moveLineItemsToYellowBucket(db: Kysely<Database>, fromContainerId: number, toContainerId: number, username: string): Promise<void> {
  await db
    .updateTable('line_items')
    .set({ container_id: toContainerId, kind: 'yellow_bucket', modified_by: username })
    .where('container_id', '=', fromContainerId)
    .execute();
}

export async function deleteContainer(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('containers').where('id', '=', id).execute();
}

/** Serialises the Job Ready sends of one job for the rest of the transaction (an advisory lock: no record row is held). */
export async function holdJobReadyTurn(db: Kysely<Database>, jobId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('job-ready'), ${jobId})`.execute(db);
}

/**
 * Serialises the Job Ready sends of one user for the rest of the transaction. Taken before the job's
 * turn (holdJobReadyTurn), always in that order.
 */
export async function holdJobReadyUserTurn(db: Kysely<Database>, username: string): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('job-ready-user'), hashtext(${username}))`.execute(db);
}

/** The Job Ready notification, pending until the mail went out (or failed). */
export function insertNotification(db: Kysely<Database>, notification: NewNotification) {
  return db.insertInto('notifications').values(notification).returning('id').executeTakeFirstOrThrow();
}

export async function markNotificationSent(db: Kysely<Database>, id: number, at: Date): Promise<void> {
  await db.updateTable('notifications').set({ status: 'sent', sent_at: at }).where('id', '=', id).execute();
}

/** A failed send, with why (the mail server's answer). */
export async function markNotificationFailed(db: Kysely<Database>, id: number, error: string): Promise<void> {
  await db.updateTable('notifications').set({ status: 'failed', error }).where('id', '=', id).execute();
}

/** When the user's Job Ready notifications made since `since` that went out or are going out were made, oldest first. */
export async function jobReadySentBy(db: Kysely<Database>, username: string, since: Date): Promise<Date[]> {
  const rows = await db
    .selectFrom('notifications')
    .select('created_at')
    .where('created_by', '=', username)
    .where('kind', '=', 'job-ready')
    .where('status', '!=', 'failed')
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();
  return rows.map((row) => new Date(row.created_at as unknown as string | Date));
}

/** The job's last Job Ready notification made since `since` that went out or is going out (a failed one sent nothing). */
export function lastJobReady(db: Kysely<Database>, jobId: number, since: Date) {
  return db
    .selectFrom('notifications')
    .select(['id', 'created_at'])
    .where('job_id', '=', jobId)
    .where('kind', '=', 'job-ready')
    .where('status', '!=', 'failed')
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function valueList(db: Kysely<Database>, name: string) {
  return db.selectFrom('value_lists').select(['value']).where('list_name', '=', name).orderBy('sort_order').orderBy('id').execute();
}
