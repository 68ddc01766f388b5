import { reconcile, type DeclaredForReconciliation, type KeptResolution, type ReconciliationLine, ORDER_FORM_VALID_DAYS, type ResolutionReason } from '@3ds/domain';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.ts';

// What the client declared and what arrived, as the declared inventory's screen, the job's
// reconciliation and its lock read them (rules/declared-inventory.ts, rules/reconciliation.ts).

/** The dictionary's trade name and schedule of these NDCs, by NDC. */
export async function dictionaryOf(db: Kysely<Database>, ndcs: readonly (string | null)[]): Promise<Map<string, { name: string; schedule: string }>> {
  const known = [...new Set(ndcs.filter((ndc): ndc is string => ndc !== null))];
  if (!known.length) return new Map();
  const rows = await db.selectFrom('ndc_dictionary').select(['ndc', 'trade_name', 'schedule']).where('ndc', 'in', known).execute();
  return new Map(rows.map((row) => [row.ndc, { name: row.trade_name, schedule: row.schedule }]));
}

export interface DeclaringFormRow {
  id: number;
  form_number: string;
  status: string;
  issued_on: string;
  lines: { lineNo: number; ndc: string | null; item: string | null; packages: number; packageSize: string | null; receivedHere: number; received: number }[];
}

/**
 * The Form 222s whose lines count as declared for the job (docs/dea-paperwork.md "What the client
 * declared"): those issued to the job's client (its DEA number) with items received in this job,
 * and those executed, within their 60 days on the job's day (its Date Received, else today), on
 * which nothing has been received yet — the forms awaiting this pickup's goods.
 */
export async function declaringForms(db: Kysely<Database>, jobId: number, registrationNumber: string, day: string): Promise<DeclaringFormRow[]> {
  const forms = await db
    .selectFrom('order_forms as o')
    .innerJoin('registrations as r', 'r.id', 'o.registration_id')
    .select(['o.id', 'o.form_number', 'o.status', sql<string>`to_char(o.issued_on, 'YYYY-MM-DD')`.as('issued_on')])
    .where(sql<boolean>`upper(r.registration_number) = upper(${registrationNumber})`)
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('line_items as li').select(sql`1`.as('one')).whereRef('li.order_form_id', '=', 'o.id').where('li.job_id', '=', jobId)),
        eb.and([
          eb('o.status', '=', 'executed'),
          eb(sql`o.issued_on + ${ORDER_FORM_VALID_DAYS}::int`, '>=', sql`${day}::date`),
          eb.not(eb.exists(eb.selectFrom('line_items as li').select(sql`1`.as('one')).whereRef('li.order_form_id', '=', 'o.id'))),
        ]),
      ]),
    )
    .orderBy('o.issued_on')
    .orderBy('o.id')
    .execute();
  if (!forms.length) return [];
  const lines = await db
    .selectFrom('order_form_lines as ol')
    .select([
      'ol.form_id',
      'ol.line_no',
      'ol.ndc',
      'ol.item',
      'ol.packages',
      'ol.package_size',
      sql<string>`(SELECT coalesce(sum(coalesce(li.pack_quantity, 1)), 0) FROM line_items li
        WHERE li.order_form_id = ol.form_id AND li.order_form_line = ol.line_no AND li.job_id = ${jobId})`.as('received_here'),
      sql<string>`(SELECT coalesce(sum(coalesce(li.pack_quantity, 1)), 0) FROM line_items li
        WHERE li.order_form_id = ol.form_id AND li.order_form_line = ol.line_no)`.as('received'),
    ])
    .where(
      'ol.form_id',
      'in',
      forms.map((form) => form.id),
    )
    .orderBy('ol.form_id')
    .orderBy('ol.line_no')
    .execute();
  return forms.map((form) => ({
    ...form,
    lines: lines
      .filter((line) => line.form_id === form.id)
      .map((line) => ({ lineNo: line.line_no, ndc: line.ndc, item: line.item, packages: line.packages, packageSize: line.package_size, receivedHere: Number(line.received_here), received: Number(line.received) })),
  }));
}

