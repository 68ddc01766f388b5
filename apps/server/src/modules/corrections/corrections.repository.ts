import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { CorrectionsTable } from '../../db/tables/corrections.table.ts';

/** The line item's job and the columns a correction may change, or undefined. */
export function lineItemForCorrection(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('line_items')
    .select(['id', 'kind', 'job_id', 'pack_quantity', 'pack_size', 'percent_fill', 'lot_number', 'expiration_date'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The job's columns a correction may change, or undefined. */
export function jobForCorrection(db: Kysely<Database>, id: number) {
  return db.selectFrom('jobs').select(['id', 'date_received', 'date_destroyed']).where('id', '=', id).executeTakeFirst();
}

export function insertCorrection(db: Kysely<Database>, row: Insertable<CorrectionsTable>) {
  return db.insertInto('corrections').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The correction, held FOR UPDATE: one decision at a time. */
export function holdCorrection(db: Kysely<Database>, id: number) {
  return db.selectFrom('corrections').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function decideCorrection(db: Kysely<Database>, id: number, decision: { status: 'applied' | 'rejected'; decided_by: string; decided_at: Date; decision_note: string | null }) {
  return db.updateTable('corrections').set(decision).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** The corrections of a job (its own and its line items'), or of one line item; newest first. */
export function correctionsOf(db: Kysely<Database>, of: { jobId: number } | { lineItemId: number }) {
  const query = db
    .selectFrom('corrections as c')
    .leftJoin('line_items as li', 'li.id', 'c.line_item_id')
    .selectAll('c')
    .select('li.kind as line_item_kind')
    .orderBy('c.id', 'desc');
  return ('jobId' in of ? query.where('c.job_id', '=', of.jobId) : query.where('c.line_item_id', '=', of.lineItemId)).execute();
}

/** Whether the correction's line item is a Yellow Bucket one (false for a job's correction). */
export async function isYellowBucketItem(db: Kysely<Database>, lineItemId: number | null): Promise<boolean> {
  if (lineItemId === null) return false;
  const row = await db.selectFrom('line_items').select('kind').where('id', '=', lineItemId).executeTakeFirst();
  return row?.kind === 'yellow_bucket';
}
