import type { FieldSpec, FieldType } from './field.ts';

/** The eight list entities of the API (`GET /3ds/api/{entity}`). */
export const ENTITIES = [
  'companies',
  'registrations',
  'jobs',
  'containers',
  'yb-containers',
  'line-items',
  'yb-line-items',
  'dictionaries',
] as const;
export type EntityName = (typeof ENTITIES)[number];

export function isEntityName(value: string): value is EntityName {
  return (ENTITIES as readonly string[]).includes(value);
}

/** A list column: a field, optionally followed by a second one shown beside it (e.g. quantity and UoM). */
export interface ColumnSpec {
  field: string;
  label: string;
  with?: string;
  format?: 'percent';
}

export interface EntityCatalogue {
  entity: EntityName;
  /** Title of the list screen. */
  title: string;
  /** Singular route segment (`/company/12`). */
  singular: string;
  /** The field holding the record's id as shown. */
  idField: string;
  /** A yes/no field whose "Yes" shows the lock icon (locked records). */
  lockField?: string;
  /**
   * The parents' lock flags (yes/no fields of the record): a record under a locked container or job
   * is locked too (spec 2 §4), so every list shows it locked (`isShownLocked`).
   */
  parentLockFields?: readonly string[];
  /** Detail route of a record, or none (the dictionary has no detail link). */
  detailPath?: string;
  fields: FieldSpec[];
  columns: ColumnSpec[];
  quickFind: string[];
}

export type FieldSpecList = FieldSpec[];

/** One line per field: API name, label, type. */
export const field = (name: string, label: string, type: FieldType = 'text', options: { detailOnly?: boolean } = {}): FieldSpec => ({
  name,
  label,
  type,
  ...(options.detailOnly ? { detailOnly: true } : {}),
});
/** One line per column. */
export const column = (fieldName: string, label: string, extra: Omit<ColumnSpec, 'field' | 'label'> = {}): ColumnSpec => ({
  field: fieldName,
  label,
  ...extra,
});
