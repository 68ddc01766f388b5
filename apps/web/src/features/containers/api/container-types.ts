import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** `GET /3ds/api/get-value-list?valueListName=Container Type` — the standard container types (spec 2 §3). */
export const CONTAINER_TYPE_VALUE_LIST = 'Container Type';

function parseValueList(body: unknown): string[] {
  const list = typeof body === 'object' && body !== null ? (body as { valueList?: unknown }).valueList : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const value = typeof item === 'object' && item !== null ? (item as { value?: unknown }).value : undefined;
    return typeof value === 'string' && value !== '' ? [value] : [];
  });
}

export async function getContainerTypes(signal?: AbortSignal): Promise<string[]> {
  return parseValueList(await api.get('/get-value-list', { query: { valueListName: CONTAINER_TYPE_VALUE_LIST }, signal }));
}

export function containerTypesQueryOptions() {
  return queryOptions({
    queryKey: ['value-lists', CONTAINER_TYPE_VALUE_LIST] as const,
    queryFn: ({ signal }) => getContainerTypes(signal),
    staleTime: 10 * 60_000,
  });
}

export function useContainerTypes(enabled: boolean) {
  return useQuery({ ...containerTypesQueryOptions(), enabled });
}
