import type { ColumnType, Generated, Selectable } from 'kysely';

type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type IsoDate = ColumnType<string, string, string>;
/** jsonb: read as parsed JSON, written as JSON text. */
type Json<T> = ColumnType<T, string, string>;

/** A Form 41 or Certificate of Destruction generated for a job (020_dea_records_kept.sql). */
export interface GeneratedDocumentsTable {
  id: Generated<number>;
  job_id: number;
  slot: string;
  file_id: string;
  generated_at: DefaultTimestamp;
  generated_by: string;
  superseded_at: Timestamp | null;
  superseded_by: number | null;
  /** SHA-256 of the figures it printed (078); null for a document made before. */
  figures_sha256: ColumnType<string | null, string | null | undefined, never>;
}
export type GeneratedDocument = Selectable<GeneratedDocumentsTable>;

/** A signed scan of a generated document, kept beside the version it signs (083_signed_copies.sql). */
export interface SignedCopiesTable {
  id: Generated<number>;
  generated_document_id: number;
  file_id: string;
  uploaded_by: string;
  uploaded_at: DefaultTimestamp;
}

/** A kept ARCOS report (020_dea_records_kept.sql). */
export interface ArcosReportsTable {
  id: Generated<number>;
  period_start: IsoDate;
  period_end: IsoDate;
  frequency: string;
  file_id: string;
  records: number;
  summary: Json<Record<string, unknown>>;
  created_at: DefaultTimestamp;
  created_by: string;
  superseded_at: Timestamp | null;
  superseded_by: number | null;
}
export type ArcosReport = Selectable<ArcosReportsTable>;

/** One transaction record a kept ARCOS report carried. */
export interface ArcosReportTransactionsTable {
  id: Generated<number>;
  report_id: number;
  line_item_id: number;
  code: string;
  action: string;
  record: string;
  /**
   * The transaction date (079): set for a year-end inventory (3), its December 31; set for P and Y
   * written since, null on earlier rows.
   */
  transaction_date: ColumnType<string | null, string | null | undefined, never>;
}

/** A kept inventory (21 CFR 1304.11) with its two files. */
export interface InventoriesTable {
  id: Generated<number>;
  as_of: Timestamp;
  pdf_file_id: string;
  xlsx_file_id: string;
  line_items: number;
  created_at: DefaultTimestamp;
  created_by: string;
  /** Whether its counted lines are kept in inventory_lines (081); false for one taken before. */
  lines_kept: ColumnType<boolean, boolean | undefined, never>;
}
export type Inventory = Selectable<InventoriesTable>;

/** A line item an inventory counted, with the figures it printed (081_inventory_lines.sql). */
export interface InventoryLinesTable {
  inventory_id: number;
  line_item_id: number;
  yellow_bucket: boolean;
  ndc: string;
  description: string;
  schedule: string;
  pack_quantity: ColumnType<number | null, number | null, never>;
  pack_size: ColumnType<number | null, number | null, never>;
  pack_size_uom: string;
  percent_fill: ColumnType<number | null, number | null, never>;
  grams_of_base: ColumnType<number | null, number | null, never>;
}
