import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@3ds/domain';
import { z } from 'zod';
import { badRequest } from '../errors/app-error.ts';
import { findRequestsSchema, type FindRequest } from './find-request.ts';

export const sortSchema = z
  .array(z.object({ fieldName: z.string().min(1).max(200), sortOrder: z.enum(['ascend', 'descend']).default('ascend') }))
  .max(10, 'At most 10 sort fields');
export type SortSpec = z.infer<typeof sortSchema>;

/** The list call's query string, as the client sends it (JSON arrays as text). */
export const listQuerystringSchema = z.object({
  offset: z.string().max(20).optional(),
  limit: z.string().max(20).optional(),
  quickFind: z.string().max(20).optional(),
  quickFindCriteria: z.string().max(1000).optional(),
  search: z.string().max(20).optional(),
  searchCriteria: z.string().max(20_000).optional(),
  sort: z.string().max(4000).optional(),
  parentOrganization: z.string().max(200).optional(),
  portals: z.string().max(2000).optional(),
  scripts: z.string().max(2000).optional(),
  'layout.response': z.string().max(200).optional(),
});
export type ListQuerystring = z.infer<typeof listQuerystringSchema>;

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

/** The body of `POST /{entity}/search`: FileMaker `_find` requests, or our searchCriteria. */
export const searchBodySchema = z.object({
  query: z
    .array(z.record(z.string().max(200), z.union([z.string().max(1000), z.number(), z.boolean()])))
    .max(50)
    .optional(),
  searchCriteria: z.union([z.string().max(20_000), findRequestsSchema]).optional(),
  sort: z.union([z.string().max(4000), sortSchema]).optional(),
  offset: z.union([z.number().int(), z.string().max(20)]).optional(),
  limit: z.union([z.number().int(), z.string().max(20)]).optional(),
});

export function parseSearchBody(body: z.infer<typeof searchBodySchema>): ListRequest {
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
