import type { ColumnType, Generated, Selectable } from 'kysely';

/** A correction of a final job's records (080_corrections.sql; rules/corrections.ts). */
export interface CorrectionsTable {
  id: Generated<number>;
  job_id: number;
  line_item_id: number | null;
  field: string;
  old_value: string;
  new_value: string;
  /** The value to store, as JSON: read parsed, written as JSON text. */
  new_stored: ColumnType<string | number | null, string, never>;
  reason: string;
  requested_by: string;
  requested_at: ColumnType<Date, Date | string | undefined, never>;
  status: ColumnType<string, string | undefined, string>;
  decided_by: string | null;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string>;
  decision_note: string | null;
}
export type Correction = Selectable<CorrectionsTable>;
