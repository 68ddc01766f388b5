import {
  bulkKindOf,
  ARCOS_ACTIONS,
  ARCOS_DRUG_CODES,
  ARCOS_INVENTORY_CODES,
  ARCOS_MESSAGES,
  ARCOS_SCHEDULES,
  ARCOS_TRANSACTION_CODES,
  arcosControlRecord,
  arcosNoYearEndInventoryRecord,
  arcosPeriodText,
  arcosRecord,
  arcosYearEndInventoryRecord,
  arcosYearEndsCovered,
  nextArcosPeriod,
  pendingCorrectionsByReport,
  carriesYearEndInventory,
  isArcosReportable,
  isValidDeaNumber,
  parseArcosPeriod,
  planArcosReport,
  reportRequestProblems,
  todayIso,
  withAction,
  type ArcosFrequency,
  type ArcosSkippedItem,
  type ArcosPeriod,
  type ArcosLineItem,
  type ArcosRequest,
  type ArcosTransactionCode,
  type ArcosWritten,
  type InventoryMoment,
  type ReportRequest,
} from '@3ds/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { transaction } from '../../db/transaction.ts';
import type { DocumentColumn, DocumentRow } from '../../documents/table-document.ts';
import { badRequest, conflict, validationFailed } from '../../errors/app-error.ts';
import type { FileStore } from '../../files/file-store.ts';
import { documentLink, publishDocument, type PublishDeps } from '../../files/publish-document.ts';
import { assertMayPerform } from '../../security/authorize.ts';
import type { SessionUser } from '../../security/session-user.ts';
import type { OnHandLine } from '../../db/repositories/on-hand.repository.ts';
import { readSettings, readSettingsForUpdate } from '../../db/repositories/settings.repository.ts';
import * as reports from './reports.repository.ts';
import type { ArcosLine, ReportLine } from './reports.repository.ts';

/** The line items on hand at a moment (the inventory module's InventoryService reads them): the year-end inventory's. */
export interface OnHandAt {
  onHand(at: InventoryMoment): Promise<OnHandLine[]>;
}

const ARCOS_RULE = { schedules: ARCOS_SCHEDULES, drugCodes: ARCOS_DRUG_CODES };


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
    density: numberOrNull(line.density),
    form222Number: line.form_222_number,
  };
}

