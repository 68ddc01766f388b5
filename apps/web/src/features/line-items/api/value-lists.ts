import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The value lists of the line item form (spec 2 §3 "Option lists"). */
export type LineItemValueList = 'Source' | 'Cause' | 'Dynamic UoM';

function parseValueList(body: unknown): string[] {
  const list = typeof body === 'object' && body !== null ? (body as { valueList?: unknown }).valueList : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const value = typeof item === 'object' && item !== null ? (item as { value?: unknown }).value : undefined;
    return typeof value === 'string' && value !== '' ? [value] : [];
  });
}

/** `GET /3ds/api/get-value-list?valueListName=…` → the values, in the list's order. */
export async function getValueList(name: LineItemValueList, signal?: AbortSignal): Promise<string[]> {
  return parseValueList(await api.get('/get-value-list', { query: { valueListName: name }, signal }));
}

export function valueListQueryOptions(name: LineItemValueList) {
  return queryOptions({
    queryKey: ['value-lists', name] as const,
    queryFn: ({ signal }) => getValueList(name, signal),
    staleTime: 10 * 60_000,
  });
}

export function useValueList(name: LineItemValueList, enabled = true) {
  return useQuery({ ...valueListQueryOptions(name), enabled });
}
