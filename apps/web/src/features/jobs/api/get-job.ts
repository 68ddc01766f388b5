import type { QueryClient } from '@tanstack/react-query';
import { getRecordQueryOptions, useRecord } from '../../../components/record-view/api/get-record.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';
import type { RecordData } from '../../../lib/records/record-shapes.ts';

/**
 * `GET /3ds/api/jobs/{id}` — the job with its Containers and YellowBuckets portals, through the
 * shared record query (so the list's eye link and this screen share one cache entry).
 */
export const jobQueryKey = (id: string) => recordsKeys.record('jobs', id);

export const jobQueryOptions = (id: string) => getRecordQueryOptions('jobs', id);

export function useJob(id: string) {
  return useRecord('jobs', id);
}

/** After a change: the job again (this screen) and the jobs list (its names, lock column). */
export async function refreshJob(queryClient: QueryClient, id: string): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: jobQueryKey(id) }),
    queryClient.invalidateQueries({ queryKey: [...recordsKeys.entity('jobs'), 'list'] }),
  ]);
}

/** Puts a fresh job record (an answer that carries it) in the cache at once. */
export function storeJob(queryClient: QueryClient, id: string, record: RecordData): void {
  queryClient.setQueryData(jobQueryKey(id), record);
}
