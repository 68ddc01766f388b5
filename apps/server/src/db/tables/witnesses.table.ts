import type { Attested } from '@3ds/domain';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A witness's confirmation of a job's transfer or destruction (090_witness_confirmations.sql; rules/witnesses.ts). */
export interface WitnessConfirmationsTable {
  id: Generated<number>;
  job_id: number;
  role: 'transfer-1' | 'transfer-2' | 'destruction-1' | 'destruction-2';
  user_id: number;
  username: string;
  name: string;
  confirmed_at: DefaultTimestamp;
  address: string | null;
  user_agent: string | null;
  recorded_by: string;
  /** The destruction record fields attested, as they were, and a destruction's line items' fingerprint (jsonb; rules/witnesses.ts Attested). */
  attested: ColumnType<Attested, string, string>;
  voided_at: NullableTimestamp;
  void_reason: string | null;
  voided_by: string | null;
}
export type WitnessConfirmation = Selectable<WitnessConfirmationsTable>;
export type NewWitnessConfirmation = Insertable<WitnessConfirmationsTable>;
