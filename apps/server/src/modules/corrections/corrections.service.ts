import {
  CORRECTION_MESSAGES,
  CORRECTION_STATUS_TEXT,
  correctableField,
  correctionReasonProblem,
  decidedCorrectionMessage,
  ERROR_CODES,
  formatIsoDate,
  isFinal,
  notFinalCorrectionMessage,
  staleCorrectionMessage,
  unknownCorrectionFieldMessage,
  type CorrectableField,
  type CorrectionStatus,
  type CorrectionTarget,
  type LineItemEntryInput,
} from '@3ds/domain';
import type { Kysely } from 'kysely';
import { writeAudit } from '../../db/audit.repository.ts';
import type { Database } from '../../db/schema.ts';
import type { Correction } from '../../db/tables/corrections.table.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, forbidden, notFound, validationFailed } from '../../errors/app-error.ts';
import { assertMayPerform } from '../../security/authorize.ts';
import type { SessionUser } from '../../security/session-user.ts';
import { voidConfirmations } from '../../db/repositories/witness-confirmations.repository.ts';
import { jobFinality } from '../../db/repositories/job-finality.repository.ts';
import * as repo from './corrections.repository.ts';

/**
 * What applies an approved correction inside the approval's transaction: the line items module's
 * `correctIn` (the same checks as an edit) and the jobs module's (the destruction record's date rules).
 */
export interface LineItemCorrector {
  correctIn(trx: Kysely<Database>, id: number, input: LineItemEntryInput, user: SessionUser, requestId: string): Promise<unknown>;
}
export interface JobCorrector {
  correctIn(trx: Kysely<Database>, id: number, key: 'dateReceived' | 'dateDestroyed', value: string, user: SessionUser, requestId: string): Promise<unknown>;
}

export interface CorrectionRequest {
  jobId?: number | undefined;
  lineItemId?: number | undefined;
  field: string;
  value: string;
  reason: string;
}

/** How an approved line item correction is handed to the line item's edit (its entry field names). */
const LINE_ITEM_ENTRY: Record<string, (stored: string | number | null) => LineItemEntryInput> = {
  pack_quantity: (v) => ({ packQuantity: v as number }),
  pack_size: (v) => ({ packSize: v as number }),
  percent_fill: (v) => ({ percentFill: v as number }),
  lot_number: (v) => ({ lotNumber: (v ?? '') as string }),
  expiration_date: (v) => ({ expirationDate: formatIsoDate(v as string | null) }),
};

const JOB_KEY: Record<string, 'dateReceived' | 'dateDestroyed'> = { date_received: 'dateReceived', date_destroyed: 'dateDestroyed' };

const problem = (message: string) => validationFailed(message, [message]);

/**
 * Corrections of a final job's records (rules/corrections.ts, docs/dea-paperwork.md "Corrections on
 * the record"): asked for by one person with the field, the value it held, the value it gets and why;
 * approved — and applied in the same transaction — or rejected by another. The correction stays on
 * the record whatever is decided; the record it changes keeps the change in its history.
 */
export class CorrectionsService {
  readonly #db: Kysely<Database>;
  readonly #now: () => Date;
  readonly #lineItems: LineItemCorrector;
  readonly #jobs: JobCorrector;

  constructor(deps: { db: Kysely<Database>; now: () => Date; lineItems: LineItemCorrector; jobs: JobCorrector }) {
    this.#db = deps.db;
    this.#now = deps.now;
    this.#lineItems = deps.lineItems;
    this.#jobs = deps.jobs;
  }

