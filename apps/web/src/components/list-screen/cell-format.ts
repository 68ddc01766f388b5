import { formatPercent, type ColumnSpec } from '@3ds/domain';

/** A value as the API sends it in `fieldData`. */
export type FieldValue = string | number | null | undefined;

/**
 * One value as text, as the API sends it — numbers as numbers, dates MM/DD/YYYY, timestamps
 * MM/DD/YYYY HH:MM:SS, yes/no as Yes/No — except percent columns (fractions) as `0.00%`.
 */
export function formatValue(value: FieldValue, format?: ColumnSpec['format']): string {
  if (value === null || value === undefined || value === '') return '';
  if (format === 'percent') return formatPercent(value);
  return String(value);
}

/** A list cell's text: the column's field, and its `with` field beside it ("10 EA"). */
export function formatColumnValue(column: ColumnSpec, fieldData: Readonly<Record<string, FieldValue>>): string {
  const main = formatValue(fieldData[column.field], column.format);
  if (!column.with) return main;
  const extra = formatValue(fieldData[column.with]);
  return [main, extra].filter((part) => part !== '').join(' ');
}

/** Yes/no fields say "Yes" for true (any case, as the spec reads the lock flags). */
export function isYes(value: FieldValue): boolean {
  return typeof value === 'string' && value.trim().toLowerCase() === 'yes';
}
