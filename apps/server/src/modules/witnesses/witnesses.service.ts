import {
  attestedOf,
  confirmationLine,
  ERROR_CODES,
  finalRefusalMessage,
  MESSAGES,
  samePersonProblem,
  WITNESS_MESSAGES,
  WITNESS_ROLES,
  WITNESS_SLOTS,
  witnessDayProblem,
  type ConfirmWitnessBody,
  type DestructionRecord,
  type WitnessAnswer,
  type WitnessConfirmationAnswer,
  type WitnessesAnswer,
  type WitnessRole,
  type WithdrawWitnessBody,
} from '@3ds/domain';
import type { Kysely } from 'kysely';
import { writeAudit } from '../../db/audit.repository.ts';
import { jobFinality } from '../../db/repositories/job-finality.repository.ts';
import { readSettings } from '../../db/repositories/settings.repository.ts';
import {
  activeByRole,
  confirmationsOf,
  DESTRUCTION_RECORD_COLUMNS,
  destructionRecordOf,
  itemsFingerprint,
  notHolding,
} from '../../db/repositories/witness-confirmations.repository.ts';
import type { Database } from '../../db/schema.ts';
import type { WitnessConfirmation } from '../../db/tables/witnesses.table.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, conflict, notFound, tooManyAttempts, validationFailed } from '../../errors/app-error.ts';
import { assertMayPerform } from '../../security/authorize.ts';
import type { SessionUser } from '../../security/session-user.ts';
import type { RequestMeta } from '../../shared/request-meta.ts';
import * as repo from './witnesses.repository.ts';

/** What the witnesses need of the sign-in (AuthService.checkPassword): a password checked as a sign-in checks it. */
export interface PasswordChecker {
  checkPassword(
    username: string,
    password: string,
    meta: RequestMeta,
  ): Promise<{ ok: true; user: { id: number; username: string; display_name: string } } | { ok: false; reason: 'locked' | 'busy' | 'credentials' | 'disabled' }>;
}

/** When a check refused for a full line of hashes may be tried again (seconds), as at the sign-in. */
const BUSY_RETRY_SECONDS = 2;

const iso = (value: Date | null) => (value === null ? null : new Date(value).toISOString());

function confirmationAnswer(row: WitnessConfirmation): WitnessConfirmationAnswer {
  return {
    id: row.id,
    role: row.role,
    username: row.username,
    name: row.name,
    confirmedAt: iso(row.confirmed_at)!,
    address: row.address,
    userAgent: row.user_agent,
    recordedBy: row.recorded_by,
    voidedAt: iso(row.voided_at),
    voidReason: row.void_reason,
    voidedBy: row.voided_by,
  };
}

/**
 * Witnesses who sign for themselves (rules/witnesses.ts; docs/destruction-record.md "Witnesses"): each
 * witness of a job's transfer and destruction confirms with their own password, typed where the
 * record is kept; the confirmation writes their name on the destruction record and keeps who, when and
 * from where. Each change is one transaction with its audit row (entity job). Once the job's Form 41
 * printed them, the witnesses stay as printed.
 */
export class WitnessesService {
  readonly #db: Kysely<Database>;
  readonly #auth: PasswordChecker;
  readonly #now: () => Date;

  constructor(deps: { db: Kysely<Database>; auth: PasswordChecker; now: () => Date }) {
    this.#db = deps.db;
    this.#auth = deps.auth;
    this.#now = deps.now;
  }

