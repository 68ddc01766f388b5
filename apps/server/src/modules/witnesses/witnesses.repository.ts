import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { DESTRUCTION_RECORD_COLUMNS } from '../../db/repositories/witness-confirmations.repository.ts';
import type { NewWitnessConfirmation } from '../../db/tables/witnesses.table.ts';

const RECORD_COLUMNS = Object.values(DESTRUCTION_RECORD_COLUMNS);

/** The job's destruction record and modId; `hold` takes the row FOR UPDATE (a confirmation, a withdrawal, an edit of the record wait for each other). */
export function jobRecord(db: Kysely<Database>, jobId: number, options: { hold: boolean }) {
  const query = db.selectFrom('jobs').select(['id', 'mod_id', ...RECORD_COLUMNS]).where('id', '=', jobId);
  return (options.hold ? query.forUpdate() : query).executeTakeFirst();
}

export function insertConfirmation(db: Kysely<Database>, row: NewWitnessConfirmation) {
  return db.insertInto('witness_confirmations').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Sets the witness's printed name on the job. */
export function setWitnessName(db: Kysely<Database>, jobId: number, column: (typeof DESTRUCTION_RECORD_COLUMNS)[keyof typeof DESTRUCTION_RECORD_COLUMNS], name: string | null, by: string) {
  return db.updateTable('jobs').set({ [column]: name, modified_by: by }).where('id', '=', jobId).returning(['mod_id']).executeTakeFirstOrThrow();
}

export function voidConfirmation(db: Kysely<Database>, id: number, values: { at: Date; reason: string; by: string }) {
  return db
    .updateTable('witness_confirmations')
    .set({ voided_at: values.at, void_reason: values.reason, voided_by: values.by })
    .where('id', '=', id)
    .where('voided_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
