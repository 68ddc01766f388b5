import { NDC_SELECT_PAGE_SIZE, type ListQuerystring } from '@3ds/domain';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, type QueryValue } from '../../../lib/api-client.ts';
import { recordsKeys } from '../../../lib/records/list-records.ts';
import { parseListResponse } from '../../../lib/records/record-shapes.ts';
import { ndcOptionLabel, ndcSearchCriteria } from '../ndc-search.ts';

/**
 * `GET /3ds/api/dictionaries` for the NDC selector (spec 2 §7, §9): NDC or trade name, without the
 * NDCs removed from ARCOS, 100 at a time; the next 100 when the list is scrolled to its end.
 */
export interface NdcOption {
  value: string;
  label: string;
}

export interface NdcPage {
  options: NdcOption[];
  foundCount: number;
  /** How many records this and the earlier pages held. */
  loaded: number;
}

export async function searchNdc(search: string, page: number, signal?: AbortSignal): Promise<NdcPage> {
  const body = await api.get('/dictionaries', {
    query: {
      // The API's offset is 1-based; the first page sends none (spec 1 §7).
      offset: page === 0 ? undefined : page * NDC_SELECT_PAGE_SIZE + 1,
      limit: NDC_SELECT_PAGE_SIZE,
      searchCriteria: ndcSearchCriteria(search),
    } satisfies Partial<Record<keyof ListQuerystring, QueryValue>>,
    signal,
  });
  const list = parseListResponse(body);
  return {
    options: list.data.flatMap((entry) => {
      const ndc = String(entry.fieldData['NDC Code LU'] ?? '');
      if (!ndc) return [];
      const label = ndcOptionLabel(ndc, String(entry.fieldData['Trade Name Final LU'] ?? ''), String(entry.fieldData['CSA Schedule LU'] ?? ''));
      return [{ value: ndc, label }];
    }),
    foundCount: list.dataInfo.foundCount,
    loaded: page * NDC_SELECT_PAGE_SIZE + list.data.length,
  };
}

export function searchNdcQueryOptions(search: string) {
  return infiniteQueryOptions({
    queryKey: [...recordsKeys.entity('dictionaries'), 'ndc-select', search] as const,
    queryFn: ({ pageParam, signal }) => searchNdc(search, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.loaded < last.foundCount && last.options.length > 0 ? pages.length : undefined),
    // While the next search runs, the last results stay in the list rather than blinking away.
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

export function useSearchNdc(search: string) {
  return useInfiniteQuery(searchNdcQueryOptions(search));
}
