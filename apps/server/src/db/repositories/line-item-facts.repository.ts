import { bulkKindOf, holdingRegistrationOf, isBulkNdc, type RecordedLineItem } from '@3ds/domain';
import { sql, type Kysely, type Nullable, type Selection, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../schema.ts';
import type { CompaniesTable, ContainersTable, JobsTable, LineItemsTable, NdcDictionaryTable, RegistrationsTable } from '../tables/records.table.ts';

// The read model "a line item with its facts": the line item (`li`), its container (`ct`), its job
// (`j`), the job's registration (`r`) and company (`co`), and its NDC's dictionary entry (`d`). The
// on-hand view, the inventory, the accountability, the Form 41, the Certificate, the lock checks, the
// job reports, ARCOS and the label all read line items through it: the joins, the columns and what
// they compute (the strength and form where the item's own is empty, the density where the
// dictionary has none, the job's dates) are written here once. A read joins only the relations it
// needs and picks only the columns it needs, so each keeps the query it had.

/** How a read joins a relation: `inner` reads only the line items that have it, `left` every one. */
export type JoinKind = 'inner' | 'left';

/** What a line item relates to, each under the alias the columns below read it by. */
const RELATIONS = {
  container: { table: 'containers as ct', on: ['ct.id', 'li.container_id'] },
  job: { table: 'jobs as j', on: ['j.id', 'li.job_id'] },
  registration: { table: 'registrations as r', on: ['r.id', 'j.registration_id'] },
  company: { table: 'companies as co', on: ['co.id', 'r.company_id'] },
  dictionary: { table: 'ndc_dictionary as d', on: ['d.ndc', 'li.ndc'] },
} as const;

type Relation = keyof typeof RELATIONS;
interface RelationTables {
  container: { ct: ContainersTable };
  job: { j: JobsTable };
  registration: { r: RegistrationsTable };
  company: { co: CompaniesTable };
  dictionary: { d: NdcDictionaryTable };
}
type AliasOf<R extends Relation> = keyof RelationTables[R] & string;

/** The relations a read joins, and how; a relation left out is not joined at all. */
export type LineItemJoins = { readonly [R in Relation]?: JoinKind };

type Joined<J extends LineItemJoins, R extends Relation> = J[R] extends 'inner'
  ? RelationTables[R]
  : J[R] extends 'left'
    ? { [A in AliasOf<R>]: Nullable<RelationTables[R][A]> }
    : unknown;
/** The tables a read of `J` sees, as Kysely types them after those joins. */
export type LineItemScope<J extends LineItemJoins> = Database & { li: LineItemsTable } & Joined<J, 'container'> & Joined<J, 'job'> & Joined<J, 'registration'> & Joined<J, 'company'> & Joined<J, 'dictionary'>;
/** The aliases a read of `J` may name (written so that Kysely sees they are the scope's). */
export type LineItemAliases<J extends LineItemJoins> = ('li' | { [R in Relation]: J[R] extends JoinKind ? AliasOf<R> : never }[Relation]) & keyof LineItemScope<J>;

/**
 * `line_items as li` with the relations `joins` names, and no other: a registration needs the job, a
 * company the registration.
 */
export function fromLineItems<const J extends LineItemJoins>(db: Kysely<Database>, joins: J): SelectQueryBuilder<LineItemScope<J>, LineItemAliases<J>, {}> {
  if ((joins.registration && !joins.job) || (joins.company && !joins.registration)) throw new Error('A registration is joined through the job, a company through the registration');
  // The joins are the relations' own (RELATIONS); the type above says what they make visible.
  let query = db.selectFrom('line_items as li') as unknown as SelectQueryBuilder<any, any, {}>;
  for (const [relation, { table, on }] of Object.entries(RELATIONS)) {
    const kind = joins[relation as Relation];
    if (kind === 'inner') query = query.innerJoin(table, on[0], on[1]);
    else if (kind === 'left') query = query.leftJoin(table, on[0], on[1]);
  }
  return query as SelectQueryBuilder<LineItemScope<J>, LineItemAliases<J>, {}>;
}

/**
 * Every column of the read model, by the name it answers under. Some facts have two names, as the
 * reads have long answered them: the on-hand view's `description` and `schedule` are the line item's
 * `ndc_description` and `ndc_schedule`.
 */
const COLUMNS = {
  id: 'li.id',
  kind: 'li.kind',
  job_id: 'li.job_id',
  job_name: 'j.name as job_name',
  container_id: 'li.container_id',
  container_name: 'ct.name as container_name',
  registration_number: 'r.registration_number',
  license_type: 'r.license_type',
  schedule_1: 'r.schedule_1',
  schedule_1n: 'r.schedule_1n',
  schedule_2: 'r.schedule_2',
  schedule_2n: 'r.schedule_2n',
  schedule_3: 'r.schedule_3',
  schedule_3n: 'r.schedule_3n',
  schedule_4: 'r.schedule_4',
  schedule_4n: 'r.schedule_4n',
  schedule_5: 'r.schedule_5',
  schedule_5n: 'r.schedule_5n',
  schedule_lc: 'r.schedule_lc',
  schedule_nc: 'r.schedule_nc',
  company_name: 'co.name as company_name',
  ndc: 'li.ndc',
  ndc_description: 'li.ndc_description',
  description: 'li.ndc_description as description',
  ndc_schedule: 'li.ndc_schedule',
  schedule: 'li.ndc_schedule as schedule',
  drug_code: 'd.drug_code',
  trade_name: 'd.trade_name',
  // The item's snapshot of its dictionary entry, the entry's own where the snapshot is empty.
  strength: sql<string | null>`coalesce(nullif(li.strength, ''), d.strength)`.as('strength'),
  form: sql<string | null>`coalesce(nullif(li.form, ''), d.form)`.as('form'),
  // Both sides apart, for the Form 41's reading (recordedLineItemOf), which also passes over a blank one.
  item_strength: 'li.strength as item_strength',
  dictionary_strength: 'd.strength as dictionary_strength',
  item_form: 'li.form as item_form',
  dictionary_form: 'd.form as dictionary_form',
  lot_number: 'li.lot_number',
  pack_quantity: 'li.pack_quantity',
  pack_quantity_uom: 'li.pack_quantity_uom',
  pack_size: 'li.pack_size',
  pack_size_uom: 'li.pack_size_uom',
  percent_fill: 'li.percent_fill',
  reporting_qty: 'li.reporting_qty',
  reporting_uom: 'li.reporting_uom',
  grams_of_base: 'li.grams_of_base',
  // The register's number of the form the item was received on (its ARCOS receipt's order form
  // number, docs/dea-paperwork.md); the typed number of an item entered before the register.
  form_222_number: sql<string | null>`coalesce((SELECT o.form_number FROM order_forms o WHERE o.id = li.order_form_id), li.form_222_number)`.as('form_222_number'),
  cwf_form_number: 'li.cwf_form_number',
  date_received: sql<string | null>`to_char(j.date_received, 'YYYY-MM-DD')`.as('date_received'),
  date_destroyed: sql<string | null>`to_char(j.date_destroyed, 'YYYY-MM-DD')`.as('date_destroyed'),
  removed_from_arcos: 'd.removed_from_arcos',
  bulk_raw_powder: 'd.bulk_raw_powder',
  bulk_raw_liquid: 'd.bulk_raw_liquid',
  bulk_dosage_formulation: 'd.bulk_dosage_formulation',
  bulk_solution: 'd.bulk_solution',
  ingredient_base_weight: 'd.ingredient_base_weight',
  // g/mL: the dictionary's, else what the item was entered with.
  density: sql<number | null>`coalesce(d.density, li.package_size_density)`.as('density'),
} as const;

/** A column of the read model, by the name it answers under. */
export type LineItemFact = keyof typeof COLUMNS;

/**
 * The select list of these columns, in this order (the order of the row's keys). A column whose
 * relation the read did not join does not type-check.
 */
export function lineItemColumns<const N extends readonly LineItemFact[]>(...names: N): (typeof COLUMNS)[N[number]][] {
  return names.map((name) => COLUMNS[name]) as (typeof COLUMNS)[N[number]][];
}

/** The row a read joined by `J` answers for the columns `N`: the types Kysely gives those columns after those joins. */
export type LineItemRow<J extends LineItemJoins, N extends LineItemFact> = Selection<LineItemScope<J>, LineItemAliases<J>, (typeof COLUMNS)[N]>;

const NUMERIC: readonly LineItemFact[] = ['pack_quantity', 'pack_size', 'percent_fill', 'reporting_qty', 'grams_of_base', 'ingredient_base_weight', 'density'];
const numeric = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The row with its numeric columns as numbers (or null), whatever the driver answered; the keys keep their order. */
export function lineItemFactsOf<T extends object>(row: T): T {
  const facts = { ...row } as Record<string, unknown>;
  for (const name of NUMERIC) if (name in facts) facts[name] = numeric(facts[name]);
  return facts as T;
}

/** What recordedLineItemOf reads: the item, its container, its NDC's dictionary entry and the registration its job is under. */
const RECORDED_JOINS = { container: 'inner', job: 'inner', registration: 'inner', dictionary: 'left' } as const;
const RECORDED_FACTS = [
  'registration_number', 'license_type', 'schedule_1', 'schedule_1n', 'schedule_2', 'schedule_2n', 'schedule_3', 'schedule_3n', 'schedule_4', 'schedule_4n', 'schedule_5', 'schedule_5n', 'schedule_lc', 'schedule_nc',
  'id', 'kind', 'container_id', 'container_name', 'ndc', 'ndc_schedule', 'ndc_description', 'item_strength', 'item_form', 'lot_number', 'pack_quantity', 'pack_size', 'pack_size_uom', 'percent_fill', 'form_222_number',
  'drug_code', 'trade_name', 'dictionary_strength', 'dictionary_form', 'ingredient_base_weight', 'density', 'removed_from_arcos', 'bulk_raw_powder', 'bulk_raw_liquid', 'bulk_dosage_formulation', 'bulk_solution',
] as const;

/** The read of the line items as recordedLineItemOf takes them; the caller says which and in what order. */
export function recordedFacts(db: Kysely<Database>) {
  return fromLineItems(db, RECORDED_JOINS).select(lineItemColumns(...RECORDED_FACTS));
}

const text = (v: string | null | undefined) => (v ?? '').trim();

/** A line item as DEA Form 41 and ARCOS read it (RecordedLineItem): its own fields, its dictionary entry's, its job's registration. */
export function recordedLineItemOf(row: LineItemRow<typeof RECORDED_JOINS, (typeof RECORDED_FACTS)[number]>): RecordedLineItem {
  const r = lineItemFactsOf(row);
  return {
    id: r.id,
    yellowBucket: r.kind === 'yellow_bucket',
    containerId: r.container_id,
    containerName: r.container_name,
    form222Number: r.form_222_number,
    removedFromArcos: r.removed_from_arcos === true,
    ndc: r.ndc,
    schedule: r.ndc_schedule,
    drugCode: r.drug_code,
    name: text(r.ndc_description) || text(r.trade_name),
    // The line item's snapshot of its dictionary entry; the entry itself where the snapshot is blank.
    strength: text(r.item_strength) || r.dictionary_strength,
    form: text(r.item_form) || r.dictionary_form,
    lot: r.lot_number,
    bulkKind: isBulkNdc(r.ndc) ? bulkKindOf(r) : undefined,
    ingredientBaseWeight: r.ingredient_base_weight,
    density: r.density,
    packQuantity: r.pack_quantity,
    packSize: r.pack_size,
    packSizeUoM: r.pack_size_uom,
    percentFill: r.percent_fill,
    // What the job's registration may hold (registrants.ts): an item written before the rule is caught here.
    registration: holdingRegistrationOf(r),
  };
}
