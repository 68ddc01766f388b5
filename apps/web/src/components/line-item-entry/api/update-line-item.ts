import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';
import type { UpdateLineItemBody } from '../line-item-form-model.ts';
import type { LineItemKindConfig } from '../line-item-kinds.ts';

/**
 * `PATCH /3ds/api/{line-items|yb-line-items}/update-line-item/{id} { fieldData, modId }` — saves
 * the line item form in edit mode (spec 2 §7). With `modId`, an item changed by someone else since
 * it was opened answers 409 and stays as it is. Afterwards the record reloads.
 */
export interface UpdateLineItemRequest {
  id: string;
  body: UpdateLineItemBody;
}

export function updateLineItem(kind: LineItemKindConfig, { id, body }: UpdateLineItemRequest): Promise<unknown> {
  return api.patch(`/${kind.apiPlural}/update-line-item/${encodeURIComponent(id)}`, body);
}

export function updateLineItemMutationOptions(kind: LineItemKindConfig, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['records', kind.entity, 'update'],
    mutationFn: (request: UpdateLineItemRequest) => updateLineItem(kind, request),
    meta: { handlesErrors: true },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: recordsKeys.entity(kind.entity) }),
        queryClient.invalidateQueries({ queryKey: recordsKeys.entity(kind.containerEntity) }),
      ]),
  });
}

export function useUpdateLineItem(kind: LineItemKindConfig) {
  const queryClient = useQueryClient();
  return useMutation(updateLineItemMutationOptions(kind, queryClient));
}
