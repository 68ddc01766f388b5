import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { IsoDate, RecordAuditColumns, TimestampWithDefault } from './record-columns.ts';

/** __PKJobID is `id`. */
export interface JobsTable extends RecordAuditColumns {
  id: Generated<number>;
  /** The job's registration (the purchaser on the job card), chosen at creation. */
  registration_id: number;
  supplier_registration_id: number | null;
  name: string;
  status: string | null;
  /** Snapshot of the registration's activity taken when the job was created. */
  activity: string | null;
  date_filed: IsoDate | null;
  date_initiated: IsoDate | null;
  date_confirmed: IsoDate | null;
  date_transfer: IsoDate | null;
  date_destroyed: IsoDate | null;
  date_vault_in: IsoDate | null;
  date_vault_out: IsoDate | null;
  date_completed: IsoDate | null;
  locked: Generated<boolean>;
  /** Pictures are read from the sister job when set. */
  sister_job_id: number | null;
  facility_transported_to: string | null;
  transporter: string | null;
  transport_method: string | null;
  disposal_method: string | null;
  transfer_witness_1: string | null;
  transfer_witness_2: string | null;
  destruction_witness_1: string | null;
  destruction_witness_2: string | null;
  /** Why a destruction more than 30 days after receipt was late (031_late_destruction_and_one_clock.sql). */
  late_destruction_reason: string | null;
  cwf_number: string | null;
  /** Received from the client (009_paperwork.sql): day 0 of the 30-day destruction clock. */
  date_received: IsoDate | null;
  destruction_facility: string | null;
  destruction_facility_address: string | null;
}
export type Job = Selectable<JobsTable>;
export type NewJob = Insertable<JobsTable>;
export type JobUpdate = Updateable<JobsTable>;

/**
 * One file per job slot: pictures R1–R9, P1–P12, T1–T12, D1–D21, DP1–DP7, and the documents
 * 'CWF Files', '41 Insert', 'Shipping Files', 'Supporting Files', 'Digital 222 Files', and the generated
 * 'Certificate of Destruction' (011_certificate_slot.sql).
 */
export interface JobFilesTable {
  id: Generated<number>;
  job_id: number;
  slot: string;
  file_id: string;
  created_at: TimestampWithDefault;
  created_by: string;
}
export type JobFile = Selectable<JobFilesTable>;
export type NewJobFile = Insertable<JobFilesTable>;
export type JobFileUpdate = Updateable<JobFilesTable>;
