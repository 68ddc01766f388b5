import { z } from 'zod';
import { LINE_ITEM_MESSAGES, notANumberMessage, parseUsDate, readNumber, SERIAL_NUMBER_MAX, singleLineTextProblem, TEXT_LIMITS, trimLine } from '@3ds/domain';
import { validationFailed } from '../../errors/app-error.ts';
import { strictBody } from '../../records/body-schemas.ts';

const value = z.union([z.string().max(10_000), z.number()]).nullable().optional();

/** The line item form's fields (spec 2 §3 "Line item creation payload"), as entered. */
export const lineItemEntrySchema = strictBody({
  ndc: value,
  source: value,
  sourceNumber: value,
  lotNumber: value,
  cause: value,
  type: value,
  packQuantity: value,
  packQuantityUoM: value,
  packSize: value,
  packSizeUoM: value,
  percentFill: value,
  bulkPackSize: value,
  bulkPackSizeUoM: value,
  bulkStage: value,
  form222Number: value,
  cwfFormNumber: value,
  expirationDate: value,
  serialNumber: value,
});
export type LineItemEntryInput = z.infer<typeof lineItemEntrySchema>;

/** FileMaker field names (generic create and PATCH with fieldData) → entry keys. */
export const FIELD_DATA_KEYS: Readonly<Record<string, keyof LineItemEntryInput>> = {
  'NDC Number': 'ndc',
  Source: 'source',
  'Source Number': 'sourceNumber',
  'Lot Number': 'lotNumber',
  Cause: 'cause',
  Type: 'type',
  'Pack Quantity': 'packQuantity',
  'Pack Quantity UoM': 'packQuantityUoM',
  'Pack Size': 'packSize',
  'Pack Size Web': 'packSize',
  'Pack Size UoM': 'packSizeUoM',
  'Pack Size UoM Web': 'packSizeUoM',
  'Percent Fill': 'percentFill',
  'YI Package Size Bulk Blend': 'bulkPackSize',
  'YI Package Size Bulk Blend UoM': 'bulkPackSizeUoM',
  'Chosen Stage': 'bulkStage',
  'Form 222 Number': 'form222Number',
  'CWF Form Number': 'cwfFormNumber',
  'Expiration Date': 'expirationDate',
  'Serial Number': 'serialNumber',
};

/** The line item fields of a `fieldData` whose names and plain values the route's schema has checked. */
export function entryFromFieldData(fieldData: Record<string, unknown>): LineItemEntryInput {
  const entry: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(fieldData)) {
    const key = FIELD_DATA_KEYS[name];
    if (key && v !== undefined) entry[key] = typeof v === 'boolean' ? String(v) : v;
  }
  return entry as LineItemEntryInput;
}

const NUMBER_FIELDS = {
  packQuantity: 'Pack Quantity',
  packSize: 'Pack Size',
  percentFill: 'Percent Fill',
  bulkPackSize: 'Unit Converter amount',
} as const;
const TEXT_FIELDS = {
  source: ['Source', TEXT_LIMITS.short],
  sourceNumber: ['Source Number', TEXT_LIMITS.short],
  lotNumber: ['Lot Number', TEXT_LIMITS.short],
  cause: ['Cause', TEXT_LIMITS.short],
  type: ['Type', TEXT_LIMITS.short],
  packQuantityUoM: ['Pack Quantity UoM', 20],
  packSizeUoM: ['UoM', 20],
  bulkPackSizeUoM: ['Unit Converter UoM', 20],
  bulkStage: ['Stage', TEXT_LIMITS.short],
  form222Number: ['Form 222 #', TEXT_LIMITS.short],
  cwfFormNumber: ['CWF #', TEXT_LIMITS.short],
  serialNumber: ['Serial Number', SERIAL_NUMBER_MAX],
} as const;

// Only spaces make a value blank: a tab or line break is refused, never read as an empty field.
const blank = (v: unknown) => v === null || v === undefined || trimLine(String(v)) === '';

/** Numbers as numbers (null when blank) and texts trimmed (null when blank), or 422 naming what is wrong. */
export function normalizeEntry(entry: LineItemEntryInput) {
  const problems: string[] = [];
  const numbers: Partial<Record<keyof typeof NUMBER_FIELDS, number | null>> = {};
  for (const [key, label] of Object.entries(NUMBER_FIELDS) as [keyof typeof NUMBER_FIELDS, string][]) {
    if (entry[key] === undefined) continue;
    if (blank(entry[key])) {
      numbers[key] = null;
      continue;
    }
    const n = readNumber(entry[key]);
    if (n === undefined) problems.push(notANumberMessage(label));
    else if (n === null) numbers[key] = null;
    else if (n < 0 || n > 1e12) problems.push(`${label} must be a number of at least 0`);
    else numbers[key] = n;
  }
  const texts: Partial<Record<keyof typeof TEXT_FIELDS, string | null>> = {};
  for (const [key, [label, max]] of Object.entries(TEXT_FIELDS) as [keyof typeof TEXT_FIELDS, readonly [string, number]][]) {
    if (entry[key] === undefined) continue;
    const text = blank(entry[key]) ? null : trimLine(String(entry[key]));
    const problem = text === null ? undefined : singleLineTextProblem(label, text, max);
    if (problem) problems.push(problem);
    texts[key] = text;
  }
  // The expiration date: MM/DD/YYYY (the product's date format), kept as an ISO date; blank clears it.
  let expirationDate: string | null | undefined;
  if (entry.expirationDate !== undefined) {
    if (blank(entry.expirationDate)) expirationDate = null;
    else {
      expirationDate = typeof entry.expirationDate === 'string' ? parseUsDate(trimLine(entry.expirationDate)) : null;
      if (!expirationDate) problems.push(LINE_ITEM_MESSAGES.expirationDate);
    }
  }
  if (problems.length) throw validationFailed(problems[0]!, problems);
  return { numbers, texts, ...(expirationDate !== undefined ? { expirationDate } : {}) };
}
