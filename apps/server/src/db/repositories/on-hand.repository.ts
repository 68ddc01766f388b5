import type { InventoryMoment } from '@3ds/domain';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../schema.ts';

/** A line item on hand, with what the on-hand view, the inventory and the ARCOS year-end read of it. */
export interface OnHandLine {
  id: number;
  kind: string;
  job_id: number;
  job_name: string;
  container_id: number;
  container_name: string | null;
  registration_number: string | null;
  company_name: string | null;
  ndc: string;
  description: string | null;
  schedule: string | null;
  drug_code: string | null;
  strength: string | null;
  form: string | null;
  lot_number: string | null;
  pack_quantity: number | null;
  pack_size: number | null;
  pack_size_uom: string | null;
  percent_fill: number | null;
  reporting_qty: number | null;
  reporting_uom: string | null;
  grams_of_base: number | null;
  form_222_number: string | null;
  date_received: string;
  date_destroyed: string | null;
  removed_from_arcos: boolean | null;
  bulk_raw_powder: boolean | null;
  bulk_raw_liquid: boolean | null;
  bulk_dosage_formulation: boolean | null;
  bulk_solution: boolean | null;
  ingredient_base_weight: number | null;
  density: number | null;
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
  return db
    .selectFrom('line_items as li')
    .innerJoin('jobs as j', 'j.id', 'li.job_id')
    .innerJoin('containers as ct', 'ct.id', 'li.container_id')
    .leftJoin('registrations as r', 'r.id', 'j.registration_id')
    .leftJoin('companies as co', 'co.id', 'r.company_id')
    .leftJoin('ndc_dictionary as d', 'd.ndc', 'li.ndc')
    .select([
      'li.id',
      'li.kind',
      'li.job_id',
      'j.name as job_name',
      'li.container_id',
      'ct.name as container_name',
      'r.registration_number',
      'co.name as company_name',
      'li.ndc',
      'li.ndc_description as description',
      'li.ndc_schedule as schedule',
      'd.drug_code',
      sql<string | null>`coalesce(nullif(li.strength, ''), d.strength)`.as('strength'),
      sql<string | null>`coalesce(nullif(li.form, ''), d.form)`.as('form'),
      'li.lot_number',
      'li.pack_quantity',
      'li.pack_size',
      'li.pack_size_uom',
      'li.percent_fill',
      'li.reporting_qty',
      'li.reporting_uom',
      'li.grams_of_base',
      'li.form_222_number',
      sql<string>`to_char(j.date_received, 'YYYY-MM-DD')`.as('date_received'),
      sql<string | null>`to_char(j.date_destroyed, 'YYYY-MM-DD')`.as('date_destroyed'),
      'd.removed_from_arcos',
      'd.bulk_raw_powder',
      'd.bulk_raw_liquid',
      'd.bulk_dosage_formulation',
      'd.bulk_solution',
      'd.ingredient_base_weight',
      sql<number | null>`coalesce(d.density, li.package_size_density)`.as('density'),
    ]);
}

const numeric = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function normalise(row: Record<string, unknown>): OnHandLine {
  const line = row as unknown as OnHandLine;
  return {
    ...line,
    pack_quantity: numeric(row.pack_quantity),
    pack_size: numeric(row.pack_size),
    percent_fill: numeric(row.percent_fill),
    reporting_qty: numeric(row.reporting_qty),
    grams_of_base: numeric(row.grams_of_base),
    ingredient_base_weight: numeric(row.ingredient_base_weight),
    density: numeric(row.density),
  };
}

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
  return rows.map((r) => normalise(r as Record<string, unknown>));
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
  return rows.map((r) => normalise(r as Record<string, unknown>));
}
