import type { JobFinality } from '@3ds/domain';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.ts';

// Whether jobs are final (packages/domain rules/finality.ts): destroyed, their Form 41 generated, or a
// line item of theirs carried by a kept ARCOS report. The containers', line items', jobs' and bulk
// actions read it alike, inside the transaction that holds the job, so a Date Destroyed, a Form 41
// or a report committed before the job was held is seen.

/** Each job's finality, by id (a job that does not exist is absent). */
export async function finalityOf(db: Kysely<Database>, jobIds: readonly number[]): Promise<Map<number, JobFinality>> {
  if (!jobIds.length) return new Map();
  const rows = await db
    .selectFrom('jobs as j')
    .select([
      'j.id',
      sql<string | null>`to_char(j.date_destroyed, 'YYYY-MM-DD')`.as('date_destroyed'),
      sql<boolean>`EXISTS (SELECT 1 FROM generated_documents g WHERE g.job_id = j.id AND g.slot = '41 Insert')`.as('form_41'),
      sql<boolean>`EXISTS (SELECT 1 FROM line_items li JOIN arcos_report_transactions t ON t.line_item_id = li.id WHERE li.job_id = j.id)`.as('reported'),
    ])
    .where('j.id', 'in', [...new Set(jobIds)])
    .execute();
  return new Map(rows.map((row) => [row.id, { dateDestroyed: row.date_destroyed, form41: row.form_41 === true, reported: row.reported === true }]));
}

/** One job's finality (not final when there is no such job: the caller's own lookup answers 404). */
export async function jobFinality(db: Kysely<Database>, jobId: number): Promise<JobFinality> {
  return (await finalityOf(db, [jobId])).get(jobId) ?? { dateDestroyed: null, form41: false, reported: false };
}

/**
 * The finality a bulk action read once for a chunk of records (`finalityOf`), handed to each
 * record's action with its held rows: the record's job's, and the target job's of a move. Within
 * the bulk's transaction it cannot change (what would make a job final — a Date Destroyed, a Form
 * 41, a report — is no bulk action), so each record need not read it again.
 */
export interface KnownFinality {
  finality?: JobFinality | undefined;
  targetFinality?: JobFinality | undefined;
}
