import { formatIsoDate, formatTimestamp, type FieldType } from '@3ds/domain';
import type { LayoutField } from './layout.ts';

export type FieldValue = string | number;

/**
 * A database value as the API shows it (docs/finds.md "Answer shapes"): dates `MM/DD/YYYY`, timestamps
 * `MM/DD/YYYY HH:MM:SS`, yes/no as "Yes" or "No", numbers as numbers, and empty as "".
 */
export function formatValue(type: FieldType, value: unknown): FieldValue {
  if (value === null || value === undefined) return type === 'yesno' ? 'No' : '';
  switch (type) {
    case 'number':
      return typeof value === 'number' ? value : Number(value);
    case 'date':
      return formatIsoDate(value instanceof Date ? value.toISOString() : String(value));
    case 'timestamp':
      return formatTimestamp(value instanceof Date ? value : new Date(String(value)));
    case 'yesno':
      return value === true || value === 'true' || value === 't' ? 'Yes' : 'No';
    default:
      return String(value);
  }
}

/** Column aliases are positional (`f0`, `f1`, …) so field names never reach SQL. */
export function alias(index: number): string {
  return `f${index}`;
}

export function toFieldData(fields: readonly LayoutField[], row: Record<string, unknown>): Record<string, FieldValue> {
  const out: Record<string, FieldValue> = {};
  fields.forEach((f, i) => {
    out[f.name] = formatValue(f.type, row[alias(i)]);
  });
  return out;
}
