import {
  formatIsoDate,
  formatTimestamp,
  LOSS_MESSAGES,
  lossFiler,
  packagesText,
  parseUsDate,
  readLossReport,
  type LossAnswer,
  type LossReportBody,
} from '@3ds/domain';
import type { Kysely } from 'kysely';
import { writeAudit } from '../../db/audit.repository.ts';
import { readSettings } from '../../db/repositories/settings.repository.ts';
import type { Database } from '../../db/schema.ts';
import type { Loss, LossUpdate } from '../../db/tables/losses.table.ts';
import { transaction } from '../../db/transaction.ts';
import { renderForm106Worksheet } from '../../documents/form-106-worksheet-pdf.ts';
import { conflict, notFound, validationFailed } from '../../errors/app-error.ts';
import { publishDocument, type PublishDeps } from '../../files/publish-document.ts';
import { assertMayPerform } from '../../security/authorize.ts';
import type { SessionUser } from '../../security/session-user.ts';
import { registrantOf } from '../../shared/registrant.ts';
import * as repo from './losses.repository.ts';

const ENTITY = 'loss';

const answerOf = (loss: Loss): LossAnswer => ({ recordId: String(loss.id), modId: String(loss.mod_id) });

/** The recorded days and number as the audit row keeps them. */
const reportOf = (loss: Loss) => ({ notice_sent_on: loss.notice_sent_on, form_106_filed_on: loss.form_106_filed_on, form_106_number: loss.form_106_number });

/**
 * Losses (rules/losses.ts; docs/dea-paperwork.md "Losses reported on time"): opened by the
 * reconciliation; here their reports are recorded (the written notice's day, the Form 106's day and
 * number), each change one transaction with its audit row (entity `loss`), and the Form 106 worksheet
 * is printed. The losses are read as a list through the records engine (`GET /losses`, `GET /loss/{id}`).
 */
export class LossesService {
  readonly #db: Kysely<Database>;
  readonly #today: () => string;
  readonly #publishing: PublishDeps;

  constructor(deps: PublishDeps & { today: () => string }) {
    this.#db = deps.db;
    this.#today = deps.today;
    this.#publishing = { db: deps.db, store: deps.store, linkSecret: deps.linkSecret, now: deps.now };
  }

  /** Records when the loss was reported (LOCK_JOB). 404 for an unknown loss, 409 for a stale `modId`, 422 for any problem of the days or the number. */
  async recordReport(id: number, input: LossReportBody, user: SessionUser, requestId: string): Promise<LossAnswer> {
    assertMayPerform(user, 'loss.record-report');
    return transaction(this.#db, async (trx) => {
      const before = await repo.holdLoss(trx, id);
      if (!before) throw notFound(`There is no loss ${id}.`);
      if (input.modId !== undefined && String(input.modId) !== String(before.mod_id)) throw conflict(LOSS_MESSAGES.changedSince(id));
      const read = readLossReport(
        input,
        { form106FiledOn: before.form_106_filed_on, form106Number: before.form_106_number, discoveredOn: String(before.discovered_on).slice(0, 10) },
        this.#today(),
        parseUsDate,
      );
      if ('problems' in read) throw validationFailed(read.problems[0]!, read.problems);
      const values: LossUpdate = {};
      if (read.change.noticeSentOn !== undefined) values.notice_sent_on = read.change.noticeSentOn;
      if (read.change.form106FiledOn !== undefined) values.form_106_filed_on = read.change.form106FiledOn;
      if (read.change.form106Number !== undefined) values.form_106_number = read.change.form106Number;
      const changed = Object.entries(values).some(([key, value]) => (before as unknown as Record<string, unknown>)[key] !== value);
      // The same days again change nothing: no new modId, no audit row.
      if (!changed) return answerOf(before);
      const after = await repo.updateLoss(trx, id, { ...values, modified_by: user.username });
      await writeAudit(trx, { username: user.username, action: 'record-report', entity: ENTITY, recordId: id, before: reportOf(before), after: reportOf(after), requestId });
      return answerOf(after);
    });
  }

  /** The Form 106 worksheet of a loss (CREATE_JOB): a download, audited. 404 for an unknown loss; 409 without our registration in Settings. */
  async worksheet(id: number, user: SessionUser, requestId: string) {
    assertMayPerform(user, 'loss.worksheet');
    const loss = await repo.lossWithClient(this.#db, id);
    if (!loss) throw notFound(`There is no loss ${id}.`);
    const us = registrantOf(await readSettings(this.#db));
    const entry = loss.ndc ? await repo.dictionaryEntry(this.#db, loss.ndc) : undefined;
    const client = {
      name: loss.company_name ?? '',
      registrationNumber: loss.registration_number,
      address: loss.client_address,
    };
    const ourAddress = [...us.addressLines, [us.city, [us.state, us.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')].join(', ');
    const filerRole = lossFiler(loss.kind);
    const iso = (value: unknown) => (value ? formatIsoDate(String(value).slice(0, 10)) : null);
    const bytes = await renderForm106Worksheet({
      filer:
        filerRole === 'receiver'
          ? us
          : { name: client.name, registrationNumber: client.registrationNumber, addressLines: client.address ? [client.address] : [], city: '', state: '', zip: '' },
      filerRole,
      counterpart: filerRole === 'receiver' ? client : { name: us.name, registrationNumber: us.registrationNumber, address: ourAddress },
      kind: loss.kind,
      lossId: loss.id,
      jobId: loss.job_id,
      jobName: loss.job_name,
      discoveredOn: iso(loss.discovered_on)!,
      noticeDue: iso(loss.notice_due)!,
      form106Due: iso(loss.form_106_due)!,
      noticeSentOn: iso(loss.notice_sent_on),
      form106FiledOn: iso(loss.form_106_filed_on),
      form106Number: loss.form_106_number,
      items: [
        {
          ndc: loss.ndc,
          name: loss.name,
          strength: entry?.strength ?? '',
          form: entry?.form ?? '',
          schedule: loss.schedule ?? '',
          lot: loss.lot ?? '',
          quantity: packagesText(Number(loss.quantity)),
          packageSize: entry?.package_size ? `${entry.package_size}${entry.package_size_uom ? ` ${entry.package_size_uom}` : ''}` : '',
        },
      ],
      circumstances: loss.circumstances ?? '',
      generatedText: formatTimestamp(this.#publishing.now()).slice(0, 16),
      generatedBy: user.username,
    });
    const { link } = await publishDocument(this.#publishing, {
      kind: 'form-106-worksheet',
      of: { lossId: id },
      user,
      requestId,
      body: bytes,
      record: (_trx, saved) => ({ recordId: id, after: { document: 'Form 106 worksheet', file_id: saved.id } }),
    });
    return { data: [{ fieldData: { Container: link } }] };
  }
}
