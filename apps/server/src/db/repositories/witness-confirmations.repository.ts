import {
  changedReason,
  kindsAttesting,
  staleReason,
  WITNESS_ROLES,
  WITNESS_SLOTS,
  type DestructionRecord,
  type DestructionRecordKey,
  type WitnessKind,
  type WitnessRole,
} from '@3ds/domain';
import { sql, type Kysely } from 'kysely';
import { writeAudit } from '../audit.repository.ts';
import type { Database } from '../schema.ts';
import type { Job } from '../tables/jobs.table.ts';
import type { WitnessConfirmation } from '../tables/witnesses.table.ts';

// Witnesses who sign for themselves (packages/domain rules/witnesses.ts; 090_witness_confirmations.sql):
// the confirmations of a job's witnesses, read by the witnesses' card, the job's documents, and voided
// by every write that changes what they attest (the destruction record's edit, an approved correction).

/** The jobs column of each destruction record field. */
export const DESTRUCTION_RECORD_COLUMNS = {
  dateTransfer: 'date_transfer',
  dateReceived: 'date_received',
  dateDestroyed: 'date_destroyed',
  disposalMethod: 'disposal_method',
  facility: 'destruction_facility',
  facilityAddress: 'destruction_facility_address',
  transferWitness1: 'transfer_witness_1',
  transferWitness2: 'transfer_witness_2',
  destructionWitness1: 'destruction_witness_1',
  destructionWitness2: 'destruction_witness_2',
  lateReason: 'late_destruction_reason',
} as const satisfies Record<DestructionRecordKey, keyof Job>;

export type DestructionRecordRow = Pick<Job, (typeof DESTRUCTION_RECORD_COLUMNS)[DestructionRecordKey]>;

export function destructionRecordOf(job: Partial<DestructionRecordRow>): DestructionRecord {
  const entries = Object.entries(DESTRUCTION_RECORD_COLUMNS).map(([key, column]) => [key, job[column] ?? null]);
  return Object.fromEntries(entries) as DestructionRecord;
}

/** Every confirmation of the job, newest first. */
export function confirmationsOf(db: Kysely<Database>, jobId: number): Promise<WitnessConfirmation[]> {
  return db.selectFrom('witness_confirmations').selectAll().where('job_id', '=', jobId).orderBy('id', 'desc').execute();
}

/**
 * A fingerprint of what the job's line items say (not when they were locked or by whom): a destruction
 * witness's confirmation keeps it, and no longer holds once a line item is added, changed in what the
 * Form 41 prints from it, moved or removed — whichever write did it.
 */
export async function itemsFingerprint(db: Kysely<Database>, jobId: number): Promise<string> {
  const { rows } = await sql<{ fingerprint: string }>`
    SELECT md5(coalesce(string_agg(row(id, kind, container_id, ndc, ndc_schedule, strength, form, lot_number, pack_quantity, pack_size, pack_size_uom,
      percent_fill, reporting_qty, reporting_uom, bulk_pack_size, bulk_pack_size_uom, converted_to_base, grams_of_base)::text, ',' ORDER BY id), '')) AS fingerprint
    FROM line_items WHERE job_id = ${jobId}`.execute(db);
  return rows[0]!.fingerprint;
}

/** Why a confirmation does not hold on the record and line items as they are, or null while it holds (`staleReason`); a void one says why it was voided. */
export function notHolding(confirmation: WitnessConfirmation, record: DestructionRecord, items: string): string | null {
  if (confirmation.void_reason !== null) return confirmation.void_reason;
  return staleReason(confirmation.attested, record, WITNESS_SLOTS[confirmation.role].kind, items);
}

/** Whether a confirmation holds on the record and line items as they are: not void, and what it attests unchanged. */
export function holds(confirmation: WitnessConfirmation, record: DestructionRecord, items: string): boolean {
  return notHolding(confirmation, record, items) === null;
}

/** The confirmation of each role that is not void (at most one a role: a unique index holds it). */
export function activeByRole(confirmations: readonly WitnessConfirmation[]): Map<WitnessRole, WitnessConfirmation> {
  return new Map(confirmations.filter((c) => c.voided_at === null).map((c) => [c.role, c]));
}

/**
 * Voids the job's confirmations of these kinds that are not void yet, inside the caller's
 * transaction, each with its audit row (entity job, action void-witness). Answers what was voided.
 */
export async function voidConfirmations(
  trx: Kysely<Database>,
  input: { jobId: number; kinds: readonly WitnessKind[]; reason: string; by: string; requestId: string; at: Date },
): Promise<WitnessConfirmation[]> {
  const roles = WITNESS_ROLES.filter((role) => input.kinds.includes(WITNESS_SLOTS[role].kind));
  if (!roles.length) return [];
  const voided = await trx
    .updateTable('witness_confirmations')
    .set({ voided_at: input.at, void_reason: input.reason, voided_by: input.by })
    .where('job_id', '=', input.jobId)
    .where('role', 'in', roles)
    .where('voided_at', 'is', null)
    .returningAll()
    .execute();
  for (const row of voided) {
    await writeAudit(trx, {
      username: input.by,
      action: 'void-witness',
      entity: 'job',
      recordId: input.jobId,
      before: { role: row.role, label: WITNESS_SLOTS[row.role].label, confirmation: row.id, username: row.username, name: row.name },
      after: { reason: input.reason },
      requestId: input.requestId,
    });
  }
  return voided;
}

/** Voids the confirmations a change of these destruction record fields concerns (`kindsAttesting`), saying which fields changed. */
export function voidForChangedFields(
  trx: Kysely<Database>,
  input: { jobId: number; changed: readonly DestructionRecordKey[]; by: string; requestId: string; at: Date },
): Promise<WitnessConfirmation[]> {
  const kinds = kindsAttesting(input.changed);
  const reason = `The destruction record changed: ${changedReason(input.changed.filter((key) => kinds.some((kind) => attestsKey(kind, key))))}`;
  return voidConfirmations(trx, { jobId: input.jobId, kinds, reason, by: input.by, requestId: input.requestId, at: input.at });
}

const attestsKey = (kind: WitnessKind, key: DestructionRecordKey) => kindsAttesting([key]).includes(kind);
