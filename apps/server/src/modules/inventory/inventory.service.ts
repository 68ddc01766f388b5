import { PassThrough } from 'node:stream';
import {
  bulkKindOf,
  accountability,
  accountabilityByNdc,
  isBulkNdc,
  buildForm41Rows,
  COUNT_BASIS_TEXT,
  destructionDaysLeft,
  formatIsoDate,
  INVENTORY_MESSAGES,
  inventoryCountBasis,
  inventoryDifferenceCount,
  inventoryDifferences,
  isControlledSchedule,
  isReconstructedInventory,
  reconstructedInventoryText,
  parseInventoryMoment,
  parseUsDate,
  todayIso,
  UNPLACED_TEXT,
  type AccountabilityQuery,
  type Form41LineItem,
  type InventoryCountLine,
  type InventoryMoment,
  type InventoryRequest,
} from '@3ds/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { renderInventory } from '../../documents/inventory-pdf.ts';
import type { DocumentColumn, DocumentRow } from '../../documents/table-document.ts';
import { createXlsxWriter } from '../../documents/xlsx-writer.ts';
import { badRequest, notFound, validationFailed } from '../../errors/app-error.ts';
import type { FileStore } from '../../files/file-store.ts';
import { documentLink, publishDocument, type PublishDeps } from '../../files/publish-document.ts';
import { assertMayPerform } from '../../security/authorize.ts';
import type { SessionUser } from '../../security/session-user.ts';
import { drugCodeLines, onHandBySchedule, onHandLines, type OnHandBySchedule, type OnHandFilter, type OnHandLine } from '../../db/repositories/on-hand.repository.ts';
import { registrantOf } from '../../shared/registrant.ts';
import { readSettings } from '../../db/repositories/settings.repository.ts';
import * as inventories from './inventory.repository.ts';

/** An on-hand line as the Form 41 row builder (which the inventory shares) reads it. */
export function asForm41Item(line: OnHandLine): Form41LineItem {
  return {
    ndc: line.ndc,
    schedule: line.schedule,
    drugCode: line.drug_code,
    name: line.description,
    strength: line.strength,
    form: line.form,
    lot: line.lot_number,
    bulkKind: line.ndc.endsWith('**') ? bulkKindOf(line) : undefined,
    ingredientBaseWeight: line.ingredient_base_weight,
    density: line.density,
    packQuantity: line.pack_quantity,
    packSize: line.pack_size,
    packSizeUoM: line.pack_size_uom,
    percentFill: line.percent_fill,
  };
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const sumGrams = (lines: readonly OnHandLine[]) => round6(lines.reduce((s, l) => s + (l.grams_of_base ?? 0), 0));

/** The quick find's words: letters and digits, lower-cased (anything else separates words). */
export function quickFindWords(text: string | undefined): string[] {
  return (text ?? '').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean).slice(0, 20);
}

export interface OnHandQuery {
  quickFind?: string | undefined;
  schedule?: string | undefined;
  drugCode?: string | undefined;
  offset?: number | undefined;
  limit?: number | undefined;
}

const INVENTORY_COLUMNS: DocumentColumn[] = [
  { label: 'Schedule', type: 'text', width: 9 },
  { label: 'NDC or DEA Code', type: 'text', width: 15 },
  { label: 'Batch Number', type: 'text', width: 14 },
  { label: 'Name of Substance', type: 'text', width: 34 },
  { label: 'Strength', type: 'text', width: 14 },
  { label: 'Form', type: 'text', width: 14 },
  { label: 'Units per Container', type: 'text', width: 18 },
  { label: 'Sealed Containers', type: 'text', width: 10 },
  { label: 'Units in Opened Containers', type: 'text', width: 12 },
  { label: 'Total on Hand', type: 'text', width: 24 },
  { label: 'Count', type: 'text', width: 22 },
  { label: 'Line Items', type: 'number', width: 10 },
];

