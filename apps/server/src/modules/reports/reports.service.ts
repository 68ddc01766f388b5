import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import {
  ARCOS_DRUG_CODES,
  ARCOS_MESSAGES,
  ARCOS_SCHEDULES,
  ARCOS_TRANSACTION_CODES,
  arcosFileName,
  arcosPeriodProblems,
  arcosRecord,
  isValidDeaNumber,
  parseUsDate,
  reportRequestProblems,
  type ArcosLineItem,
  type ArcosRequest,
  type ArcosTransactionCode,
  type BulkKind,
  type ReportRequest,
} from '@3ds/domain';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { DocumentColumn, DocumentRow } from '../../documents/table-document.ts';
import { transaction } from '../../db/transaction.ts';
import { badRequest, conflict, validationFailed } from '../../errors/app-error.ts';
import { readSettings } from '../settings/settings.repository.ts';
import type { FileStore } from '../../files/file-store.ts';
import { writeAudit } from '../audit/audit.repository.ts';
import type { SessionUser } from '../auth/auth.service.ts';
import { EXPORTS_PREFIX, fileLinkFor, saveFile } from '../files/files.service.ts';
import * as reports from './reports.repository.ts';
import type { ArcosLine, ReportLine } from './reports.repository.ts';

const ARCOS_RULE = { schedules: ARCOS_SCHEDULES, drugCodes: ARCOS_DRUG_CODES };

/** A line item the ARCOS file leaves out, and why (shown on the Reports screen with a link to it). */
export interface ArcosSkippedItem {
  recordId: number;
  jobId: number;
  /** A Yellow Bucket line item (its screen is another one). */
  yellowBucket: boolean;
  ndc: string;
  transaction: 'receipt' | 'destruction';
  reason: string;
}

function bulkKindOf(line: ArcosLine): BulkKind | null {
  if (line.bulk_raw_powder) return 'raw-powder';
  if (line.bulk_raw_liquid) return 'raw-liquid';
  if (line.bulk_dosage_formulation) return 'dosage-formulation';
  if (line.bulk_solution) return 'solution';
  return null;
}

const numberOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function arcosItemOf(line: ArcosLine): ArcosLineItem {
  return {
    id: line.id,
    ndc: line.ndc,
    schedule: line.ndc_schedule,
    drugCode: line.drug_code,
    bulkKind: bulkKindOf(line),
    packQuantity: numberOrNull(line.pack_quantity),
    packSize: numberOrNull(line.pack_size),
    packSizeUoM: line.pack_size_uom,
    percentFill: numberOrNull(line.percent_fill),
    form222Number: line.form_222_number,
  };
}

const refuse = (message: string) => validationFailed(message, [message]);
const round = (n: number, places = 6) => Math.round(n * 10 ** places) / 10 ** places;

const LINE_COLUMNS: DocumentColumn[] = [
  { label: 'Job ID', type: 'number', width: 8 },
  { label: 'Job Name', type: 'text', width: 28 },
  { label: 'Container ID', type: 'number', width: 11 },
  { label: 'Container Name', type: 'text', width: 18 },
  { label: 'Container Kind', type: 'text', width: 14 },
  { label: 'Line Item ID', type: 'number', width: 11 },
  { label: 'NDC', type: 'text', width: 15 },
  { label: 'Description', type: 'text', width: 32 },
  { label: 'Schedule', type: 'text', width: 9 },
  { label: 'Drug Code', type: 'text', width: 10 },
  { label: 'Pack Qty', type: 'number', width: 9 },
  { label: 'Pack Qty UoM', type: 'text', width: 11 },
  { label: 'Pack Size', type: 'number', width: 10 },
  { label: 'Pack Size UoM', type: 'text', width: 12 },
  { label: '% Fill', type: 'percent', width: 9 },
  { label: 'Reporting Qty', type: 'number', width: 13 },
  { label: 'Reporting UoM', type: 'text', width: 13 },
  { label: 'Grams of Base', type: 'number', width: 13 },
  { label: 'Form 222#', type: 'text', width: 12 },
  { label: 'CWF#', type: 'text', width: 16 },
];

const NDC_COLUMNS: DocumentColumn[] = [
  { label: 'NDC', type: 'text', width: 15 },
  { label: 'Description', type: 'text', width: 36 },
  { label: 'Schedule', type: 'text', width: 9 },
  { label: 'Drug Code', type: 'text', width: 10 },
  { label: 'Line Items', type: 'number', width: 10 },
  { label: 'Packages', type: 'number', width: 10 },
  { label: 'Reporting Qty', type: 'number', width: 13 },
  { label: 'Reporting UoM', type: 'text', width: 13 },
  { label: 'Grams of Base', type: 'number', width: 13 },
];

/** The sum of a quantity in one unit, or '' when the lines mix units (a sum would mean nothing). */
function sumInOneUnit(lines: ReportLine[]): { qty: number | ''; uom: string } {
  const units = new Set(lines.map((l) => l.reporting_uom ?? ''));
  if (units.size !== 1) return { qty: '', uom: units.size ? 'mixed' : '' };
  return { qty: round(lines.reduce((s, l) => s + (l.reporting_qty ?? 0), 0)), uom: [...units][0]! };
}

