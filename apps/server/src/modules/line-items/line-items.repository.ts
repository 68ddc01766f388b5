import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RecordKind } from '../../db/tables/records.table.ts';

/**
 * Locks one row of `table` for the rest of the transaction, answering whether it exists (with the
 * kind asked for). It is locked on its own, before any join: when a row locked in a join has just
 * been changed by a concurrent writer, PostgreSQL re-checks it against the joined rows as they
 * were before, and a line item just moved to another container (or a container to another job)
 * would seem not to exist.
 */
async function lockRow(db: Kysely<Database>, table: 'line_items' | 'containers', id: number, kind?: RecordKind): Promise<boolean> {
  let query = db.selectFrom(table).select('id').where('id', '=', id);
  if (kind) query = query.where('kind', '=', kind);
  return (await query.forUpdate().executeTakeFirst()) !== undefined;
}

/** A line item with the locks and registration of its container and job, locked for update. */
export async function findLineItemForUpdate(db: Kysely<Database>, id: number, kind: RecordKind) {
  if (!(await lockRow(db, 'line_items', id, kind))) return undefined;
  return db
    .selectFrom('line_items as li')
    .innerJoin('containers as ct', 'ct.id', 'li.container_id')
    .innerJoin('jobs as j', 'j.id', 'li.job_id')
    .innerJoin('registrations as r', 'r.id', 'j.registration_id')
    .selectAll('li')
    .select(['ct.locked as container_locked', 'j.locked as job_locked', 'r.id as registration_id'])
    .where('li.id', '=', id)
    .where('li.kind', '=', kind)
    .executeTakeFirst();
}

/** A container with its job's lock and its registration (expiry and schedules), locked for update. */
export async function findContainerWithRegistration(db: Kysely<Database>, id: number) {
  if (!(await lockRow(db, 'containers', id))) return undefined;
  return db
    .selectFrom('containers as ct')
    .innerJoin('jobs as j', 'j.id', 'ct.job_id')
    .innerJoin('registrations as r', 'r.id', 'j.registration_id')
    .selectAll('ct')
    .select(['j.locked as job_locked', 'r.id as registration_id', 'r.expiration_date'])
    .where('ct.id', '=', id)
    .executeTakeFirst();
}

export function findRegistration(db: Kysely<Database>, id: number) {
  return db.selectFrom('registrations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A dictionary entry the user may see: public, or of their parent organisation. */
export function findDictionaryEntry(db: Kysely<Database>, ndc: string, organization: string | null) {
  return db
    .selectFrom('ndc_dictionary as d')
    .selectAll()
    .where('d.ndc', '=', ndc)
    .where(
      organization
        ? sql<SqlBool>`(d.labeler_organization IS NULL OR d.labeler_organization = ${organization})`
        : sql<SqlBool>`d.labeler_organization IS NULL`,
    )
    .executeTakeFirst();
}

export function findDictionaryEntryByNdc(db: Kysely<Database>, ndc: string) {
  return db.selectFrom('ndc_dictionary').selectAll().where('ndc', '=', ndc).executeTakeFirst();
}

export function valueList(db: Kysely<Database>, name: string) {
  return db.selectFrom('value_lists').select(['value']).where('list_name', '=', name).orderBy('sort_order').orderBy('id').execute();
}

/** What a label prints about a line item. */
export function labelFacts(db: Kysely<Database>, id: number, kind: RecordKind) {
  return db
    .selectFrom('line_items as li')
    .innerJoin('containers as ct', 'ct.id', 'li.container_id')
    .innerJoin('jobs as j', 'j.id', 'li.job_id')
    .innerJoin('registrations as r', 'r.id', 'j.registration_id')
    .innerJoin('companies as co', 'co.id', 'r.company_id')
    .select([
      'li.id',
      'li.ndc',
      'li.ndc_description',
      'li.ndc_schedule',
      'li.pack_quantity',
      'li.pack_size',
      'li.pack_size_uom',
      'li.reporting_qty',
      'li.reporting_uom',
      'ct.id as container_id',
      'ct.name as container_name',
      'j.id as job_id',
      'j.name as job_name',
      'co.name as company_name',
      'r.registration_number',
    ])
    .where('li.id', '=', id)
    .where('li.kind', '=', kind)
    .executeTakeFirst();
}
