import { sql, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';

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

export interface ReportLine {
  job_id: number;
  job_name: string;
  container_id: number;
  container_name: string | null;
  kind: string;
  id: number;
  ndc: string;
  ndc_description: string | null;
  ndc_schedule: string | null;
  drug_code: string | null;
  pack_quantity: number | null;
  pack_quantity_uom: string | null;
  pack_size: number | null;
  pack_size_uom: string | null;
  percent_fill: number;
  reporting_qty: number | null;
  reporting_uom: string | null;
  grams_of_base: number | null;
  form_222_number: string | null;
  cwf_form_number: string | null;
}

/** The job's line items of both kinds, optionally of some containers and ARCOS-reportable only. */
export async function reportLines(
  db: Kysely<Database>,
  filter: { jobId: number; containerIds?: number[]; arcosOnly: boolean; arcos: { schedules: readonly string[]; drugCodes: readonly string[] } },
): Promise<ReportLine[]> {
  let query = db
    .selectFrom('line_items as li')
    .innerJoin('containers as ct', 'ct.id', 'li.container_id')
    .innerJoin('jobs as j', 'j.id', 'li.job_id')
    .leftJoin('ndc_dictionary as d', 'd.ndc', 'li.ndc')
    .select([
      'li.job_id',
      'j.name as job_name',
      'li.container_id',
      'ct.name as container_name',
      'li.kind',
      'li.id',
      'li.ndc',
      'li.ndc_description',
      'li.ndc_schedule',
      'd.drug_code',
      'li.pack_quantity',
      'li.pack_quantity_uom',
      'li.pack_size',
      'li.pack_size_uom',
      'li.percent_fill',
      'li.reporting_qty',
      'li.reporting_uom',
      'li.grams_of_base',
      'li.form_222_number',
      'li.cwf_form_number',
    ])
    .where('li.job_id', '=', filter.jobId);
  if (filter.containerIds) query = query.where('li.container_id', 'in', filter.containerIds);
  if (filter.arcosOnly) query = query.where((eb) => arcosReportable(eb, filter.arcos));
  return query.orderBy('li.container_id').orderBy('li.id').execute() as Promise<ReportLine[]>;
}

export interface ArcosLine {
  id: number;
  job_id: number;
  kind: string;
  ndc: string;
  ndc_schedule: string | null;
  drug_code: string | null;
  bulk_raw_powder: boolean | null;
  bulk_raw_liquid: boolean | null;
  bulk_dosage_formulation: boolean | null;
  bulk_solution: boolean | null;
  pack_quantity: number | null;
  pack_size: number | null;
  pack_size_uom: string | null;
  percent_fill: number;
  form_222_number: string | null;
  date_received: string | null;
  date_destroyed: string | null;
  registration_number: string | null;
}

/**
 * The ARCOS-reportable line items (`arcos` filter: schedules, drug codes, not removed from ARCOS) of
 * the jobs received or destroyed within the period (ISO dates, both ends included), with the job's
 * dates and its client's registration number.
 */
export function arcosLines(
  db: Kysely<Database>,
  period: { from: string; to: string },
  arcos: { schedules: readonly string[]; drugCodes: readonly string[] },
): Promise<ArcosLine[]> {
  return db
    .selectFrom('line_items as li')
    .innerJoin('jobs as j', 'j.id', 'li.job_id')
    .leftJoin('registrations as r', 'r.id', 'j.registration_id')
    .leftJoin('ndc_dictionary as d', 'd.ndc', 'li.ndc')
    .select([
      'li.id',
      'li.job_id',
      'li.kind',
      'li.ndc',
      'li.ndc_schedule',
      'd.drug_code',
      'd.bulk_raw_powder',
      'd.bulk_raw_liquid',
      'd.bulk_dosage_formulation',
      'd.bulk_solution',
      'li.pack_quantity',
      'li.pack_size',
      'li.pack_size_uom',
      'li.percent_fill',
      'li.form_222_number',
      'j.date_received',
      'j.date_destroyed',
      'r.registration_number',
    ])
    .where((eb) =>
      eb.or([
        eb.and([eb('j.date_received', '>=', period.from), eb('j.date_received', '<=', period.to)]),
        eb.and([eb('j.date_destroyed', '>=', period.from), eb('j.date_destroyed', '<=', period.to)]),
      ]),
    )
    .where((eb) => arcosReportable(eb, arcos))
    .orderBy('li.job_id')
    .orderBy('li.id')
    .execute() as Promise<ArcosLine[]>;
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
