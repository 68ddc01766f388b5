import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { IsoDate, RecordAuditColumns } from './record-columns.ts';

/** A theft or loss in transit found by a job's reconciliation (089_losses.sql; rules/losses.ts). */
export interface LossesTable extends RecordAuditColumns {
  id: Generated<number>;
  job_id: number;
  /** The reconciliation line it was found on. */
  line_key: string;
  kind: 'theft' | 'in-transit';
  ndc: string | null;
  name: string;
  schedule: string | null;
  lot: string | null;
  /** numeric: packages lost, read as a number (db/database.ts). */
  quantity: number;
  discovered_on: IsoDate;
  notice_due: IsoDate;
  form_106_due: IsoDate;
  notice_sent_on: IsoDate | null;
  form_106_filed_on: IsoDate | null;
  form_106_number: string | null;
  circumstances: string | null;
}
export type Loss = Selectable<LossesTable>;
export type NewLoss = Insertable<LossesTable>;
export type LossUpdate = Updateable<LossesTable>;
