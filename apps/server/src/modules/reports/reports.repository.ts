import type { ArcosHeld } from '@3ds/domain';
import { sql, type ExpressionBuilder, type Insertable, type Kysely, type SqlBool } from 'kysely';
import { fromLineItems, lineItemColumns, type LineItemRow } from '../../db/repositories/line-item-facts.repository.ts';
import type { Database } from '../../db/schema.ts';
import type { ArcosReportsTable, ArcosReportTransactionsTable } from '../../db/tables/dea-records.table.ts';

export function findJobWithRegistration(db: Kysely<Database>, jobId: number) {
  return db
    .selectFrom('jobs as j')
    .innerJoin('registrations as r', 'r.id', 'j.registration_id')
    .select(['j.id', 'j.name', 'r.id as registrationId', 'r.registration_number as registrationNumber'])
    .where('j.id', '=', jobId)
    .executeTakeFirst();
}

export function findContainerByName(db: Kysely<Database>, jobId: number, name: string) {
  return db
    .selectFrom('containers')
    .select(['id', 'name'])
    .where('job_id', '=', jobId)
    .where(sql<SqlBool>`lower(name) = lower(${name})`)
    .orderBy('id')
    .execute();
}

/** How a job report joins a line item's relations, and the columns it answers (line-item-facts.repository.ts). */
const REPORT_JOINS = { container: 'inner', job: 'inner', dictionary: 'left' } as const;
const REPORT_FACTS = [
  'job_id', 'job_name', 'container_id', 'container_name', 'kind', 'id', 'ndc', 'ndc_description', 'ndc_schedule', 'drug_code',
  'pack_quantity', 'pack_quantity_uom', 'pack_size', 'pack_size_uom', 'percent_fill', 'reporting_qty', 'reporting_uom', 'grams_of_base', 'form_222_number', 'cwf_form_number',
] as const;
export type ReportLine = LineItemRow<typeof REPORT_JOINS, (typeof REPORT_FACTS)[number]>;

/** The job's line items of both kinds, optionally of some containers and ARCOS-reportable only. */
export async function reportLines(
  db: Kysely<Database>,
  filter: { jobId: number; containerIds?: number[]; arcosOnly: boolean; arcos: { schedules: readonly string[]; drugCodes: readonly string[] } },
): Promise<ReportLine[]> {
  let query = fromLineItems(db, REPORT_JOINS)
    .select(lineItemColumns(...REPORT_FACTS))
    .where('li.job_id', '=', filter.jobId);
  if (filter.containerIds) query = query.where('li.container_id', 'in', filter.containerIds);
  if (filter.arcosOnly) query = query.where((eb) => arcosReportable(eb, filter.arcos));
  return query.orderBy('li.container_id').orderBy('li.id').execute();
}

/** How the ARCOS report joins a line item's relations, and the columns it answers: the job's dates and its client's registration number. */
const ARCOS_JOINS = { job: 'inner', registration: 'left', dictionary: 'left' } as const;
const ARCOS_FACTS = [
  'id', 'job_id', 'kind', 'ndc', 'ndc_schedule', 'drug_code', 'bulk_raw_powder', 'bulk_raw_liquid', 'bulk_dosage_formulation', 'bulk_solution',
  'pack_quantity', 'pack_size', 'pack_size_uom', 'percent_fill', 'density', 'form_222_number', 'date_received', 'date_destroyed', 'registration_number',
] as const;
export type ArcosLine = LineItemRow<typeof ARCOS_JOINS, (typeof ARCOS_FACTS)[number]>;

/**
 * The ARCOS-reportable line items (`arcos` filter: schedules, drug codes, not removed from ARCOS)
 * whose job was received or destroyed within `from`–`to` (ISO, both included), and those of `ids`
 * (what earlier reports carried) whatever their dates, with the job's dates and its client's
 * registration number.
 */
export function arcosLines(
  db: Kysely<Database>,
  range: { from: string; to: string; ids: readonly number[] },
  arcos: { schedules: readonly string[]; drugCodes: readonly string[] },
): Promise<ArcosLine[]> {
  return fromLineItems(db, ARCOS_JOINS)
    .select(lineItemColumns(...ARCOS_FACTS))
    .where((eb) =>
      eb.or([
        eb.and([eb('j.date_received', '>=', range.from), eb('j.date_received', '<=', range.to)]),
        eb.and([eb('j.date_destroyed', '>=', range.from), eb('j.date_destroyed', '<=', range.to)]),
        ...(range.ids.length ? [eb('li.id', 'in', [...range.ids])] : []),
      ]),
    )
    .where((eb) => arcosReportable(eb, arcos))
    .orderBy('li.job_id')
    .orderBy('li.id')
    .execute();
}

