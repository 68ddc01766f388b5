import { deletedLineItemAnswerSchema } from '@3ds/domain';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { readAnswer } from '../../../lib/answer-shape.ts';
import { api } from '../../../lib/api-client.ts';
import type { LineItemKindConfig } from '../../../components/line-item-entry/line-item-kinds.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';
import { deleteRefused, forgetDeletedRecord, markDeleting } from '../../../lib/records/deleting-records.ts';

/**
 * `DELETE /3ds/api/{line-item|yb-line-item}/{id}` (spec 2 §4). The answer names the container it
 * was in; the caller goes to that container's view.
 */
export async function deleteLineItem(kind: LineItemKindConfig, id: string): Promise<{ containerId: string | null }> {
  const body = await api.delete<unknown>(`/${kind.apiSingular}/${encodeURIComponent(id)}`);
  return { containerId: readAnswer(deletedLineItemAnswerSchema, body, 'deleted line item').containerId };
}

export function deleteLineItemMutationOptions(kind: LineItemKindConfig, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['records', kind.entity, 'delete'],
    mutationFn: (id: string) => deleteLineItem(kind, id),
    meta: { failure: (id: string) => `${kind.noun} ${id} was not deleted` },
    // The record is not read again from here on: it is gone, or about to be (deleting-records.ts).
    onMutate: (id) => markDeleting(kind.entity, id),
    onError: (_error, id) => deleteRefused(queryClient, kind.entity, id),
    onSuccess: (_answer, id) => {
      forgetDeletedRecord(queryClient, kind.entity, id);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: recordsKeys.entity(kind.entity), refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: recordsKeys.entity(kind.containerEntity) }),
      ]);
    },
  });
}

export function useDeleteLineItem(kind: LineItemKindConfig) {
  const queryClient = useQueryClient();
  return useMutation(deleteLineItemMutationOptions(kind, queryClient));
}
