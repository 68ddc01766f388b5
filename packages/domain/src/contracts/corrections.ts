import { z } from 'zod';
import { CORRECTION_STATUSES } from '../rules/corrections.ts';

/** One correction as the corrections routes answer it (`GET /job/{id}/corrections` and the line items'). */
export const correctionAnswerSchema = z.object({
  recordId: z.string(),
  fieldData: z.object({
    'Job ID': z.string(),
    /** Empty: a correction of the job itself. */
    'Line Item ID': z.string(),
    'Yellow Bucket': z.boolean(),
    Field: z.string(),
    'Old Value': z.string(),
    'New Value': z.string(),
    Reason: z.string(),
    'Requested By': z.string(),
    'Requested At': z.string(),
    Status: z.enum(CORRECTION_STATUSES),
    'Status Text': z.string(),
    'Decided By': z.string(),
    'Decided At': z.string(),
    'Decision Note': z.string(),
  }),
});
export type CorrectionAnswer = z.infer<typeof correctionAnswerSchema>;

/** The corrections of a record, newest first; a request or a decision answers the one it made. */
export const correctionsAnswerSchema = z.object({ data: z.array(correctionAnswerSchema) });
export type CorrectionsAnswer = z.infer<typeof correctionsAnswerSchema>;
