import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface OnHandCounts {
  lineItems: number;
  yellowBucketLineItems: number;
  containers: number;
  jobs: number;
  gramsOfBase: number;
}

export interface OnHand {
  schedules: (OnHandCounts & { schedule: string })[];
  /** Over every schedule: a container or job holding several schedules counts once. */
  total: OnHandCounts;
}

/**
 * What is on hand, by schedule: line items (standard and Yellow Bucket) whose job has been received
 * and not yet destroyed, the containers and jobs holding them, and their grams of base drug. The one
 * place this is computed (one statement: each schedule and the total); the home screen reads it.
 */
export async function onHandBySchedule(db: Kysely<Database>): Promise<OnHand> {
  const { rows } = await sql<{ schedule: string | null; is_total: number; line_items: string; yb_line_items: string; containers: string; jobs: string; grams: string | null }>`
    SELECT coalesce(li.ndc_schedule, '') AS schedule,
           grouping(coalesce(li.ndc_schedule, '')) AS is_total,
           count(*) FILTER (WHERE li.kind = 'standard') AS line_items,
           count(*) FILTER (WHERE li.kind = 'yellow_bucket') AS yb_line_items,
           count(DISTINCT li.container_id) AS containers,
           count(DISTINCT li.job_id) AS jobs,
           sum(li.grams_of_base) AS grams
      FROM jobs j
      JOIN line_items li ON li.job_id = j.id
     WHERE j.date_received IS NOT NULL AND j.date_destroyed IS NULL
     GROUP BY GROUPING SETS ((coalesce(li.ndc_schedule, '')), ())`.execute(db);
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
