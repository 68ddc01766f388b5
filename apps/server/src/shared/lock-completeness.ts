import {
  ERROR_CODES,
  incompleteLineItems,
  incompleteLineItemText,
  lockIncompleteMessage,
  type IncompleteLineItem,
} from '@3ds/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import { recordedLineItems, type RecordedScope } from '../db/repositories/recorded-line-items.repository.ts';

/**
 * The 409 that refuses to lock a record holding line items that lack what Form 41 and ARCOS need:
 * its message names the record and what to do, `details` has a line per item, and `incomplete` lists
 * the items for the screen to link to.
 */
export function incompleteLockError(record: { noun: string; id: number | string; lineItem?: boolean }, incomplete: IncompleteLineItem[]): AppError {
  return new AppError(409, ERROR_CODES.incomplete, lockIncompleteMessage(record, incomplete.length), {
    title: `${record.noun} ${record.id} was not locked`,
    details: incomplete.map(incompleteLineItemText),
    incomplete,
  });
}

/**
 * Refuses (409) the lock of a job, container or line item while any of its line items lacks what
 * Form 41 and ARCOS need (lineItemGaps in @3ds/domain, the check the documents make). Called inside
 * the lock's transaction, after its rows are held, so no write can slip between the check and the lock.
 */
export async function assertCompleteForLock(trx: Kysely<Database>, scope: RecordedScope, record: { noun: string; id: number | string; lineItem?: boolean }): Promise<void> {
  const incomplete = incompleteLineItems(await recordedLineItems(trx, scope));
  if (incomplete.length) throw incompleteLockError(record, incomplete);
}
