import type { AuditLogTable, LoginFailuresTable, LoginLockoutsTable, SessionsTable, UsersTable } from './tables/auth.table.ts';
import type { RecordTables } from './tables/records.table.ts';
import type { ArcosReportTransactionsTable, ArcosReportsTable, GeneratedDocumentsTable, InventoriesTable, InventoryLinesTable, SignedCopiesTable } from './tables/dea-records.table.ts';
import type { CorrectionsTable } from './tables/corrections.table.ts';
import type { DeclaredInventoriesTable, DeclaredItemsTable, DiscrepancyResolutionsTable } from './tables/declared-inventory.table.ts';
import type { HolidaysTable } from './tables/holidays.table.ts';
import type { WitnessConfirmationsTable } from './tables/witnesses.table.ts';
import type { ListColumnsTable } from './tables/list-columns.table.ts';
import type { SavedFindsTable } from './tables/saved-finds.table.ts';

/** Every table Kysely knows, by name. */
export interface Database extends RecordTables {
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  login_lockouts: LoginLockoutsTable;
  audit_log: AuditLogTable;
  saved_finds: SavedFindsTable;
  generated_documents: GeneratedDocumentsTable;
  arcos_reports: ArcosReportsTable;
  arcos_report_transactions: ArcosReportTransactionsTable;
  inventories: InventoriesTable;
  inventory_lines: InventoryLinesTable;
  signed_copies: SignedCopiesTable;
  list_columns: ListColumnsTable;
  corrections: CorrectionsTable;
  declared_inventories: DeclaredInventoriesTable;
  declared_items: DeclaredItemsTable;
  discrepancy_resolutions: DiscrepancyResolutionsTable;
  holidays: HolidaysTable;
  witness_confirmations: WitnessConfirmationsTable;
}