function lineRows(lines: ReportLine[]): DocumentRow[] {
  const rows: DocumentRow[] = lines.map((l) => [
    l.job_id,
    l.job_name,
    l.container_id,
    l.container_name ?? '',
    l.kind === 'yellow_bucket' ? 'Yellow Bucket' : 'Standard',
    l.id,
    l.ndc,
    l.ndc_description ?? '',
    l.ndc_schedule ?? '',
    l.drug_code ?? '',
    l.pack_quantity ?? '',
    l.pack_quantity_uom ?? '',
    l.pack_size ?? '',
    l.pack_size_uom ?? '',
    l.percent_fill,
    l.reporting_qty ?? '',
    l.reporting_uom ?? '',
    l.grams_of_base ?? '',
    l.form_222_number ?? '',
    l.cwf_form_number ?? '',
  ]);
  const total = sumInOneUnit(lines);
  rows.push([
    'Total', '', '', '', '', lines.length, '', `${lines.length} line item${lines.length === 1 ? '' : 's'}`, '', '',
    round(lines.reduce((s, l) => s + (l.pack_quantity ?? 0), 0)), '', '', '', '',
    total.qty, total.uom,
    round(lines.reduce((s, l) => s + (l.grams_of_base ?? 0), 0)), '', '',
  ]);
  return rows;
}

function perNdcRows(lines: ReportLine[]): DocumentRow[] {
  const groups = new Map<string, ReportLine[]>();
  for (const line of lines) groups.set(line.ndc, [...(groups.get(line.ndc) ?? []), line]);
  const rows: DocumentRow[] = [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([ndc, group]) => {
      const first = group[0]!;
      const total = sumInOneUnit(group);
      return [
        ndc,
        first.ndc_description ?? '',
        first.ndc_schedule ?? '',
        first.drug_code ?? '',
        group.length,
        round(group.reduce((s, l) => s + (l.pack_quantity ?? 0), 0)),
        total.qty,
        total.uom,
        round(group.reduce((s, l) => s + (l.grams_of_base ?? 0), 0)),
      ];
    });
  rows.push([
    'Total', `${groups.size} NDC${groups.size === 1 ? '' : 's'}`, '', '', lines.length,
    round(lines.reduce((s, l) => s + (l.pack_quantity ?? 0), 0)), '', '',
    round(lines.reduce((s, l) => s + (l.grams_of_base ?? 0), 0)),
  ]);
  return rows;
}

/** The records of the period, receipts first then destructions, and the items left out. */
function arcosFile(lines: ArcosLine[], period: { from: string; to: string }, reportingRegistrant: string) {
  const records: string[] = [];
  const skipped: ArcosSkippedItem[] = [];
  const counts = { receipts: 0, destructions: 0 };
  const within = (date: string | null) => date !== null && date >= period.from && date <= period.to;
  const write = (line: ArcosLine, code: ArcosTransactionCode, date: string) => {
    const result = arcosRecord(arcosItemOf(line), { code, date, reportingRegistrant, associateRegistrant: line.registration_number });
    const receipt = code === ARCOS_TRANSACTION_CODES.receipt;
    if ('record' in result) {
      records.push(result.record);
      counts[receipt ? 'receipts' : 'destructions'] += 1;
    } else {
      skipped.push({ recordId: line.id, jobId: line.job_id, yellowBucket: line.kind === 'yellow_bucket', ndc: line.ndc, transaction: receipt ? 'receipt' : 'destruction', reason: result.reason });
    }
  };
  for (const line of lines) if (within(line.date_received)) write(line, ARCOS_TRANSACTION_CODES.receipt, line.date_received!);
  for (const line of lines) if (within(line.date_destroyed)) write(line, ARCOS_TRANSACTION_CODES.destroyed, line.date_destroyed!);
  return { records, skipped, counts };
}

export class ReportsService {
  readonly #db: Kysely<Database>;
  readonly #store: FileStore;
  readonly #linkSecret: string;
  readonly #now: () => Date;

  constructor(deps: { db: Kysely<Database>; store: FileStore; linkSecret: string; now: () => Date }) {
    this.#db = deps.db;
    this.#store = deps.store;
    this.#linkSecret = deps.linkSecret;
    this.#now = deps.now;
  }

