import {
  DECLARED_FILE_MAX_BYTES,
  DECLARED_MAX_ITEMS,
  DECLARED_MESSAGES,
  orderFormReceipt,
  orderFormStatusText,
  readDeclaredItems,
  readDeclaredSheet,
  travelsOnOrderForm,
  type DeclaredInventoryAnswer,
  type DeclaredInventoryBody,
  type DeclaredItem,
  type OrderFormStatus,
} from '@3ds/domain';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { writeAudit } from '../../db/audit.repository.ts';
import { jobFinality } from '../../db/repositories/job-finality.repository.ts';
import type { Database } from '../../db/schema.ts';
import { transaction } from '../../db/transaction.ts';
import { readXlsxRows, XlsxReadError } from '../../documents/xlsx-reader.ts';
import { conflict, notFound, validationFailed } from '../../errors/app-error.ts';
import { parseCsv } from '../../files/csv.ts';
import { readOneFile } from '../../files/upload.ts';
import { assertLockAllows, assertMayPerform } from '../../security/authorize.ts';
import type { SessionUser } from '../../security/session-user.ts';
import { declaringForms, dictionaryOf } from '../../db/repositories/reconciliation.repository.ts';
import * as repo from './declared-inventory.repository.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const SHEET_TYPES: Readonly<Record<string, string>> = { [XLSX]: 'xlsx' };
const SHEET_REFUSAL = 'You may upload the declared inventory as an Excel workbook (.xlsx) or a CSV file; save it as one of these and upload it again.';

/** 422 with every problem: the first is the message, all of them the details. */
function refuse(problems: readonly string[]): never {
  throw validationFailed(problems[0]!, [...problems]);
}

const changedSince = (jobId: number) => `The declared inventory of job ${jobId} was changed by someone else since you opened it. Reload it and try again.`;

/** A CSV's text: UTF-8 (a byte order mark left out), else Windows-1252, as a spreadsheet saves it. */
function csvText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * A job's declared inventory (rules/declared-inventory.ts; docs/dea-paperwork.md "What the client
 * declared"): read with the Form 222s whose lines count as declared, replaced whole from the typed
 * list or from an uploaded sheet. Each change is one transaction with its audit row (entity `job`,
 * action `declare`), which the live updates announce to the job's screen.
 */
export class DeclaredInventoryService {
  readonly #db: Kysely<Database>;
  readonly #today: () => string;

  constructor(deps: { db: Kysely<Database>; today: () => string }) {
    this.#db = deps.db;
    this.#today = deps.today;
  }

