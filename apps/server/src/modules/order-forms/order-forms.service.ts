import {
  formNumberProblem,
  holdingRegistrationOf,
  isOrderFormKind,
  normalFormNumber,
  ORDER_FORM_MESSAGES,
  orderFormEditRefusal,
  RECEIVED_FORM_MESSAGES,
  receivedLinesProblem,
  orderFormExecutionProblem,
  orderFormNoteProblem,
  orderFormReasonProblem,
  orderFormRegistrationProblem,
  orderFormTransitionRefusal,
  readIssueDate,
  readOrderFormLines,
  trimLine,
  type NewOrderFormBody,
  type OrderFormAnswer,
  type OrderFormChangeBody,
  type OrderFormKind,
  type OrderFormLine,
  type OrderFormStatus,
  type OrderFormStatusBody,
} from '@3ds/domain';
import type { Kysely } from 'kysely';
import { writeAudit } from '../../db/audit.repository.ts';
import { receiptsOf } from '../../db/repositories/order-form-receipts.repository.ts';
import type { Database } from '../../db/schema.ts';
import type { OrderForm } from '../../db/tables/order-forms.table.ts';
import { transaction } from '../../db/transaction.ts';
import { conflict, notFound, validationFailed } from '../../errors/app-error.ts';
import { assertMayPerform } from '../../security/authorize.ts';
import type { SessionUser } from '../../security/session-user.ts';
import * as repo from './order-forms.repository.ts';

/** The family's name in the audit log and the live updates (record-kinds.ts). */
const ENTITY = 'order-form';

/** 422 with every problem: the first is the message, all of them the details. */
function refuse(problems: readonly string[]): never {
  throw validationFailed(problems[0]!, [...problems]);
}

/** A kind as sent ("Paper", " electronic ") as stored, or undefined when it is none. */
function kindOf(text: string): OrderFormKind | undefined {
  const kind = trimLine(text).toLowerCase();
  return isOrderFormKind(kind) ? kind : undefined;
}

