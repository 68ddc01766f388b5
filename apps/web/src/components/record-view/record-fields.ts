import type { EntityCatalogue, FieldSpec } from '@3ds/domain';
import { formatValue, type FieldValue } from '../list-screen/cell-format.ts';

/**
 * What the generic record view shows for each field and portal. Pure, for unit tests.
 */

/**
 * A field's caption: its label, unless the label is too terse to stand alone (`1N`, not `ID`) or two fields
 * share it (`By`) — then the API name (`Schedule 1N`, `Modified By`) reads better.
 */
export function fieldCaption(field: FieldSpec, fields: readonly FieldSpec[]): string {
  const shared = fields.filter((f) => f.label.toLowerCase() === field.label.toLowerCase()).length > 1;
  const terse = field.label.length <= 2 && field.label.toUpperCase() !== 'ID';
  if (shared || terse) return field.name.replace(/::/g, ' ');
  return field.label;
}

/** A field's value as text, in the list's own format (percent columns as 0.00%). */
export function fieldText(field: FieldSpec, value: FieldValue, catalogue: EntityCatalogue): string {
  const percent = catalogue.columns.some((c) => c.field === field.name && c.format === 'percent');
  return formatValue(value, percent ? 'percent' : undefined).replace(/\r\n?/g, '\n');
}

/** A value that is a file link (signed download URL) is shown as a link. */
export function isFileLink(text: string): boolean {
  return /^\/3ds\/api\/files\//.test(text) || /^https?:\/\//i.test(text);
}

/** `Contacts_Info` → `Contacts Info`; `YellowBuckets` → `Yellow Buckets`. */
export function portalTitle(name: string): string {
  return name
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .trim();
}

/** The columns of a portal's rows: every `Portal::Field` key (not recordId/modId), headed by the field part. */
export function portalColumns(rows: readonly Record<string, FieldValue>[]): { key: string; header: string }[] {
  const keys: string[] = [];
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (key === 'recordId' || key === 'modId' || keys.includes(key)) continue;
      keys.push(key);
    }
  }
  return keys.map((key) => ({ key, header: key.includes('::') ? key.slice(key.lastIndexOf('::') + 2) : key }));
}
