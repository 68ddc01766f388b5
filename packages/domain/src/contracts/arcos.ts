import { z } from 'zod';
import { ARCOS_MESSAGES, parseArcosPeriod } from '../rules/arcos.ts';
import { trimLine } from '../rules/text.ts';

/** `POST /reports/arcos { period }`. */
export const arcosRequestSchema = z.object({
  period: z
    .string({ message: ARCOS_MESSAGES.period })
    .overwrite(trimLine)
    .refine((v) => parseArcosPeriod(v) !== null, { message: ARCOS_MESSAGES.period }),
});
export type ArcosRequest = z.infer<typeof arcosRequestSchema>;

/**
 * A line item an ARCOS report leaves out, and why: in the answer of `POST /reports/arcos` (its
 * `Skipped`), shown on the Reports screen with a link to the line item.
 */
export const arcosSkippedItemSchema = z.object({
  recordId: z.number().int(),
  jobId: z.number().int(),
  /** A Yellow Bucket line item (its screen is another one). */
  yellowBucket: z.boolean(),
  ndc: z.string(),
  transaction: z.enum(['receipt', 'destruction', 'inventory']),
  reason: z.string(),
});
export type ArcosSkippedItem = z.infer<typeof arcosSkippedItemSchema>;
