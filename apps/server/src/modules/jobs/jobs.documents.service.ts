import {
  buildForm41Rows,
  ERROR_CODES,
  form41Gaps,
  incompleteLineItems,
  incompleteLineItemText,
  formatIsoDate,
  GENERATED_JOB_DOCUMENTS,
  missingDestructionFields,
  confirmationLine,
  WITNESS_MESSAGES,
  WITNESS_SLOTS,
  type Action,
} from '@3ds/domain';
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { writeAudit } from '../../db/audit.repository.ts';
import type { Database } from '../../db/schema.ts';
import { transaction } from '../../db/transaction.ts';
import {
  renderCertificate,
  renderForm41,
  type CertificateDocument,
  type DestructionDocument,
  type Party,
  type PdfRenderer,
} from '../../documents/destruction-pdf.ts';
import { AppError, conflict, notFound } from '../../errors/app-error.ts';
import type { FileStore } from '../../files/file-store.ts';
import { FILE_LINK_TTL_SECONDS, fileLinkFor, JOBS_PREFIX, saveFile } from '../../files/stored-files.ts';
import { readOneFile } from '../../files/upload.ts';
import { documentLink, publishDocument, type PublishDeps } from '../../files/publish-document.ts';
import { assertLockAllows, assertMayPerform } from '../../security/authorize.ts';
import type { SessionUser } from '../../security/session-user.ts';
import { recordedLineItems } from '../../db/repositories/recorded-line-items.repository.ts';
import { registrantOf } from '../../shared/registrant.ts';
import { readSettings } from '../../db/repositories/settings.repository.ts';
import { activeByRole, confirmationsOf, destructionRecordOf, holds, itemsFingerprint } from '../../db/repositories/witness-confirmations.repository.ts';
import type { WitnessConfirmation } from '../../db/tables/witnesses.table.ts';
import { DOCUMENT_MAX_BYTES, DOCUMENT_TYPES } from './job-files.ts';
import * as repo from './jobs.documents.repository.ts';

export { DOCUMENT_MESSAGES } from '../../shared/registrant.ts';

type JobDocument = 'form-41' | 'certificate';

const KINDS: Record<JobDocument, { action: Action; title: string; slot: string }> = {
  'form-41': { action: 'job.form-41', title: 'DEA Form 41', slot: GENERATED_JOB_DOCUMENTS.form41 },
  certificate: { action: 'job.certificate', title: 'Certificate of Destruction', slot: GENERATED_JOB_DOCUMENTS.certificate },
};

export interface JobDocumentsDeps {
  db: Kysely<Database>;
  store: FileStore;
  linkSecret: string;
  now: () => Date;
  /** The PDF writers; tests hand in failing ones. */
  renderForm41?: PdfRenderer<DestructionDocument>;
  renderCertificate?: PdfRenderer<CertificateDocument>;
}

const text = (v: string | null | undefined) => (v ?? '').trim();

/**
 * The SHA-256 of what a document prints from the records (its figures: rows, totals, destruction
 * record, parties; not when or by whom it was drawn). Two generations from unchanged records give
 * the same; a changed quantity, date, witness or address gives another.
 */
function figuresOf(kind: JobDocument, figures: object): string {
  return createHash('sha256').update(JSON.stringify({ kind, figures })).digest('hex');
}

/**
 * What the job's documents are drawn from: the job (held FOR SHARE when a document is being made),
 * the registrant and the job's recorded line items, read once for any number of documents.
 */
async function recordsOf(db: Kysely<Database>, jobId: number, hold: boolean) {
  const job = await repo.jobForDocument(db, jobId, { hold });
  if (!job) throw notFound(`There is no job ${jobId}.`);
  const settings = await readSettings(db);
  const registrant = registrantOf(settings);
  const items = await recordedLineItems(db, { jobId });
  const witnesses = witnessesOf(job, await confirmationsOf(db, jobId), await itemsFingerprint(db, jobId), settings.time_zone);
  return { job, registrant, items, witnesses };
}

/**
 * The destruction witnesses as the documents print them: each name, and the line of its confirmation
 * while one holds (rules/witnesses.ts), '' otherwise.
 */
function witnessesOf(job: NonNullable<Awaited<ReturnType<typeof repo.jobForDocument>>>, confirmations: readonly WitnessConfirmation[], items: string, timeZone: string) {
  const record = destructionRecordOf(job);
  const active = activeByRole(confirmations);
  const line = (role: 'destruction-1' | 'destruction-2') => {
    const confirmation = active.get(role);
    if (!confirmation || !holds(confirmation, record, items) || confirmation.name !== record[WITNESS_SLOTS[role].key]) return '';
    return confirmationLine({ username: confirmation.username, confirmedAt: confirmation.confirmed_at, address: confirmation.address }, timeZone);
  };
  return { witness1Confirmation: line('destruction-1'), witness2Confirmation: line('destruction-2') };
}

