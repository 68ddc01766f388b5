import type { EntityName, ListQuerystring } from '@3ds/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, type QueryValue } from '../api-client.ts';
import { parseListResponse, type ListResponse } from './record-shapes.ts';
import { pageOffset, type FindRequest, type ListState, type SortSpec } from './list-state.ts';

/**
 * `GET /3ds/api/{entity}` — one page of a list, found and sorted on the server (docs/finds.md).
 * The records client lives in lib/ because every list, the shared components
 * and every feature read records, and imports only point down (bulletproof-react's one-way imports).
 */
export type { ListRecord, ListResponse } from './record-shapes.ts';

/** What the server needs to know about a list state (everything in it but the screen's own bits). */
export interface ListQuery {
  page: number;
  size: number;
  quick: string;
  find: FindRequest[];
  sort: SortSpec[];
}

/**
 * The query-string parameters of a list call; also the find part of an export (without paging).
 * Named as the list contract's query string names them (arrays go as JSON text); nothing names the
 * user's organisation: the server scopes dictionaries by the session.
 */
export function listQueryParams(query: ListQuery) {
  const quick = query.quick.trim();
  return {
    offset: pageOffset(query.page, query.size),
    limit: query.size,
    quickFind: quick ? true : undefined,
    quickFindCriteria: quick || undefined,
    search: query.find.length > 0 ? true : undefined,
    searchCriteria: query.find.length > 0 ? query.find : undefined,
    sort: query.sort.length > 0 ? query.sort : undefined,
  } satisfies Partial<Record<keyof ListQuerystring, QueryValue>>;
}

export async function listRecords(entity: EntityName, query: ListQuery, signal?: AbortSignal): Promise<ListResponse> {
  const body = await api.get(`/${entity}`, { query: listQueryParams(query), signal });
  return parseListResponse(body);
}

/** Query keys of the records API; mutations of a record invalidate `recordsKeys.entity(entity)`. */
export const recordsKeys = {
  all: ['records'] as const,
  entity: (entity: EntityName) => ['records', entity] as const,
  list: (entity: EntityName, query: ListQuery) => ['records', entity, 'list', query] as const,
  record: (entity: EntityName, id: string) => ['records', entity, 'record', id] as const,
};

/** A page read this recently is not read again when its screen opens. */
const JUST_READ_MS = 1000;

export function listRecordsQueryOptions(entity: EntityName, state: Pick<ListState, keyof ListQuery>) {
  const query: ListQuery = {
    page: state.page,
    size: state.size,
    quick: state.quick.trim(),
    find: state.find,
    sort: state.sort,
  };
  return queryOptions({
    queryKey: recordsKeys.list(entity, query),
    queryFn: ({ signal }) => listRecords(entity, query, signal),
    // The previous page stays on screen (under the table's loader) while the next one loads.
    placeholderData: keepPreviousData,
    // A list is a live view of shared data: look again when the user comes back to it — unless it
    // was read on the way here (its route's loader starts the read beside the screen's code).
    staleTime: 0,
    refetchOnMount: (query) => Date.now() - query.state.dataUpdatedAt > JUST_READ_MS,
  });
}

export function useListRecords(entity: EntityName, state: Pick<ListState, keyof ListQuery>) {
  return useQuery(listRecordsQueryOptions(entity, state));
}
