import { z } from 'zod';

/** `PATCH /loss/{id}`: the days the loss was reported (MM/DD/YYYY; "" clears a day recorded by mistake) and the Form 106's number. */
export const lossReportBodySchema = z.strictObject({
  noticeSentOn: z.string().max(40).optional(),
  form106FiledOn: z.string().max(40).optional(),
  form106Number: z.string().max(1000).optional(),
  modId: z.union([z.string().max(20), z.number()]).optional(),
});
export type LossReportBody = z.infer<typeof lossReportBodySchema>;

/** What a change answers: the loss's id and its new modId. */
export const lossAnswerSchema = z.object({ recordId: z.string(), modId: z.string() });
export type LossAnswer = z.infer<typeof lossAnswerSchema>;