/** An item on hand at the close of December 31, as its year-end inventory record reads it. */
function arcosItemOnHand(line: OnHandLine): ArcosLineItem {
  return {
    id: line.id,
    ndc: line.ndc,
    schedule: line.schedule,
    drugCode: line.drug_code,
    bulkKind: bulkKindOf(line),
    packQuantity: line.pack_quantity,
    packSize: line.pack_size,
    packSizeUoM: line.pack_size_uom,
    percentFill: line.percent_fill,
    density: line.density,
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

/** What a kept report carried, in its summary. */
interface ArcosSummary {
  receipts: number;
  destructions: number;
  deletions: number;
  insertions: number;
  /** Year-end inventory records (code 3), or -1 for the one "no year-end inventory" record (code 8); null when the period carries none. */
  yearEnd: number | null;
  skipped: number[];
}

const FREQUENCY_EXAMPLE: Record<ArcosFrequency, string> = { monthly: 'a month such as 2026-01', quarterly: 'a quarter such as 2026-Q1' };

export class ReportsService {
  readonly #db: Kysely<Database>;
  readonly #linkSecret: string;
  readonly #now: () => Date;
  readonly #inventory: OnHandAt;
  readonly #publishing: PublishDeps;

  constructor(deps: { db: Kysely<Database>; store: FileStore; linkSecret: string; now: () => Date; inventory: OnHandAt }) {
    this.#db = deps.db;
    this.#linkSecret = deps.linkSecret;
    this.#now = deps.now;
    this.#inventory = deps.inventory;
    this.#publishing = { db: deps.db, store: deps.store, linkSecret: deps.linkSecret, now: deps.now };
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
    const { link } = await publishDocument(this.#publishing, {
      kind: 'job-report',
      of: { jobId },
      user,
      requestId,
      body: async (output) => {
        const { createXlsxWriter } = await import('../../documents/xlsx-writer.ts');
        const writer = createXlsxWriter(output, {
          title: perNdc ? `Per NDC: ${scope}` : scope,
          sheetName: perNdc ? 'Per NDC' : 'Line Items',
          columns: perNdc ? NDC_COLUMNS : LINE_COLUMNS,
        });
        await writer.addRows(perNdc ? perNdcRows(lines) : lineRows(lines));
        await writer.finish();
      },
      record: (_trx, file) => ({
        recordId: jobId,
        after: { reportType: request.reportType, containerName: request.containerName, showArcos: request.showArcos, lines: lines.length, file: file.id },
      }),
    });
    return { data: [{ fieldData: { Container: link } }], scriptResult: JSON.stringify({ succeeded: true }) };
  }

  /**
   * The ARCOS report of a period (docs/dea-paperwork.md "The ARCOS report"): the control record; a
   * receipt (P) for each reportable item of a job received in the period and a destruction (Y) for
   * each one destroyed in it; corrections of what earlier reports carried (D, I); in December or the
   * fourth quarter the year-end inventory (3, or 8). Kept with who made it and when; the same period
   * made again supersedes the earlier report (kept and listed); an earlier period cannot be made once
   * a later one is. Items that cannot be reported correctly are left out and listed with why.
   */
  async arcos(request: ArcosRequest, user: SessionUser, requestId: string) {
    assertMayPerform(user, 'arcos.generate');
    const period = parseArcosPeriod(request.period)!;
    const today = todayIso(this.#now());
    const read = await transaction(this.#db, async (trx) => {
      await reports.readAsOfOneMoment(trx);
      return { settings: await readSettings(trx), reports: await reports.currentArcosReports(trx) };
    });
    const { settings } = read;
    const ours = settings.dea_number?.trim().toUpperCase() ?? '';
    if (!ours) throw conflict(ARCOS_MESSAGES.registrationMissing);
    if (!isValidDeaNumber(ours)) throw conflict(`Our DEA registration number in Settings, ${ours}, has a wrong check digit; correct it in Settings first`);
    const frequency = settings.arcos_frequency as ArcosFrequency;
    if (period.frequency !== frequency) {
      const message = `Our ARCOS reports are ${frequency} (Settings): ask for ${FREQUENCY_EXAMPLE[frequency]}, not ${period.label}`;
      throw badRequest(message, [message]);
    }
    if (period.end >= today) {
      const message = `${arcosPeriodText(period)} is not over yet: a report covers a finished ${frequency === 'monthly' ? 'month' : 'quarter'}`;
      throw badRequest(message, [message]);
    }
    const latest = read.reports[0];
    let supersedes: number | null = null;
    if (latest) {
      const same = latest.period_start === period.start && latest.period_end === period.end;
      if (same) supersedes = latest.id;
      else if (period.start <= latest.period_end) {
        throw conflict(
          `The ARCOS report of ${arcosPeriodText(parseArcosPeriod(labelOf(latest.period_start, latest.period_end, latest.frequency as ArcosFrequency))!)} is already made; ` +
            `a report of an earlier period cannot be made after it. What changed since goes out as corrections in the next report.`,
        );
      }
    }
    const { plan, skipped, destructionsWanted, yearEndRecord, onHandAtYearEnd } = await this.#plan(period, ours, settings, read.reports, supersedes);
    if (destructionsWanted && !(settings.dea_regional_number?.trim() ?? '')) throw conflict(ARCOS_MESSAGES.regionalMissing);

    // The period's own year-end inventory: regular records after the receipts and destructions.
    const yearEnd: { lineItemId: number | null; record: string }[] = [];
    let yearEndCount: number | null = null;
    if (carriesYearEndInventory(period)) {
      const onHand = await onHandAtYearEnd(period.end);
      for (const line of onHand) {
        const record = yearEndRecord(line, period.end);
        if (record !== null) yearEnd.push({ lineItemId: line.id, record });
      }
      yearEndCount = yearEnd.length;
      if (!onHand.length) {
        // Code 8 names no line item: written, not kept as a transaction DEA holds.
        yearEnd.push({ lineItemId: null, record: arcosNoYearEndInventoryRecord(ours, period.end) });
        yearEndCount = -1;
      }
    }

    const records = [
      arcosControlRecord(ours, period),
      ...plan.regular.map((t) => t.record),
      ...plan.deletions.map((t) => withAction(t.record, ARCOS_ACTIONS.delete)),
      ...plan.insertions.map((t) => withAction(t.record, ARCOS_ACTIONS.insert)),
      ...yearEnd.map((y) => y.record),
    ];
    const summary: ArcosSummary = {
      receipts: plan.regular.filter((t) => t.code === 'P').length,
      destructions: plan.regular.filter((t) => t.code === 'Y').length,
      deletions: plan.deletions.length,
      insertions: plan.insertions.length,
      yearEnd: yearEndCount,
      skipped: skipped.map((s) => s.recordId),
    };
    const createdAt = this.#now();
    let reportId = 0;
    const { file, link } = await publishDocument(this.#publishing, {
      kind: 'arcos-report',
      of: { period },
      user,
      requestId,
      body: Buffer.from(records.map((r) => `${r}\r\n`).join(''), 'ascii'),
      record: async (trx, saved) => {
        // One report at a time: the settings row's lock orders them; what was read must still be in force.
        await readSettingsForUpdate(trx);
        const current = await reports.currentArcosReports(trx);
        if ((current[0]?.id ?? null) !== (latest?.id ?? null)) throw conflict('Another ARCOS report was made meanwhile; make this one again.');
        const row = await reports.insertArcosReport(trx, { period_start: period.start, period_end: period.end, frequency: period.frequency, file_id: saved.id, records: records.length, summary: JSON.stringify(summary), created_by: user.username, created_at: createdAt });
        reportId = row.id;
        if (supersedes !== null) {
          await reports.supersedeArcosReport(trx, supersedes, row.id, createdAt);
        }
        const carried = [
          ...plan.regular.map((t) => ({ t, action: ARCOS_ACTIONS.regular })),
          ...plan.deletions.map((t) => ({ t, action: ARCOS_ACTIONS.delete })),
          ...plan.insertions.map((t) => ({ t, action: ARCOS_ACTIONS.insert })),
          ...yearEnd.flatMap(({ lineItemId, record }) =>
            lineItemId === null ? [] : [{ t: { lineItemId, code: ARCOS_INVENTORY_CODES.yearEnd, date: period.end, record }, action: ARCOS_ACTIONS.regular }],
          ),
        ];
        await reports.insertArcosTransactions(
          trx,
          carried.map(({ t, action }) => ({ report_id: row.id, line_item_id: t.lineItemId, code: t.code, action, record: t.record, transaction_date: t.date ?? null })),
        );
        return {
          recordId: row.id,
          before: supersedes === null ? null : { supersedes },
          after: { report: 'arcos', period: period.label, from: period.start, to: period.end, records: records.length, ...summary, file: saved.id },
        };
      },
    });
    return {
      data: [
        {
          recordId: String(reportId),
          fieldData: {
            Container: link,
            FileName: file.name,
            Period: period.label,
            Records: records.length,
            Receipts: summary.receipts,
            Destructions: summary.destructions,
            Corrections: summary.deletions + summary.insertions,
            YearEndInventory: yearEndCount ?? 0,
            Superseded: supersedes !== null,
            SkippedCount: skipped.length,
            Skipped: skipped,
          },
        },
      ],
      scriptResult: JSON.stringify({ succeeded: true }),
    };
  }

  /**
   * What a report of `period` carries beside its control record and its own year-end inventory: the
   * transactions dated in it and the corrections (D, I) of what the reports in force (but
   * `supersedes`) carried, as the records give them now; and what could not be written, with why.
   */
  async #plan(period: ArcosPeriod, ours: string, settings: { dea_regional_number: string | null }, kept: readonly KeptArcosReport[], supersedes: number | null) {
    const inForce = kept.filter((r) => r.id !== supersedes);
    const coveredFrom = inForce.length ? inForce.reduce((min, r) => (r.period_start < min ? r.period_start : min), inForce[0]!.period_start) : null;
    const held = await reports.heldTransactions(this.#db, supersedes);
    const heldYearEnd = held.filter((h) => h.code === ARCOS_INVENTORY_CODES.yearEnd);
    const heldReceiptsAndDestructions = held.filter((h) => h.code !== ARCOS_INVENTORY_CODES.yearEnd);
    const lines = await reports.arcosLines(this.#db, { from: coveredFrom ?? period.start, to: period.end, ids: [...new Set(heldReceiptsAndDestructions.map((h) => h.lineItemId))] }, ARCOS_RULE);
    const regional = settings.dea_regional_number?.trim().toUpperCase() ?? '';

    const now: ArcosWritten[] = [];
    const skipped: ArcosSkippedItem[] = [];
    const inScope = (date: string) => date >= (coveredFrom ?? period.start) && date <= period.end;
    let destructionsWanted = false;
    for (const line of lines) {
      const transactions: [ArcosTransactionCode, string | null, string | null][] = [
        [ARCOS_TRANSACTION_CODES.receipt, line.date_received, line.registration_number],
        [ARCOS_TRANSACTION_CODES.destroyed, line.date_destroyed, regional || null],
      ];
      for (const [code, date, associate] of transactions) {
        if (!date || date > period.end) continue;
        if (code === ARCOS_TRANSACTION_CODES.destroyed && inScope(date)) destructionsWanted = true;
        // Appendix 1: a destruction (Y) names the DEA regional office as its associate registrant.
        const result = arcosRecord(arcosItemOf(line), { code, date, reportingRegistrant: ours, associateRegistrant: associate });
        if ('record' in result) now.push({ lineItemId: line.id, code, date, record: result.record });
        else if (inScope(date)) {
          skipped.push({ recordId: line.id, jobId: line.job_id, yellowBucket: line.kind === 'yellow_bucket', ndc: line.ndc, transaction: code === 'P' ? 'receipt' : 'destruction', reason: result.reason });
        }
      }
    }

    // The reportable items on hand at the close of a December 31, as the records give them now.
    const onHandAtYearEnd = async (date: string) =>
      (await this.#inventory.onHand({ date, time: '23:59', business: 'close' })).filter((l) => isArcosReportable(l.schedule, l.removed_from_arcos === true, l.drug_code));
    const yearEndRecord = (line: OnHandLine, date: string) => {
      const result = arcosYearEndInventoryRecord(arcosItemOnHand(line), ours, date);
      if ('reason' in result) skipped.push({ recordId: line.id, jobId: line.job_id, yellowBucket: line.kind === 'yellow_bucket', ndc: line.ndc, transaction: 'inventory', reason: result.reason });
      return 'record' in result ? result.record : null;
    };
    // The year-end inventories earlier reports covered (and any DEA holds), as they are now: what DEA
    // holds of them is corrected like receipts and destructions (D, I).
    const earlierYearEnds = new Set(arcosYearEndsCovered(coveredFrom, period));
    for (const h of heldYearEnd) if (h.date && h.date < period.start) earlierYearEnds.add(h.date);
    for (const date of [...earlierYearEnds].sort()) {
      for (const line of await onHandAtYearEnd(date)) {
        const record = yearEndRecord(line, date);
        if (record !== null) now.push({ lineItemId: line.id, code: ARCOS_INVENTORY_CODES.yearEnd, date, record });
      }
    }
    const plan = planArcosReport(period, now, held, coveredFrom);
    return { plan, skipped, destructionsWanted, yearEndRecord, onHandAtYearEnd, inForce };
  }

  /**
   * `GET /reports/arcos/check`: whether the kept reports in force still say what the records say. The
   * next report's corrections (D, I of what earlier reports carried), worked out now as that report
   * would, counted by the report each concerns: a report with none matches the records. `known: false`
   * when no check can be made (no report in force, or our registration is not in Settings).
   */
  async arcosCheck() {
    const read = await transaction(this.#db, async (trx) => {
      await reports.readAsOfOneMoment(trx);
      return { settings: await readSettings(trx), reports: await reports.currentArcosReports(trx) };
    });
    const ours = read.settings.dea_number?.trim().toUpperCase() ?? '';
    const latest = read.reports[0];
    if (!latest || !isValidDeaNumber(ours)) return { known: false, nextPeriod: '', pending: 0, reports: [] };
    const next = nextArcosPeriod({ end: latest.period_end }, read.settings.arcos_frequency as ArcosFrequency);
    const { plan } = await this.#plan(next, ours, read.settings, read.reports, null);
    const byReport = pendingCorrectionsByReport(
      plan,
      read.reports.map((r) => ({ id: r.id, start: r.period_start, end: r.period_end })),
    );
    return {
      known: true,
      nextPeriod: arcosPeriodText(next),
      pending: plan.deletions.length + plan.insertions.length,
      reports: read.reports.map((r) => ({ recordId: String(r.id), corrections: byReport.get(r.id) ?? 0 })),
    };
  }

  /** Every ARCOS report kept (handbook 2.2: two years; 3DS never removes one), newest first, each with its link. */
  async arcosReports(user: SessionUser) {
    const rows = await reports.keptArcosReports(this.#db);
    const settings = await readSettings(this.#db);
    const now = this.#now();
    return {
      frequency: settings.arcos_frequency as ArcosFrequency,
      data: rows.map((r) => {
        const summary = r.summary as unknown as Partial<ArcosSummary>;
        const period = parseArcosPeriod(labelOf(r.period_start, r.period_end, r.frequency as ArcosFrequency))!;
        return {
          recordId: String(r.id),
          fieldData: {
            Period: period.label,
            'Period Text': arcosPeriodText(period),
            From: r.period_start,
            To: r.period_end,
            Records: r.records,
            Receipts: summary.receipts ?? 0,
            Destructions: summary.destructions ?? 0,
            Corrections: (summary.deletions ?? 0) + (summary.insertions ?? 0),
            'Year-End Inventory': summary.yearEnd === null || summary.yearEnd === undefined ? '' : summary.yearEnd === -1 ? 'None (code 8)' : `${summary.yearEnd} item${summary.yearEnd === 1 ? '' : 's'} (code 3)`,
            'Created By': r.created_by,
            'Created At': new Date(r.created_at).toISOString(),
            Superseded: r.superseded_at !== null,
            FileName: r.original_name,
            Container: documentLink('arcos-report', this.#linkSecret, { id: r.file_id, name: r.original_name }, now, user),
          },
        };
      }),
    };
  }
}

/** A kept report in force, as `currentArcosReports` reads it. */
type KeptArcosReport = Awaited<ReturnType<typeof reports.currentArcosReports>>[number];

/** A kept report's period label from its dates. */
function labelOf(start: string, _end: string, frequency: ArcosFrequency): string {
  const month = Number(start.slice(5, 7));
  return frequency === 'monthly' ? start.slice(0, 7) : `${start.slice(0, 4)}-Q${Math.floor((month - 1) / 3) + 1}`;
}
