import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { BulkEntity, BulkResult, bulkBody } from '../bulk-model.ts';
import { parseBulkResult } from './run-bulk-action.ts';

/**
 * `POST /3ds/api/{entity}/bulk` with `dryRun: true`: what the action would do and refuse, record by
 * record, by the very checks it makes — nothing is changed. The confirmation reads it when it opens
 * (and, for a move, once the destination is chosen) to say beforehand how many will be refused.
 */
export function bulkForecastQueryOptions(entity: BulkEntity, body: ReturnType<typeof bulkBody>) {
  return queryOptions({
    queryKey: ['bulk-forecast', entity, body] as const,
    queryFn: async (): Promise<BulkResult> => parseBulkResult(await api.post(`/${entity}/bulk`, { ...body, dryRun: true })),
    staleTime: 0,
    gcTime: 0,
    retry: false,
    // The confirmation says it could not tell; the action itself can still be tried.
    meta: { handlesErrors: true },
  });
}

/** Reads only while `body` is given (a confirmation is open). */
export function useBulkForecast(entity: BulkEntity, body: ReturnType<typeof bulkBody> | null) {
  return useQuery({ ...bulkForecastQueryOptions(entity, body ?? { action: 'lock', ids: [] }), enabled: body !== null });
}
