import {
  formatIsoDate,
  formatTimestamp,
  addCalendarDays,
  lossDeadlines,
  lossKindOf,
  reasonIsLoss,
  type LossKind,
  type ReconciliationLine,
  RECONCILIATION_MESSAGES,
  reconciliationCounts,
  resolutionNoteProblem,
  RESOLUTION_REASON_TEXT,
  packagesText,
  type ReconciliationAnswer,
  type ResolveDiscrepancyBody,
} from '@3ds/domain';
import type { Kysely } from 'kysely';
import { writeAudit } from '../../db/audit.repository.ts';
import { jobFinality } from '../../db/repositories/job-finality.repository.ts';
import { holidaySet } from '../../db/repositories/holidays.repository.ts';
import { reconciliationOf } from '../../db/repositories/reconciliation.repository.ts';
import { readSettings } from '../../db/repositories/settings.repository.ts';
import type { Database } from '../../db/schema.ts';
import { transaction } from '../../db/transaction.ts';
import { renderReconciliation } from '../../documents/reconciliation-pdf.ts';
import { conflict, notFound, validationFailed } from '../../errors/app-error.ts';
import { publishDocument, type PublishDeps } from '../../files/publish-document.ts';
import { assertLockAllows, assertMayPerform } from '../../security/authorize.ts';
import type { SessionUser } from '../../security/session-user.ts';
import { registrantOf } from '../../shared/registrant.ts';
import * as repo from './reconciliation.repository.ts';

/**
 * A job's receiving reconciliation (rules/reconciliation.ts; docs/dea-paperwork.md "Receiving
 * reconciliation"): read as the screen shows it, its differences resolved one by one with a reason
 * (audited as entity `job`, action `resolve-discrepancy`), and printed for the client.
 */
export class ReconciliationService {
  readonly #db: Kysely<Database>;
  readonly #today: () => string;
  readonly #publishing: PublishDeps;

  constructor(deps: PublishDeps & { today: () => string }) {
    this.#db = deps.db;
    this.#today = deps.today;
    this.#publishing = { db: deps.db, store: deps.store, linkSecret: deps.linkSecret, now: deps.now };
  }