/** The job's declared items as reconciliation reads them, with the dictionary's schedule and name. */
async function declaredItemsOf(db: Kysely<Database>, jobId: number): Promise<DeclaredForReconciliation[]> {
  const rows = await db
    .selectFrom('declared_items as d')
    .leftJoin('ndc_dictionary as n', 'n.ndc', 'd.ndc')
    .select(['d.row_no', 'd.ndc', 'd.description', 'd.lot', 'd.packages', 'd.package_size', 'd.partial_fill', 'n.schedule', 'n.trade_name'])
    .where('d.job_id', '=', jobId)
    .orderBy('d.row_no')
    .execute();
  return rows.map((row) => ({
    rowNo: row.row_no,
    ndc: row.ndc,
    description: row.description,
    lot: row.lot,
    packages: row.packages,
    packageSize: row.package_size,
    partialFill: row.partial_fill === null ? null : Number(row.partial_fill),
    schedule: row.schedule ?? null,
    dictionaryName: row.trade_name ?? null,
  }));
}

export interface Reconciliation {
  /** Whether the job has a declared inventory: without one there is nothing to reconcile. */
  declared: boolean;
  /** Each line with the loss it opened (a theft, a loss in transit), if one. */
  lines: (ReconciliationLine & { lossId: number | null })[];
}

/**
 * The job's reconciliation: its declared items and the lines of the Form 222s its goods came with
 * (items received on them in this job), held against its line items (standard and Yellow Bucket),
 * with the resolutions kept. A job without a
 * declared inventory has none (`declared: false`, no lines).
 */
export async function reconciliationOf(db: Kysely<Database>, jobId: number, today: string): Promise<Reconciliation> {
  const job = await db
    .selectFrom('jobs as j')
    .innerJoin('registrations as r', 'r.id', 'j.registration_id')
    .select(['r.registration_number', sql<string | null>`to_char(j.date_received, 'YYYY-MM-DD')`.as('date_received')])
    .where('j.id', '=', jobId)
    .executeTakeFirst();
  const declaration = await db.selectFrom('declared_inventories').select('job_id').where('job_id', '=', jobId).executeTakeFirst();
  if (!job || !declaration) return { declared: false, lines: [] };
  const [declared, forms, received, resolutions, losses] = await Promise.all([
    declaredItemsOf(db, jobId),
    declaringForms(db, jobId, job.registration_number, job.date_received ?? today),
    db
      .selectFrom('line_items as li')
      .leftJoin('order_forms as o', 'o.id', 'li.order_form_id')
      .select([
        'li.ndc',
        'li.lot_number',
        sql<string>`coalesce(li.pack_quantity, 1) * coalesce(li.percent_fill, 1)`.as('packages'),
        'li.ndc_schedule',
        'li.ndc_description',
        'o.form_number',
        'li.order_form_line',
      ])
      .where('li.job_id', '=', jobId)
      .execute(),
    db.selectFrom('discrepancy_resolutions').selectAll().where('job_id', '=', jobId).execute(),
    db.selectFrom('losses').select(['id', 'line_key']).where('job_id', '=', jobId).execute(),
  ]);
  const lossOf = new Map(losses.map((loss) => [loss.line_key, loss.id]));
  const lines = reconcile({
      declared,
      // A form counts in the reconciliation of the job its goods came with: one awaiting goods is the register's to follow.
      forms: forms.filter((form) => form.lines.some((line) => line.receivedHere > 0)).flatMap((form) => form.lines.map((line) => ({ formNumber: form.form_number, lineNo: line.lineNo, ndc: line.ndc, item: line.item, packages: line.packages }))),
      received: received.map((item) => ({
        ndc: item.ndc,
        lot: item.lot_number,
        packages: Number(item.packages),
        schedule: item.ndc_schedule,
        name: item.ndc_description,
        formNumber: item.form_number ?? null,
        formLine: item.order_form_line,
      })),
      resolutions: resolutions.map(
        (row): KeptResolution => ({
          key: row.line_key,
          declared: Number(row.declared),
          received: Number(row.received),
          reason: row.reason as ResolutionReason,
          note: row.note,
          resolvedBy: row.resolved_by,
          resolvedAt: new Date(row.resolved_at).toISOString(),
        }),
      ),
  });
  return { declared: true, lines: lines.map((line) => ({ ...line, lossId: lossOf.get(line.key) ?? null })) };
}