  /** The job's declaration and the forms that count as declared; 404 for an unknown job. */
  async read(jobId: number): Promise<DeclaredInventoryAnswer> {
    const job = await repo.jobOf(this.#db, jobId);
    if (!job) throw notFound(`There is no job ${jobId}.`);
    return this.#answer(this.#db, job);
  }

  /** The declaration becomes the typed items (CREATE_JOB; not on a locked or final job). */
  async replace(jobId: number, input: DeclaredInventoryBody, user: SessionUser, requestId: string): Promise<DeclaredInventoryAnswer> {
    assertMayPerform(user, 'job.declare');
    const read = readDeclaredItems(input.items);
    if ('problems' in read) refuse(read.problems);
    return this.#write(jobId, { items: read.items, source: 'typed', modId: input.modId, mode: 'replace' }, user, requestId);
  }

  /**
   * The declaration from an uploaded sheet (xlsx or CSV, ≤ 2 MB): its items replace the declaration's
   * or follow them. Every row's problems answer 422, naming the sheet's rows; nothing is kept then.
   */
  async upload(jobId: number, query: { mode: 'replace' | 'append'; modId?: string | undefined }, request: FastifyRequest, user: SessionUser): Promise<DeclaredInventoryAnswer> {
    assertMayPerform(user, 'job.declare');
    const job = await repo.jobOf(this.#db, jobId);
    if (!job) throw notFound(`There is no job ${jobId}.`);
    const file = await readOneFile(request, { maxBytes: DECLARED_FILE_MAX_BYTES, allowed: SHEET_TYPES, refusal: SHEET_REFUSAL, text: { extension: 'csv', contentType: 'text/csv' } });
    let rows: string[][];
    try {
      rows = file.extension === 'xlsx' ? readXlsxRows(file.bytes, { maxRows: DECLARED_MAX_ITEMS + 100 }) : parseCsv(csvText(file.bytes));
    } catch (error) {
      if (error instanceof XlsxReadError) refuse([error.message]);
      throw error;
    }
    const sheet = readDeclaredSheet(rows);
    if ('problems' in sheet.read) refuse(sheet.read.problems);
    const answer = await this.#write(jobId, { items: sheet.read.items, source: file.originalName, modId: query.modId, mode: query.mode }, user, request.id);
    return { ...answer, ignoredColumns: sheet.ignoredColumns };
  }

  async #write(
    jobId: number,
    change: { items: DeclaredItem[]; source: string; modId: string | number | undefined; mode: 'replace' | 'append' },
    user: SessionUser,
    requestId: string,
  ): Promise<DeclaredInventoryAnswer> {
    return transaction(this.#db, async (trx) => {
      const job = await repo.holdJob(trx, jobId);
      if (!job) throw notFound(`There is no job ${jobId}.`);
      assertLockAllows('job.declare', { record: job.locked, final: await jobFinality(trx, jobId) }, { noun: 'Job', id: jobId });
      const declaration = await repo.declarationOf(trx, jobId);
      if (change.modId !== undefined && String(change.modId) !== (declaration ? String(declaration.mod_id) : '')) throw conflict(changedSince(jobId));
      const before = declaration ? await repo.itemsOf(trx, jobId) : [];
      const items = change.mode === 'append' ? [...before, ...change.items] : change.items;
      if (items.length > DECLARED_MAX_ITEMS) refuse([DECLARED_MESSAGES.tooMany(items.length)]);
      await this.#refuseFormItems(trx, change.items, change.mode === 'append' ? before.length : 0);
      // The same list again, from the same place, changes nothing: no new modId, no audit row.
      if (JSON.stringify(items) === JSON.stringify(before) && (declaration?.source ?? 'typed') === change.source) return this.#answer(trx, job);
      await repo.writeDeclaration(trx, jobId, change.source, items, user.username);
      await writeAudit(trx, {
        username: user.username,
        action: 'declare',
        entity: 'job',
        recordId: jobId,
        before: declaration ? { source: declaration.source, items: before } : null,
        after: items.length ? { source: change.source, items } : null,
        requestId,
      });
      return this.#answer(trx, job);
    });
  }

  /** 422 when an item the dictionary knows as Schedule I or II is listed: those are declared by their Form 222 (its lines). */
  async #refuseFormItems(db: Kysely<Database>, items: readonly DeclaredItem[], rowsBefore: number): Promise<void> {
    const dictionary = await dictionaryOf(db, items.map((item) => item.ndc));
    const problems = items.flatMap((item, index) => {
      const known = item.ndc ? dictionary.get(item.ndc) : undefined;
      return known && travelsOnOrderForm(known.schedule) ? [DECLARED_MESSAGES.scheduleTwo(`Row ${rowsBefore + index + 1}`, item.ndc!, known.name, known.schedule)] : [];
    });
    if (problems.length) refuse(problems);
  }

  async #answer(db: Kysely<Database>, job: { id: number; registration_number: string; date_received: string | null }): Promise<DeclaredInventoryAnswer> {
    const [declaration, items] = await Promise.all([repo.declarationOf(db, job.id), repo.itemsOf(db, job.id)]);
    const today = this.#today();
    const [dictionary, forms] = await Promise.all([
      dictionaryOf(db, items.map((item) => item.ndc)),
      declaringForms(db, job.id, job.registration_number, job.date_received ?? today),
    ]);
    return {
      jobId: job.id,
      modId: declaration ? String(declaration.mod_id) : '',
      source: declaration?.source ?? null,
      modifiedAt: declaration ? new Date(declaration.modified_at).toISOString() : null,
      modifiedBy: declaration?.modified_by ?? null,
      items: items.map((item, index) => {
        const known = item.ndc ? dictionary.get(item.ndc) : undefined;
        return { rowNo: index + 1, ...item, dictionaryName: known?.name ?? null, schedule: known?.schedule ?? null };
      }),
      forms: forms.map((form) => ({
        formId: form.id,
        formNumber: form.form_number,
        status: orderFormStatusText(form.status as OrderFormStatus, form.issued_on, today, orderFormReceipt(form.lines)),
        issuedOn: form.issued_on,
        lines: form.lines.map(({ received: _received, ...line }) => line),
      })),
    };
  }
}
