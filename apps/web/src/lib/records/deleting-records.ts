import type { EntityName } from '@3ds/domain';
import type { QueryClient } from '@tanstack/react-query';
import { recordsKeys } from './list-records.ts';

/**
 * Records whose delete has been sent and whose screen is still open. Such a record is not read
 * again — not by a live change (which may arrive before the delete's own answer), nor on focus or
 * reconnect — because the read would come back "not found" onto the screen being left. The record
 * query's `enabled` asks here each time a read is due.
 */
const deleting = new Set<string>();

const keyOf = (queryKey: readonly unknown[]) => JSON.stringify(queryKey);

/** The delete of this record is on its way (a mutation's `onMutate`). */
export function markDeleting(entity: EntityName, id: string): void {
  deleting.add(keyOf(recordsKeys.record(entity, id)));
}

function unmarkDeleting(entity: EntityName, id: string): void {
  deleting.delete(keyOf(recordsKeys.record(entity, id)));
}

/**
 * The delete failed (a mutation's `onError`): the record is there and is read as before — and read
 * again now, since a change may have come while its reads were held (the refusal often is one: the
 * record was locked meanwhile).
 */
export function deleteRefused(queryClient: QueryClient, entity: EntityName, id: string): Promise<void> {
  unmarkDeleting(entity, id);
  return queryClient.invalidateQueries({ queryKey: recordsKeys.record(entity, id), exact: true });
}

export function isBeingDeleted(queryKey: readonly unknown[]): boolean {
  return deleting.size > 0 && deleting.has(keyOf(queryKey));
}

/**
 * The delete succeeded: forget the record once no screen shows it any more (at once if none does),
 * so that a later visit to its address reads it, and says it is not found, instead of showing what
 * it was. Forgotten while its screen is still mounted, the screen would read it again at once.
 */
export function forgetDeletedRecord(queryClient: QueryClient, entity: EntityName, id: string): void {
  const queryKey = recordsKeys.record(entity, id);
  const cache = queryClient.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  const forget = () => {
    queryClient.removeQueries({ queryKey, exact: true });
    unmarkDeleting(entity, id);
  };
  if (!query || query.getObserversCount() === 0) {
    forget();
    return;
  }
  const unsubscribe = cache.subscribe((event) => {
    if (event.query !== query || event.type !== 'observerRemoved' || query.getObserversCount() > 0) return;
    unsubscribe();
    forget();
  });
}
