import { z } from 'zod';
import { ORDER_FORM_STATUS_CHANGES, ORDER_FORM_STATUSES } from '../rules/order-forms.ts';

/**
 * The Form 222 register's changes (`POST /order-form/new`, `PATCH /order-form/{id}`,
 * `POST /order-form/{id}/status`): what they take and answer. The bodies only cap what is sent; the
 * rules (rules/order-forms.ts) answer 422 with a message for each problem. The register itself is
 * read through the records engine (`GET /order-forms`, `GET /order-form/{id}`).
 */

/** Ids are int4 in the database. */
const recordIdNumber = z.number().int().positive().max(2_147_483_647, 'must be a record id');
const text = (max: number) => z.string().max(max);

/** One line of a form, as entered: the line number (1–20), the NDC or a description, packages and package size. */
export const orderFormLineBodySchema = z.strictObject({
  lineNo: z.number(),
  ndc: text(100).nullable().optional(),
  item: text(1000).nullable().optional(),
  packages: z.number(),
  packageSize: text(1000).nullable().optional(),
});
export type OrderFormLineBody = z.infer<typeof orderFormLineBodySchema>;

/** Lines are sent whole: the form's lines become these. More than 20 is the rules' 422, more than 100 a 400. */
const linesSchema = z.array(orderFormLineBodySchema).max(100);
const noteSchema = text(10_000);

/** `POST /order-form/new`: a form issued to a client's registration. `issuedOn` is MM/DD/YYYY. */
export const newOrderFormBodySchema = z.strictObject({
  registrationId: recordIdNumber,
  formNumber: text(100),
  formKind: text(40),
  issuedOn: text(40),
  note: noteSchema.optional(),
  lines: linesSchema.optional(),
});
export type NewOrderFormBody = z.infer<typeof newOrderFormBodySchema>;

/**
 * `PATCH /order-form/{id}`: any of the lines, the note, and while the form is issued its number and
 * kind. With `modId` (the record's, as read), a form changed since answers 409.
 */
export const orderFormChangeBodySchema = z.strictObject({
  formNumber: text(100).optional(),
  formKind: text(40).optional(),
  note: noteSchema.optional(),
  lines: linesSchema.optional(),
  modId: z.union([z.string().max(20), z.number()]).optional(),
});
export type OrderFormChangeBody = z.infer<typeof orderFormChangeBodySchema>;

/** `POST /order-form/{id}/status`: executed, void or lost; void and lost need a reason. */
export const orderFormStatusBodySchema = z.strictObject({
  status: z.enum(ORDER_FORM_STATUS_CHANGES),
  reason: text(10_000).optional(),
  modId: z.union([z.string().max(20), z.number()]).optional(),
});
export type OrderFormStatusBody = z.infer<typeof orderFormStatusBodySchema>;

/** What each change answers: the form's id, its new modId, its number and its stored status. */
export const orderFormAnswerSchema = z.object({
  recordId: z.string(),
  modId: z.string(),
  formNumber: z.string(),
  status: z.enum(ORDER_FORM_STATUSES),
});
export type OrderFormAnswer = z.infer<typeof orderFormAnswerSchema>;
