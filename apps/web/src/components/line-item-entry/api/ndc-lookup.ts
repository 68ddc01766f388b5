import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { parseNdcLookup, type NdcLookup } from '../ndc-lookup-shape.ts';

export type { NdcLookup };

/**
 * `GET /3ds/api/ndc/lookup/{ndc}` — what the line item form needs to know about an NDC (spec 2
 * §3), and the pack size and UoM a line item added to a container starts with. The NDC is
 * encoded: a bulk NDC holds `**`.
 */
export async function lookupNdc(ndc: string, signal?: AbortSignal): Promise<NdcLookup> {
  return parseNdcLookup(await api.get(`/ndc/lookup/${encodeURIComponent(ndc)}`, { signal }));
}

export function ndcLookupQueryOptions(ndc: string) {
  return queryOptions({
    queryKey: ['ndc-lookup', ndc] as const,
    queryFn: ({ signal }) => lookupNdc(ndc, signal),
    staleTime: 5 * 60_000,
    // The form says itself when an NDC cannot be looked up.
    meta: { handlesErrors: true },
  });
}

export function useNdcLookup(ndc: string | null) {
  return useQuery({ ...ndcLookupQueryOptions(ndc ?? ''), enabled: ndc !== null && ndc !== '' });
}
