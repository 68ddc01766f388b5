import type { CompaniesTable, ContactsTable, LabelerCodesTable } from './companies.table.ts';
import type { ContainersTable } from './containers.table.ts';
import type { FilesTable } from './files.table.ts';
import type { JobFilesTable, JobsTable } from './jobs.table.ts';
import type { LineItemsTable } from './line-items.table.ts';
import type { LossesTable } from './losses.table.ts';
import type { NdcDictionaryTable } from './ndc-dictionary.table.ts';
import type { NotificationsTable } from './notifications.table.ts';
import type { OrderFormLinesTable, OrderFormsTable } from './order-forms.table.ts';
import type { RegistrationsTable } from './registrations.table.ts';
import type { SettingsTable } from './settings.table.ts';
import type { ValueListsTable } from './value-lists.table.ts';

export type * from './companies.table.ts';
export type * from './containers.table.ts';
export type * from './files.table.ts';
export type * from './jobs.table.ts';
export type * from './line-items.table.ts';
export type * from './losses.table.ts';
export type * from './ndc-dictionary.table.ts';
export type * from './notifications.table.ts';
export type * from './order-forms.table.ts';
export type * from './record-columns.ts';
export type * from './registrations.table.ts';
export type * from './settings.table.ts';
export type * from './value-lists.table.ts';

/** Table types of the record entities (002_records.sql), by table name. */
export interface RecordTables {
  files: FilesTable;
  companies: CompaniesTable;
  contacts: ContactsTable;
  labeler_codes: LabelerCodesTable;
  registrations: RegistrationsTable;
  jobs: JobsTable;
  job_files: JobFilesTable;
  containers: ContainersTable;
  line_items: LineItemsTable;
  order_forms: OrderFormsTable;
  order_form_lines: OrderFormLinesTable;
  losses: LossesTable;
  ndc_dictionary: NdcDictionaryTable;
  value_lists: ValueListsTable;
  notifications: NotificationsTable;
  settings: SettingsTable;
}
