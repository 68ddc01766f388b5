import { z } from 'zod';

/**
 * The records' answers (docs/finds.md "Answer shapes"), FileMaker Data API style: a list is a page
 * of records with counts, a record comes with its portals. The server describes its answers with
 * these schemas; the web reads them with the same.
 */

/** A field's value: text or a number (dates, timestamps, yes/no and empty are text). */
export const fieldValueSchema = z.union([z.string(), z.number()]);
export const fieldDataSchema = z.record(z.string(), fieldValueSchema);

/** One record of a list: its fields, and the rows of its portals (each row its own fields). */
export const listRecordSchema = z.object({
  recordId: z.string(),
  modId: z.string(),
  fieldData: fieldDataSchema,
  portalData: z.record(z.string(), z.array(fieldDataSchema)),
});

export const listAnswerSchema = z.object({
  data: z.array(listRecordSchema),
  dataInfo: z.object({
    database: z.string(),
    layout: z.string(),
    table: z.string(),
    totalRecordCount: z.number(),
    foundCount: z.number(),
    returnedCount: z.number(),
  }),
  /** `{"foundCount":N}` as text. */
  scriptResult: z.string(),
});
export type ListAnswer = z.infer<typeof listAnswerSchema>;

/** How many rows a portal has in all, and how many the answer holds. */
export const portalInfoSchema = z.object({ portalObjectName: z.string(), foundCount: z.number(), returnedCount: z.number() });
export type PortalInfo = z.infer<typeof portalInfoSchema>;

export const recordAnswerSchema = z.object({
  data: z.array(listRecordSchema.extend({ portalDataInfo: z.array(portalInfoSchema) })),
});
export type RecordAnswer = z.infer<typeof recordAnswerSchema>;

/** What a create or an edit answers: the record's id and its new modId (the next edit sends it back). */
export const createdRecordSchema = z.object({ recordId: z.string(), modId: z.string() });
const okMessagesSchema = z.array(z.object({ code: z.string(), message: z.string() }));
/** `DELETE /{line-item|yb-line-item}/{id}`: done, and the container it was in (where the screen goes next). */
export const deletedLineItemAnswerSchema = z.object({ messages: okMessagesSchema, containerId: z.string() });
/** `DELETE /{container|yb-container}/{id}`: done, and the job it was in. */
export const deletedContainerAnswerSchema = z.object({ messages: okMessagesSchema, jobId: z.string() });
export type CreatedRecord = z.infer<typeof createdRecordSchema>;

/** A file to download (exports, reports, documents): a signed link in `data[0].fieldData.Container`. */
/** A record's id in a path (`/job/{id}`): digits, as the database's integer ids are. */
export const recordIdSchema = z.string().regex(/^\d{1,9}$/, 'must be a record id (digits)');
/** The path parameters of a route on one record: `{ id }`. */
export const recordIdParamsSchema = z.object({ id: recordIdSchema });

export const fileLinkAnswerSchema = z.object({ data: z.array(z.object({ fieldData: z.object({ Container: z.string() }) })) });
/** A label to print: its signed link in `data[0].fieldData.GlobalContainer`. */
export const labelLinkAnswerSchema = z.object({ data: z.array(z.object({ fieldData: z.object({ GlobalContainer: z.string() }) })) });
