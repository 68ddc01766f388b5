import { z } from 'zod';
import { TEXT_LIMITS } from '../catalogue/constants.ts';
import { SERIAL_NUMBER_MAX } from '../rules/line-items.ts';
import { PACK_SIZE_REASON_MAX } from '../rules/pack-size.ts';

/**
 * A line item as entered (spec 2 §3 "Line item creation payload"): each field by its API name, and
 * the FileMaker name the same field carries in a record's `fieldData` (the records' answers, the
 * generic create and the edit's PATCH). One table, so that the form, the record screens and the
 * server read and write each field under the same two names.
 */
export const LINE_ITEM_ENTRY_FIELDS = {
  ndc: 'NDC Number',
  source: 'Source',
  sourceNumber: 'Source Number',
  lotNumber: 'Lot Number',
  cause: 'Cause',
  type: 'Type',
  packQuantity: 'Pack Quantity',
  packQuantityUoM: 'Pack Quantity UoM',
  packSize: 'Pack Size',
  packSizeUoM: 'Pack Size UoM',
  packSizeReason: 'Pack Size Reason',
  percentFill: 'Percent Fill',
  bulkPackSize: 'YI Package Size Bulk Blend',
  bulkPackSizeUoM: 'YI Package Size Bulk Blend UoM',
  bulkStage: 'Chosen Stage',
  form222Number: 'Form 222 Number',
  form222Line: 'Form 222 Line',
  cwfFormNumber: 'CWF Form Number',
  expirationDate: 'Expiration Date',
  serialNumber: 'Serial Number',
} as const;
export type LineItemEntryKey = keyof typeof LINE_ITEM_ENTRY_FIELDS;

/** The FileMaker web layout's spellings of two fields, which a client may send in `fieldData` too. */
const FIELD_DATA_ALIASES = { 'Pack Size Web': 'packSize', 'Pack Size UoM Web': 'packSizeUoM' } as const satisfies Record<string, LineItemEntryKey>;

/** Every name a line item's `fieldData` may use for an entered field (FileMaker names and aliases) → its API name. */
export const LINE_ITEM_FIELD_DATA_KEYS: Readonly<Record<string, LineItemEntryKey>> = {
  ...Object.fromEntries(Object.entries(LINE_ITEM_ENTRY_FIELDS).map(([key, name]) => [name, key])),
  ...FIELD_DATA_ALIASES,
};

/** One entered value as sent: text or a number, null for empty; never an object or a list. */
const enteredValue = z.union([z.string().max(10_000), z.number()]).nullable().optional();

/** The entry's fields, each optional: a new line item names what it has, an edit what it changes. */
export const lineItemEntryShape = Object.fromEntries(Object.keys(LINE_ITEM_ENTRY_FIELDS).map((key) => [key, enteredValue])) as {
  [K in LineItemEntryKey]: typeof enteredValue;
};
export type LineItemEntryInput = z.infer<z.ZodObject<typeof lineItemEntryShape>>;

/** An entry's fields under their FileMaker names, as a record's `fieldData` (the edit's PATCH) names them. */
export function lineItemFieldData(entry: LineItemEntryInput): Record<string, string | number | null> {
  const fieldData: Record<string, string | number | null> = {};
  for (const [key, value] of Object.entries(entry) as [LineItemEntryKey, string | number | null | undefined][]) {
    if (value !== undefined) fieldData[LINE_ITEM_ENTRY_FIELDS[key]] = value;
  }
  return fieldData;
}

/**
 * The most characters each text field holds: the form says so under the field, the server refuses
 * more (422). UoMs are short codes of the value lists.
 */
export const LINE_ITEM_TEXT_MAX = {
  source: TEXT_LIMITS.short,
  sourceNumber: TEXT_LIMITS.short,
  lotNumber: TEXT_LIMITS.short,
  cause: TEXT_LIMITS.short,
  type: TEXT_LIMITS.short,
  packQuantityUoM: 20,
  packSizeUoM: 20,
  packSizeReason: PACK_SIZE_REASON_MAX,
  bulkPackSizeUoM: 20,
  bulkStage: TEXT_LIMITS.short,
  form222Number: TEXT_LIMITS.short,
  cwfFormNumber: TEXT_LIMITS.short,
  serialNumber: SERIAL_NUMBER_MAX,
} as const satisfies Partial<Record<LineItemEntryKey, number>>;
export type LineItemTextKey = keyof typeof LINE_ITEM_TEXT_MAX;