  /** The job's four witnesses, each with its state, and every confirmation it has had. 404 for an unknown job. */
  async read(jobId: number): Promise<WitnessesAnswer> {
    const job = await repo.jobRecord(this.#db, jobId, { hold: false });
    if (!job) throw notFound(`There is no job ${jobId}.`);
    const [confirmations, finality, settings] = await Promise.all([confirmationsOf(this.#db, jobId), jobFinality(this.#db, jobId), readSettings(this.#db)]);
    // What the job lists is read only when a destruction witness's confirmation stands on it: a job
    // being filled (read again on every item scanned) has none.
    const items = confirmations.some((c) => c.voided_at === null && WITNESS_SLOTS[c.role].kind === 'destruction') ? await itemsFingerprint(this.#db, jobId) : '';
    const record = destructionRecordOf(job);
    const witnesses = WITNESS_ROLES.map((role) => this.#witness(role, record, items, confirmations, settings.time_zone));
    return { jobId, modId: String(job.mod_id), fixed: finality.form41, witnesses, history: confirmations.map(confirmationAnswer) };
  }

  #witness(role: WitnessRole, record: DestructionRecord, items: string, confirmations: readonly WitnessConfirmation[], timeZone: string): WitnessAnswer {
    const slot = WITNESS_SLOTS[role];
    const name = record[slot.key];
    const last = confirmations.find((c) => c.role === role);
    // Void when voided, or when what it attests changed by a write that does not void (a late entry,
    // a script): void all the same, and said why.
    const reason = last ? notHolding(last, record, items) : null;
    const held = last !== undefined && reason === null;
    const state = held ? 'confirmed' : last && name === last.name ? 'void' : name ? 'typed' : 'empty';
    const waitingFor = witnessDayProblem(role, record) ?? null;
    const confirmation = last && (state === 'confirmed' || state === 'void') ? { ...confirmationAnswer(last), voidReason: reason } : null;
    return {
      role,
      label: slot.label,
      name,
      state,
      confirmation,
      printed: held ? confirmationLine({ username: last.username, confirmedAt: last.confirmed_at, address: last.address }, timeZone) : null,
      canConfirm: waitingFor === null,
      waitingFor,
    };
  }

  /**
   * A witness confirms `role` with their own username and password (CREATE_JOB for whoever is signed
   * in). 422: wrong username or password (counted as a failed sign-in), a disabled account, the day of
   * what they witness not on record, the other witness of the kind the same person; 409: the role is
   * confirmed already (its confirmation holds: withdraw it first, which a printed Form 41 refuses);
   * 429: the username is locked out.
   */
  async confirm(jobId: number, role: WitnessRole, body: ConfirmWitnessBody, user: SessionUser, meta: RequestMeta): Promise<WitnessesAnswer> {
    assertMayPerform(user, 'job.confirm-witness');
    const slot = WITNESS_SLOTS[role];
    // Checked before anything is held: a password's hash takes a while, and a wrong one counts.
    const exists = await repo.jobRecord(this.#db, jobId, { hold: false });
    if (!exists) throw notFound(`There is no job ${jobId}.`);
    const check = await this.#auth.checkPassword(body.username, body.password, meta);
    if (!check.ok) {
      if (check.reason === 'locked') throw tooManyAttempts(MESSAGES.tooManyAttempts);
      if (check.reason === 'busy') throw tooManyAttempts(MESSAGES.signInsBusy, BUSY_RETRY_SECONDS);
      const message = check.reason === 'disabled' ? WITNESS_MESSAGES.disabled(body.username.trim().toLowerCase()) : WITNESS_MESSAGES.credentials;
      throw validationFailed(message, [message]);
    }
    // The name printed on the record: the user's display name, their username when they have none.
    const witness = { ...check.user, display_name: check.user.display_name.trim() || check.user.username };
    const at = this.#now();
    await transaction(this.#db, async (trx) => {
      const job = await repo.jobRecord(trx, jobId, { hold: true });
      if (!job) throw notFound(`There is no job ${jobId}.`);
      // A witness whose confirmation the Form 41 printed stays (withdrawing is refused); one whose
      // confirmation is void since (a correction, a late entry) confirms again for the next version.
      const record = destructionRecordOf(job);
      const confirmations = await confirmationsOf(trx, jobId);
      const items = await itemsFingerprint(trx, jobId);
      const current = activeByRole(confirmations).get(role);
      const stale = current ? notHolding(current, record, items) : null;
      if (current && stale === null) throw conflict(WITNESS_MESSAGES.confirmed(role, current.name));
      const problems: string[] = [];
      const dayProblem = witnessDayProblem(role, record);
      if (dayProblem) problems.push(dayProblem);
      const otherName = record[WITNESS_SLOTS[slot.other].key];
      const otherLast = confirmations.find((c) => c.role === slot.other);
      const otherUsername = otherLast && otherLast.name === otherName ? otherLast.username : null;
      const sameProblem = samePersonProblem(role, { username: witness.username, name: witness.display_name }, { username: otherUsername, name: otherName });
      if (sameProblem) problems.push(sameProblem);
      if (problems.length) throw validationFailed(problems[0]!, problems);
      // A confirmation that stopped holding without being voided (what it attests changed) is voided now.
      if (current) await repo.voidConfirmation(trx, current.id, { at, reason: stale!, by: user.username });
      const row = await repo.insertConfirmation(trx, {
        job_id: jobId,
        role,
        user_id: witness.id,
        username: witness.username,
        name: witness.display_name,
        confirmed_at: at,
        address: meta.ip?.slice(0, 100) ?? null,
        user_agent: meta.userAgent?.slice(0, 500) ?? null,
        recorded_by: user.username,
        attested: JSON.stringify(attestedOf(record, slot.kind, items)),
      });
      const column = DESTRUCTION_RECORD_COLUMNS[slot.key];
      await repo.setWitnessName(trx, jobId, column, witness.display_name, user.username);
      await writeAudit(trx, {
        username: user.username,
        action: 'confirm-witness',
        entity: 'job',
        recordId: jobId,
        before: { [column]: record[slot.key] },
        after: { [column]: witness.display_name, role, label: slot.label, confirmation: row.id, username: witness.username, address: row.address, userAgent: row.user_agent },
        requestId: meta.requestId,
      });
    });
    return this.read(jobId);
  }

  /**
   * Withdraws `role`'s confirmation, or the typed name of a witness from before confirmations (CREATE_JOB),
   * with the reason: the confirmation is kept, void, and the name leaves the destruction record. 422
   * when the role has neither; 409 once the job's Form 41 printed its witnesses.
   */
  async withdraw(jobId: number, role: WitnessRole, body: WithdrawWitnessBody, user: SessionUser, requestId: string): Promise<WitnessesAnswer> {
    assertMayPerform(user, 'job.withdraw-witness');
    const slot = WITNESS_SLOTS[role];
    const reason = body.reason.trim();
    await transaction(this.#db, async (trx) => {
      const job = await repo.jobRecord(trx, jobId, { hold: true });
      if (!job) throw notFound(`There is no job ${jobId}.`);
      await this.#assertNotPrinted(trx, jobId);
      const record = destructionRecordOf(job);
      const confirmations = await confirmationsOf(trx, jobId);
      const current = activeByRole(confirmations).get(role);
      const name = record[slot.key];
      // A confirmation voided since (what it attested changed) whose name the record still holds.
      const voided = current ? undefined : confirmations.find((c) => c.role === role && c.name === name);
      if (!current && !name) throw validationFailed(WITNESS_MESSAGES.nothingToWithdraw(role), [WITNESS_MESSAGES.nothingToWithdraw(role)]);
      if (current) await repo.voidConfirmation(trx, current.id, { at: this.#now(), reason: `${WITNESS_MESSAGES.withdrawn(user.username)}: ${reason}`, by: user.username });
      const column = DESTRUCTION_RECORD_COLUMNS[slot.key];
      if (name !== null) await repo.setWitnessName(trx, jobId, column, null, user.username);
      await writeAudit(trx, {
        username: user.username,
        action: 'withdraw-witness',
        entity: 'job',
        recordId: jobId,
        before: {
          [column]: name,
          role,
          label: slot.label,
          ...(current ? { confirmation: current.id, username: current.username } : voided ? { confirmation: voided.id, username: voided.username, void: true } : {}),
        },
        after: { [column]: null, reason },
        requestId,
      });
    });
    return this.read(jobId);
  }

  /** Once the job's Form 41 is generated it prints the witnesses: none is withdrawn (rules/finality.ts). */
  async #assertNotPrinted(trx: Kysely<Database>, jobId: number) {
    const finality = await jobFinality(trx, jobId);
    if (finality.form41) {
      throw new AppError(409, ERROR_CODES.final, finalRefusalMessage(jobId, { ...finality, dateDestroyed: null, reported: false }, 'its witnesses stay as its Form 41 printed them (one whose confirmation is void since confirms again)'), { title: 'Final' });
    }
  }
}