  /**
   * The reports page (spec 1 §2): a job's line items (`excelExport`) or their sums per NDC
   * (`perNdc`), optionally of one container and ARCOS-reportable items only, as export.xlsx.
   */
  async export(request: ReportRequest, user: SessionUser, requestId: string) {
    const problems = reportRequestProblems(request);
    if (problems.length) throw validationFailed(problems[0]!, problems);
    if (!/^\d{1,9}$/.test(request.jobId)) throw refuse(`Job ID must be a number, not "${request.jobId}".`);
    const jobId = Number(request.jobId);
    const job = await reports.findJobWithRegistration(this.#db, jobId);
    if (!job) throw refuse(`There is no job ${jobId}.`);
    const wanted = request.registration.toUpperCase();
    if (job.registrationNumber.toUpperCase() !== wanted && String(job.registrationId) !== request.registration) {
      throw refuse(`Job ${jobId} does not belong to registration ${request.registration}.`);
    }
    let containerIds: number[] | undefined;
    if (request.containerName) {
      const containers = await reports.findContainerByName(this.#db, jobId, request.containerName);
      if (!containers.length) throw refuse(`There is no container named "${request.containerName}" in job ${jobId}.`);
      containerIds = containers.map((c) => c.id);
    }
    const lines = await reports.reportLines(this.#db, { jobId, ...(containerIds ? { containerIds } : {}), arcosOnly: request.showArcos, arcos: ARCOS_RULE });

    const perNdc = request.reportType === 'perNdc';
    const scope = `Job ${jobId} — ${job.name}${request.containerName ? ` — container ${request.containerName}` : ''}${request.showArcos ? ' — ARCOS items only' : ''}`;
    const output = new PassThrough();
    const { createXlsxWriter } = await import('../../documents/xlsx-writer.ts');
    const writer = createXlsxWriter(output, {
      title: perNdc ? `Per NDC: ${scope}` : scope,
      sheetName: perNdc ? 'Per NDC' : 'Line Items',
      columns: perNdc ? NDC_COLUMNS : LINE_COLUMNS,
    });
    const saving = saveFile(
      this.#db,
      this.#store,
      {
        key: `${EXPORTS_PREFIX}${randomUUID()}/export.xlsx`,
        name: 'export.xlsx',
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        body: output,
        createdBy: user.username,
      },
      (trx, file) =>
        writeAudit(trx, {
          username: user.username,
          action: 'report',
          entity: 'job',
          recordId: jobId,
          after: { reportType: request.reportType, containerName: request.containerName, showArcos: request.showArcos, lines: lines.length, file: file.id },
          requestId,
        }),
    );
    try {
      await writer.addRows(perNdc ? perNdcRows(lines) : lineRows(lines));
      await writer.finish();
    } catch (error) {
      output.destroy(error as Error);
      await saving.catch(() => {});
      throw error;
    }
    const file = await saving;
    return { data: [{ fieldData: { Container: fileLinkFor(this.#linkSecret, file, this.#now(), { session: user.sessionId }) } }], scriptResult: JSON.stringify({ succeeded: true }) };
  }

  /**
   * The ARCOS file of a period (docs/dea-paperwork.md "The ARCOS file"): a receipt (P) for each
   * ARCOS-reportable item of a job received in it, a destruction (Y) for each one destroyed in it, as
   * 80-character records; items that cannot be reported correctly are left out and listed with why.
   * The settings row and the line items are read in one snapshot, so the file is what the records
   * said at one moment even while they are being edited.
   */
  async arcos(request: ArcosRequest, user: SessionUser, requestId: string) {
    const period = { from: parseUsDate(request.from)!, to: parseUsDate(request.to)! };
    const problems = arcosPeriodProblems(period.from, period.to);
    if (problems.length) throw badRequest(problems[0]!, problems);
    const { settings, lines } = await transaction(this.#db, async (trx) => {
      await sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`.execute(trx);
      return { settings: await readSettings(trx), lines: await reports.arcosLines(trx, period, ARCOS_RULE) };
    });
    const ours = settings.dea_number?.trim().toUpperCase() ?? '';
    if (!ours) throw conflict(ARCOS_MESSAGES.registrationMissing);
    if (!isValidDeaNumber(ours)) throw conflict(`Our DEA registration number in Settings, ${ours}, has a wrong check digit; correct it in Settings first`);

    const { records, skipped, counts } = arcosFile(lines, period, ours);
    const name = arcosFileName(period.from, period.to);
    const body = Buffer.from(records.map((r) => `${r}\r\n`).join(''), 'ascii');
    const file = await saveFile(
      this.#db,
      this.#store,
      { key: `${EXPORTS_PREFIX}${randomUUID()}/${name}`, name, contentType: 'text/plain; charset=us-ascii', body, createdBy: user.username },
      (trx, saved) =>
        writeAudit(trx, {
          username: user.username,
          action: 'report',
          entity: 'arcos',
          recordId: null,
          after: { report: 'arcos', from: period.from, to: period.to, records: records.length, ...counts, skipped: skipped.map((s) => s.recordId), file: saved.id },
          requestId,
        }),
    );
    return {
      data: [
        {
          fieldData: {
            Container: fileLinkFor(this.#linkSecret, file, this.#now(), { session: user.sessionId }),
            FileName: name,
            Records: records.length,
            Receipts: counts.receipts,
            Destructions: counts.destructions,
            SkippedCount: skipped.length,
            Skipped: skipped,
          },
        },
      ],
      scriptResult: JSON.stringify({ succeeded: true }),
    };
  }
}
