import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type FindRequest as ListFindRequest, type SortOrder, type SortSpec } from '@3ds/domain';

/**
 * A list screen's state — page, page size, sort, quick-find text and find requests — lives in the
 * URL query string (react-admin's habit), so that reload, back/forward and shared links keep it:
 * `?q=acme&page=2&size=25&sort=[{"fieldName":"City","sortOrder":"ascend"}]&find=[{"omit":false,"criteria":{"State":"NJ"}}]`.
 * Defaults are left out of the URL. Pure, so it is unit-tested without a browser.
 */
export type PageSize = (typeof PAGE_SIZES)[number];

/** One sort key as the list contract has it (`sort` query parameter, export body). */
export type { SortOrder, SortSpec };

/**
 * One FileMaker find request of the list contract: its criteria are ANDed; an omit request removes
 * its matches. The list keeps every criterion as the text typed (the API also takes numbers and yes/no).
 */
export type FindRequest = Omit<ListFindRequest, 'criteria'> & { criteria: Record<string, string> };

export interface ListState {
  /** 1-based page number. */
  page: number;
  size: PageSize;
  sort: SortSpec[];
  /** Quick-find text ('' = none). */
  quick: string;
  /** Advanced Search requests ([] = none). */
  find: FindRequest[];
}

export const DEFAULT_LIST_STATE: ListState = {
  page: 1,
  size: DEFAULT_PAGE_SIZE as PageSize,
  sort: [],
  quick: '',
  find: [],
};

export const LIST_PARAMS = { quick: 'q', page: 'page', size: 'size', sort: 'sort', find: 'find' } as const;

/**
 * A JSON object — not null, not a list. The address is typed or pasted by people, not answered by the
 * server: each part is read on its own and a malformed one dropped, rather than the whole refused.
 */
function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJsonArray(text: string | null): unknown[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

export function isPageSize(value: number): value is PageSize {
  return (PAGE_SIZES as readonly number[]).includes(value);
}

/** Sort keys from the URL; anything malformed is dropped rather than sent to the server. */
export function parseSort(text: string | null): SortSpec[] {
  return parseJsonArray(text).flatMap((item) => {
    if (!isObject(item) || typeof item.fieldName !== 'string' || item.fieldName === '') return [];
    const sortOrder: SortOrder = item.sortOrder === 'descend' ? 'descend' : 'ascend';
    return [{ fieldName: item.fieldName, sortOrder }];
  });
}

/** Find requests from the URL (the API's `searchCriteria` shape); empty requests are dropped. */
export function parseFind(text: string | null): FindRequest[] {
  return parseJsonArray(text).flatMap((item) => {
    if (!isObject(item) || !isObject(item.criteria)) return [];
    const criteria: Record<string, string> = {};
    for (const [field, value] of Object.entries(item.criteria)) {
      if (field === '' || (typeof value !== 'string' && typeof value !== 'number')) continue;
      criteria[field] = String(value);
    }
    if (Object.keys(criteria).length === 0) return [];
    return [{ omit: item.omit === true || item.omit === 'true', criteria }];
  });
}

function positiveInteger(text: string | null, fallback: number): number {
  if (text === null || !/^\d{1,9}$/.test(text)) return fallback;
  const value = Number(text);
  return value >= 1 ? value : fallback;
}

/** The list state a URL query string describes; unknown or malformed parts fall back to defaults. */
export function parseListState(params: URLSearchParams): ListState {
  const size = positiveInteger(params.get(LIST_PARAMS.size), DEFAULT_LIST_STATE.size);
  return {
    page: positiveInteger(params.get(LIST_PARAMS.page), 1),
    size: isPageSize(size) ? size : DEFAULT_LIST_STATE.size,
    sort: parseSort(params.get(LIST_PARAMS.sort)),
    quick: params.get(LIST_PARAMS.quick) ?? '',
    find: parseFind(params.get(LIST_PARAMS.find)),
  };
}

/**
 * The query string for a list state. Parameters that are not list state (anything else already in
 * `base`) are kept; defaults are left out so that a fresh list has a clean address.
 */
export function listStateToParams(state: ListState, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of Object.values(LIST_PARAMS)) params.delete(key);
  if (state.quick !== '') params.set(LIST_PARAMS.quick, state.quick);
  if (state.page > 1) params.set(LIST_PARAMS.page, String(state.page));
  if (state.size !== DEFAULT_LIST_STATE.size) params.set(LIST_PARAMS.size, String(state.size));
  if (state.sort.length > 0) params.set(LIST_PARAMS.sort, JSON.stringify(state.sort));
  if (state.find.length > 0) params.set(LIST_PARAMS.find, JSON.stringify(state.find));
  return params;
}

/** A find is active: quick-find text or Advanced Search requests. */
export function hasActiveFind(state: Pick<ListState, 'quick' | 'find'>): boolean {
  return state.quick.trim() !== '' || state.find.length > 0;
}

/** The next state after a change; any change of find, sort or size goes back to page 1. */
export function changeListState(state: ListState, change: Partial<ListState>): ListState {
  const next = { ...state, ...change };
  const findOrShapeChanged = 'quick' in change || 'find' in change || 'sort' in change || 'size' in change;
  return findOrShapeChanged && !('page' in change) ? { ...next, page: 1 } : next;
}

/** The 1-based `offset` the API takes for a page; omitted (undefined) on the first page. */
export function pageOffset(page: number, size: number): number | undefined {
  return page > 1 ? (page - 1) * size + 1 : undefined;
}
