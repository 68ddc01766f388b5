import type { Generated, GeneratedAlways, Insertable, Selectable, Updateable } from 'kysely';
import type { RecordAuditColumns, RecordKind } from './record-columns.ts';

/** Standard and Yellow Bucket containers. Weights are in gross_uom. */
export interface ContainersTable extends RecordAuditColumns {
  id: Generated<number>;
  kind: RecordKind;
  /** Moving a container updates its line items' job_id with it (ON UPDATE CASCADE). */
  job_id: number;
  name: string | null;
  pallet: string | null;
  container_type: string | null;
  package_weight: number | null;
  net_weight: number | null;
  /** net + package, computed by the database. */
  gross_weight: GeneratedAlways<number>;
  gross_uom: string | null;
  locked: Generated<boolean>;
  zi_package_size: number | null;
}
export type Container = Selectable<ContainersTable>;
export type NewContainer = Insertable<ContainersTable>;
export type ContainerUpdate = Updateable<ContainersTable>;