type DocumentRecords = Awaited<ReturnType<typeof recordsOf>>;

/**
 * DEA Form 41 and the Certificate of Destruction of a job (docs/form-41.md), generated from its
 * records. The final documents need a locked job and are kept in the job's document slots ('41
 * Insert', 'Certificate of Destruction'); the Form 41 of an unlocked job is a draft, marked DRAFT
 * on every page and only downloaded.
 */
export class JobDocumentsService {
  readonly #db: Kysely<Database>;
  readonly #linkSecret: string;
  readonly #now: () => Date;
  readonly #publishing: PublishDeps;
  readonly #renderForm41: PdfRenderer<DestructionDocument>;
  readonly #renderCertificate: PdfRenderer<CertificateDocument>;
  readonly #store: FileStore;

  constructor(deps: JobDocumentsDeps) {
    this.#db = deps.db;
    this.#linkSecret = deps.linkSecret;
    this.#now = deps.now;
    this.#publishing = { db: deps.db, store: deps.store, linkSecret: deps.linkSecret, now: deps.now };
    this.#renderForm41 = deps.renderForm41 ?? renderForm41;
    this.#renderCertificate = deps.renderCertificate ?? renderCertificate;
    this.#store = deps.store;
  }

  form41(jobId: number, options: { draft: boolean }, user: SessionUser, requestId: string) {
    return this.#generate('form-41', jobId, options.draft, user, requestId);
  }

  certificate(jobId: number, user: SessionUser, requestId: string) {
    return this.#generate('certificate', jobId, false, user, requestId);
  }

