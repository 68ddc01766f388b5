import { z } from 'zod';

/**
 * What a reverse distributor holds: line items of jobs received (a Date Received) and not yet
 * destroyed (no Date Destroyed), by the schedule of their NDC — standard and Yellow Bucket line
 * items, the containers and jobs they are in, and their grams of base drug. The home screen shows
 * it (`GET /3ds/api/home/on-hand`); each schedule links to the line items it counts.
 */
const counts = {
  lineItems: z.number().int().nonnegative(),
  yellowBucketLineItems: z.number().int().nonnegative(),
  containers: z.number().int().nonnegative(),
  jobs: z.number().int().nonnegative(),
  /** Grams of base drug (the line items' own, summed; docs/dea-paperwork.md "Computations"). */
  gramsOfBase: z.number().nonnegative(),
};

export const onHandScheduleSchema = z.object({
  /** The NDC's schedule as the line items keep it ('' when they have none). */
  schedule: z.string(),
  ...counts,
});
export type OnHandSchedule = z.infer<typeof onHandScheduleSchema>;

export const onHandAnswerSchema = z.object({
  schedules: z.array(onHandScheduleSchema),
  total: z.object(counts),
});
export type OnHandAnswer = z.infer<typeof onHandAnswerSchema>;

/**
 * `GET /reports/on-hand`: a page of the line items on hand (each a record of its fields, by the
 * report's field names), the found set's counts, and the whole found set summed by schedule and
 * drug code.
 */
export const onHandReportAnswerSchema = z.object({
  data: z.array(z.object({ recordId: z.string(), fieldData: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])) })),
  dataInfo: z.object({ foundCount: z.number().int(), returnedCount: z.number().int(), totalRecordCount: z.number().int() }),
  summary: z.array(z.object({ schedule: z.string(), drugCode: z.string(), lineItems: z.number().int(), gramsOfBase: z.number() })),
});
export type OnHandReportAnswer = z.infer<typeof onHandReportAnswerSchema>;
