import { z } from 'zod';
import { parseUsDate } from '../rules/dates.ts';
import { INVENTORY_COUNT_FIELDS, INVENTORY_MESSAGES, parseInventoryMoment, type InventoryDifferences } from '../rules/inventory.ts';
import { trimLine } from '../rules/text.ts';

/** `POST /reports/inventory { asOf }`. */
export const inventoryRequestSchema = z.object({
  asOf: z
    .string({ message: INVENTORY_MESSAGES.asOf })
    .overwrite(trimLine)
    .refine((v) => parseInventoryMoment(v) !== null, { message: INVENTORY_MESSAGES.asOf }),
});
export type InventoryRequest = z.infer<typeof inventoryRequestSchema>;

/** `GET /reports/accountability`: a period (MM/DD/YYYY, both ends included) and a DEA drug code. */
export const accountabilityQuerySchema = z.object({
  from: z.string({ message: 'From is required, written MM/DD/YYYY' }).overwrite(trimLine).refine((v) => parseUsDate(v) !== null, 'From must be a real date, written MM/DD/YYYY'),
  to: z.string({ message: 'To is required, written MM/DD/YYYY' }).overwrite(trimLine).refine((v) => parseUsDate(v) !== null, 'To must be a real date, written MM/DD/YYYY'),
  drugCode: z
    .string({ message: 'Drug Code is required: the 4-digit DEA controlled substance code' })
    .overwrite(trimLine)
    .refine((v) => /^\d{4}$/.test(v), 'Drug Code is the 4-digit DEA controlled substance code, e.g. 9143'),
});
export type AccountabilityQuery = z.infer<typeof accountabilityQuerySchema>;

/**
 * An inventory kept (`POST /reports/inventory` answers the one taken, `GET /reports/inventory` every
 * one, newest first): when it was taken and as of when, and signed links to its PDF and xlsx.
 */
export const keptInventorySchema = z.object({
  recordId: z.string(),
  fieldData: z.object({
    'As Of': z.string(),
    'Line Items': z.number().int(),
    'Created By': z.string(),
    'Created At': z.string(),
    /** "Reconstructed from the records on …" for one made more than a day after its moment, else "". */
    Reconstructed: z.string(),
    Container: z.string(),
    'Container Xlsx': z.string(),
    'File Name': z.string(),
  }),
});
export const inventoriesAnswerSchema = z.object({ data: z.array(keptInventorySchema) });
export type InventoriesAnswer = z.infer<typeof inventoriesAnswerSchema>;

/** A line item as an inventory counted it (the rules' InventoryCountLine). */
export const inventoryCountLineSchema = z.object({
  lineItemId: z.number(),
  yellowBucket: z.boolean(),
  ndc: z.string(),
  description: z.string(),
  schedule: z.string(),
  packQuantity: z.number().nullable(),
  packSize: z.number().nullable(),
  packSizeUoM: z.string(),
  percentFill: z.number().nullable(),
  gramsOfBase: z.number().nullable(),
});

const inventoryCountFieldLabels = INVENTORY_COUNT_FIELDS.map(([, label]) => label) as [
  (typeof INVENTORY_COUNT_FIELDS)[number][1],
  ...(typeof INVENTORY_COUNT_FIELDS)[number][1][],
];

/**
 * `GET /reports/inventory/{id}/differences`: what differs between what the inventory counted and what
 * the records now say was on hand at its moment (`known: false` for one kept without its counted lines).
 */
export const inventoryDifferencesAnswerSchema = z.object({
  inventory: z.string(),
  asOf: z.string(),
  counted: z.number(),
  known: z.boolean(),
  /** How many line items differ: 0 when the inventory still says what the records say. */
  differences: z.number(),
  notCounted: z.array(inventoryCountLineSchema),
  noLongerOnHand: z.array(inventoryCountLineSchema),
  changed: z.array(
    z.object({
      line: inventoryCountLineSchema,
      changes: z.array(z.object({ field: z.enum(inventoryCountFieldLabels), counted: z.string(), now: z.string() })),
    }),
  ),
}) satisfies z.ZodType<InventoryDifferences>;
export type InventoryDifferencesAnswer = z.infer<typeof inventoryDifferencesAnswerSchema>;

/** One figure of the accountability (opening, received, destroyed, closing): its line items and their grams of base. */
const accountabilityFigureSchema = z.object({
  lineItems: z.number().int(),
  gramsOfBase: z.number(),
  items: z.array(
    z.object({
      recordId: z.number().int(),
      yellowBucket: z.boolean(),
      ndc: z.string(),
      description: z.string(),
      jobId: z.number().int(),
      dateReceived: z.string(),
      dateDestroyed: z.string(),
      gramsOfBase: z.number().nullable(),
    }),
  ),
});
export type AccountabilityFigure = z.infer<typeof accountabilityFigureSchema>;

const ndcQuantitySchema = z.object({ packages: z.number(), units: z.number() });

/**
 * `GET /reports/accountability`: opening + received − destroyed = closing for a drug code over a
 * period, each figure with its line items; the same per NDC in packages and units; and what the
 * records cannot place, with why.
 */
export const accountabilityAnswerSchema = z.object({
  drugCode: z.string(),
  from: z.string(),
  to: z.string(),
  opening: accountabilityFigureSchema,
  received: accountabilityFigureSchema,
  destroyed: accountabilityFigureSchema,
  closing: accountabilityFigureSchema,
  /** The same figures per NDC, in packages and units (dosage units, mL or grams). */
  byNdc: z.array(
    z.object({
      ndc: z.string(),
      description: z.string(),
      unit: z.string(),
      opening: ndcQuantitySchema,
      received: ndcQuantitySchema,
      destroyed: ndcQuantitySchema,
      closing: ndcQuantitySchema,
      balanced: z.boolean(),
      uncounted: z.number().int(),
    }),
  ),
  unplaced: z.array(z.object({ recordId: z.number().int(), yellowBucket: z.boolean(), ndc: z.string(), jobId: z.number().int(), reason: z.string() })),
});
export type AccountabilityAnswer = z.infer<typeof accountabilityAnswerSchema>;
