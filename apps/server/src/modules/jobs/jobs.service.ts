import { randomUUID } from 'node:crypto';
import {
  DESTRUCTION_RECORD_FIELDS,
  DESTRUCTION_RECORD_LABELS,
  DESTRUCTION_RECORD_MESSAGES,
  DISPOSAL_METHOD_LIST,
  destructionRecordFieldProblems,
  destructionRecordProblems,
  ERROR_CODES,
  finalDestructionRecordProblems,
  isGeneratedJobDocument,
  disposalMethodProblem,
  isRegistrationExpired,
  JOB_NAME_MESSAGES,
  RECONCILIATION_MESSAGES,
  JOB_STATUS,
  jobNameProblems,
  readDestructionRecordInput,
  todayIso,
  unlockReasonProblem,
  WITNESS_KEYS,
  WITNESS_MESSAGES,
  type DestructionRecordFieldName,
  type DestructionRecordKey,
} from '@3ds/domain';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { writeAudit } from '../../db/audit.repository.ts';
import { holdContainer } from '../../db/row-locks.ts';
import type { Database } from '../../db/schema.ts';
import type { Job } from '../../db/tables/jobs.table.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, badRequest, conflict, notFound, tooManyAttempts, validationFailed } from '../../errors/app-error.ts';
import type { FileStore } from '../../files/file-store.ts';
import { JOBS_PREFIX, saveFile } from '../../files/stored-files.ts';
import { ONLY_IMAGES, PICTURE_TYPES, readOneFile } from '../../files/upload.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { RecordsService } from '../../records/records.service.ts';
import { assertLockAllows, assertMayPerform } from '../../security/authorize.ts';
import type { SessionUser } from '../../security/session-user.ts';
import { countOwnLockedItems, lineItemsOf } from '../../db/repositories/container-contents.repository.ts';
import { DESTRUCTION_RECORD_COLUMNS, destructionRecordOf, voidForChangedFields } from '../../db/repositories/witness-confirmations.repository.ts';
import { jobFinality } from '../../db/repositories/job-finality.repository.ts';
import { reconciliationOf } from '../../db/repositories/reconciliation.repository.ts';
import { assertCompleteForLock } from '../../shared/lock-completeness.ts';
import { DOCUMENT_MAX_BYTES, DOCUMENT_TYPES, jobFileSlot, PICTURE_MAX_BYTES } from './job-files.ts';
import * as jobs from './jobs.repository.ts';

/**
 * The refusal of an upload to a slot 3DS fills itself (the DEA Form 41, the Certificate of
 * Destruction): what it holds is made from the job's records, never a file someone brings.
 */
function generatedSlotMessage(jobId: number, slot: string) {
  const name = slot === '41 Insert' ? 'DEA Form 41' : slot;
  return `The ${slot} of job ${jobId} holds the ${name} 3DS generates from the job's records; it takes no upload. Generate it on the locked job (again, to record a newer version), and attach its signed copy beside it under Generated documents, any other file under Supporting Files.`;
}

/** A job's Job Ready notification is sent at most once in this long. */
export const JOB_READY_INTERVAL_MS = 60_000;
/**
 * One user sends at most this many Job Ready notifications in JOB_READY_USER_WINDOW_MS, whatever the
 * jobs: the e-mail goes to the operations mailbox, which a script must not be able to flood.
 */
export const JOB_READY_PER_USER = 20;
export const JOB_READY_USER_WINDOW_MS = 60 * 60_000;

export const JOB_READY_MESSAGES = {
  sent: 'A notification has been sent that your job is ready',
  failed: 'Notification Could Not Be Sent',
} as const;


export interface JobsServiceDeps {
  db: Kysely<Database>;
  now: () => Date;
  records: RecordsService;
  store: FileStore;
  mailer: Mailer;
  notifyTo: string;
  /** Today in the Settings' time zone (BusinessDay); by default the server's local day. */
  today?: () => string;
}

export class JobsService {
  readonly #db: Kysely<Database>;
  readonly #now: () => Date;
  readonly #records: RecordsService;
  readonly #store: FileStore;
  readonly #mailer: Mailer;
  readonly #notifyTo: string;
  readonly #today: () => string;

