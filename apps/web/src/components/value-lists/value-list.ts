import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/**
 * `GET /3ds/api/get-value-list?valueListName=…` (spec 1 §7, spec 2 §3 "Option lists") → the list's
 * choices in its order, each a value and what to show for it. Reference data: asked for once a
 * session. The one value-list call: container types, the line item form's sources, causes and units,
 * and the destruction record's disposal methods.
 */
export type ValueListName = 'Container Type' | 'Source' | 'Cause' | 'Dynamic UoM' | 'Disposal Method';

export interface ValueListOption {
  value: string;
  label: string;
}

/** The answer read leniently: items without a value are left out, a missing display value shows the value. */
export function parseValueList(body: unknown): ValueListOption[] {
  const list = typeof body === 'object' && body !== null ? (body as { valueList?: unknown }).valueList : undefined;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const { value, displayValue } = typeof item === 'object' && item !== null ? (item as { value?: unknown; displayValue?: unknown }) : {};
    if (typeof value !== 'string' || value === '') return [];
    return [{ value, label: typeof displayValue === 'string' && displayValue !== '' ? displayValue : value }];
  });
}

export async function getValueList(name: ValueListName, signal?: AbortSignal): Promise<ValueListOption[]> {
  return parseValueList(await api.get('/get-value-list', { query: { valueListName: name }, signal }));
}

export function valueListQueryOptions(name: ValueListName) {
  return queryOptions({
    queryKey: ['value-lists', name] as const,
    queryFn: ({ signal }) => getValueList(name, signal),
    staleTime: Infinity,
  });
}

export function useValueList(name: ValueListName, enabled = true) {
  return useQuery({ ...valueListQueryOptions(name), enabled });
}

/** The values alone, for selects that show values as they are. */
export const valuesOf = (options: readonly ValueListOption[] | undefined): string[] => (options ?? []).map((option) => option.value);
