import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';
import type { ContainerKindConfig } from '../container-kinds.ts';

/**
 * `PATCH /3ds/api/{container|yb-container}/{lock|unlock}/{id}` — locks or unlocks the container
 * with its line items (spec 2 §4). Afterwards the record reloads, and lists of containers and line
 * items (whose lock marks changed) are stale.
 */
export interface LockContainerRequest {
  id: string;
  lock: boolean;
}

export function lockContainer(kind: ContainerKindConfig, { id, lock }: LockContainerRequest): Promise<unknown> {
  return api.patch(`/${kind.apiSingular}/${lock ? 'lock' : 'unlock'}/${encodeURIComponent(id)}`);
}

export function lockContainerMutationOptions(kind: ContainerKindConfig, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['records', kind.entity, 'lock'],
    mutationFn: (request: LockContainerRequest) => lockContainer(kind, request),
    // The lock confirmation shows a refusal (the line items to complete) itself.
    meta: { handlesErrors: true, failure: ({ id, lock }: LockContainerRequest) => `${kind.noun} ${id} was not ${lock ? 'locked' : 'unlocked'}` },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: recordsKeys.entity(kind.entity) }),
        queryClient.invalidateQueries({ queryKey: recordsKeys.entity(kind.lineItems.entity) }),
      ]),
  });
}

export function useLockContainer(kind: ContainerKindConfig) {
  const queryClient = useQueryClient();
  return useMutation(lockContainerMutationOptions(kind, queryClient));
}
