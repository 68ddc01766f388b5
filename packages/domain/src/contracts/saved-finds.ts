import { z } from 'zod';
import { ENTITIES } from '../catalogue/records/index.ts';
import { SORT_ORDERS } from './list-query.ts';

/**
 * A user's saved find of a list, as `/saved-finds` answers it: its name, quick find, find requests
 * and sort, kept as the list takes them (`searchCriteria`, `sort`).
 */
export const savedFindSchema = z.object({
  id: z.number(),
  entity: z.enum(ENTITIES),
  name: z.string(),
  quickFind: z.string(),
  requests: z.array(z.object({ omit: z.boolean(), criteria: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])) })),
  sort: z.array(z.object({ fieldName: z.string(), sortOrder: z.enum(SORT_ORDERS) })),
  /** ISO 8601. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedFindAnswer = z.infer<typeof savedFindSchema>;

/** `GET /saved-finds?entity=`: the user's own saved finds of that list, by name. */
export const savedFindsAnswerSchema = z.object({ savedFinds: z.array(savedFindSchema) });
