import { holdingRegistrationOf, type HoldingRegistration } from '@3ds/domain';
import { sql, type Kysely, type SqlBool } from 'kysely';
import { fromLineItems, lineItemColumns } from '../../db/repositories/line-item-facts.repository.ts';
import type { Database } from '../../db/schema.ts';
import type { LineItemUpdate, NewLineItem, RecordKind } from '../../db/tables/records.table.ts';

/** The job's registration as registrantProblem reads it: number, licence type and the schedules it holds. */
export async function findHoldingRegistration(db: Kysely<Database>, id: number): Promise<HoldingRegistration> {
  return holdingRegistrationOf(await db.selectFrom('registrations').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
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
  return fromLineItems(db, { container: 'inner', job: 'inner', registration: 'inner', company: 'inner' })
    .select(lineItemColumns('id', 'ndc', 'ndc_description', 'ndc_schedule', 'pack_quantity', 'pack_size', 'pack_size_uom', 'reporting_qty', 'reporting_uom', 'container_id', 'container_name', 'job_id', 'job_name', 'company_name', 'registration_number'))
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

export function insertLineItem(db: Kysely<Database>, item: NewLineItem) {
  return db.insertInto('line_items').values(item).returningAll().executeTakeFirstOrThrow();
}

/** Writes a change of the line item (the touch trigger raises mod_id) and answers it as it now is. */
export function updateLineItem(db: Kysely<Database>, id: number, changes: LineItemUpdate & { modified_by: string }) {
  return db.updateTable('line_items').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Locks or unlocks the line item on its own (an own lock outlives its container's unlock). */
export async function setLockedOwn(db: Kysely<Database>, id: number, lock: boolean, username: string): Promise<void> {
  await db.updateTable('line_items').set({ locked: lock, locked_own: lock, modified_by: username }).where('id', '=', id).execute();
}

export async function moveLineItem(db: Kysely<Database>, id: number, containerId: number, username: string): Promise<void> {
  await db.updateTable('line_items').set({ container_id: containerId, modified_by: username }).where('id', '=', id).execute();
}

export async function deleteLineItem(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('line_items').where('id', '=', id).execute();
}
