import { z } from 'zod';
import { RECONCILE_STATUSES, RESOLUTION_REASONS } from '../rules/reconciliation.ts';

/**
 * A job's receiving reconciliation (`GET /job/{id}/reconciliation`, `POST …/reconciliation/resolve`,
 * `POST …/reconciliation/pdf`): what they take and answer (rules/reconciliation.ts).
 */

const reconciliationLineAnswer = z.object({
  key: z.string(),
  ndc: z.string().nullable(),
  lot: z.string().nullable(),
  name: z.string(),
  schedule: z.string().nullable(),
  declaredOn: z.string(),
  declared: z.number(),
  received: z.number(),
  difference: z.number(),
  status: z.enum(RECONCILE_STATUSES),
  controlled: z.boolean(),
  open: z.boolean(),
  /** The loss the line's resolution opened (a theft, a loss in transit), if one. */
  lossId: z.number().nullable(),
  resolution: z
    .object({ reason: z.enum(RESOLUTION_REASONS), note: z.string().nullable(), resolvedBy: z.string(), resolvedAt: z.string(), declared: z.number(), received: z.number(), key: z.string() })
    .nullable(),
});

export const reconciliationAnswerSchema = z.object({
  jobId: z.number(),
  /** Whether the job has a declared inventory: without one there is nothing to reconcile. */
  declared: z.boolean(),
  counts: z.object({ lines: z.number(), matched: z.number(), discrepancies: z.number(), open: z.number() }),
  lines: z.array(reconciliationLineAnswer),
});
export type ReconciliationAnswer = z.infer<typeof reconciliationAnswerSchema>;
export type ReconciliationLineAnswer = z.infer<typeof reconciliationLineAnswer>;

/** `POST /job/{id}/reconciliation/resolve`: the line, as it was shown (its packages), why it differs, and a note. */
export const resolveDiscrepancyBodySchema = z.strictObject({
  key: z.string().min(1).max(200),
  declared: z.number(),
  received: z.number(),
  reason: z.enum(RESOLUTION_REASONS),
  note: z.string().max(10_000).optional(),
});
export type ResolveDiscrepancyBody = z.infer<typeof resolveDiscrepancyBodySchema>;
