import {
  holdingRegistrationOf,
  registrantProblem,
  CONTAINER_MESSAGES,
  finalTargetMessage,
  isFinal,
  containerFieldsSchema,
  actionRule,
  isRegistrationExpired,
  todayIso,
  type ContainerFields,
  type Action,
  entityOf,
} from '@3ds/domain';
import type { Kysely } from 'kysely';
import { writeAudit } from '../../db/audit.repository.ts';
import { holdContainer, holdJob, type HeldContainer } from '../../db/row-locks.ts';
import type { Database } from '../../db/schema.ts';
import type { RecordKind } from '../../db/tables/records.table.ts';
import { transaction } from '../../db/transaction.ts';
import { conflict, finalRecord, notFound, validationFailed } from '../../errors/app-error.ts';
import type { RecordsService } from '../../records/records.service.ts';
import { assertLockAllows, assertMayPerform } from '../../security/authorize.ts';
import type { SessionUser } from '../../security/session-user.ts';
import { countOwnLockedItems, lineItemsOf } from '../../db/repositories/container-contents.repository.ts';
import { jobFinality, type KnownFinality } from '../../db/repositories/job-finality.repository.ts';
import { assertCompleteForLock } from '../../shared/lock-completeness.ts';
import * as containers from './containers.repository.ts';

const NOUN = { standard: 'Container', yellow_bucket: 'Yellow Bucket container' } as const;
/** Spec 2 §6: CREATE_CONTAINER edits a container; a Yellow Bucket container's edit is CREATE_LINE_ITEM's. */
const EDIT_ACTION = { standard: 'container.edit', yellow_bucket: 'yb-container.edit' } as const satisfies Record<RecordKind, Action>;

const refuse = (message: string) => validationFailed(message, [message]);

function parseFields(input: unknown): ContainerFields {
  const parsed = containerFieldsSchema.safeParse(input);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => i.message);
    throw validationFailed(details[0]!, details);
  }
  return parsed.data;
}

function columns(fields: ContainerFields) {
  return {
    ...(fields.containerName !== undefined ? { name: fields.containerName } : {}),
    ...(fields.pallet !== undefined ? { pallet: fields.pallet } : {}),
    ...(fields.containerType !== undefined ? { container_type: fields.containerType } : {}),
    ...(fields.packageWeight !== undefined ? { package_weight: fields.packageWeight } : {}),
    ...(fields.netWeight !== undefined ? { net_weight: fields.netWeight } : {}),
    ...(fields.grossUoM !== undefined ? { gross_uom: fields.grossUoM } : {}),
  };
}

export class ContainersService {
  readonly #db: Kysely<Database>;
  readonly #records: RecordsService;
  readonly #now: () => Date;
  /** Today in the Settings' time zone (BusinessDay), for the registration's expiry. */
  readonly #today: () => string;

  constructor(deps: { db: Kysely<Database>; records: RecordsService; now: () => Date; today?: () => string }) {
    this.#db = deps.db;
    this.#records = deps.records;
    this.#now = deps.now;
    this.#today = deps.today ?? (() => todayIso(this.#now()));
  }

