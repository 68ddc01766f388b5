import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from './errors.ts';
import type { BulkAction } from '../rules/permissions.ts';
import type { IncompleteLineItem } from '../rules/record-completeness.ts';

/**
 * `POST /{entity}/bulk` (see `bulkActionRule` for what each action is): the body the web sends and
 * the answer it reads. The server validates the body strictly (unknown keys are a 400).
 */
export interface BulkRequestBody {
  action: BulkAction;
  /** The selected records; exactly one of `ids` and `find`. */
  ids?: (number | string)[];
  /** The list's find, as the list call sends it ("select all found"). */
  find?: { quickFindCriteria?: string; searchCriteria?: string | { omit?: boolean | string; criteria: Record<string, string | number | boolean> }[] };
  /** Move only: line items `{ containerId }`, containers `{ jobId }`. */
  target?: { containerId: number | string } | { jobId: number | string };
  /** Export only. */
  fileType?: 'xlsx' | 'pdf';
  /** Not for export: answer what would be done and refused, record by record, and change nothing. */
  dryRun?: boolean;
}

/** A line item that keeps a lock from being done, and what it lacks (the rules' IncompleteLineItem). */
export const incompleteLineItemSchema = z.object({
  recordId: z.string(),
  yellowBucket: z.boolean(),
  containerId: z.string(),
  containerName: z.string(),
  ndc: z.string(),
  lot: z.string(),
  problems: z.array(z.string()),
}) satisfies z.ZodType<IncompleteLineItem>;

/** `GET /{entity}/{id}/lock-check`: the line items that keep the record from being locked (none: `[]`). */
export const lockCheckAnswerSchema = z.object({ incomplete: z.array(incompleteLineItemSchema) });
export type LockCheckAnswer = z.infer<typeof lockCheckAnswerSchema>;

/** A record left as it was, with the code and message its single action would have answered. */
export const bulkRefusalSchema = z.object({
  recordId: z.string(),
  code: z.enum(ERROR_CODES) satisfies z.ZodType<ErrorCode>,
  message: z.string(),
  /** A lock refused for incomplete line items (`INCOMPLETE`): each of them and what it lacks. */
  incomplete: z.array(incompleteLineItemSchema).optional(),
});
export type BulkRefusal = z.infer<typeof bulkRefusalSchema>;

export const bulkAnswerSchema = z.object({
  /** Records acted on (exported). */
  done: z.number(),
  refused: z.array(bulkRefusalSchema),
  /** Export only: the signed link of the file. */
  data: z.array(z.object({ fieldData: z.object({ Container: z.string() }) })).optional(),
});
export type BulkAnswer = z.infer<typeof bulkAnswerSchema>;