/**
 * What is on hand, the inventory and the accountability of a period (docs/dea-paperwork.md
 * "Inventory and accountability"). `onHand` is the one computation of what is on hand: the on-hand
 * view, the inventory, the accountability and the ARCOS year-end inventory all read it.
 */
/** 3DS's today and time of day (the Settings' time zone: modules/settings/business-day.ts). */
export interface InventoryClock {
  today(): string;
  timeOfDay(): string;
}

/** MM/DD/YYYY HH:MM of a moment, in the server's zone (the zone an inventory's moment is read in). */
function localMinute(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(at.getMonth() + 1)}/${pad(at.getDate())}/${at.getFullYear()} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

export class InventoryService {
  readonly #db: Kysely<Database>;
  readonly #linkSecret: string;
  readonly #publishing: PublishDeps;
  readonly #now: () => Date;
  readonly #clock: InventoryClock;

  constructor(deps: { db: Kysely<Database>; store: FileStore; linkSecret: string; now: () => Date; clock?: InventoryClock }) {
    this.#db = deps.db;
    this.#clock = deps.clock ?? { today: () => todayIso(deps.now()), timeOfDay: () => `${String(deps.now().getHours()).padStart(2, '0')}:${String(deps.now().getMinutes()).padStart(2, '0')}` };
    this.#linkSecret = deps.linkSecret;
    this.#publishing = { db: deps.db, store: deps.store, linkSecret: deps.linkSecret, now: deps.now };
    this.#now = deps.now;
  }

  /** Now, as the moment on hand is counted at: today in the Settings' time zone, at the close of business. */
  #moment(): InventoryMoment {
    return { date: this.#clock.today(), time: this.#clock.timeOfDay(), business: 'close' };
  }

