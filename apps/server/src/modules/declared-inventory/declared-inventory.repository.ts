import type { DeclaredItem } from '@3ds/domain';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The job a declaration belongs to, held FOR UPDATE: its declaration's changes, and its lock, wait for each other. */
export function holdJob(db: Kysely<Database>, jobId: number) {
  return db
    .selectFrom('jobs as j')
    .innerJoin('registrations as r', 'r.id', 'j.registration_id')
    .select(['j.id', 'j.locked', 'r.registration_number', sql<string | null>`to_char(j.date_received, 'YYYY-MM-DD')`.as('date_received')])
    .where('j.id', '=', jobId)
    .forUpdate('j')
    .executeTakeFirst();
}

/** The job as a read needs it (no lock). */
export function jobOf(db: Kysely<Database>, jobId: number) {
  return db
    .selectFrom('jobs as j')
    .innerJoin('registrations as r', 'r.id', 'j.registration_id')
    .select(['j.id', 'r.registration_number', sql<string | null>`to_char(j.date_received, 'YYYY-MM-DD')`.as('date_received')])
    .where('j.id', '=', jobId)
    .executeTakeFirst();
}

export function declarationOf(db: Kysely<Database>, jobId: number) {
  return db.selectFrom('declared_inventories').selectAll().where('job_id', '=', jobId).executeTakeFirst();
}

export async function itemsOf(db: Kysely<Database>, jobId: number): Promise<DeclaredItem[]> {
  const rows = await db.selectFrom('declared_items').selectAll().where('job_id', '=', jobId).orderBy('row_no').execute();
  return rows.map((row) => ({
    ndc: row.ndc,
    description: row.description,
    lot: row.lot,
    packages: row.packages,
    packageSize: row.package_size,
    partialFill: row.partial_fill === null ? null : Number(row.partial_fill),
  }));
}

/** The declaration becomes these items, from `source`; with none, the job declares nothing (its declaration is removed). */
export async function writeDeclaration(db: Kysely<Database>, jobId: number, source: string, items: readonly DeclaredItem[], username: string): Promise<void> {
  await db.deleteFrom('declared_items').where('job_id', '=', jobId).execute();
  if (!items.length) {
    await db.deleteFrom('declared_inventories').where('job_id', '=', jobId).execute();
    return;
  }
  await db
    .insertInto('declared_inventories')
    .values({ job_id: jobId, source, created_by: username, modified_by: username })
    .onConflict((oc) => oc.column('job_id').doUpdateSet({ source, modified_by: username }))
    .execute();
  for (let at = 0; at < items.length; at += 500) {
    await db
      .insertInto('declared_items')
      .values(
        items.slice(at, at + 500).map((item, index) => ({
          job_id: jobId,
          row_no: at + index + 1,
          ndc: item.ndc,
          description: item.description,
          lot: item.lot,
          packages: item.packages,
          package_size: item.packageSize,
          partial_fill: item.partialFill,
        })),
      )
      .execute();
  }
}

