import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * The job with its registration and company. `hold` takes it FOR SHARE, so a lock or unlock waits
 * until the document is made; a plain read (the out-of-date check of a listing) takes no lock.
 */
export function jobForDocument(db: Kysely<Database>, id: number, options: { hold: boolean }) {
  const query = db
    .selectFrom('jobs as j')
    .innerJoin('registrations as r', 'r.id', 'j.registration_id')
    .innerJoin('companies as co', 'co.id', 'r.company_id')
    .select([
      'j.id',
      'j.name',
      'j.locked',
      'j.mod_id',
      'j.date_transfer',
      'j.date_destroyed',
      'j.date_received',
      'j.late_destruction_reason',
      'j.disposal_method',
      'j.destruction_facility',
      'j.destruction_facility_address',
      'j.transfer_witness_1',
      'j.transfer_witness_2',
      'j.destruction_witness_1',
      'j.destruction_witness_2',
      'r.registration_number',
      'r.address1 as r_address1',
      'r.address2 as r_address2',
      'r.address3 as r_address3',
      'r.city as r_city',
      'r.state as r_state',
      'r.zip as r_zip',
      'co.name as company_name',
      'co.address1 as co_address1',
      'co.address2 as co_address2',
      'co.city as co_city',
      'co.state as co_state',
      'co.zip as co_zip',
    ])
    .where('j.id', '=', id);
  return (options.hold ? query.forShare('j') : query).executeTakeFirst();
}

/** The job's lock state and modId, held FOR SHARE for the rest of the transaction. */
export function holdJobState(db: Kysely<Database>, id: number) {
  return db.selectFrom('jobs').select(['locked', 'mod_id']).where('id', '=', id).forShare().executeTakeFirst();
}

/** The file in a job's document slot, the row held FOR UPDATE. */
export function findJobFileForUpdate(db: Kysely<Database>, jobId: number, slot: string) {
  return db.selectFrom('job_files').selectAll().where('job_id', '=', jobId).where('slot', '=', slot).forUpdate().executeTakeFirst();
}

/** Points the slot at the file: the earlier file keeps its row (records stay), only the link moves. */
export async function putJobFile(db: Kysely<Database>, previous: { id: number } | undefined, file: { job_id: number; slot: string; file_id: string; created_by: string; created_at: Date }) {
  if (previous) {
    await db.updateTable('job_files').set({ file_id: file.file_id, created_by: file.created_by, created_at: file.created_at }).where('id', '=', previous.id).execute();
  } else {
    await db.insertInto('job_files').values({ job_id: file.job_id, slot: file.slot, file_id: file.file_id, created_by: file.created_by }).execute();
  }
}

/**
 * Records a generated document of a slot: the earlier ones of the slot not yet superseded are marked
 * superseded by this one (kept, listed, never removed).
 */
export async function recordGeneratedDocument(db: Kysely<Database>, doc: { job_id: number; slot: string; file_id: string; generated_by: string; generated_at: Date; figures_sha256: string }) {
  const row = await db.insertInto('generated_documents').values(doc).returning('id').executeTakeFirstOrThrow();
  await db
    .updateTable('generated_documents')
    .set({ superseded_at: doc.generated_at, superseded_by: row.id })
    .where('job_id', '=', doc.job_id)
    .where('slot', '=', doc.slot)
    .where('id', '<>', row.id)
    .where('superseded_at', 'is', null)
    .execute();
  return row.id;
}

export async function jobExists(db: Kysely<Database>, jobId: number): Promise<boolean> {
  return (await db.selectFrom('jobs').select('id').where('id', '=', jobId).executeTakeFirst()) !== undefined;
}

/** The job's generated documents, newest first, with their file names. */
export function generatedDocumentsOf(db: Kysely<Database>, jobId: number) {
  return db
    .selectFrom('generated_documents as g')
    .innerJoin('files as f', 'f.id', 'g.file_id')
    .select(['g.id', 'g.slot', 'g.file_id', 'g.generated_at', 'g.generated_by', 'g.superseded_at', 'g.figures_sha256', 'f.original_name'])
    .where('g.job_id', '=', jobId)
    .orderBy('g.id', 'desc')
    .execute();
}

/** A generated document of the job, or undefined (one of another job is not this job's). */
export function generatedDocumentOf(db: Kysely<Database>, jobId: number, id: number) {
  return db.selectFrom('generated_documents').select(['id', 'slot', 'superseded_at']).where('job_id', '=', jobId).where('id', '=', id).executeTakeFirst();
}

export function insertSignedCopy(db: Kysely<Database>, copy: { generated_document_id: number; file_id: string; uploaded_by: string; uploaded_at: Date }) {
  return db.insertInto('signed_copies').values(copy).returning('id').executeTakeFirstOrThrow();
}

/** The signed copies of the job's generated documents, oldest first, with their file names. */
export function signedCopiesOf(db: Kysely<Database>, jobId: number) {
  return db
    .selectFrom('signed_copies as s')
    .innerJoin('generated_documents as g', 'g.id', 's.generated_document_id')
    .innerJoin('files as f', 'f.id', 's.file_id')
    .select(['s.id', 's.generated_document_id', 's.file_id', 's.uploaded_by', 's.uploaded_at', 'f.original_name'])
    .where('g.job_id', '=', jobId)
    .orderBy('s.id')
    .execute();
}
