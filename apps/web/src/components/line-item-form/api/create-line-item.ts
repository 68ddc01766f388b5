import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { recordsKeys } from '../../list-screen/api/list-records.ts';
import type { NewLineItemBody } from '../line-item-form-model.ts';
import type { LineItemKindConfig } from '../line-item-kinds.ts';

/**
 * `POST /3ds/api/{line-item|yb-line-item}/new` — a new line item in a container (new and
 * duplicate, spec 2 §2, §7) → `{ recordId }`; the caller opens it.
 */
export async function createLineItem(kind: LineItemKindConfig, body: NewLineItemBody): Promise<{ recordId: string }> {
  const answer = (await api.post(`/${kind.apiSingular}/new`, body)) as { recordId?: unknown } | undefined;
  const recordId = answer?.recordId;
  if (typeof recordId !== 'string' && typeof recordId !== 'number') throw new Error('The server did not say which line item it created.');
  return { recordId: String(recordId) };
}

export function createLineItemMutationOptions(kind: LineItemKindConfig, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['records', kind.entity, 'create'],
    mutationFn: (body: NewLineItemBody) => createLineItem(kind, body),
    // The form shows the server's messages in its warning list.
    meta: { handlesErrors: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: recordsKeys.entity(kind.entity) }),
        queryClient.invalidateQueries({ queryKey: recordsKeys.entity(kind.containerEntity) }),
      ]),
  });
}

export function useCreateLineItem(kind: LineItemKindConfig) {
  const queryClient = useQueryClient();
  return useMutation(createLineItemMutationOptions(kind, queryClient));
}
