import type { GeneratedAlways, Insertable, Selectable } from 'kysely';
import type { TimestampWithDefault } from './record-columns.ts';

/** A job's declared inventory: who wrote it last and from what (086_declared_inventory.sql; rules/declared-inventory.ts). */
export interface DeclaredInventoriesTable {
  job_id: number;
  /** 'typed', or the name of the file the items were last read from. */
  source: string;
  created_at: TimestampWithDefault;
  created_by: string;
  modified_at: TimestampWithDefault;
  modified_by: string | null;
  /** Raised by the touch_record trigger on each update. */
  mod_id: GeneratedAlways<number>;
}
export type DeclaredInventory = Selectable<DeclaredInventoriesTable>;

/** One declared item, in the order listed. */
export interface DeclaredItemsTable {
  job_id: number;
  row_no: number;
  ndc: string | null;
  description: string | null;
  lot: string | null;
  packages: number;
  package_size: string | null;
  /** numeric(6,4), read as a number (db/database.ts). */
  partial_fill: number | null;
}
export type DeclaredItemRow = Selectable<DeclaredItemsTable>;
export type NewDeclaredItemRow = Insertable<DeclaredItemsTable>;

/** A discrepancy of the job's reconciliation, resolved (087_discrepancy_resolutions.sql; rules/reconciliation.ts). */
export interface DiscrepancyResolutionsTable {
  job_id: number;
  line_key: string;
  /** numeric, read as a number (db/database.ts). */
  declared: number;
  received: number;
  reason: string;
  note: string | null;
  resolved_by: string;
  resolved_at: TimestampWithDefault;
}