/** A note as stored: without the spaces around it, null when empty. */
function noteOf(text: string | undefined): string | null {
  const note = (text ?? '').trim();
  return note === '' ? null : note;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505' || (error as { cause?: { code?: string } })?.cause?.code === '23505';

/**
 * The Form 222 register's changes (rules/order-forms.ts, docs/dea-paperwork.md "The Form 222
 * register"): issuing a form to a client's registration, keeping its lines and note, and marking it
 * executed, void or lost. Each change is one transaction with its audit row (entity `order-form`),
 * which the live updates announce.
 */
export class OrderFormsService {
  readonly #db: Kysely<Database>;
  readonly #now: () => Date;
  readonly #today: () => string;

  constructor(deps: { db: Kysely<Database>; now: () => Date; today: () => string }) {
    this.#db = deps.db;
    this.#now = deps.now;
    this.#today = deps.today;
  }

  /** Issues a form (CREATE_JOB): 422 for any problem of its number, date, lines, note or registration, or a number already in the register. */
  async issue(input: NewOrderFormBody, user: SessionUser, requestId: string): Promise<OrderFormAnswer> {
    assertMayPerform(user, 'order-form.issue');
    const kind = kindOf(input.formKind);
    const formNumber = normalFormNumber(input.formNumber);
    const problems: string[] = [];
    const numberProblem = kind ? formNumberProblem(kind, formNumber) : ORDER_FORM_MESSAGES.kind;
    if (numberProblem) problems.push(numberProblem);
    const issued = readIssueDate(input.issuedOn, this.#today());
    if ('problem' in issued) problems.push(issued.problem);
    const note = noteOf(input.note);
    const noteProblem = note === null ? undefined : orderFormNoteProblem(note);
    if (noteProblem) problems.push(noteProblem);
    const read = readOrderFormLines(input.lines ?? []);
    if ('problems' in read) problems.push(...read.problems);
    if (problems.length || !kind || 'problem' in issued || 'problems' in read) refuse(problems);

    try {
      return await transaction(this.#db, async (trx) => {
        const registration = await repo.registrationForOrderForm(trx, input.registrationId);
        if (!registration) refuse([ORDER_FORM_MESSAGES.unknownRegistration(input.registrationId)]);
        const registrationProblem = orderFormRegistrationProblem(
          { ...holdingRegistrationOf(registration), expirationDate: registration.expiration_date },
          this.#today(),
        );
        if (registrationProblem) refuse([registrationProblem]);
        await this.#refuseTaken(trx, formNumber);
        const form = await repo.insertForm(trx, {
          registration_id: registration.id,
          form_number: formNumber,
          form_kind: kind,
          issued_on: issued.iso,
          note,
          created_by: user.username,
          modified_by: user.username,
        });
        const lines = await this.#named(trx, read.lines);
        await repo.replaceLines(trx, form.id, lines);
        await writeAudit(trx, { username: user.username, action: 'issue', entity: ENTITY, recordId: form.id, after: { ...snapshot(form), lines }, requestId });
        return answerOf(form);
      });
    } catch (error) {
      // Another issue of the same number committed between the look and the insert.
      if (isUniqueViolation(error)) await this.#refuseTaken(this.#db, formNumber);
      throw error;
    }
  }

  /**
   * Changes a form's lines and note (CREATE_JOB), and its number and kind while it is issued. 404 for
   * an unknown form; 409 for a void or lost form, a number or kind changed after issue, or a `modId`
   * that is not the form's; 422 for any problem of what is sent.
   */
  async change(id: number, input: OrderFormChangeBody, user: SessionUser, requestId: string): Promise<OrderFormAnswer> {
    assertMayPerform(user, 'order-form.edit');
    const read = input.lines === undefined ? undefined : readOrderFormLines(input.lines);
    const note = input.note === undefined ? undefined : noteOf(input.note);
    const problems: string[] = [];
    const noteProblem = note ? orderFormNoteProblem(note) : undefined;
    if (noteProblem) problems.push(noteProblem);
    if (read && 'problems' in read) problems.push(...read.problems);
    const kind = input.formKind === undefined ? undefined : kindOf(input.formKind);
    if (input.formKind !== undefined && !kind) problems.push(ORDER_FORM_MESSAGES.kind);
    if (problems.length) refuse(problems);

    try {
      return await transaction(this.#db, async (trx) => {
        const before = await this.#held(trx, id);
        const number = input.formNumber === undefined ? before.form_number : normalFormNumber(input.formNumber);
        const formKind = kind ?? before.form_kind;
        const numberOrKind = number !== before.form_number || formKind !== before.form_kind;
        const refusal = orderFormEditRefusal(before.form_number, before.status, { numberOrKind });
        if (refusal) throw conflict(refusal);
        if (input.modId !== undefined && String(input.modId) !== String(before.mod_id)) throw conflict(ORDER_FORM_MESSAGES.changedSince(before.form_number));
        if (numberOrKind) {
          const numberProblem = formNumberProblem(formKind, number);
          if (numberProblem) refuse([numberProblem]);
          if (number !== before.form_number) await this.#refuseTaken(trx, number);
        }
        const linesBefore = await repo.linesOf(trx, id);
        const lines = read && 'lines' in read ? await this.#named(trx, read.lines) : linesBefore;
        const linesChanged = JSON.stringify(lines) !== JSON.stringify(linesBefore);
        if (linesChanged) {
          const problem = receivedLinesProblem(before.form_number, lines, await receiptsOf(trx, id));
          if (problem) refuse([problem]);
        }
        const noteChanged = note !== undefined && note !== before.note;
        // The same form again changes nothing: no new modId, no audit row.
        if (!numberOrKind && !linesChanged && !noteChanged) return answerOf(before);
        if (linesChanged) await repo.replaceLines(trx, id, lines);
        // Every change updates the form's row, lines too: its modId says the form changed.
        const after = await repo.updateForm(trx, id, {
          form_number: number,
          form_kind: formKind,
          ...(noteChanged ? { note } : {}),
          modified_by: user.username,
        });
        await writeAudit(trx, {
          username: user.username,
          action: 'edit',
          entity: ENTITY,
          recordId: id,
          before: { ...changedOf(before, after), ...(linesChanged ? { lines: linesBefore } : {}) },
          after: { ...changedOf(after, before), ...(linesChanged ? { lines } : {}) },
          requestId,
        });
        return answerOf(after);
      });
    } catch (error) {
      if (isUniqueViolation(error) && input.formNumber !== undefined) await this.#refuseTaken(this.#db, normalFormNumber(input.formNumber));
      throw error;
    }
  }

  /**
   * Marks a form executed, void or lost (UNLOCK_JOB). 404 for an unknown form; 409 for a change its
   * state does not allow (void and lost are final; an executed form is not executed again) or a stale
   * `modId`; 422 for void or lost without a reason, or executing a form that lists no line or is past its 60 days.
   */
  async changeStatus(id: number, input: OrderFormStatusBody, user: SessionUser, requestId: string): Promise<OrderFormAnswer> {
    assertMayPerform(user, 'order-form.void');
    return transaction(this.#db, async (trx) => {
      const before = await this.#held(trx, id);
      const refusal = orderFormTransitionRefusal(before.form_number, before.status, input.status);
      if (refusal) throw conflict(refusal);
      if (input.modId !== undefined && String(input.modId) !== String(before.mod_id)) throw conflict(ORDER_FORM_MESSAGES.changedSince(before.form_number));
      const reasonProblem = orderFormReasonProblem(before.form_number, input.status, input.reason);
      if (reasonProblem) refuse([reasonProblem]);
      if (input.status !== 'executed' && [...(await receiptsOf(trx, id)).values()].some((r) => r.received > 0)) {
        throw conflict(RECEIVED_FORM_MESSAGES.voidReceived(before.form_number, input.status));
      }
      if (input.status === 'executed') {
        const problem = orderFormExecutionProblem(before.form_number, (await repo.linesOf(trx, id)).length, before.issued_on, this.#today());
        if (problem) refuse([problem]);
      }
      const reason = trimLine(input.reason ?? '');
      const after = await repo.updateForm(trx, id, {
        status: input.status,
        status_reason: reason === '' ? null : reason,
        status_changed_at: this.#now(),
        status_changed_by: user.username,
        modified_by: user.username,
      });
      await writeAudit(trx, {
        username: user.username,
        action: input.status === 'executed' ? 'execute' : input.status,
        entity: ENTITY,
        recordId: id,
        before: { status: before.status },
        after: { status: after.status, ...(after.status_reason ? { reason: after.status_reason } : {}) },
        requestId,
      });
      return answerOf(after);
    });
  }

  /** The form, held for the change, or 404. */
  async #held(trx: Kysely<Database>, id: number): Promise<OrderForm & { status: OrderFormStatus }> {
    const form = await repo.holdForm(trx, id);
    if (!form) throw notFound(`There is no Form 222 ${id} in the register.`);
    return form as OrderForm & { status: OrderFormStatus };
  }

  /** 422 naming the form that holds the number, and its client, when the register has one. */
  async #refuseTaken(db: Kysely<Database>, formNumber: string): Promise<void> {
    const taken = await repo.formWithNumber(db, formNumber);
    if (taken) {
      refuse([ORDER_FORM_MESSAGES.duplicate(formNumber, { id: taken.id, issuedOn: taken.issued_on, registrationNumber: taken.registration_number, companyName: taken.company_name })]);
    }
  }

  /** Lines named by their NDC alone take the dictionary's trade name as their item. */
  async #named(trx: Kysely<Database>, lines: readonly OrderFormLine[]): Promise<OrderFormLine[]> {
    const unnamed = lines.filter((line) => line.item === null && line.ndc !== null).map((line) => line.ndc!);
    const names = await repo.tradeNamesOf(trx, unnamed);
    return lines.map((line) => (line.item === null && line.ndc !== null && names.has(line.ndc) ? { ...line, item: names.get(line.ndc)! } : line));
  }
}

/** The form's own columns an audit row keeps. */
function snapshot(form: OrderForm) {
  return {
    registrationId: form.registration_id,
    formNumber: form.form_number,
    formKind: form.form_kind,
    issuedOn: form.issued_on,
    status: form.status,
    note: form.note,
  };
}

/** The columns of `form` that differ in `other`. */
function changedOf(form: OrderForm, other: OrderForm): Record<string, unknown> {
  const mine = snapshot(form) as Record<string, unknown>;
  const theirs = snapshot(other) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(mine).filter(([key, value]) => value !== theirs[key]));
}

function answerOf(form: OrderForm): OrderFormAnswer {
  return { recordId: String(form.id), modId: String(form.mod_id), formNumber: form.form_number, status: form.status as OrderFormStatus };
}
