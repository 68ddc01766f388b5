import { isBulkNdc, type BulkKind, type Form41LineItem } from '@3ds/domain';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

const text = (v: string | null | undefined) => (v ?? '').trim();

function bulkKindOf(entry: { bulk_raw_powder: boolean | null; bulk_raw_liquid: boolean | null; bulk_dosage_formulation: boolean | null; bulk_solution: boolean | null }): BulkKind | undefined {
  if (entry.bulk_raw_powder) return 'raw-powder';
  if (entry.bulk_raw_liquid) return 'raw-liquid';
  if (entry.bulk_dosage_formulation) return 'dosage-formulation';
  if (entry.bulk_solution) return 'solution';
  return undefined;
}

/** The job with its registration and company, held FOR SHARE: a lock or unlock waits until the document is made. */
export function holdJobForDocument(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('jobs as j')
    .innerJoin('registrations as r', 'r.id', 'j.registration_id')
    .innerJoin('companies as co', 'co.id', 'r.company_id')
    .select([
      'j.id',
      'j.name',
      'j.locked',
      'j.mod_id',
      'j.date_destroyed',
      'j.disposal_method',
      'j.destruction_facility',
      'j.destruction_facility_address',
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
    .where('j.id', '=', id)
    .forShare('j')
    .executeTakeFirst();
}

/** The job's standard and Yellow Bucket line items with what the Form 41 reads of their NDC's dictionary entry. */
export async function lineItemsOf(db: Kysely<Database>, jobId: number): Promise<Form41LineItem[]> {
  const rows = await db
    .selectFrom('line_items as li')
    .leftJoin('ndc_dictionary as d', 'd.ndc', 'li.ndc')
    .select([
      'li.id',
      'li.ndc',
      'li.ndc_schedule',
      'li.ndc_description',
      'li.strength',
      'li.form',
      'li.lot_number',
      'li.pack_quantity',
      'li.pack_size',
      'li.pack_size_uom',
      'li.percent_fill',
      'li.package_size_density',
      'd.drug_code',
      'd.trade_name',
      'd.strength as d_strength',
      'd.form as d_form',
      'd.ingredient_base_weight',
      'd.density',
      'd.bulk_raw_powder',
      'd.bulk_raw_liquid',
      'd.bulk_dosage_formulation',
      'd.bulk_solution',
    ])
    .where('li.job_id', '=', jobId)
    // Standard items first, then the Yellow Bucket's, each in the order they were entered.
    .orderBy(sql`li.kind = 'yellow_bucket'`)
    .orderBy('li.id')
    .execute();
  return rows.map((r) => ({
    ndc: r.ndc,
    schedule: r.ndc_schedule,
    drugCode: r.drug_code,
    name: text(r.ndc_description) || text(r.trade_name),
    // The line item's snapshot of its dictionary entry; the entry itself where the snapshot is blank.
    strength: text(r.strength) || r.d_strength,
    form: text(r.form) || r.d_form,
    lot: r.lot_number,
    bulkKind: isBulkNdc(r.ndc) ? bulkKindOf(r) : undefined,
    ingredientBaseWeight: r.ingredient_base_weight === null ? null : Number(r.ingredient_base_weight),
    density: r.density !== null ? Number(r.density) : r.package_size_density !== null ? Number(r.package_size_density) : null,
    packQuantity: r.pack_quantity === null ? null : Number(r.pack_quantity),
    packSize: r.pack_size === null ? null : Number(r.pack_size),
    packSizeUoM: r.pack_size_uom,
    percentFill: r.percent_fill === null ? null : Number(r.percent_fill),
  }));
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
export async function recordGeneratedDocument(db: Kysely<Database>, doc: { job_id: number; slot: string; file_id: string; generated_by: string; generated_at: Date }) {
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

/** Whether the slot holds a document 3DS generated (it then takes no upload). */
export async function hasGeneratedDocument(db: Kysely<Database>, jobId: number, slot: string): Promise<boolean> {
  const row = await db.selectFrom('generated_documents').select('id').where('job_id', '=', jobId).where('slot', '=', slot).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function jobExists(db: Kysely<Database>, jobId: number): Promise<boolean> {
  return (await db.selectFrom('jobs').select('id').where('id', '=', jobId).executeTakeFirst()) !== undefined;
}

/** The job's generated documents, newest first, with their file names. */
export function generatedDocumentsOf(db: Kysely<Database>, jobId: number) {
  return db
    .selectFrom('generated_documents as g')
    .innerJoin('files as f', 'f.id', 'g.file_id')
    .select(['g.id', 'g.slot', 'g.file_id', 'g.generated_at', 'g.generated_by', 'g.superseded_at', 'f.original_name'])
    .where('g.job_id', '=', jobId)
    .orderBy('g.id', 'desc')
    .execute();
}
