import type { FieldSpec, FieldType } from './field.ts';
import type { EntityName } from './record-kinds.ts';

/** A list column: a field, optionally followed by a second one shown beside it (e.g. quantity and UoM). */
export interface ColumnSpec {
  field: string;
  label: string;
  with?: string;
  format?: 'percent';
}

/** An entity's fields and list columns: its `*.catalogue.ts` file. */
export interface EntityFields {
  entity: EntityName;
  /** The field holding the record's id as shown. */
  idField: string;
  /** A yes/no field whose "Yes" shows the lock icon (locked records). */
  lockField?: string;
  /**
   * The parents' lock flags (yes/no fields of the record): a record under a locked container or job
   * is locked too (spec 2 §4), so every list shows it locked (`isShownLocked`).
   */
  parentLockFields?: readonly string[];
  fields: FieldSpec[];
  columns: ColumnSpec[];
  quickFind: string[];
}

/** An entity's fields joined with what its record kind says (record-kinds.ts). */
export interface EntityCatalogue extends EntityFields {
  /** Title of the list screen. */
  title: string;
  /** Singular route segment (`/company/12`). */
  singular: string;
  /** The route a row of the list links to, or none (the dictionary's rows link nowhere). */
  detailPath?: string;
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
