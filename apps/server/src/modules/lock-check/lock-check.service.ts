import { incompleteLineItems, type IncompleteLineItem } from '@3ds/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RecordKind } from '../../db/tables/records.table.ts';
import { notFound } from '../../errors/app-error.ts';
import { recordedLineItems } from '../../db/repositories/recorded-line-items.repository.ts';
import { targetExists } from './lock-check.repository.ts';

/** What can be locked: a job, or a container or line item of a kind. */
export interface LockCheckTarget {
  record: 'job' | 'container' | 'line-item';
  kind?: RecordKind;
  /** How the record is named when it does not exist. */
  noun: string;
}

/**
 * Whether a job, container or line item may be locked as far as its line items go: the ones that lack
 * what DEA Form 41 and ARCOS need, by the check the lock itself makes (lineItemGaps). The lock
 * confirmations read it before anything is sent; the lock checks again in its own transaction.
 */
export class LockCheckService {
  readonly #db: Kysely<Database>;

  constructor(deps: { db: Kysely<Database> }) {
    this.#db = deps.db;
  }

  async check(target: LockCheckTarget, id: number): Promise<{ incomplete: IncompleteLineItem[] }> {
    if (!(await targetExists(this.#db, target, id))) throw notFound(`There is no ${target.noun} ${id}.`);
    const scope = target.record === 'job' ? { jobId: id } : target.record === 'container' ? { containerId: id } : { ids: [id] };
    return { incomplete: incompleteLineItems(await recordedLineItems(this.#db, scope)) };
  }
}
