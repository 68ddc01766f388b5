import type { Generated, Selectable, Updateable } from 'kysely';
import type { RecordAuditColumns } from './record-columns.ts';

/**
 * Our own registration, one row (id 1, 009_paperwork.sql): the reverse distributor's identity
 * printed on Form 41 (section A), the Certificate of Destruction and the ARCOS file; and the time zone
 * of 3DS's day.
 */
export interface SettingsTable extends Omit<RecordAuditColumns, 'created_by'> {
  id: Generated<number>;
  created_by: Generated<string>;
  registrant_name: string | null;
  dea_number: string | null;
  address_line_1: string | null;
  address_line_2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  telephone: string | null;
  contact_name: string | null;
  /** The DEA regional number, the associate registrant of a destruction (Y) record (020). */
  dea_regional_number: string | null;
  /** ARCOS reports cover a month or a quarter (21 CFR 1304.33(b)). */
  arcos_frequency: Generated<string>;
  /** The IANA time zone whose day is 3DS's today (031_late_destruction_and_one_clock.sql). */
  time_zone: Generated<string>;
}
export type Settings = Selectable<SettingsTable>;
export type SettingsUpdate = Updateable<SettingsTable>;