/** The ARCOS reports in force (not superseded), the latest period first. */
export function currentArcosReports(db: Kysely<Database>) {
  return db.selectFrom('arcos_reports').selectAll().where('superseded_at', 'is', null).orderBy('period_start', 'desc').orderBy('id', 'desc').execute();
}

/**
 * What DEA holds from our reports in force, but `except` (a report about to be superseded): for each
 * line item and transaction code — and for a year-end inventory (3), each December 31 — the last
 * record written, unless that was its deletion. `date` is the transaction date kept with the record:
 * always there for code 3; for P and Y only on rows written since 079_arcos_year_end_held.sql.
 */
export async function heldTransactions(db: Kysely<Database>, except: number | null): Promise<ArcosHeld[]> {
  const rows = await sql<{ line_item_id: number; code: ArcosHeld['code']; date: string | null; action: string; record: string; report_id: number }>`
    SELECT DISTINCT ON (t.line_item_id, t.code, year_end) t.line_item_id, t.code, to_char(t.transaction_date, 'YYYY-MM-DD') AS date, t.action, t.record, t.report_id
    FROM arcos_report_transactions t JOIN arcos_reports r ON r.id = t.report_id
    CROSS JOIN LATERAL (SELECT CASE WHEN t.code = '3' THEN t.transaction_date END AS year_end) y
    WHERE r.superseded_at IS NULL AND r.id <> ${except ?? 0}
    ORDER BY t.line_item_id, t.code, year_end, t.report_id DESC, t.id DESC`.execute(db);
  return rows.rows.filter((r) => r.action !== 'D').map((r) => ({ lineItemId: r.line_item_id, code: r.code, date: r.date, record: r.record, reportId: r.report_id }));
}

/** Every ARCOS report kept, newest first, with its file's name. */
export function keptArcosReports(db: Kysely<Database>) {
  return db
    .selectFrom('arcos_reports as a')
    .innerJoin('files as f', 'f.id', 'a.file_id')
    .select(['a.id', 'a.period_start', 'a.period_end', 'a.frequency', 'a.records', 'a.summary', 'a.created_at', 'a.created_by', 'a.superseded_at', 'a.file_id', 'f.original_name'])
    .orderBy('a.id', 'desc')
    .execute();
}

/**
 * The ARCOS-reportable rule of the domain (isArcosReportable) in SQL, on `li` and `d`: a reportable
 * schedule or drug code (GHB preparations), and an NDC not "Removed From ARCOS".
 */
function arcosReportable(
  eb: ExpressionBuilder<Database & { li: Database['line_items']; d: Database['ndc_dictionary'] }, 'li' | 'd'>,
  arcos: { schedules: readonly string[]; drugCodes: readonly string[] },
) {
  return eb.and([
    sql<SqlBool>`coalesce(d.removed_from_arcos, false) = false`,
    eb.or([eb(sql<string>`upper(li.ndc_schedule)`, 'in', [...arcos.schedules]), eb(sql<string>`trim(d.drug_code)`, 'in', [...arcos.drugCodes])]),
  ]);
}

/**
 * Makes the rest of the transaction read the database as of one moment (REPEATABLE READ): the
 * settings and the reports in force an ARCOS report is planned from are read together. First in
 * the transaction.
 */
export async function readAsOfOneMoment(trx: Kysely<Database>): Promise<void> {
  await sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`.execute(trx);
}

export function insertArcosReport(db: Kysely<Database>, report: Insertable<ArcosReportsTable>) {
  return db.insertInto('arcos_reports').values(report).returning('id').executeTakeFirstOrThrow();
}

/** Marks a kept report superseded by the report of the same period made again (both stay kept). */
export async function supersedeArcosReport(db: Kysely<Database>, id: number, by: number, at: Date): Promise<void> {
  await db.updateTable('arcos_reports').set({ superseded_at: at, superseded_by: by }).where('id', '=', id).execute();
}

/** The transaction records a report carried, 500 a statement. */
export async function insertArcosTransactions(db: Kysely<Database>, carried: readonly Insertable<ArcosReportTransactionsTable>[]): Promise<void> {
  for (let i = 0; i < carried.length; i += 500) {
    await db.insertInto('arcos_report_transactions').values(carried.slice(i, i + 500)).execute();
  }
}