  async list(of: { jobId: number } | { lineItemId: number }) {
    const exists = 'jobId' in of ? await repo.jobForCorrection(this.#db, of.jobId) : await repo.lineItemForCorrection(this.#db, of.lineItemId);
    if (!exists) throw notFound('jobId' in of ? `There is no job ${of.jobId}.` : `There is no line item ${of.lineItemId}.`);
    return { data: (await repo.correctionsOf(this.#db, of)).map((row) => answerOf(row, row.line_item_kind === 'yellow_bucket')) };
  }

  /** Records a correction to be approved (201). Nothing of the record changes yet. */
  async request(input: CorrectionRequest, user: SessionUser, requestId: string) {
    assertMayPerform(user, 'correction.request');
    const target: CorrectionTarget = input.lineItemId !== undefined ? 'line-item' : 'job';
    const field = correctableField(target, input.field.trim());
    if (!field) throw problem(unknownCorrectionFieldMessage(target, input.field.trim()));
    const read = field.read(input.value);
    if ('problem' in read) throw problem(read.problem);
    const reasonProblem = correctionReasonProblem(input.reason);
    if (reasonProblem) throw problem(reasonProblem);
    return transaction(this.#db, async (trx) => {
      const record = await this.#record(trx, target, target === 'line-item' ? input.lineItemId! : input.jobId!);
      const finality = await jobFinality(trx, record.jobId);
      if (!isFinal(finality)) throw new AppError(409, ERROR_CODES.conflict, notFinalCorrectionMessage(record.jobId), { title: 'Not final' });
      const oldValue = field.show(record.row[field.column]);
      const newValue = field.show(read.value);
      if (oldValue === newValue) throw problem(CORRECTION_MESSAGES.unchanged);
      const row = await repo.insertCorrection(trx, {
        job_id: record.jobId,
        line_item_id: target === 'line-item' ? record.id : null,
        field: field.label,
        old_value: oldValue,
        new_value: newValue,
        new_stored: JSON.stringify(read.value),
        reason: input.reason.trim(),
        requested_by: user.username,
        requested_at: this.#now(),
      });
      await writeAudit(trx, {
        username: user.username,
        action: 'request-correction',
        entity: target,
        recordId: record.id,
        after: { correction: row.id, field: field.label, from: oldValue, to: newValue, reason: row.reason },
        requestId,
      });
      return { data: [answerOf(row, record.row.kind === 'yellow_bucket')] };
    });
  }

  /**
   * Approves (and applies, in the same transaction) or rejects a pending correction: APPROVE_CORRECTION,
   * never by the one who asked, and only while the record still holds the value it was asked of.
   */
  async decide(id: number, decision: 'approve' | 'reject', note: string | undefined, user: SessionUser, requestId: string) {
    assertMayPerform(user, 'correction.approve');
    const noteProblem = correctionReasonProblem(note ?? '', { required: false });
    if (noteProblem) throw problem(noteProblem);
    return transaction(this.#db, async (trx) => {
      const correction = await repo.holdCorrection(trx, id);
      if (!correction) throw notFound(`There is no correction ${id}.`);
      if (correction.status !== 'pending') throw new AppError(409, ERROR_CODES.conflict, decidedCorrectionMessage(id, correction.status as CorrectionStatus), { title: 'Decided' });
      if (correction.requested_by === user.username) throw forbidden(CORRECTION_MESSAGES.ownRequest);
      const target: CorrectionTarget = correction.line_item_id === null ? 'job' : 'line-item';
      const field = correctableField(target, correction.field)!;
      if (decision === 'approve') {
        const record = await this.#record(trx, target, correction.line_item_id ?? correction.job_id);
        const now = field.show(record.row[field.column]);
        if (now !== correction.old_value) {
          throw new AppError(409, ERROR_CODES.conflict, staleCorrectionMessage(id, field.label, correction.old_value, now), { title: 'Changed since' });
        }
        await this.#apply(trx, field, correction, user, requestId);
      }
      const decided = await repo.decideCorrection(trx, id, {
        status: decision === 'approve' ? 'applied' : 'rejected',
        decided_by: user.username,
        decided_at: this.#now(),
        decision_note: note?.trim() || null,
      });
      await writeAudit(trx, {
        username: user.username,
        action: decision === 'approve' ? 'approve-correction' : 'reject-correction',
        entity: target,
        recordId: correction.line_item_id ?? correction.job_id,
        before: { correction: id, status: 'pending' },
        after: { correction: id, status: decided.status, field: field.label, from: correction.old_value, to: correction.new_value, note: decided.decision_note },
        requestId,
      });
      return { data: [answerOf(decided, await repo.isYellowBucketItem(trx, decided.line_item_id))] };
    });
  }

  async #apply(trx: Kysely<Database>, field: CorrectableField, correction: Correction, user: SessionUser, requestId: string) {
    const stored = correction.new_stored;
    if (field.target === 'line-item') {
      await this.#lineItems.correctIn(trx, correction.line_item_id!, LINE_ITEM_ENTRY[field.column]!(stored), user, requestId);
      // What the destruction witnesses saw destroyed changed: their confirmations are void (rules/witnesses.ts).
      await voidConfirmations(trx, {
        jobId: correction.job_id,
        kinds: ['destruction'],
        reason: `Correction ${correction.id} changed the ${field.label} of line item ${correction.line_item_id}`,
        by: user.username,
        requestId,
        at: this.#now(),
      });
    } else {
      await this.#jobs.correctIn(trx, correction.job_id, JOB_KEY[field.column]!, String(stored), user, requestId);
    }
  }

  async #record(trx: Kysely<Database>, target: CorrectionTarget, id: number): Promise<{ id: number; jobId: number; row: Record<string, unknown> }> {
    if (target === 'line-item') {
      const item = await repo.lineItemForCorrection(trx, id);
      if (!item) throw notFound(`There is no line item ${id}.`);
      return { id, jobId: item.job_id, row: item };
    }
    const job = await repo.jobForCorrection(trx, id);
    if (!job) throw notFound(`There is no job ${id}.`);
    return { id, jobId: id, row: job };
  }
}

/** A correction as the API answers it. */
function answerOf(row: Correction, yellowBucket: boolean) {
  const status = row.status as CorrectionStatus;
  return {
    recordId: String(row.id),
    fieldData: {
      'Job ID': String(row.job_id),
      'Line Item ID': row.line_item_id === null ? '' : String(row.line_item_id),
      'Yellow Bucket': yellowBucket,
      Field: row.field,
      'Old Value': row.old_value,
      'New Value': row.new_value,
      Reason: row.reason,
      'Requested By': row.requested_by,
      'Requested At': new Date(row.requested_at).toISOString(),
      Status: status,
      'Status Text': CORRECTION_STATUS_TEXT[status],
      'Decided By': row.decided_by ?? '',
      'Decided At': row.decided_at ? new Date(row.decided_at).toISOString() : '',
      'Decision Note': row.decision_note ?? '',
    },
  };
}