  async read(jobId: number): Promise<ReconciliationAnswer> {
    if (!(await repo.jobExists(this.#db, jobId))) throw notFound(`There is no job ${jobId}.`);
    return this.#answer(this.#db, jobId);
  }

  /**
   * Resolves one line's difference (LOCK_JOB, not on a locked or final job). The line is named by its
   * key with the packages it showed: a line whose packages changed since is refused (409), as is one
   * that matches or that the reconciliation no longer has (422).
   */
  async resolve(jobId: number, input: ResolveDiscrepancyBody, user: SessionUser, requestId: string): Promise<ReconciliationAnswer> {
    assertMayPerform(user, 'job.resolve-discrepancy');
    const note = (input.note ?? '').trim();
    const noteProblem = resolutionNoteProblem(input.reason, note);
    if (noteProblem) throw validationFailed(noteProblem, [noteProblem]);
    return transaction(this.#db, async (trx) => {
      const job = await repo.holdJob(trx, jobId);
      if (!job) throw notFound(`There is no job ${jobId}.`);
      assertLockAllows('job.resolve-discrepancy', { record: job.locked, final: await jobFinality(trx, jobId) }, { noun: 'Job', id: jobId });
      const { lines } = await reconciliationOf(trx, jobId, this.#today());
      const line = lines.find((candidate) => candidate.key === input.key);
      if (!line) throw validationFailed(RECONCILIATION_MESSAGES.unknownLine(input.key), [RECONCILIATION_MESSAGES.unknownLine(input.key)]);
      if (line.status === 'matched') throw validationFailed(RECONCILIATION_MESSAGES.matched, [RECONCILIATION_MESSAGES.matched]);
      if (packagesText(line.declared) !== packagesText(input.declared) || packagesText(line.received) !== packagesText(input.received)) {
        throw conflict(RECONCILIATION_MESSAGES.changedSince);
      }
      if (reasonIsLoss(input.reason) && line.status !== 'short') {
        const problem = RECONCILIATION_MESSAGES.lossNotShort(RESOLUTION_REASON_TEXT[input.reason]);
        throw validationFailed(problem, [problem]);
      }
      const before = line.resolution;
      await repo.putResolution(trx, { job_id: jobId, line_key: line.key, declared: line.declared, received: line.received, reason: input.reason, note: note || null, resolved_by: user.username });
      await writeAudit(trx, {
        username: user.username,
        action: 'resolve-discrepancy',
        entity: 'job',
        recordId: jobId,
        before: before ? { key: before.key, reason: before.reason, note: before.note, declared: before.declared, received: before.received } : null,
        after: { key: line.key, name: line.name, ndc: line.ndc, lot: line.lot, declared: line.declared, received: line.received, reason: input.reason, reasonText: RESOLUTION_REASON_TEXT[input.reason], note: note || null },
        requestId,
      });
      const kind = lossKindOf(input.reason);
      if (kind) await this.#openLoss(trx, jobId, line, kind, note || RESOLUTION_REASON_TEXT[input.reason], user, requestId);
      return this.#answer(trx, jobId);
    });
  }

  /**
   * A theft or a loss in transit opens a loss (rules/losses.ts), discovered today, its deadlines
   * counted from today by the holidays kept in Settings; a line that has one already keeps it.
   */
  async #openLoss(trx: Kysely<Database>, jobId: number, line: ReconciliationLine, kind: LossKind, circumstances: string, user: SessionUser, requestId: string) {
    const discoveredOn = this.#today();
    const deadlines = lossDeadlines(discoveredOn, await holidaySet(trx, discoveredOn, addCalendarDays(discoveredOn, 31)));
    const loss = await repo.openLoss(trx, {
      job_id: jobId,
      line_key: line.key,
      kind,
      ndc: line.ndc,
      name: line.name || line.ndc || line.key,
      schedule: line.schedule,
      lot: line.lot || null,
      quantity: Math.abs(line.difference),
      discovered_on: discoveredOn,
      notice_due: deadlines.noticeDue,
      form_106_due: deadlines.form106Due,
      circumstances: circumstances.slice(0, 2000),
      created_by: user.username,
      modified_by: user.username,
    });
    if (!loss) return;
    await writeAudit(trx, { username: user.username, action: 'open', entity: 'loss', recordId: loss.id, after: loss, requestId });
  }

  /** The reconciliation as a PDF for the client: a download (CREATE_JOB), audited as a generated document. */
  async pdf(jobId: number, user: SessionUser, requestId: string) {
    assertMayPerform(user, 'job.reconciliation-pdf');
    const job = await repo.jobHeading(this.#db, jobId);
    if (!job) throw notFound(`There is no job ${jobId}.`);
    const registrant = registrantOf(await readSettings(this.#db));
    const [{ lines }, declaredFrom] = await Promise.all([reconciliationOf(this.#db, jobId, this.#today()), repo.declaredSource(this.#db, jobId)]);
    const now = this.#publishing.now();
    const bytes = await renderReconciliation({
      registrant,
      client: { name: job.company_name ?? '', registrationNumber: job.registration_number },
      jobId,
      jobName: job.name,
      dateReceived: job.date_received ? formatIsoDate(job.date_received) : '',
      declaredFrom: declaredFrom === null ? 'Nothing declared' : declaredFrom === 'typed' ? 'Typed into the job' : `Read from ${declaredFrom}`,
      lines,
      // MM/DD/YYYY HH:MM in the server's zone, as the inventory prints its moment.
      generatedText: formatTimestamp(now).slice(0, 16),
      generatedBy: user.username,
    });
    const counts = reconciliationCounts(lines);
    const { link } = await publishDocument(this.#publishing, {
      kind: 'reconciliation',
      of: { jobId },
      user,
      requestId,
      body: bytes,
      record: (_trx, saved) => ({ recordId: jobId, after: { document: 'Receiving Reconciliation', draft: false, lines: counts.lines, open: counts.open, file_id: saved.id } }),
    });
    return { data: [{ fieldData: { Container: link } }] };
  }

  async #answer(db: Kysely<Database>, jobId: number): Promise<ReconciliationAnswer> {
    const { declared, lines } = await reconciliationOf(db, jobId, this.#today());
    return { jobId, declared, counts: reconciliationCounts(lines), lines };
  }
}
