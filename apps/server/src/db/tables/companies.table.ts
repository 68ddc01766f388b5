import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { RecordAuditColumns } from './record-columns.ts';

export interface CompaniesTable extends RecordAuditColumns {
  id: Generated<number>;
  name: string;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  main_phone: string | null;
  fax: string | null;
  /** Carriage-return separated values among 41, Manifest, See Notes, COD, LDR. */
  report_type: string | null;
}
export type Company = Selectable<CompaniesTable>;
export type NewCompany = Insertable<CompaniesTable>;
export type CompanyUpdate = Updateable<CompaniesTable>;

export interface ContactsTable extends RecordAuditColumns {
  id: Generated<number>;
  company_id: number;
  last_name: string | null;
  first_name: string | null;
  title: string | null;
  city: string | null;
  direct_phone: string | null;
  extension: string | null;
}
export type Contact = Selectable<ContactsTable>;
export type NewContact = Insertable<ContactsTable>;
export type ContactUpdate = Updateable<ContactsTable>;

export interface LabelerCodesTable extends RecordAuditColumns {
  id: Generated<number>;
  company_id: number;
  /** Five digits: the first segment of the company's NDCs. */
  labeler_code: string;
  /** The labeler organisation name (what users' parentOrganization and dictionary entries name). */
  organization: string | null;
}
export type LabelerCode = Selectable<LabelerCodesTable>;
export type NewLabelerCode = Insertable<LabelerCodesTable>;
export type LabelerCodeUpdate = Updateable<LabelerCodesTable>;
