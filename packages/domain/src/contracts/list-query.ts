import { z } from 'zod';

/**
 * The list contract (docs/finds.md): how a client asks a list for a page — quick find, find requests,
 * sort, offset and limit — in the query string of `GET /{entity}` or the body of
 * `POST /{entity}/search`. The server reads requests with these schemas; the web builds them to the
 * same names and shapes.
 */

export const SORT_ORDERS = ['ascend', 'descend'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** One sort key; ties are broken by record id. */
export const sortSpecSchema = z.object({ fieldName: z.string().min(1).max(200), sortOrder: z.enum(SORT_ORDERS).default('ascend') });
export type SortSpec = z.output<typeof sortSpecSchema>;

export const sortSchema = z.array(sortSpecSchema).max(10, 'At most 10 sort fields');

/** One find request: `{ omit, criteria: { field: value } }` (`omit` may be `true` or `"true"`). */
export const findRequestSchema = z.object({
  omit: z
    .union([z.boolean(), z.enum(['true', 'false', 'True', 'False', 'TRUE', 'FALSE', '1', '0']), z.literal(1), z.literal(0)])
    .optional()
    .transform((v) => v === true || v === 1 || (typeof v === 'string' && (v.toLowerCase() === 'true' || v === '1'))),
  criteria: z.record(z.string().max(200), z.union([z.string(), z.number(), z.boolean()])),
});
export const findRequestsSchema = z.array(findRequestSchema).max(50, 'At most 50 find requests');
export type FindRequest = z.output<typeof findRequestSchema>;

/** The list call's query string, as the client sends it (JSON arrays as text). */
export const listQuerystringSchema = z.object({
  offset: z.string().max(20).optional(),
  limit: z.string().max(20).optional(),
  quickFind: z.string().max(20).optional(),
  quickFindCriteria: z.string().max(1000).optional(),
  search: z.string().max(20).optional(),
  searchCriteria: z.string().max(20_000).optional(),
  sort: z.string().max(4000).optional(),
  portals: z.string().max(2000).optional(),
  scripts: z.string().max(2000).optional(),
  'layout.response': z.string().max(200).optional(),
});
export type ListQuerystring = z.infer<typeof listQuerystringSchema>;

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
export type SearchBody = z.infer<typeof searchBodySchema>;
