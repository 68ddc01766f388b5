import type { InventoryMoment } from '@3ds/domain';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../schema.ts';
import { fromLineItems, lineItemColumns, lineItemFactsOf, type LineItemRow } from './line-item-facts.repository.ts';

/** How the on-hand reads join a line item's relations, and the columns they answer (line-item-facts.repository.ts). */
const ON_HAND_JOINS = { container: 'inner', job: 'inner', registration: 'left', company: 'left', dictionary: 'left' } as const;
const ON_HAND_FACTS = [
  'id', 'kind', 'job_id', 'job_name', 'container_id', 'container_name', 'registration_number', 'company_name', 'ndc', 'description', 'schedule', 'drug_code', 'strength', 'form',
  'lot_number', 'pack_quantity', 'pack_size', 'pack_size_uom', 'percent_fill', 'reporting_qty', 'reporting_uom', 'grams_of_base', 'form_222_number', 'date_received', 'date_destroyed',
  'removed_from_arcos', 'bulk_raw_powder', 'bulk_raw_liquid', 'bulk_dosage_formulation', 'bulk_solution', 'ingredient_base_weight', 'density',
] as const;

/**
 * A line item on hand, with what the on-hand view, the inventory and the ARCOS year-end read of it.
 * `date_received` keeps the type it always had: a line on hand was received (one of drugCodeLines may not have been).
 */
export interface OnHandLine extends LineItemRow<typeof ON_HAND_JOINS, (typeof ON_HAND_FACTS)[number]> {
  date_received: string;
}

/** The filters of the on-hand view: words of the quick find, a schedule, a drug code. */
export interface OnHandFilter {
  words?: readonly string[];
  schedule?: string;
  drugCode?: string;
}

/**
 * Whether the job's dates put its line items on hand at the moment (the domain's isOnHandAt in SQL):
 * at the close of business the day's receipts and destructions count, at its opening they do not yet.
 */
function onHandAt(at: InventoryMoment) {
  return at.business === 'close'
    ? sql<SqlBool>`j.date_received <= ${at.date}::date AND (j.date_destroyed IS NULL OR j.date_destroyed > ${at.date}::date)`
    : sql<SqlBool>`j.date_received < ${at.date}::date AND (j.date_destroyed IS NULL OR j.date_destroyed >= ${at.date}::date)`;
}

function baseQuery(db: Kysely<Database>) {
  return fromLineItems(db, ON_HAND_JOINS).select(lineItemColumns(...ON_HAND_FACTS));
}

const normalise = (row: LineItemRow<typeof ON_HAND_JOINS, (typeof ON_HAND_FACTS)[number]>) => lineItemFactsOf(row) as OnHandLine;

/**
 * Every line item on hand at the moment (received and not yet destroyed), in schedule, drug code,
 * NDC and id order. The filter narrows it as the on-hand view's find does: each word must begin a
 * word of the NDC, description, drug code, lot, job name, container, registration or company.
 */
export async function onHandLines(db: Kysely<Database>, at: InventoryMoment, filter: OnHandFilter = {}): Promise<OnHandLine[]> {
  let query = baseQuery(db).where(onHandAt(at));
  if (filter.schedule) query = query.where(sql<string>`upper(li.ndc_schedule)`, '=', filter.schedule.toUpperCase());
  if (filter.drugCode) query = query.where(sql<string>`trim(d.drug_code)`, '=', filter.drugCode);
  for (const word of filter.words ?? []) {
    // Words are letters and digits only (the service splits the quick find on anything else): no LIKE wildcard can reach here.
    if (!/^[a-z0-9]+$/.test(word)) throw new Error(`Not a quick-find word: ${word}`);
    const haystack = sql`regexp_replace(lower(concat_ws(' ', li.ndc, replace(li.ndc, '-', ''), li.ndc_description, d.drug_code, li.lot_number, j.name, ct.name, r.registration_number, co.name)), '[^a-z0-9]+', ' ', 'g')`;
    query = query.where(sql<SqlBool>`(' ' || ${haystack}) LIKE ${`% ${word}%`}`);
  }
  const rows = await query
    .orderBy(sql`upper(coalesce(li.ndc_schedule, ''))`)
    .orderBy(sql`coalesce(d.drug_code, '')`)
    .orderBy('li.ndc')
    .orderBy('li.id')
    .execute();
  return rows.map(normalise);
}

export interface OnHandCounts {
  lineItems: number;
  yellowBucketLineItems: number;
  containers: number;
  jobs: number;
  gramsOfBase: number;
}

/** On hand by schedule; `total` counts a container or job holding several schedules once. */
export interface OnHandBySchedule {
  schedules: (OnHandCounts & { schedule: string })[];
  total: OnHandCounts;
}

/**
 * What is on hand at the moment, by schedule, counted in the database (the same condition as
 * `onHandLines`): line items standard and Yellow Bucket, the containers and jobs holding them, and
 * their grams of base drug; each schedule and the total in one statement.
 */
export async function onHandBySchedule(db: Kysely<Database>, at: InventoryMoment): Promise<OnHandBySchedule> {
  const { rows } = await sql<{ schedule: string | null; is_total: number; line_items: string; yb_line_items: string; containers: string; jobs: string; grams: string | null }>`
    SELECT upper(coalesce(li.ndc_schedule, '')) AS schedule,
           grouping(upper(coalesce(li.ndc_schedule, ''))) AS is_total,
           count(*) FILTER (WHERE li.kind = 'standard') AS line_items,
           count(*) FILTER (WHERE li.kind = 'yellow_bucket') AS yb_line_items,
           count(DISTINCT li.container_id) AS containers,
           count(DISTINCT li.job_id) AS jobs,
           sum(li.grams_of_base) AS grams
      FROM jobs j
      JOIN line_items li ON li.job_id = j.id
     WHERE ${onHandAt(at)}
     GROUP BY GROUPING SETS ((upper(coalesce(li.ndc_schedule, ''))), ())`.execute(db);
  const counts = (row: (typeof rows)[number]): OnHandCounts => ({
    lineItems: Number(row.line_items),
    yellowBucketLineItems: Number(row.yb_line_items),
    containers: Number(row.containers),
    jobs: Number(row.jobs),
    gramsOfBase: row.grams === null ? 0 : Number(row.grams),
  });
  const total = rows.find((row) => Number(row.is_total) === 1);
  return {
    schedules: rows.filter((row) => Number(row.is_total) === 0).map((row) => ({ schedule: row.schedule ?? '', ...counts(row) })),
    total: total ? counts(total) : { lineItems: 0, yellowBucketLineItems: 0, containers: 0, jobs: 0, gramsOfBase: 0 },
  };
}

/** The line items of a drug code whose job was received or destroyed on or before `until` (ISO): the accountability's candidates. */
export async function drugCodeLines(db: Kysely<Database>, drugCode: string, until: string) {
  const rows = await baseQuery(db)
    .where(sql<string>`trim(d.drug_code)`, '=', drugCode)
    .where((eb) => eb.or([eb('j.date_received', '<=', until), eb('j.date_destroyed', '<=', until)]))
    .orderBy('li.id')
    .execute();
  return rows.map(normalise);
}
