import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RecordKind } from '../../db/tables/records.table.ts';

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

/** The dictionary entries of these NDCs the user may see, in the order the NDCs are given. */
export async function findDictionaryEntries(db: Kysely<Database>, ndcs: readonly string[], organization: string | null) {
  if (!ndcs.length) return [];
  const rows = await db
    .selectFrom('ndc_dictionary as d')
    .select(['d.ndc', 'd.trade_name', 'd.schedule', 'd.strength', 'd.form', 'd.package_size', 'd.package_size_uom', 'd.removed_from_arcos'])
    .where('d.ndc', 'in', [...ndcs])
    .where(
      organization
        ? sql<SqlBool>`(d.labeler_organization IS NULL OR d.labeler_organization = ${organization})`
        : sql<SqlBool>`d.labeler_organization IS NULL`,
    )
    .execute();
  return [...rows].sort((a, b) => ndcs.indexOf(a.ndc) - ndcs.indexOf(b.ndc));
}

/** Which kind of line item an id is, if it exists. */
export function lineItemKind(db: Kysely<Database>, id: number) {
  return db.selectFrom('line_items').select(['id', 'kind']).where('id', '=', id).executeTakeFirst();
}