  constructor(deps: JobsServiceDeps) {
    this.#db = deps.db;
    this.#now = deps.now;
    this.#records = deps.records;
    this.#store = deps.store;
    this.#mailer = deps.mailer;
    this.#notifyTo = deps.notifyTo;
    this.#today = deps.today ?? (() => todayIso(this.#now()));
  }

  /**
   * Creates a job on a registration (spec 1 §2 "Add New Job"): needs CREATE_JOB, a name, and a
   * registration that exists and has not expired. The job takes the registration's activity and
   * today's date as its initiation date.
   */
  async create(input: { registrationId: number; name: unknown }, user: SessionUser, requestId: string) {
    assertMayPerform(user, 'job.create');
    const problems = jobNameProblems(input.name);
    if (problems.length) throw validationFailed(problems[0]!, problems);
    const name = String(input.name).trim();
    const today = this.#today();
    return transaction(this.#db, async (trx) => {
      const registration = await jobs.findRegistration(trx, input.registrationId);
      if (!registration) throw notFound(`There is no registration ${input.registrationId}.`);
      if (isRegistrationExpired(registration.expiration_date, today)) {
        throw validationFailed(JOB_NAME_MESSAGES.registrationExpired, [JOB_NAME_MESSAGES.registrationExpired]);
      }
      const job = await jobs.insertJob(trx, {
        registration_id: registration.id,
        name,
        activity: registration.activity,
        status: JOB_STATUS.open,
        date_initiated: today,
        created_by: user.username,
        modified_by: user.username,
      });
      await writeAudit(trx, { username: user.username, action: 'create', entity: 'job', recordId: job.id, after: job, requestId });
      return { recordId: String(job.id), modId: String(job.mod_id) };
    });
  }

  /** Renames an unlocked job (CREATE_JOB). A stale `modId` means someone else changed it first: 409. */
  async rename(id: number, input: { name: unknown; modId?: string | undefined }, user: SessionUser, requestId: string) {
    assertMayPerform(user, 'job.rename');
    const problems = jobNameProblems(input.name);
    if (problems.length) throw validationFailed(problems[0]!, problems);
    return transaction(this.#db, async (trx) => {
      const before = await jobs.findJobForUpdate(trx, id);
      if (!before) throw notFound(`There is no job ${id}.`);
      assertLockAllows('job.rename', { record: before.locked }, { noun: 'Job', id });
      if (input.modId !== undefined && input.modId !== String(before.mod_id)) {
        throw conflict(`Job ${id} was changed by someone else since you opened it. Reload it and try again.`);
      }
      const after = await jobs.updateJob(trx, id, { name: String(input.name).trim(), modified_by: user.username });
      await writeAudit(trx, { username: user.username, action: 'rename', entity: 'job', recordId: id, before: { name: before.name }, after: { name: after.name }, requestId });
      return { recordId: String(id), modId: String(after.mod_id) };
    });
  }

  /**
   * Changes the job's destruction record — dates transferred, received and destroyed, disposal
   * method, destruction facility and its address, transfer and destruction witnesses — any of them
   * at once ("" empties one). CREATE_JOB on an unlocked job; the job row is held FOR UPDATE, so a lock
   * in flight waits for this change or this change sees the lock. Dates may not be in the future,
   * received not before transferred, destroyed not before received, destroyed more than 30 days
   * after receipt only with the reason for it, the two witnesses of each kind two people, printed
   * names without invisible characters (DESTRUCTION_RECORD_MESSAGES);
   * the disposal method is a choice of the 'Disposal Method' value list when that list has entries.
   * A stale `modId` is a 409, as for a rename.
   */
  async editDestructionRecord(
    id: number,
    input: { fieldData: Partial<Record<DestructionRecordFieldName, string>>; modId?: string | undefined },
    user: SessionUser,
    requestId: string,
  ) {
    assertMayPerform(user, 'job.edit-destruction-record');
    // A witness confirms for themselves (rules/witnesses.ts): their name is not typed here.
    const typed = [...WITNESS_KEYS].filter((key) => input.fieldData[DESTRUCTION_RECORD_FIELDS[key]] !== undefined).map((key) => WITNESS_MESSAGES.typed(DESTRUCTION_RECORD_LABELS[key]));
    if (typed.length) throw validationFailed(typed[0]!, typed);
    const { changes, problems } = readDestructionRecordInput(input.fieldData);
    if (problems.length) throw validationFailed(problems[0]!, problems);
    const keys = Object.keys(changes) as DestructionRecordKey[];
    if (!keys.length) throw badRequest(DESTRUCTION_RECORD_MESSAGES.nothingToChange);
    return transaction(this.#db, async (trx) => {
      const before = await jobs.findJobForUpdate(trx, id);
      if (!before) throw notFound(`There is no job ${id}.`);
      assertLockAllows('job.edit-destruction-record', { record: before.locked }, { noun: 'Job', id });
      if (input.modId !== undefined && input.modId !== String(before.mod_id)) {
        throw conflict(`Job ${id} was changed by someone else since you opened it. Reload it and try again.`);
      }
      const current = destructionRecordOf(before);
      const next = { ...current, ...changes };
      // Today is the day in the Settings' time zone, the day Days Left counts by (one clock).
      const ruleProblems = destructionRecordProblems(next, this.#today());
      if (changes.disposalMethod) {
        const choices = (await jobs.valueList(trx, DISPOSAL_METHOD_LIST)).map((row) => row.value);
        const problem = disposalMethodProblem(changes.disposalMethod, choices);
        if (problem) ruleProblems.push(problem);
      }
      if (ruleProblems.length) throw validationFailed(ruleProblems[0]!, ruleProblems);
      const changed = keys.filter((key) => current[key] !== next[key]);
      // The same values again change nothing: no new modId, no audit row.
      if (!changed.length) return { recordId: String(id), modId: String(before.mod_id) };
      // A final job keeps what its documents and reports carry, and its destruction stays recorded.
      const finalProblems = finalDestructionRecordProblems(id, await jobFinality(trx, id), Object.fromEntries(changed.map((key) => [key, next[key]])));
      if (finalProblems.length) throw new AppError(409, ERROR_CODES.final, finalProblems[0]!, { title: 'Final', details: finalProblems });
      const columns = Object.fromEntries(changed.map((key) => [DESTRUCTION_RECORD_COLUMNS[key], next[key]]));
      const after = await jobs.updateJob(trx, id, { ...columns, modified_by: user.username });
      await writeAudit(trx, {
        username: user.username,
        action: 'edit-destruction-record',
        entity: 'job',
        recordId: id,
        before: Object.fromEntries(changed.map((key) => [DESTRUCTION_RECORD_COLUMNS[key], current[key]])),
        after: Object.fromEntries(changed.map((key) => [DESTRUCTION_RECORD_COLUMNS[key], next[key]])),
        requestId,
      });
      // What the witnesses attested changed: their confirmations are void (rules/witnesses.ts).
      await voidForChangedFields(trx, { jobId: id, changed, by: user.username, requestId, at: this.#now() });
      return { recordId: String(id), modId: String(after.mod_id) };
    });
  }

  /**
   * Applies an approved correction of the job's Date Received or Date Destroyed (corrections.service.ts)
   * inside the caller's transaction, whatever the job's lock or finality: a correction is how a final
   * record changes. The dates keep the destruction record's rules (none in the future, destroyed on
   * or after received); audited as `correct`.
   */
  async correctIn(trx: Kysely<Database>, id: number, key: 'dateReceived' | 'dateDestroyed', value: string, user: SessionUser, requestId: string) {
    const before = await jobs.findJobForUpdate(trx, id);
    if (!before) throw notFound(`There is no job ${id}.`);
    const current = destructionRecordOf(before);
    const next = { ...current, [key]: value };
    const problems = destructionRecordFieldProblems(next, this.#today())
      .filter((problem) => problem.field === 'dateReceived' || problem.field === 'dateDestroyed')
      .map((problem) => problem.message);
    if (problems.length) throw validationFailed(problems[0]!, problems);
    const column = DESTRUCTION_RECORD_COLUMNS[key];
    const after = await jobs.updateJob(trx, id, { [column]: value, modified_by: user.username });
    await writeAudit(trx, { username: user.username, action: 'correct', entity: 'job', recordId: id, before: { [column]: current[key] }, after: { [column]: value }, requestId });
    if (current[key] !== value) await voidForChangedFields(trx, { jobId: id, changed: [key], by: user.username, requestId, at: this.#now() });
    return after;
  }

  /**
   * Locks or unlocks a job (LOCK_JOB / UNLOCK_JOB). A locked job locks everything in it for editing,
   * so a lock is refused (409 `INCOMPLETE`, listing them) while any of its line items lacks what Form
   * 41 and ARCOS need.
   */
  async setLocked(id: number, lock: boolean, user: SessionUser, requestId: string, input: { reason?: unknown } = {}) {
    const action = lock ? 'job.lock' : 'job.unlock';
    assertMayPerform(user, action);
    // An unlock says why (UNLOCK_REASON_MAX): the reason is kept in the job's history with who and when.
    const reasonProblem = lock ? undefined : unlockReasonProblem(input.reason);
    if (reasonProblem) throw validationFailed(reasonProblem, [reasonProblem]);
    const reason = lock ? undefined : String(input.reason).trim();
    await transaction(this.#db, async (trx) => {
      const before = await jobs.findJobForUpdate(trx, id);
      if (!before) throw notFound(`There is no job ${id}.`);
      assertLockAllows(action, { record: before.locked }, { noun: 'Job', id });
      // Nothing incomplete gets locked: the job row is held FOR UPDATE, so no line item changes meanwhile.
      if (lock) await assertCompleteForLock(trx, { jobId: id }, { noun: 'Job', id });
      // Nothing is locked for destruction while what arrived differs from what the client declared in a
      // controlled substance and nobody has said why (rules/reconciliation.ts).
      if (lock) {
        const open = (await reconciliationOf(trx, id, this.#today())).lines.filter((line) => line.open);
        if (open.length) throw new AppError(409, ERROR_CODES.conflict, RECONCILIATION_MESSAGES.lockOpen(id, open), { title: 'Discrepancies open' });
      }
      await jobs.updateJob(trx, id, { locked: lock, modified_by: user.username });
      await writeAudit(trx, {
        username: user.username,
        action: lock ? 'lock' : 'unlock',
        entity: 'job',
        recordId: id,
        before: { locked: before.locked },
        after: reason === undefined ? { locked: lock } : { locked: lock, reason },
        requestId,
      });
    });
    return this.#records.record('jobs', id, user);
  }

  /**
   * Sends the Job Ready e-mail (to NOTIFY_TO) naming the job, company, registration and counts,
   * and records it in `notifications`, sent or failed.
   */
  async sendJobReady(id: number, user: SessionUser, requestId: string) {
    const job = await jobs.jobSummary(this.#db, id);
    if (!job) throw notFound(`There is no job ${id}.`);
    const subject = `Job ${job.id} is ready: ${job.name}`;
    const text = [
      `Job ${job.id} is ready.`,
      '',
      `Job:           ${job.id} - ${job.name}`,
      `Company:       ${job.company_id} - ${job.company_name}`,
      `Registration:  ${job.registration_number}`,
      `Containers:    ${job.standard.containers} standard, ${job.yellowBucket.containers} Yellow Bucket`,
      `Line items:    ${job.standard.line_items} standard, ${job.yellowBucket.line_items} Yellow Bucket`,
      `Locked:        ${job.locked ? 'Yes' : 'No'}`,
      '',
      `Sent by ${user.username} from 3DS on ${this.#now().toISOString()}.`,
    ].join('\n');
    const notification = await transaction(this.#db, async (trx) => {
      // One job's notification goes out at most once a minute, however many people press the button
      // (or a script calls the route), and one user's at most JOB_READY_PER_USER an hour: each check
      // and the new row are one step, under locks of the user's and the job's own (in that order).
      await jobs.holdJobReadyUserTurn(trx, user.username);
      await jobs.holdJobReadyTurn(trx, id);
      const now = this.#now();
      const sentByUser = await jobs.jobReadySentBy(trx, user.username, new Date(now.getTime() - JOB_READY_USER_WINDOW_MS));
      if (sentByUser.length >= JOB_READY_PER_USER) {
        const freedAt = sentByUser[sentByUser.length - JOB_READY_PER_USER]!.getTime() + JOB_READY_USER_WINDOW_MS;
        const minutes = Math.max(1, Math.ceil((freedAt - now.getTime()) / 60_000));
        throw tooManyAttempts(
          `You have sent ${JOB_READY_PER_USER} Job Ready notifications in the last hour, the most one person may send; the next can go in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          Math.ceil((freedAt - now.getTime()) / 1000),
        );
      }
      const last = await jobs.lastJobReady(trx, id, new Date(now.getTime() - JOB_READY_INTERVAL_MS));
      if (last) {
        const wait = Math.max(1, Math.ceil((new Date(last.created_at).getTime() + JOB_READY_INTERVAL_MS - now.getTime()) / 1000));
        throw tooManyAttempts(`The Job Ready notification of job ${id} was sent less than a minute ago; it can be sent again in ${wait} seconds.`, wait);
      }
      return jobs.insertNotification(trx, { job_id: id, kind: 'job-ready', recipient: this.#notifyTo, subject, body: text, status: 'pending', created_by: user.username, created_at: now });
    });
    try {
      const sent = await this.#mailer.send({ to: this.#notifyTo, subject, text });
      await transaction(this.#db, async (trx) => {
        await jobs.markNotificationSent(trx, notification.id, this.#now());
        await writeAudit(trx, { username: user.username, action: 'job-ready', entity: 'job', recordId: id, after: { notification: notification.id, delivery: sent.delivery }, requestId });
      });
      return { messages: [{ code: '0', message: JOB_READY_MESSAGES.sent }] };
    } catch (error) {
      const reason = (error as Error).message?.slice(0, 3900) ?? 'unknown error';
      await jobs.markNotificationFailed(this.#db, notification.id, reason);
      throw new AppError(502, 'UNAVAILABLE', JOB_READY_MESSAGES.failed, { title: JOB_READY_MESSAGES.failed, details: [reason] });
    }
  }

  /**
   * Moves a standard container into a new Yellow Bucket container of the same job, with all its
   * line items (which become Yellow Bucket line items), and deletes the original — in one
   * transaction, so a failure anywhere leaves everything as it was. Needs MOVE_CONTAINER; refused
   * when the job or the container is locked.
   */
  async moveContainerToYellowBucket(jobId: number, containerId: number, user: SessionUser, requestId: string) {
    assertMayPerform(user, 'job.move-container-to-yb');
    const newId = await transaction(this.#db, async (trx) => {
      const held = await holdContainer(trx, containerId, { mode: 'update' });
      if (!held || held.container.job_id !== jobId) {
        if (!(await jobs.findJob(trx, jobId))) throw notFound(`There is no job ${jobId}.`);
        throw notFound(`Job ${jobId} has no container ${containerId}.`);
      }
      const { container, job } = held;
      if (container.kind !== 'standard') throw validationFailed(`Container ${containerId} is already a Yellow Bucket container.`, [`Container ${containerId} is already a Yellow Bucket container.`]);
      const ownLockedItems = await countOwnLockedItems(trx, containerId);
      const final = await jobFinality(trx, jobId);
      assertLockAllows('job.move-container-to-yb', { job: job.locked, record: container.locked, ownLockedItems, final }, { noun: 'Container', id: containerId, jobId, ownLockedItems });
      const items = await lineItemsOf(trx, containerId);
      const yellow = await jobs.insertContainer(trx, {
        kind: 'yellow_bucket',
        job_id: jobId,
        name: container.name,
        pallet: container.pallet,
        container_type: container.container_type,
        package_weight: container.package_weight,
        net_weight: container.net_weight,
        gross_uom: container.gross_uom,
        zi_package_size: container.zi_package_size,
        created_by: user.username,
        modified_by: user.username,
      });
      await jobs.moveLineItemsToYellowBucket(trx, containerId, yellow.id, user.username);
      await jobs.deleteContainer(trx, containerId);
      await writeAudit(trx, {
        username: user.username,
        action: 'move-to-yellow-bucket',
        entity: 'container',
        recordId: containerId,
        before: { container, lineItems: items },
        after: { container: yellow, lineItemIds: items.map((i) => i.id) },
        requestId,
      });
      return yellow.id;
    });
    const record = await this.#records.record('jobs', jobId, user);
    return {
      scriptResult: JSON.stringify({ succeeded: true, containerId: newId }),
      data: [{ recordId: record.data[0].recordId, modId: record.data[0].modId, portalData: record.data[0].portalData }],
    };
  }

  /**
   * Adds a picture to an empty slot or attaches a document (CREATE_JOB, unlocked job). Pictures are
   * raster images, documents images or PDFs, their type read from the bytes.
   */
  async uploadFile(jobId: number, field: string, request: FastifyRequest, user: SessionUser) {
    assertMayPerform(user, 'job.upload-file');
    const target = jobFileSlot(field);
    if (!target) throw badRequest(`"${field}" is not a picture slot (R1–R9, P1–P12, T1–T12, D1–D21, DP1–DP7) or a document field of a job.`);
    if (isGeneratedJobDocument(target.slot)) throw validationFailed(generatedSlotMessage(jobId, target.slot), [generatedSlotMessage(jobId, target.slot)]);
    const job = await jobs.readJob(this.#db, jobId);
    if (!job) throw notFound(`There is no job ${jobId}.`);
    assertLockAllows('job.upload-file', { record: job.locked }, { noun: 'Job', id: jobId });
    if (target.kind === 'picture') {
      if (job.sister_job_id) throw conflict(`Job ${jobId} shows the pictures of its sister job ${job.sister_job_id}; add pictures there.`);
      if (await jobs.findJobFile(this.#db, jobId, target.slot)) throw conflict(`Picture ${target.slot} of job ${jobId} is already taken; choose an empty slot.`);
    }
    const upload = await readOneFile(request, {
      maxBytes: target.kind === 'picture' ? PICTURE_MAX_BYTES : DOCUMENT_MAX_BYTES,
      allowed: target.kind === 'picture' ? PICTURE_TYPES : DOCUMENT_TYPES,
      refusal: target.kind === 'picture' ? ONLY_IMAGES : 'You may only upload PDF documents or images',
    });
    const slug = target.slot.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    // The file's row and its link to the job are one transaction: a refusal here (the job locked or
    // the slot taken meanwhile) removes the stored file again, so nothing unreferenced remains.
    await saveFile(
      this.#db,
      this.#store,
      {
        key: `${JOBS_PREFIX}${jobId}/${slug}-${randomUUID()}.${upload.extension}`,
        name: `job-${jobId}-${slug}.${upload.extension}`,
        contentType: upload.contentType,
        body: upload.bytes,
        createdBy: user.username,
      },
      async (trx, file) => {
        const current = await jobs.findJobForUpdate(trx, jobId);
        if (!current) throw notFound(`There is no job ${jobId}.`);
        assertLockAllows('job.upload-file', { record: current.locked }, { noun: 'Job', id: jobId });
        const previous = await jobs.findJobFile(trx, jobId, target.slot);
        if (previous && target.kind === 'picture') throw conflict(`Picture ${target.slot} of job ${jobId} is already taken; choose an empty slot.`);
        if (previous) await jobs.replaceJobFile(trx, previous.id, { file_id: file.id, created_by: user.username, created_at: this.#now() });
        else await jobs.insertJobFile(trx, { job_id: jobId, slot: target.slot, file_id: file.id, created_by: user.username });
        await jobs.touchJob(trx, jobId, user.username);
        await writeAudit(trx, {
          username: user.username,
          action: 'upload-file',
          entity: 'job',
          recordId: jobId,
          before: previous ? { slot: target.slot, file_id: previous.file_id } : null,
          after: { slot: target.slot, file_id: file.id, original_name: upload.originalName, content_type: upload.contentType, size: upload.bytes.length },
          requestId: request.id,
        });
      },
    );
    return this.#records.record('jobs', jobId, user);
  }
}
