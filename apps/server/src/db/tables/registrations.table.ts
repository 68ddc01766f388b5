import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { IsoDate, RecordAuditColumns } from './record-columns.ts';

export type LicenseType = 'Federal' | 'State';

/** Record_Number_PK_ID is `id`. */
export interface RegistrationsTable extends RecordAuditColumns {
  id: Generated<number>;
  company_id: number;
  registration_number: string;
  /** Federal: `"<DEA activity code> - <name>"`, e.g. `"A - Pharmacy"`; State: the agency's wording. */
  activity: string | null;
  expiration_date: IsoDate | null;
  status_mask: string | null;
  license_type: Generated<LicenseType>;
  /** The spec's "Federal or State License": the licence number of the kind license_type names. */
  license_number: string | null;
  federal_agency: string | null;
  state_agency: string | null;
  address1: string | null;
  address2: string | null;
  address3: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  schedule_1: Generated<boolean>;
  schedule_1n: Generated<boolean>;
  schedule_2: Generated<boolean>;
  schedule_2n: Generated<boolean>;
  schedule_3: Generated<boolean>;
  schedule_3n: Generated<boolean>;
  schedule_4: Generated<boolean>;
  schedule_4n: Generated<boolean>;
  schedule_5: Generated<boolean>;
  schedule_5n: Generated<boolean>;
  schedule_lc: Generated<boolean>;
  schedule_nc: Generated<boolean>;
  picture_file_id: string | null;
}
export type Registration = Selectable<RegistrationsTable>;
export type NewRegistration = Insertable<RegistrationsTable>;
export type RegistrationUpdate = Updateable<RegistrationsTable>;
