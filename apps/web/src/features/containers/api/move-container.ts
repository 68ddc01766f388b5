import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { historyKeys } from '../../../components/history/api/get-history.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';
import { parseRecordResponse } from '../../../lib/records/record-shapes.ts';
import type { ContainerKindConfig } from '../container-kinds.ts';

/**
 * `PUT /3ds/api/{container|yb-container}/move { jobId, containerId }` — moves the container (and
 * its line items) to another job (spec 2 §4). A standard container's record reloads afterwards;
 * a Yellow Bucket container's answer (`data[0]`) replaces the record.
 */
export interface MoveContainerRequest {
  containerId: string;
  jobId: string;
}

export async function moveContainer(kind: ContainerKindConfig, request: MoveContainerRequest): Promise<unknown> {
  return api.put(`/${kind.apiSingular}/move`, { jobId: Number(request.jobId), containerId: Number(request.containerId) });
}

export function moveContainerMutationOptions(kind: ContainerKindConfig, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['records', kind.entity, 'move'],
    mutationFn: (request: MoveContainerRequest) => moveContainer(kind, request),
    // The caller says which job the container could not be moved to (spec 2 §8).
    meta: { handlesErrors: true },
    onSuccess: async (body, request) => {
      if (kind.kind === 'yellow-bucket') {
        try {
          queryClient.setQueryData(recordsKeys.record(kind.entity, request.containerId), parseRecordResponse(body));
        } catch {
          // An answer without the record: reload it instead.
        }
      }
      await Promise.all([
        queryClient.invalidateQueries({
          queryKey: recordsKeys.entity(kind.entity),
          // The Yellow Bucket record was just replaced by the answer.
          refetchType: kind.kind === 'yellow-bucket' ? 'none' : 'active',
        }),
        queryClient.invalidateQueries({ queryKey: recordsKeys.entity(kind.lineItems.entity) }),
        queryClient.invalidateQueries({ queryKey: recordsKeys.entity('jobs') }),
        // Its history gained the move.
        queryClient.invalidateQueries({ queryKey: historyKeys.of(kind.entity, request.containerId) }),
      ]);
    },
  });
}

export function useMoveContainer(kind: ContainerKindConfig) {
  const queryClient = useQueryClient();
  return useMutation(moveContainerMutationOptions(kind, queryClient));
}
