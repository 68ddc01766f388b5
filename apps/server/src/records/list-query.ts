import {
  DEFAULT_PAGE_SIZE,
  findRequestsSchema,
  MAX_PAGE_SIZE,
  sortSchema,
  type FindRequest,
  type ListQuerystring,
  type SearchBody,
} from '@3ds/domain';
import type { z } from 'zod';
import { badRequest } from '../errors/app-error.ts';

// The list contract's schemas are the domain's (the web builds its requests to them); this module
// turns what they read into the engine's request.
export { sortSchema };
/** A list's sort: its keys in order. */
export type SortSpec = z.infer<typeof sortSchema>;

/** What the engine runs: a find (quick and/or requests), a sort, and a page. */
export interface ListRequest {
  quickFind?: string;
  requests?: FindRequest[];
  sort: SortSpec;
  offset: number;
  limit: number;
}

function parseJson<T>(what: string, text: string, schema: z.ZodType<T>): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(`${what} is not valid JSON.`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(`${what} is not valid: ${issue?.path.length ? `${issue.path.join('.')}: ` : ''}${issue?.message ?? 'unexpected shape'}.`);
  }
  return parsed.data;
}

function positiveInteger(what: string, text: string | undefined, fallback: number): number {
  if (text === undefined || text === '' || text === 'null' || text === 'undefined') return fallback;
  if (!/^\d+$/.test(text)) throw badRequest(`${what} must be a whole number, not "${text}".`);
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw badRequest(`${what} is too large: "${text}".`);
  return n;
}

/** Turns criteria that arrive in a body or query into the engine's request (shared by list and export). */
export function toFindParts(input: { quickFindCriteria?: string | undefined; searchCriteria?: unknown; sort?: unknown }) {
  const searchCriteria =
    input.searchCriteria === undefined || input.searchCriteria === '' || input.searchCriteria === null
      ? undefined
      : typeof input.searchCriteria === 'string'
        ? parseJson('searchCriteria', input.searchCriteria, findRequestsSchema)
        : (() => {
            const parsed = findRequestsSchema.safeParse(input.searchCriteria);
            if (!parsed.success) throw badRequest(`searchCriteria is not valid: ${parsed.error.issues[0]?.message}.`);
            return parsed.data;
          })();
  const sort =
    input.sort === undefined || input.sort === '' || input.sort === null
      ? []
      : typeof input.sort === 'string'
        ? parseJson('sort', input.sort, sortSchema)
        : (() => {
            const parsed = sortSchema.safeParse(input.sort);
            if (!parsed.success) throw badRequest(`sort is not valid: ${parsed.error.issues[0]?.message}.`);
            return parsed.data;
          })();
  const quickFind = input.quickFindCriteria?.trim() ? input.quickFindCriteria.trim() : undefined;
  return { ...(quickFind ? { quickFind } : {}), ...(searchCriteria?.length ? { requests: searchCriteria } : {}), sort };
}

export function parseListQuery(query: ListQuerystring): ListRequest {
  const offset = positiveInteger('offset', query.offset, 1);
  if (offset < 1) throw badRequest('offset starts at 1.');
  const limit = positiveInteger('limit', query.limit, DEFAULT_PAGE_SIZE);
  if (limit < 1 || limit > MAX_PAGE_SIZE) throw badRequest(`limit must be between 1 and ${MAX_PAGE_SIZE}, not ${limit}.`);
  return { ...toFindParts(query), offset, limit };
}

export function parseSearchBody(body: SearchBody): ListRequest {
  const fromQuery = body.query?.map((request) => {
    const { omit, ...criteria } = request;
    return { omit: omit === true || String(omit).toLowerCase() === 'true', criteria: criteria as Record<string, string | number | boolean> };
  });
  return parseListQuery({
    ...(body.offset !== undefined ? { offset: String(body.offset) } : {}),
    ...(body.limit !== undefined ? { limit: String(body.limit) } : {}),
    ...(body.sort !== undefined ? { sort: typeof body.sort === 'string' ? body.sort : JSON.stringify(body.sort) } : {}),
    ...(fromQuery
      ? { searchCriteria: JSON.stringify(fromQuery) }
      : body.searchCriteria !== undefined
        ? { searchCriteria: typeof body.searchCriteria === 'string' ? body.searchCriteria : JSON.stringify(body.searchCriteria) }
        : {}),
  });
}
