import { deletedContainerAnswerSchema } from '@3ds/domain';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { readAnswer } from '../../../lib/answer-shape.ts';
import { api } from '../../../lib/api-client.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';
import { deleteRefused, forgetDeletedRecord, markDeleting } from '../../../lib/records/deleting-records.ts';
import type { ContainerKindConfig } from '../container-kinds.ts';

/**
 * `DELETE /3ds/api/{container|yb-container}/{id}` — deletes the container with its line items
 * (spec 2 §4). The answer names the job it was in; the caller goes back to that job's view.
 */
export async function deleteContainer(kind: ContainerKindConfig, id: string): Promise<{ jobId: string | null }> {
  const body = await api.delete<unknown>(`/${kind.apiSingular}/${encodeURIComponent(id)}`);
  return { jobId: readAnswer(deletedContainerAnswerSchema, body, 'deleted container').jobId };
}

export function deleteContainerMutationOptions(kind: ContainerKindConfig, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['records', kind.entity, 'delete'],
    mutationFn: (id: string) => deleteContainer(kind, id),
    meta: { failure: (id: string) => `${kind.noun} ${id} was not deleted` },
    // The record is not read again from here on: it is gone, or about to be (deleting-records.ts).
    onMutate: (id) => markDeleting(kind.entity, id),
    onError: (_error, id) => deleteRefused(queryClient, kind.entity, id),
    onSuccess: (_answer, id) => {
      forgetDeletedRecord(queryClient, kind.entity, id);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: recordsKeys.entity(kind.entity) }),
        queryClient.invalidateQueries({ queryKey: recordsKeys.entity(kind.lineItems.entity) }),
        queryClient.invalidateQueries({ queryKey: recordsKeys.entity('jobs') }),
      ]);
    },
  });
}

export function useDeleteContainer(kind: ContainerKindConfig) {
  const queryClient = useQueryClient();
  return useMutation(deleteContainerMutationOptions(kind, queryClient));
}
