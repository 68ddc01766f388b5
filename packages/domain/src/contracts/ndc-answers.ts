import { z } from 'zod';
import { BULK_KINDS, CODE_SOURCES } from '../catalogue/ndc-kinds.ts';

/**
 * What the server tells of an NDC: the lookup the line item form starts from (spec 2 §3) and what a
 * scanned or typed code stands for. The server describes its answers with these schemas; the web
 * reads them with the same.
 */

/** A dictionary number the entry may not have: the number, or '' for none. */
const optionalAmount = z.union([z.number(), z.literal('')]);

/** `GET /ndc/lookup/{ndc}`: which converters to offer and with which choices, the dictionary's pack size, and the product. */
export const ndcLookupAnswerSchema = z.object({
  hasFactor: z.boolean(),
  packQtyUoms: z.array(z.string()),
  /** Raw bulk (powder or liquid). */
  showStageUnitConverter: z.boolean(),
  /** Any bulk NDC. */
  showUnitConverter: z.boolean(),
  stages: z.array(z.string()),
  /** The unit converter's UoMs. */
  uoms: z.array(z.string()),
  /** The dictionary's package size ('' for none, as for bulk NDCs). */
  packSizeLookup: optionalAmount,
  packSizeUoMLookup: z.string(),
  schedule: z.string(),
  /** What the bulk NDC holds; '' for a trade package. */
  bulkKind: z.union([z.enum(BULK_KINDS), z.literal('')]),
  packageSizeConverted: optionalAmount,
  // The product itself (ours), so that a person entering a package sees what the NDC stands for.
  tradeName: z.string(),
  strength: z.string(),
  form: z.string(),
  packageDescription: z.string(),
});
export type NdcLookupAnswer = z.infer<typeof ndcLookupAnswerSchema>;

type NdcLookupShape = typeof ndcLookupAnswerSchema.shape;

/**
 * The lookup as the line item form reads it: each part by the contract's schema, a part missing or of
 * another shape left out (the form does not offer it), so that the form still opens for the NDC.
 */
export const ndcLookupPartsSchema = z.object(
  Object.fromEntries(Object.entries(ndcLookupAnswerSchema.shape).map(([key, part]) => [key, (part as z.ZodType).optional().catch(undefined)])) as {
    [K in keyof NdcLookupShape]: z.ZodCatch<z.ZodOptional<NdcLookupShape[K]>>;
  },
);
export type NdcLookupParts = z.infer<typeof ndcLookupPartsSchema>;

/** A dictionary entry a code can be, as `GET /ndc/resolve` lists it. */
export const resolvedEntrySchema = z.object({
  ndc: z.string(),
  tradeName: z.string(),
  schedule: z.string(),
  strength: z.string(),
  form: z.string(),
  packageSize: optionalAmount,
  packageSizeUoM: z.string(),
  removedFromArcos: z.boolean(),
});

/** A code read as an NDC: the entries it can be, with what else the code held (MM/DD/YYYY for the date). */
export const resolvedNdcSchema = z.object({
  kind: z.literal('ndc'),
  source: z.enum(CODE_SOURCES),
  /** The digits as read, to check against the package. */
  digits: z.string(),
  gtin: z.string().optional(),
  lot: z.string().optional(),
  expirationDate: z.string().optional(),
  serial: z.string().optional(),
  /** Several entries: the code's configuration is not in it. */
  ambiguous: z.boolean(),
  entries: z.array(resolvedEntrySchema),
  /** With one entry: its lookup, as `GET /ndc/lookup/{ndc}` answers it. */
  lookup: ndcLookupAnswerSchema.optional(),
});

/** A 3DS label: the line item it names. */
export const resolvedLabelSchema = z.object({ kind: z.literal('label'), lineItemId: z.string(), yellowBucket: z.boolean() });

/** `GET /ndc/resolve?code=`: what a scanned or typed code stands for. */
export const ndcResolveAnswerSchema = z.discriminatedUnion('kind', [resolvedNdcSchema, resolvedLabelSchema]);
export type NdcResolveAnswer = z.infer<typeof ndcResolveAnswerSchema>;
