import {
  LINE_ITEM_FIELD_DATA_KEYS,
  LINE_ITEM_MESSAGES,
  LINE_ITEM_TEXT_MAX,
  lineItemEntryShape,
  notANumberMessage,
  parseUsDate,
  readNumber,
  singleLineTextProblem,
  trimLine,
  type LineItemEntryInput,
  type LineItemTextKey,
} from '@3ds/domain';
import { validationFailed } from '../../errors/app-error.ts';
import { strictBody } from '../../records/body-schemas.ts';

/** The line item form's fields (spec 2 §3 "Line item creation payload"), as entered: a name the body may not hold is a 400. */
export const lineItemEntrySchema = strictBody(lineItemEntryShape);

/** The line item fields of a `fieldData` whose names and plain values the route's schema has checked. */
export function entryFromFieldData(fieldData: Record<string, unknown>): LineItemEntryInput {
  const entry: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(fieldData)) {
    const key = LINE_ITEM_FIELD_DATA_KEYS[name];
    if (key && v !== undefined) entry[key] = typeof v === 'boolean' ? String(v) : v;
  }
  return entry as LineItemEntryInput;
}

const NUMBER_FIELDS = {
  packQuantity: 'Pack Quantity',
  packSize: 'Pack Size',
  percentFill: 'Percent Fill',
  bulkPackSize: 'Unit Converter amount',
  form222Line: 'Form 222 Line',
} as const;
/** The text fields as the form labels them, for the messages. */
const TEXT_LABELS: Record<LineItemTextKey, string> = {
  source: 'Source',
  sourceNumber: 'Source Number',
  lotNumber: 'Lot Number',
  cause: 'Cause',
  type: 'Type',
  packQuantityUoM: 'Pack Quantity UoM',
  packSizeUoM: 'UoM',
  packSizeReason: 'Pack Size Reason',
  bulkPackSizeUoM: 'Unit Converter UoM',
  bulkStage: 'Stage',
  form222Number: 'Form 222 #',
  cwfFormNumber: 'CWF #',
  serialNumber: 'Serial Number',
};

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
  const texts: Partial<Record<LineItemTextKey, string | null>> = {};
  for (const [key, label] of Object.entries(TEXT_LABELS) as [LineItemTextKey, string][]) {
    if (entry[key] === undefined) continue;
    const text = blank(entry[key]) ? null : trimLine(String(entry[key]));
    const problem = text === null ? undefined : singleLineTextProblem(label, text, LINE_ITEM_TEXT_MAX[key]);
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
