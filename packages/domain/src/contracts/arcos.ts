import { z } from 'zod';
import { ARCOS_MESSAGES, parseArcosPeriod } from '../rules/arcos.ts';
import { ARCOS_FREQUENCIES } from '../rules/settings.ts';
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

/**
 * `POST /reports/arcos`: the report made and kept — its signed link in `data[0].fieldData.Container`,
 * what it carried, and the line items it leaves out (`Skipped`), each with the reason.
 */
export const arcosReportAnswerSchema = z.object({
  data: z.array(
    z.object({
      recordId: z.string(),
      fieldData: z.object({
        Container: z.string(),
        FileName: z.string(),
        Period: z.string(),
        Records: z.number().int(),
        Receipts: z.number().int(),
        Destructions: z.number().int(),
        Corrections: z.number().int(),
        YearEndInventory: z.number().int(),
        /** It took the place of an earlier report of the same period. */
        Superseded: z.boolean(),
        SkippedCount: z.number().int(),
        Skipped: z.array(arcosSkippedItemSchema),
      }),
    }),
  ),
  scriptResult: z.string(),
});
export type ArcosReportAnswer = z.infer<typeof arcosReportAnswerSchema>;

/** `GET /reports/arcos`: our reporting frequency (Settings) and every report kept, newest first. */
export const keptArcosReportsAnswerSchema = z.object({
  frequency: z.enum(ARCOS_FREQUENCIES),
  data: z.array(
    z.object({
      recordId: z.string(),
      fieldData: z.object({
        Period: z.string(),
        'Period Text': z.string(),
        From: z.string(),
        To: z.string(),
        Records: z.number().int(),
        Receipts: z.number().int(),
        Destructions: z.number().int(),
        Corrections: z.number().int(),
        'Year-End Inventory': z.string(),
        'Created By': z.string(),
        'Created At': z.string(),
        Superseded: z.boolean(),
        FileName: z.string(),
        Container: z.string(),
      }),
    }),
  ),
});
export type KeptArcosReportsAnswer = z.infer<typeof keptArcosReportsAnswerSchema>;

/**
 * `GET /reports/arcos/check`: the corrections the next report (`nextPeriod`) would carry, counted by
 * the kept report each concerns; `known: false` when nothing could be counted.
 */
export const arcosCheckAnswerSchema = z.object({
  known: z.boolean(),
  nextPeriod: z.string(),
  pending: z.number(),
  reports: z.array(z.object({ recordId: z.string(), corrections: z.number() })),
});
export type ArcosCheckAnswer = z.infer<typeof arcosCheckAnswerSchema>;