  /**
   * The document the job's records give now (not yet drawn as a PDF): what a generation prints, and
   * the SHA-256 of its figures. `final` holds it to what a final document needs (a locked job, a
   * complete destruction record, complete line items); without it, it is what the records say.
   */
  #contents(kind: JobDocument, records: DocumentRecords, final: boolean) {
    const { action, title } = KINDS[kind];
    const { job, registrant, items, witnesses } = records;
    const jobId = job.id;
    if (final) assertLockAllows(action, { record: job.locked }, { noun: 'Job', id: jobId });
    if (!items.length) throw conflict(`Job ${jobId} has no line items; there is nothing to put on the ${title}.`);
    const { rows, totals, leftOut } = buildForm41Rows(items);
    // The form records controlled substances destroyed: NC items and List I chemicals stay off it.
    if (!rows.length) {
      throw conflict(`Job ${jobId} holds no controlled substances (its ${leftOut.length === 1 ? 'line item is' : `${leftOut.length} line items are`} non-controlled or List I chemicals); there is nothing to put on the ${title}.`);
    }
    if (final) {
      const missing = missingDestructionFields({
        dateDestroyed: job.date_destroyed,
        disposalMethod: job.disposal_method,
        destructionFacility: job.destruction_facility,
        destructionFacilityAddress: job.destruction_facility_address,
        // A witness counts once they confirmed for themselves, and while their confirmation holds.
        witness1: witnesses.witness1Confirmation ? job.destruction_witness_1 : null,
        witness2: witnesses.witness2Confirmation ? job.destruction_witness_2 : null,
      });
      if (missing.length) {
        const witnessMissing = missing.some((field) => field.startsWith('Destruction Witness'));
        throw new AppError(409, ERROR_CODES.conflict, `Job ${jobId} is missing what the ${title} needs: ${missing.join(', ')}.${witnessMissing ? ` ${WITNESS_MESSAGES.documentNeeds}` : ''}`, { details: missing });
      }
      // The check a lock makes (record-completeness.ts), of what this form needs: a job locked before
      // that check was made can still hold such line items.
      const incomplete = incompleteLineItems(items, form41Gaps);
      if (incomplete.length) {
        const count = incomplete.length === 1 ? 'a line item that lacks' : `${incomplete.length} line items that lack`;
        throw new AppError(409, ERROR_CODES.incomplete, `The ${title} of job ${jobId} cannot be made: the job holds ${count} what it needs. Unlock the job, complete ${incomplete.length === 1 ? 'it' : 'them'}, and lock it again.`, {
          title: `The ${title} of job ${jobId} was not made`,
          details: incomplete.map(incompleteLineItemText),
          incomplete,
        });
      }
    }
    const figures = {
      job: { id: job.id, name: job.name },
      registrant,
      rows,
      totals,
      leftOut: leftOut.length,
      destruction: {
        received: formatIsoDate(job.date_received),
        lateReason: text(job.late_destruction_reason),
        date: formatIsoDate(job.date_destroyed),
        method: text(job.disposal_method),
        facility: text(job.destruction_facility),
        facilityAddress: text(job.destruction_facility_address),
        witness1: text(job.destruction_witness_1),
        witness2: text(job.destruction_witness_2),
        ...witnesses,
      },
      ...(kind === 'certificate'
        ? {
            client: {
              name: job.company_name,
              registrationNumber: job.registration_number,
              // The registration's address is the one the DEA holds; the company's when it has none.
              ...(text(job.r_address1)
                ? { addressLines: [job.r_address1, job.r_address2, job.r_address3].map(text).filter(Boolean), city: text(job.r_city), state: text(job.r_state), zip: text(job.r_zip) }
                : { addressLines: [job.co_address1, job.co_address2].map(text).filter(Boolean), city: text(job.co_city), state: text(job.co_state), zip: text(job.co_zip) }),
            } satisfies Party,
          }
        : {}),
    };
    return { figures, sha256: figuresOf(kind, figures), modId: job.mod_id, rows: rows.length, lineItems: items.length - leftOut.length, leftOut: leftOut.length };
  }

  async #generate(kind: JobDocument, jobId: number, draft: boolean, user: SessionUser, requestId: string) {
    const { action, title, slot } = KINDS[kind];
    assertMayPerform(user, action);
    // Read and drawn under the job's share lock: what the document says is what the records said.
    const made = await transaction(this.#db, async (trx) => {
      const contents = this.#contents(kind, await recordsOf(trx, jobId, true), !draft);
      const document: DestructionDocument = { ...contents.figures, draft, generatedAt: this.#now() };
      const bytes =
        kind === 'form-41' ? await this.#renderForm41(document) : await this.#renderCertificate({ ...document, client: contents.figures.client! });
      return { ...contents, bytes };
    });

    const audit = { document: title, draft, rows: made.rows, lineItems: made.lineItems, notControlled: made.leftOut };
    const { link } = await publishDocument(this.#publishing, {
      // A draft is a download like an export (removed with them); a final document stays with the job.
      ...(kind === 'form-41' ? { kind: 'form-41', of: { jobId, draft } } : { kind: 'certificate-of-destruction', of: { jobId } }),
      user,
      requestId,
      body: made.bytes,
      record: async (trx, saved) => {
        if (draft) return { recordId: jobId, after: { ...audit, file_id: saved.id } };
        // The job must still be locked as it was when the document was drawn; an unlock and a new
        // lock meanwhile (a changed modId) could have changed what it holds.
        const current = await repo.holdJobState(trx, jobId);
        if (!current) throw notFound(`There is no job ${jobId}.`);
        if (!current.locked || current.mod_id !== made.modId) {
          throw conflict(`Job ${jobId} was unlocked or changed while the ${title} was being made; generate it again.`);
        }
        const previous = await repo.findJobFileForUpdate(trx, jobId, slot);
        await repo.putJobFile(trx, previous, { job_id: jobId, slot, file_id: saved.id, created_by: user.username, created_at: this.#now() });
        // The earlier generation stays listed, marked superseded by this one; nothing is removed.
        await repo.recordGeneratedDocument(trx, { job_id: jobId, slot, file_id: saved.id, generated_by: user.username, generated_at: this.#now(), figures_sha256: made.sha256 });
        return { recordId: jobId, before: previous ? { slot, file_id: previous.file_id } : null, after: { ...audit, slot, file_id: saved.id } };
      },
    });
    return { data: [{ fieldData: { Container: link } }], scriptResult: JSON.stringify({ succeeded: true, draft }) };
  }

  /**
   * Keeps a signed scan (PDF or image, up to 10 MB) of generated document `documentId` beside it: the
   * printed Form 41 or certificate signed by the witnesses or the client, tied to the version it
   * signs. Several may be kept (a better scan later); none is ever replaced or removed.
   */
  async attachSignedCopy(jobId: number, documentId: number, request: FastifyRequest, user: SessionUser) {
    assertMayPerform(user, 'job.attach-signed-copy');
    const document = await repo.generatedDocumentOf(this.#db, jobId, documentId);
    if (!document) throw notFound(`Job ${jobId} has no generated document ${documentId}.`);
    const title = document.slot === GENERATED_JOB_DOCUMENTS.form41 ? 'DEA Form 41' : 'Certificate of Destruction';
    const upload = await readOneFile(request, { maxBytes: DOCUMENT_MAX_BYTES, allowed: DOCUMENT_TYPES, refusal: 'A signed copy is a PDF or an image (a scan or a photo of the signed page)' });
    const slug = document.slot === GENERATED_JOB_DOCUMENTS.form41 ? 'form-41' : 'certificate-of-destruction';
    await saveFile(
      this.#db,
      this.#store,
      {
        key: `${JOBS_PREFIX}${jobId}/${slug}-${documentId}-signed-${randomUUID()}.${upload.extension}`,
        name: `job-${jobId}-${slug}-${documentId}-signed.${upload.extension}`,
        contentType: upload.contentType,
        body: upload.bytes,
        createdBy: user.username,
      },
      async (trx, file) => {
        await repo.insertSignedCopy(trx, { generated_document_id: documentId, file_id: file.id, uploaded_by: user.username, uploaded_at: this.#now() });
        await writeAudit(trx, {
          username: user.username,
          action: 'attach-signed-copy',
          entity: 'job',
          recordId: jobId,
          after: { document: title, generated_document_id: documentId, file_id: file.id, original_name: upload.originalName, content_type: upload.contentType, size: upload.bytes.length },
          requestId: request.id,
        });
      },
    );
    return this.generated(jobId, user);
  }

  /**
   * Every Form 41 and Certificate of Destruction generated for the job, newest first, each with its
   * signed link, who made it and when, and whether a later generation superseded it.
   */
  async generated(jobId: number, user: SessionUser) {
    if (!(await repo.jobExists(this.#db, jobId))) throw notFound(`There is no job ${jobId}.`);
    const rows = await repo.generatedDocumentsOf(this.#db, jobId);
    const copies = await repo.signedCopiesOf(this.#db, jobId);
    const now = this.#now();
    const outOfDate = await this.#outOfDate(jobId, rows);
    return {
      data: rows.map((row) => ({
        recordId: String(row.id),
        fieldData: {
          Document: row.slot === GENERATED_JOB_DOCUMENTS.form41 ? 'DEA Form 41' : 'Certificate of Destruction',
          Slot: row.slot,
          'File Name': row.original_name,
          'Generated By': row.generated_by,
          'Generated At': new Date(row.generated_at).toISOString(),
          Superseded: row.superseded_at !== null,
          'Superseded At': row.superseded_at === null ? '' : new Date(row.superseded_at).toISOString(),
          'Out Of Date': outOfDate.has(row.id),
          Container: documentLink(row.slot === GENERATED_JOB_DOCUMENTS.form41 ? 'form-41' : 'certificate-of-destruction', this.#linkSecret, { id: row.file_id, name: row.original_name }, now, user),
          'Signed Copies': copies
            .filter((copy) => copy.generated_document_id === row.id)
            .map((copy) => ({
              'File Name': copy.original_name,
              'Uploaded By': copy.uploaded_by,
              'Uploaded At': new Date(copy.uploaded_at).toISOString(),
              // An uploaded scan: signed for the reader's session and as short-lived as every document link.
              Container: fileLinkFor(this.#linkSecret, { id: copy.file_id, name: copy.original_name }, now, { session: user.sessionId, ttlSeconds: FILE_LINK_TTL_SECONDS }),
            })),
        },
      })),
    };
  }

  /**
   * The current (not superseded) documents whose figures differ from what the records give now —
   * or that the records cannot give any more (no controlled line item left, say). A document made
   * before figures were kept (078) is never said to be out of date: nothing is known of it.
   */
  async #outOfDate(jobId: number, rows: readonly { id: number; slot: string; superseded_at: Date | null; figures_sha256: string | null }[]): Promise<Set<number>> {
    const current = rows.filter((row) => row.superseded_at === null && row.figures_sha256 !== null);
    if (!current.length) return new Set();
    // A plain read: a listing takes no lock, and the job's line items are read once for both documents.
    const records = await recordsOf(this.#db, jobId, false);
    const stale = new Set<number>();
    for (const row of current) {
      const kind: JobDocument = row.slot === GENERATED_JOB_DOCUMENTS.form41 ? 'form-41' : 'certificate';
      let now: string | undefined;
      try {
        now = this.#contents(kind, records, false).sha256;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
      if (now !== row.figures_sha256) stale.add(row.id);
    }
    return stale;
  }
}
