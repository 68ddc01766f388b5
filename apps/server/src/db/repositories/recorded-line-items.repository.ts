import type { RecordedLineItem } from '@3ds/domain';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.ts';
import { recordedFacts, recordedLineItemOf } from './line-item-facts.repository.ts';

/** Whose line items: a job's (standard and Yellow Bucket), a container's, or the given ones. */
export type RecordedScope = { jobId: number } | { containerId: number } | { ids: readonly number[] };

/**
 * Line items as DEA Form 41 and ARCOS read them — the item's own fields and what its NDC's dictionary
 * entry says (drug code, base weight, density, bulk kind, removed from ARCOS) — in the order the Form
 * 41 lists them: standard items first, then the Yellow Bucket's, each in the order they were entered.
 * The documents and the lock checks read them here, so both judge the same facts.
 */
export async function recordedLineItems(db: Kysely<Database>, scope: RecordedScope): Promise<RecordedLineItem[]> {
  if ('ids' in scope && !scope.ids.length) return [];
  let query = recordedFacts(db);
  if ('jobId' in scope) query = query.where('li.job_id', '=', scope.jobId);
  else if ('containerId' in scope) query = query.where('li.container_id', '=', scope.containerId);
  else query = query.where('li.id', 'in', [...scope.ids]);
  const rows = await query.orderBy(sql`li.kind = 'yellow_bucket'`).orderBy('li.id').execute();
  return rows.map(recordedLineItemOf);
}
