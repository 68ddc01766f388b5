import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * `GET /3ds/api/get-value-list?valueListName=Container Type` — the standard container types
 * (spec 2 §3). Reference data: fetched once per session.
 */
export const CONTAINER_TYPE_LIST = 'Container Type';

interface ValueListAnswer {
  valueList?: { value?: unknown; displayValue?: unknown }[];
}

export async function getContainerTypes(signal?: AbortSignal): Promise<{ value: string; label: string }[]> {
  const body = await api.get<ValueListAnswer>('/get-value-list', { query: { valueListName: CONTAINER_TYPE_LIST }, signal });
  return (body.valueList ?? []).flatMap((item) =>
    typeof item.value === 'string' && item.value !== ''
      ? [{ value: item.value, label: typeof item.displayValue === 'string' && item.displayValue !== '' ? item.displayValue : item.value }]
      : [],
  );
}

export function containerTypesQueryOptions() {
  return queryOptions({
    queryKey: ['value-lists', CONTAINER_TYPE_LIST],
    queryFn: ({ signal }) => getContainerTypes(signal),
    staleTime: Infinity,
  });
}

export function useContainerTypes(enabled = true) {
  return useQuery({ ...containerTypesQueryOptions(), enabled });
}