  /** The line items on hand at a moment (default: now), optionally narrowed. Other areas call this. */
  onHand(at: InventoryMoment = this.#moment(), filter: OnHandFilter = {}) {
    return onHandLines(this.#db, at, filter);
  }

  /** On hand now, by schedule, counted by the database (the home screen's summary). */
  onHandBySchedule(): Promise<OnHandBySchedule> {
    return onHandBySchedule(this.#db, this.#moment());
  }

  /**
   * `GET /reports/on-hand`: the line items on hand now, found by the quick find, schedule and drug
   * code, a page of them in the list shape, with the whole found set summed by schedule and drug code.
   */
  async list(query: OnHandQuery) {
    const filter: OnHandFilter = {
      words: quickFindWords(query.quickFind),
      ...(query.schedule ? { schedule: query.schedule } : {}),
      ...(query.drugCode ? { drugCode: query.drugCode } : {}),
    };
    const today = this.#clock.today();
    const [found, all] = await Promise.all([this.onHand(this.#moment(), filter), this.onHand()]);
    const offset = Math.max(1, query.offset ?? 1);
    const limit = Math.min(1000, Math.max(1, query.limit ?? 50));
    const page = found.slice(offset - 1, offset - 1 + limit);
    const summary = new Map<string, { schedule: string; drugCode: string; lineItems: number; gramsOfBase: number }>();
    for (const line of found) {
      const schedule = (line.schedule ?? '').toUpperCase();
      const drugCode = (line.drug_code ?? '').trim();
      const key = `${schedule}|${drugCode}`;
      const entry = summary.get(key) ?? { schedule, drugCode, lineItems: 0, gramsOfBase: 0 };
      entry.lineItems += 1;
      entry.gramsOfBase = round6(entry.gramsOfBase + (line.grams_of_base ?? 0));
      summary.set(key, entry);
    }
    return {
      data: page.map((line) => ({
        recordId: String(line.id),
        fieldData: {
          'Line Item ID': line.id,
          'Yellow Bucket': line.kind === 'yellow_bucket',
          'Job ID': line.job_id,
          'Job Name': line.job_name,
          'Container ID': line.container_id,
          'Container Name': line.container_name ?? '',
          'Registration Number': line.registration_number ?? '',
          'Company Name': line.company_name ?? '',
          'NDC Number': line.ndc,
          Description: line.description ?? '',
          Schedule: line.schedule ?? '',
          'Drug Code': line.drug_code ?? '',
          'Lot Number': line.lot_number ?? '',
          'Pack Quantity': line.pack_quantity ?? '',
          'Pack Size': line.pack_size ?? '',
          'Pack Size UoM': line.pack_size_uom ?? '',
          'Percent Fill': line.percent_fill ?? '',
          'Reporting Qty': line.reporting_qty ?? '',
          'Reporting UoM': line.reporting_uom ?? '',
          'Grams Of Base': line.grams_of_base ?? '',
          'Date Received': formatIsoDate(line.date_received),
          'Days Left': destructionDaysLeft(line.date_received, null, today) ?? '',
        },
      })),
      dataInfo: { foundCount: found.length, returnedCount: page.length, totalRecordCount: all.length },
      summary: [...summary.values()],
    };
  }

  /**
   * The inventory as of a moment (21 CFR 1304.11): every controlled substance on hand, grouped as the
   * Form 41 groups items (NDC, lot, package size; bulk by code and batch), each row counted as the rule
   * allows; kept as a PDF and an xlsx with who took it and when, and audited.
   */
  async take(request: InventoryRequest, user: SessionUser, requestId: string) {
    assertMayPerform(user, 'inventory.take');
    const at = parseInventoryMoment(request.asOf);
    if (!at) throw validationFailed(INVENTORY_MESSAGES.asOf, [INVENTORY_MESSAGES.asOf]);
    const now = this.#now();
    const asOfDate = new Date(`${at.date}T${at.time}:00`);
    if (asOfDate.getTime() > now.getTime() + 60_000) throw validationFailed(INVENTORY_MESSAGES.future, [INVENTORY_MESSAGES.future]);
    const registrant = registrantOf(await readSettings(this.#db));
    const lines = (await this.onHand(at)).filter((l) => isControlledSchedule(l.schedule));
    const { rows, totals } = buildForm41Rows(lines.map(asForm41Item));
    const bases = rows.map((row) => {
      // A bulk substance: by the unit it is kept in (1304.11(e)(3)(i): bulk to the nearest metric unit weight).
      if (row.bulk) return /^(g|mg|kg|mcg)$/i.test(row.unit) ? 'Weighed' : /^(ml|l)$/i.test(row.unit) ? 'Measured' : 'Counted';
      const opened = row.partialCount !== '0' && row.partialCount !== '';
      const units = Number(row.packageQuantity.replaceAll(',', ''));
      const counted = !/mL|g$/i.test(row.unit);
      return COUNT_BASIS_TEXT[inventoryCountBasis(row.schedule, opened, Number.isFinite(units) ? units : null, counted)];
    });
    const asOfText = `${formatIsoDate(at.date)} ${at.time}`;
    const account = await inventories.displayNameOf(this.#db, user.userId);
    const takenBy = account?.display_name?.trim() || user.username;
    // Made more than a day after its moment, it is a reconstruction from the records and says so.
    const generatedText = localMinute(now);
    const reconstructed = isReconstructedInventory(asOfDate, now) ? reconstructedInventoryText(generatedText.slice(0, 10)) : undefined;
    const pdf = await renderInventory({
      registrant,
      asOf: asOfText,
      business: at.business,
      rows,
      bases,
      totals,
      lineItems: lines.length,
      takenBy,
      generatedAt: now,
      generatedText,
      generatedBy: user.username,
      reconstructed,
    });
    const xlsxRows: DocumentRow[] = rows.map((row, i) => [
      row.schedule,
      row.code,
      row.batch,
      row.name,
      row.strength,
      row.form,
      row.packageQuantity,
      row.fullPackages,
      row.partialCount,
      row.total,
      bases[i] ?? '',
      row.lineItems,
    ]);
    const xlsx = await xlsxBytes(
      `Inventory of controlled substances as of ${asOfText} (${at.business} of business) — ${registrant.name} ${registrant.registrationNumber} — generated ${generatedText} by ${user.username}${reconstructed ? ` — ${reconstructed}` : ''}`,
      xlsxRows,
    );

    let inventoryId = 0;
    const { file: pdfFile, companions } = await publishDocument(this.#publishing, {
      kind: 'inventory',
      of: { at },
      user,
      requestId,
      body: pdf,
      companions: [{ kind: 'inventory-xlsx', of: { at }, body: xlsx }],
      record: async (trx, saved, [xlsxFile]) => {
        const inventory = await inventories.insertInventory(trx, { as_of: asOfDate, pdf_file_id: saved.id, xlsx_file_id: xlsxFile!.id, line_items: lines.length, created_by: user.username, lines_kept: true });
        inventoryId = inventory.id;
        // What it counted stays with it: a later change of the records shows as a difference.
        await inventories.insertInventoryLines(trx, lines.map((line) => ({ inventory_id: inventory.id, ...countedRow(countLineOf(line)) })));
        return {
          recordId: inventory.id,
          after: { asOf: asOfText, business: at.business, lineItems: lines.length, rows: rows.length, pdf: saved.id, xlsx: xlsxFile!.id },
        };
      },
    });
    return { data: [this.#inventoryRecord({ id: inventoryId, as_of: asOfDate, line_items: lines.length, created_by: user.username, created_at: now }, pdfFile, companions[0]!.file, user)] };
  }

  #inventoryRecord(
    row: { id: number; as_of: Date; line_items: number; created_by: string; created_at: Date },
    pdf: { id: string; name: string },
    xlsx: { id: string; name: string },
    user: SessionUser,
  ) {
    const now = this.#now();
    const asOf = new Date(row.as_of);
    const createdAt = new Date(row.created_at);
    return {
      recordId: String(row.id),
      fieldData: {
        'As Of': localMinute(asOf),
        // Made more than a day after its moment: worked out from the records, not counted (isReconstructedInventory).
        Reconstructed: isReconstructedInventory(asOf, createdAt) ? reconstructedInventoryText(localMinute(createdAt).slice(0, 10)) : '',
        'Line Items': row.line_items,
        'Created By': row.created_by,
        'Created At': new Date(row.created_at).toISOString(),
        Container: documentLink('inventory', this.#linkSecret, pdf, now, user),
        'Container Xlsx': documentLink('inventory-xlsx', this.#linkSecret, xlsx, now, user),
        'File Name': pdf.name,
      },
    };
  }

    /**
   * `GET /reports/inventory/{id}/differences`: what differs between what the inventory counted and
   * the line items on hand at its moment as the records now give them (a correction, a late entry, a
   * deletion since). `known: false` for an inventory taken before its counted lines were kept.
   */
  async differences(id: number) {
    const inventory = await inventories.inventoryOf(this.#db, id);
    if (!inventory) throw notFound(`There is no inventory ${id}.`);
    const asOf = new Date(inventory.as_of);
    const base = { inventory: String(id), asOf: localMinute(asOf), counted: inventory.line_items };
    if (!inventory.lines_kept) return { ...base, known: false, differences: 0, notCounted: [], noLongerOnHand: [], changed: [] };
    const at = parseInventoryMoment(localMinute(asOf))!;
    const [counted, now] = await Promise.all([
      inventories.inventoryLinesOf(this.#db, id),
      this.onHand(at).then((lines) => lines.filter((l) => isControlledSchedule(l.schedule)).map(countLineOf)),
    ]);
    const found = inventoryDifferences(counted.map(countLineFromRow), now);
    return { ...base, known: true, differences: inventoryDifferenceCount(found), ...found };
  }

  /** The inventories taken, newest first, with download links for the user's session. */
  async inventories(user: SessionUser) {
    const rows = await inventories.keptInventories(this.#db);
    return { data: rows.map((r) => this.#inventoryRecord(r, { id: r.pdf_id, name: r.pdf_name }, { id: r.xlsx_id, name: r.xlsx_name }, user)) };
  }

  /**
   * `GET /reports/accountability`: opening on hand + received − destroyed = closing on hand for the
   * drug code over the period, each figure with its line items (count and grams of base), and what
   * cannot be placed with why.
   */
  async accountability(query: AccountabilityQuery) {
    const period = { from: parseUsDate(query.from)!, to: parseUsDate(query.to)! };
    if (period.from > period.to) throw badRequest('From must not be after To', ['From must not be after To']);
    const lines = await drugCodeLines(this.#db, query.drugCode, period.to);
    const byId = new Map(lines.map((l) => [l.id, l]));
    const result = accountability(
      lines.map((l) => ({ id: l.id, received: l.date_received, destroyed: l.date_destroyed })),
      period,
    );
    const figure = (ids: number[]) => {
      const items = ids.map((id) => byId.get(id)!);
      return {
        lineItems: items.length,
        gramsOfBase: sumGrams(items),
        items: items.map((l) => ({ recordId: l.id, yellowBucket: l.kind === 'yellow_bucket', ndc: l.ndc, description: l.description ?? '', jobId: l.job_id, dateReceived: formatIsoDate(l.date_received), dateDestroyed: formatIsoDate(l.date_destroyed), gramsOfBase: l.grams_of_base })),
      };
    };
    return {
      drugCode: query.drugCode,
      from: query.from,
      to: query.to,
      opening: figure(result.opening),
      received: figure(result.received),
      destroyed: figure(result.destroyed),
      closing: figure(result.closing),
      // The same figures per NDC, in packages and units (dosage units, mL or grams).
      byNdc: accountabilityByNdc(
        lines.map((l) => ({
          id: l.id,
          ndc: l.ndc,
          description: l.description ?? '',
          packages: isBulkNdc(l.ndc) ? 1 : l.pack_quantity,
          reportingQty: l.reporting_qty,
          reportingUoM: l.reporting_uom,
        })),
        result,
      ),
      unplaced: result.unplaced.map(({ id, reason }) => {
        const l = byId.get(id)!;
        return { recordId: id, yellowBucket: l.kind === 'yellow_bucket', ndc: l.ndc, jobId: l.job_id, reason: UNPLACED_TEXT[reason] };
      }),
    };
  }
}

/** A one-sheet workbook's bytes. */
/** A line item on hand as an inventory counts it. */
function countLineOf(line: OnHandLine): InventoryCountLine {
  return {
    lineItemId: line.id,
    yellowBucket: line.kind === 'yellow_bucket',
    ndc: line.ndc,
    description: line.description ?? '',
    schedule: (line.schedule ?? '').toUpperCase(),
    packQuantity: line.pack_quantity,
    packSize: line.pack_size,
    packSizeUoM: line.pack_size_uom ?? '',
    percentFill: line.percent_fill,
    gramsOfBase: line.grams_of_base,
  };
}

function countedRow(line: InventoryCountLine) {
  return {
    line_item_id: line.lineItemId,
    yellow_bucket: line.yellowBucket,
    ndc: line.ndc,
    description: line.description,
    schedule: line.schedule,
    pack_quantity: line.packQuantity,
    pack_size: line.packSize,
    pack_size_uom: line.packSizeUoM,
    percent_fill: line.percentFill,
    grams_of_base: line.gramsOfBase,
  };
}

function countLineFromRow(row: ReturnType<typeof countedRow>): InventoryCountLine {
  return {
    lineItemId: row.line_item_id,
    yellowBucket: row.yellow_bucket,
    ndc: row.ndc,
    description: row.description,
    schedule: row.schedule,
    packQuantity: row.pack_quantity,
    packSize: row.pack_size,
    packSizeUoM: row.pack_size_uom,
    percentFill: row.percent_fill,
    gramsOfBase: row.grams_of_base,
  };
}

async function xlsxBytes(title: string, rows: DocumentRow[]): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const writer = createXlsxWriter(output, { title, sheetName: 'Inventory', columns: INVENTORY_COLUMNS });
  await writer.addRows(rows);
  await writer.finish();
  return Buffer.concat(chunks);
}
