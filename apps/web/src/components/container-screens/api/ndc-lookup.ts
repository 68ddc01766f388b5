import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * `GET /3ds/api/ndc/lookup/{ndc}` — what the line item form needs to know about an NDC (spec 2
 * §3); a new line item takes its pack size and UoM from here.
 */
export interface NdcLookup {
  packSizeLookup: number | string | null;
  packSizeUoMLookup: string | null;
}

export async function lookupNdc(ndc: string, signal?: AbortSignal): Promise<NdcLookup> {
  const body = (await api.get(`/ndc/lookup/${encodeURIComponent(ndc)}`, { signal })) as Record<string, unknown> | undefined;
  const size = body?.packSizeLookup;
  const uom = body?.packSizeUoMLookup;
  return {
    packSizeLookup: typeof size === 'number' || typeof size === 'string' ? size : null,
    packSizeUoMLookup: typeof uom === 'string' ? uom : null,
  };
}

export function ndcLookupQueryOptions(ndc: string) {
  return queryOptions({
    queryKey: ['ndc-lookup', ndc] as const,
    queryFn: ({ signal }) => lookupNdc(ndc, signal),
    staleTime: 5 * 60_000,
  });
}

export function useNdcLookup(ndc: string | null) {
  return useQuery({ ...ndcLookupQueryOptions(ndc ?? ''), enabled: ndc !== null && ndc !== '' });
}
