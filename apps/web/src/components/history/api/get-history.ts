import { HISTORY_PAGE_SIZE, historyResponseSchema, type HistoryEntity, type HistoryResponse } from '@3ds/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';

/** The records whose screens have a History panel (record-kinds.ts). */
export type { HistoryEntity };

/**
 * `GET /3ds/api/{entity}/{id}/history?offset=&limit=` — one page of a record's history, newest
 * first. The key lies under the record's own key, so every mutation that refreshes the record
 * (they invalidate `recordsKeys.entity` or the record's key) refreshes its history too.
 */
export const historyKeys = {
  of: (entity: HistoryEntity, id: string) => [...recordsKeys.record(entity, id), 'history'] as const,
};

export async function getHistory(entity: HistoryEntity, id: string, page: { offset: number; limit: number }, signal?: AbortSignal): Promise<HistoryResponse> {
  const body = await api.get(`/${entity}/${encodeURIComponent(id)}/history`, { query: page, signal });
  return historyResponseSchema.parse(body);
}

/** Where the page after `page` starts, or undefined when it was the last. */
export function nextHistoryOffset(page: Pick<HistoryResponse, 'offset' | 'total' | 'data'>): number | undefined {
  const next = page.offset + page.data.length;
  return page.data.length > 0 && next <= page.total ? next : undefined;
}

export function historyQueryOptions(entity: HistoryEntity, id: string, limit: number = HISTORY_PAGE_SIZE.default) {
  return infiniteQueryOptions({
    queryKey: historyKeys.of(entity, id),
    queryFn: ({ pageParam, signal }) => getHistory(entity, id, { offset: pageParam, limit }, signal),
    initialPageParam: 1,
    getNextPageParam: nextHistoryOffset,
    // A history is read when the panel opens: always ask again then.
    staleTime: 0,
  });
}

/** Loads only while `enabled` (the panel is open), so the record's screen renders without it. */
export function useHistory(entity: HistoryEntity, id: string, enabled: boolean) {
  return useInfiniteQuery({ ...historyQueryOptions(entity, id), enabled });
}
