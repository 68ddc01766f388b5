import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { LineItemKindConfig } from '../../../components/line-item-entry/line-item-kinds.ts';
import { historyKeys } from '../../../components/history/api/get-history.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';
import { parseRecordResponse, type RecordData } from '../../../lib/records/record-shapes.ts';

/**
 * `POST /3ds/api/{line-item|yb-line-item}/move/{id} { container }` — moves the line item to
 * another container of its job (spec 2 §4). The answer's `data[0]` is the moved record: it
 * replaces the one on screen.
 */
export interface MoveLineItemRequest {
  id: string;
  container: string;
}

export async function moveLineItem(kind: LineItemKindConfig, { id, container }: MoveLineItemRequest): Promise<RecordData> {
  return parseRecordResponse(await api.post(`/${kind.apiSingular}/move/${encodeURIComponent(id)}`, { container: Number(container) }));
}

export function moveLineItemMutationOptions(kind: LineItemKindConfig, queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['records', kind.entity, 'move'],
    mutationFn: (request: MoveLineItemRequest) => moveLineItem(kind, request),
    // The dialog shows why a move was refused.
    meta: { handlesErrors: true },
    onSuccess: async (record, request) => {
      queryClient.setQueryData(recordsKeys.record(kind.entity, request.id), record);
      await Promise.all([
        // The record was just replaced by the answer; lists and containers are stale.
        queryClient.invalidateQueries({ queryKey: recordsKeys.entity(kind.entity), refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: recordsKeys.entity(kind.containerEntity) }),
        // Its history gained the move.
        queryClient.invalidateQueries({ queryKey: historyKeys.of(kind.entity, request.id) }),
      ]);
    },
  });
}

export function useMoveLineItem(kind: LineItemKindConfig) {
  const queryClient = useQueryClient();
  return useMutation(moveLineItemMutationOptions(kind, queryClient));
}
