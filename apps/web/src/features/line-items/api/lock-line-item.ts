import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { LineItemKindConfig } from '../../../components/line-item-entry/line-item-kinds.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';

/**
 * `PATCH /3ds/api/{line-item|yb-line-item}/{lock|unlock}/{id}` (spec 2 §4, §7). Afterwards the
 * record reloads, and the lists showing its lock mark (line items, its container's) are stale.
 */
export interface LockLineItemRequest {
  id: string;
  lock: boolean;
}

export function lockLineItem(kind: LineItemKindConfig, { id, lock }: LockLineItemRequest): Promise<unknown> {
  return api.patch(`/${kind.apiSingular}/${lock ? 'lock' : 'unlock'}/${encodeURIComponent(id)}`);
}

export function lockLineItemMutationOptions(kind: LineItemKindConfig, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['records', kind.entity, 'lock'],
    mutationFn: (request: LockLineItemRequest) => lockLineItem(kind, request),
    // The lock confirmation shows a refusal (the line items to complete) itself.
    meta: { handlesErrors: true, failure: ({ id, lock }: LockLineItemRequest) => `${kind.noun} ${id} was not ${lock ? 'locked' : 'unlocked'}` },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: recordsKeys.entity(kind.entity) }),
        queryClient.invalidateQueries({ queryKey: recordsKeys.entity(kind.containerEntity) }),
      ]),
  });
}

export function useLockLineItem(kind: LineItemKindConfig) {
  const queryClient = useQueryClient();
  return useMutation(lockLineItemMutationOptions(kind, queryClient));
}
