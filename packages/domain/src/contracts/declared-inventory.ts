import { z } from 'zod';

/**
 * A job's declared inventory (`GET` and `PUT /job/{id}/declared`, `POST /job/{id}/declared/file`):
 * what they take and answer. The bodies only cap what is sent; the rules
 * (rules/declared-inventory.ts) answer 422 with a message for each problem, naming its row.
 */

const text = (max: number) => z.string().max(max);
const numberOrText = z.union([z.number(), text(100)]);

/** One item as typed: NDC or description, lot, packages, package size, partial fill (40, "40%", 0.4). */
export const declaredItemBodySchema = z.strictObject({
  ndc: text(100).nullable().optional(),
  description: text(1000).nullable().optional(),
  lot: text(1000).nullable().optional(),
  packages: numberOrText.nullable().optional(),
  packageSize: text(1000).nullable().optional(),
  partialFill: numberOrText.nullable().optional(),
});
export type DeclaredItemBody = z.infer<typeof declaredItemBodySchema>;

/** `PUT /job/{id}/declared`: the declaration becomes these items (none: the job declares nothing). */
export const declaredInventoryBodySchema = z.strictObject({
  items: z.array(declaredItemBodySchema).max(5000),
  /** The declaration's modId as read ("" when there was none): a declaration changed since answers 409. */
  modId: z.union([z.string().max(20), z.number()]).optional(),
});
export type DeclaredInventoryBody = z.infer<typeof declaredInventoryBodySchema>;

/** `POST /job/{id}/declared/file`: replace the items, or add the file's after them. */
export const declaredFileQuerySchema = z.strictObject({
  mode: z.enum(['replace', 'append']).default('replace'),
  modId: z.string().max(20).optional(),
});

const declaredItemAnswer = z.object({
  rowNo: z.number(),
  ndc: z.string().nullable(),
  description: z.string().nullable(),
  lot: z.string().nullable(),
  packages: z.number(),
  packageSize: z.string().nullable(),
  partialFill: z.number().nullable(),
  /** The dictionary's trade name and schedule of the NDC, when it knows it. */
  dictionaryName: z.string().nullable(),
  schedule: z.string().nullable(),
});

/** A Form 222 line counted as declared (Schedule I and II), with the packages received on it in this job. */
const declaredFormLineAnswer = z.object({
  lineNo: z.number(),
  ndc: z.string().nullable(),
  item: z.string().nullable(),
  packages: z.number(),
  packageSize: z.string().nullable(),
  receivedHere: z.number(),
});

const declaredFormAnswer = z.object({
  formId: z.number(),
  formNumber: z.string(),
  status: z.string(),
  issuedOn: z.string(),
  lines: z.array(declaredFormLineAnswer),
});

/** The job's declaration: its items, who wrote them last and from what, and the Form 222s that count as declared. */
export const declaredInventoryAnswerSchema = z.object({
  jobId: z.number(),
  /** "" while nothing is declared. */
  modId: z.string(),
  source: z.string().nullable(),
  modifiedAt: z.string().nullable(),
  modifiedBy: z.string().nullable(),
  items: z.array(declaredItemAnswer),
  forms: z.array(declaredFormAnswer),
  /** After an upload: the headings of the columns left out. */
  ignoredColumns: z.array(z.string()).optional(),
});
export type DeclaredInventoryAnswer = z.infer<typeof declaredInventoryAnswerSchema>;
export type DeclaredItemAnswer = z.infer<typeof declaredItemAnswer>;
export type DeclaredFormAnswer = z.infer<typeof declaredFormAnswer>;