  /** A new container in an unlocked job (CREATE_CONTAINER). */
  async create(kind: RecordKind, jobId: number, input: unknown, user: SessionUser, requestId: string) {
    assertMayPerform(user, 'container.create');
    const fields = parseFields(input);
    return transaction(this.#db, async (trx) => {
      const job = await holdJob(trx, jobId);
      if (!job) throw notFound(`There is no job ${jobId}.`);
      assertLockAllows('container.create', { job: job.locked }, { noun: 'Job', id: jobId, jobId });
      const created = await containers.insertContainer(trx, { kind, job_id: jobId, ...columns(fields), created_by: user.username, modified_by: user.username });
      await writeAudit(trx, { username: user.username, action: 'create', entity: 'container', recordId: created.id, after: created, requestId });
      return { recordId: String(created.id), modId: String(created.mod_id) };
    });
  }

  /** Changes the sent fields of an unlocked container; nothing changed is "Invalid Form". */
  async edit(kind: RecordKind, id: number, input: unknown, modId: string | undefined, user: SessionUser, requestId: string) {
    assertMayPerform(user, EDIT_ACTION[kind]);
    const fields = parseFields(input);
    return transaction(this.#db, async (trx) => {
      const { container: before } = await this.#hold(trx, kind, id, EDIT_ACTION[kind]);
      if (modId !== undefined && modId !== String(before.mod_id)) {
        throw conflict(`${NOUN[kind]} ${id} was changed by someone else since you opened it. Reload it and try again.`);
      }
      const changes = Object.fromEntries(
        Object.entries(columns(fields)).filter(([key, value]) => String((before as Record<string, unknown>)[key] ?? '') !== String(value ?? '')),
      );
      if (!Object.keys(changes).length) throw refuse(CONTAINER_MESSAGES.invalidForm);
      const after = await containers.updateContainer(trx, id, { ...changes, modified_by: user.username });
      await writeAudit(trx, { username: user.username, action: 'edit', entity: 'container', recordId: id, before, after, requestId });
      return { recordId: String(id), modId: String(after.mod_id) };
    });
  }

  /**
   * Locks or unlocks a container and its line items together (LOCK_CONTAINER / UNLOCK_CONTAINER); a
   * lock is refused (409 `INCOMPLETE`) while any of its line items lacks what Form 41 and ARCOS need.
   * Under a locked job neither is possible: the job's lock is the one that counts. An item locked on
   * its own stays locked when the container is unlocked: only UNLOCK_LINE_ITEM unlocks it. Locking
   * what is locked (or unlocking what is unlocked) is refused with 409 and changes nothing.
   */
  async setLocked(kind: RecordKind, id: number, lock: boolean, user: SessionUser, requestId: string) {
    assertMayPerform(user, lock ? 'container.lock' : 'container.unlock');
    await transaction(this.#db, (trx) => this.setLockedIn(trx, kind, id, lock, user, requestId));
    return this.#records.record(entityOf('container', kind), id, user);
  }

  /**
   * The lock or unlock of one container inside the caller's transaction: the single route's and
   * each record's of a bulk lock. `held`: the container and job the caller already holds.
   */
  async setLockedIn(trx: Kysely<Database>, kind: RecordKind, id: number, lock: boolean, user: SessionUser, requestId: string, held?: HeldContainer) {
    const action = lock ? 'container.lock' : 'container.unlock';
    const { container: before } = await this.#hold(trx, kind, id, action, held);
    // Nothing incomplete gets locked: the container is held FOR UPDATE, so its line items stay as read.
    if (lock) await assertCompleteForLock(trx, { containerId: id }, { noun: NOUN[kind], id });
    const items = await containers.cascadeLock(trx, id, lock, user.username);
    await containers.setContainerLocked(trx, id, lock, user.username);
    await writeAudit(trx, {
      username: user.username,
      action: lock ? 'lock' : 'unlock',
      entity: 'container',
      recordId: id,
      before: { locked: before.locked },
      after: { locked: lock, lineItemsChanged: items },
      requestId,
    });
  }

  /**
   * Moves an unlocked container (and so its line items) to another unlocked job whose
   * registration has the same number and has not expired (MOVE_CONTAINER).
   */
  async move(kind: RecordKind, id: number, jobId: number, user: SessionUser, requestId: string) {
    assertMayPerform(user, 'container.move');
    await transaction(this.#db, (trx) => this.moveIn(trx, kind, id, jobId, user, requestId));
    return this.#records.record(entityOf('container', kind), id, user);
  }

  /** The move of one container inside the caller's transaction (the single move and each record of a bulk move). */
  async moveIn(trx: Kysely<Database>, kind: RecordKind, id: number, jobId: number, user: SessionUser, requestId: string, held?: HeldContainer & KnownFinality) {
    const { container: before, job: source } = await this.#hold(trx, kind, id, 'container.move', held);
    const target = await holdJob(trx, jobId);
    if (!target) throw notFound(`There is no job ${jobId}.`);
    if (target.id === before.job_id) throw refuse(`${NOUN[kind]} ${id} is already in job ${jobId}.`);
    // What a final job recorded stays there, and nothing joins it afterwards (finality.ts).
    const targetFinality = held?.targetFinality ?? (await jobFinality(trx, jobId));
    if (isFinal(targetFinality)) throw finalRecord(finalTargetMessage(jobId, targetFinality, 'containers'));
    if (target.locked) throw refuse(`Job ${jobId} is locked; containers cannot be moved into it.`);
    if (target.registration_number !== source.registration_number) {
      throw refuse(`Job ${jobId} is for registration ${target.registration_number}, not ${source.registration_number}; a container can only move between jobs of the same registration.`);
    }
    if (isRegistrationExpired(target.expiration_date, this.#today())) {
      throw refuse(`The registration of job ${jobId} has expired; containers cannot be moved into it.`);
    }
    // A renewal kept as a second record of the same number may hold other schedules (registrants.ts).
    if (target.registration_id !== source.registration_id) {
      const registration = holdingRegistrationOf(await containers.registrationOfJob(trx, jobId));
      const refusal = (await containers.schedulesIn(trx, id)).map((schedule) => registrantProblem(registration, schedule)).find(Boolean);
      if (refusal) throw refuse(`${NOUN[kind]} ${id} cannot move to job ${jobId}: ${refusal}`);
    }
    // The line items follow: their (container, job, kind) key cascades on update.
    await containers.moveContainer(trx, id, jobId, user.username);
    const items = await containers.lineItemIdsOf(trx, id);
    await writeAudit(trx, {
      username: user.username,
      action: 'move',
      entity: 'container',
      recordId: id,
      before: { job_id: before.job_id },
      after: { job_id: jobId, lineItems: items.map((i) => i.id) },
      requestId,
    });
  }

  /** Deletes an unlocked container with its line items (DELETE_CONTAINER); the audit row keeps them all. */
  async delete(kind: RecordKind, id: number, user: SessionUser, requestId: string) {
    assertMayPerform(user, 'container.delete');
    return transaction(this.#db, async (trx) => {
      const { container } = await this.deleteIn(trx, kind, id, user, requestId);
      return { messages: [{ code: '0', message: 'OK' }], jobId: String(container.job_id) };
    });
  }

  /** The delete of one container with its line items inside the caller's transaction (single and bulk). */
  async deleteIn(trx: Kysely<Database>, kind: RecordKind, id: number, user: SessionUser, requestId: string, held?: HeldContainer & KnownFinality) {
    const { container } = await this.#hold(trx, kind, id, 'container.delete', held);
    const items = await lineItemsOf(trx, id);
    await containers.deleteContainerWithLineItems(trx, id);
    await writeAudit(trx, { username: user.username, action: 'delete', entity: 'container', recordId: id, before: { container, lineItems: items }, after: null, requestId });
    return { container };
  }

  /**
   * The container held for update and its job held, once the action's lock conditions allow it
   * (with the line items locked on their own counted and the job's finality read, for the actions
   * that look at them). A bulk action passes the rows it has already held, in one statement for
   * many records.
   */
  async #hold(trx: Kysely<Database>, kind: RecordKind, id: number, action: Action, already?: HeldContainer & KnownFinality) {
    const held = already ?? (await holdContainer(trx, id, { kind, mode: 'update' }));
    if (!held) throw notFound(`There is no ${NOUN[kind]} ${id}.`);
    const { refusedWhen } = actionRule(action);
    const ownLockedItems = refusedWhen.includes('own-locked-items') ? await countOwnLockedItems(trx, id) : 0;
    const final = refusedWhen.includes('final') ? (already?.finality ?? (await jobFinality(trx, held.container.job_id))) : undefined;
    assertLockAllows(
      action,
      { job: held.job.locked, record: held.container.locked, ownLockedItems, ...(final ? { final } : {}) },
      { noun: NOUN[kind], id, jobId: held.container.job_id, ownLockedItems },
    );
    return held;
  }
}
