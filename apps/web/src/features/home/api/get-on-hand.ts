import { onHandAnswerSchema, type OnHandAnswer } from '@3ds/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { recordsKeys } from '../../../lib/records/list-records.ts';
import { api } from '../../../lib/api-client.ts';
import { readAnswer } from '../../../lib/answer-shape.ts';

/**
 * `GET /3ds/api/home/on-hand` — what is on hand, by schedule (line items of jobs received and not
 * destroyed). Kept under the line items' query key, so that a change to any line item (live updates,
 * the user's own saves) reads it again.
 */
export async function getOnHand(signal?: AbortSignal): Promise<OnHandAnswer> {
  return readAnswer(onHandAnswerSchema, await api.get<unknown>('/home/on-hand', { signal }), 'on hand');
}

export const onHandQueryOptions = () =>
  queryOptions({ queryKey: [...recordsKeys.entity('line-items'), 'on-hand'] as const, queryFn: ({ signal }) => getOnHand(signal), staleTime: 0 });

export function useOnHand() {
  return useQuery(onHandQueryOptions());
}
