import { bulkAnswerSchema } from '@3ds/domain';
import { mutationOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { downloadHref } from '../../../lib/records/export-records.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';
import { parseFileLink } from '../../../lib/records/record-shapes.ts';
import { readAnswer } from '../../../lib/answer-shape.ts';
import type { BulkEntity, BulkResult, bulkBody } from '../bulk-model.ts';

/**
 * `POST /3ds/api/{entity}/bulk` — one action on a selection or on the list's found set. Each record
 * is checked as its own action would be; the answer says how many were done and which were refused
 * and why (an export also gives its file link). Afterwards every record list and record is stale:
 * a bulk action can touch containers, line items and their jobs' portals at once.
 */
export interface BulkRequest {
  entity: BulkEntity;
  body: ReturnType<typeof bulkBody>;
}

export function parseBulkResult(body: unknown): BulkResult {
  const { done, refused, data } = readAnswer(bulkAnswerSchema, body, 'bulk result');
  return { done, refused, link: data === undefined ? undefined : downloadHref(parseFileLink(body)) };
}

export async function runBulkAction({ entity, body }: BulkRequest): Promise<BulkResult> {
  return parseBulkResult(await api.post(`/${entity}/bulk`, body));
}

export function bulkActionMutationOptions(queryClient: QueryClient) {
  return mutationOptions({
    mutationKey: ['records', 'bulk'],
    mutationFn: runBulkAction,
    // The dialog shows the refusal (a 400 for too many records, a 403) itself.
    meta: { handlesErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordsKeys.all }),
  });
}

export function useBulkAction() {
  const queryClient = useQueryClient();
  return useMutation(bulkActionMutationOptions(queryClient));
}
