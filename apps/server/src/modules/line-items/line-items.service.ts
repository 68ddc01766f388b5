import {
  bulkKindOf,
  actionRule,
  computeQuantities,
  formatIsoDate,
  GRAMS_PER_UNIT,
  holdsPackage,
  packSizeEntryChanged,
  packSizeReasonProblem,
  readCode,
  editNdcProblems,
  isBulkNdc,
  isRegistrationExpired,
  LINE_ITEM_MESSAGES,
  lineItemEditProblems,
  newLineItemProblems,
  percentFillProblem,
  registrantProblem,
  todayIso,
  type Action,
  type IncompleteLineItem,
  type LineItemEntryInput,
  type NdcLookupAnswer,
  type NdcPackage,
  type NdcResolveAnswer,
  entityOf,
  recordKind,
} from '@3ds/domain';
import type { Kysely } from 'kysely';
import { writeAudit } from '../../db/audit.repository.ts';
import { readReceipt } from '../../db/repositories/order-form-receipts.repository.ts';
import { holdContainer, holdLineItem, type HeldLineItem } from '../../db/row-locks.ts';
import type { Database } from '../../db/schema.ts';
import type { LineItem, LineItemUpdate, RecordKind } from '../../db/tables/records.table.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, conflict, notFound, validationFailed } from '../../errors/app-error.ts';
import type { FileStore } from '../../files/file-store.ts';
import { publishDocument, type PublishDeps } from '../../files/publish-document.ts';
import type { RecordsService } from '../../records/records.service.ts';
import { assertLockAllows, assertMayPerform } from '../../security/authorize.ts';
import type { SessionUser } from '../../security/session-user.ts';
import { jobFinality, type KnownFinality } from '../../db/repositories/job-finality.repository.ts';
import { assertCompleteForLock, incompleteLockError } from '../../shared/lock-completeness.ts';
import { normalizeEntry } from './line-item-entry.ts';
import * as repo from './line-items.repository.ts';

const ENTITY = { standard: 'line-items', yellow_bucket: 'yb-line-items' } as const;
const NOUN = { standard: 'Line item', yellow_bucket: 'Yellow Bucket line item' } as const;
const refuse = (problems: string[]) => validationFailed(problems[0]!, problems);

type Dictionary = NonNullable<Awaited<ReturnType<typeof repo.findDictionaryEntry>>>;

/** Whether a value to write equals the stored one (numbers by value: 5 and "5.0" are the same). */
function sameStoredValue(stored: unknown, next: unknown): boolean {
  if ((stored ?? null) === null || (next ?? null) === null) return (stored ?? null) === (next ?? null);
  if (typeof stored === 'number' || typeof next === 'number') return Number(stored) === Number(next);
  return String(stored) === String(next);
}

/** The package the dictionary entry gives its NDC (rules/pack-size.ts holds a line item to it). */
const packageOf = (entry: Dictionary): NdcPackage => ({ size: entry.package_size, uom: entry.package_size_uom });

/** What the pack size rule reads of a stored line item. */
const packSizeEntryOf = (item: Pick<LineItem, 'ndc' | 'pack_size' | 'pack_size_uom' | 'pack_size_reason'>) => ({
  ndc: item.ndc,
  packSize: item.pack_size,
  packSizeUoM: item.pack_size_uom,
  packSizeReason: item.pack_size_reason,
});

/** The dictionary snapshot a line item keeps (a dictionary refresh must not rewrite history). */
function snapshot(entry: Dictionary) {
  return {
    ndc: entry.ndc,
    ndc_description: entry.trade_name,
    ndc_schedule: entry.schedule,
    strength: entry.strength,
    form: entry.form,
    package_size_density: entry.density,
    avg_tablet_weight: entry.avg_tablet_weight,
    avg_tablet_weight_unit: entry.avg_tablet_weight_unit,
    labeler_organization: entry.labeler_organization,
  };
}

export class LineItemsService {
  readonly #db: Kysely<Database>;
  readonly #records: RecordsService;
  readonly #publishing: PublishDeps;
  readonly #now: () => Date;
  /** Today in the Settings' time zone (BusinessDay), for expiry checks. */
  readonly #today: () => string;

  constructor(deps: { db: Kysely<Database>; records: RecordsService; store: FileStore; linkSecret: string; now: () => Date; today?: () => string }) {
    this.#db = deps.db;
    this.#records = deps.records;
    this.#publishing = { db: deps.db, store: deps.store, linkSecret: deps.linkSecret, now: deps.now };
    this.#now = deps.now;
    this.#today = deps.today ?? (() => todayIso(this.#now()));
  }

  /** The NDC lookup answer of spec 2 §3, from the dictionary entry. */
  async lookup(ndc: string, user: SessionUser): Promise<NdcLookupAnswer> {
    const entry = await repo.findDictionaryEntry(this.#db, ndc, user.parentOrganization);
    if (!entry) throw notFound(`NDC ${ndc} is not in the dictionary.`);
    const bulk = bulkKindOf(entry);
    const raw = bulk === 'raw-powder' || bulk === 'raw-liquid';
    const [uoms, stages] = await Promise.all([repo.valueList(this.#db, 'Unit Converter'), repo.valueList(this.#db, 'Stage')]);
    return {
      hasFactor: entry.package_size_converted !== null,
      packQtyUoms: (entry.uom_value_list ?? '').split(/\r\n?|\n/).filter(Boolean),
      showStageUnitConverter: raw,
      showUnitConverter: bulk !== undefined,
      stages: raw ? (stages.length ? stages.map((s) => s.value) : ['Stage 1', 'Stage 2', 'Stage 3', 'Final']) : [],
      uoms: uoms.length ? uoms.map((u) => u.value) : ['kg', 'g', 'mg', 'mcg'],
      packSizeLookup: entry.package_size ?? '',
      packSizeUoMLookup: entry.package_size_uom ?? '',
      schedule: entry.schedule,
      bulkKind: bulk ?? '',
      packageSizeConverted: entry.package_size_converted ?? '',
      // The product itself, so that a person entering a package sees what the NDC stands for.
      tradeName: entry.trade_name,
      strength: entry.strength ?? '',
      form: entry.form ?? '',
      packageDescription: entry.package_description ?? '',
    };
  }

  /**
   * What a scanned (or typed) code stands for (`GET /ndc/resolve`): the dictionary entries of the
   * NDCs it can be — one when its configuration is known, possibly several for ten bare digits or a
   * GTIN — with the lot, expiration date and serial number it holds; or the line item a 3DS label
   * names. Not an NDC: 422 with the reason. An NDC the dictionary does not hold: 404 with the digits
   * read, so that it can be entered by hand.
   */
  async resolve(code: string, user: SessionUser): Promise<NdcResolveAnswer> {
    const read = readCode(code, { today: this.#today() });
    if (read.kind === 'invalid') throw validationFailed(read.reason, [read.reason]);
    if (read.kind === 'label') {
      const item = await repo.lineItemKind(this.#db, read.lineItemId);
      if (!item) throw notFound(`The label names line item ${read.lineItemId}, which does not exist (any more).`);
      return { kind: 'label' as const, lineItemId: String(item.id), yellowBucket: item.kind === 'yellow_bucket' };
    }
    const candidates = read.candidates.map((c) => c.ndc);
    const entries = await repo.findDictionaryEntries(this.#db, candidates, user.parentOrganization);
    if (!entries.length) {
      const readAs = candidates.length > 1 ? `read as ${candidates.slice(0, -1).join(', ')} or ${candidates.at(-1)}` : `read as ${candidates[0]}`;
      const message = `No NDC in the dictionary matches the code's digits ${read.digits} (${readAs}). Choose the NDC by hand.`;
      throw new AppError(404, 'NOT_FOUND', message, { details: candidates });
    }
    // One entry: the form opens for it next, so its lookup comes along (one round trip, not two).
    const lookup = entries.length === 1 ? await this.lookup(entries[0]!.ndc, user) : undefined;
    return {
      kind: 'ndc' as const,
      source: read.source,
      digits: read.digits,
      ...(read.gtin ? { gtin: read.gtin } : {}),
      ...(read.lot !== undefined ? { lot: read.lot } : {}),
      ...(read.expiry ? { expirationDate: formatIsoDate(read.expiry) } : {}),
      ...(read.serial !== undefined ? { serial: read.serial } : {}),
      ambiguous: entries.length > 1,
      entries: entries.map((e) => ({
        ndc: e.ndc,
        tradeName: e.trade_name,
        schedule: e.schedule,
        strength: e.strength ?? '',
        form: e.form ?? '',
        packageSize: e.package_size ?? '',
        packageSizeUoM: e.package_size_uom ?? '',
        removedFromArcos: e.removed_from_arcos,
      })),
      ...(lookup ? { lookup } : {}),
    };
  }

  /**
   * Values derived from the entry and the dictionary: the unit converter's amount turned into
   * the pack-size unit, and the reporting quantity and grams of base (docs/dea-paperwork.md "Computations").
   */
  #derive(entry: Dictionary, values: { pack_quantity: number | null; pack_size: number | null; pack_size_uom: string | null; percent_fill: number; bulk_pack_size: number | null; bulk_pack_size_uom: string | null }) {
    let packSize = values.pack_size;
    let packSizeUoM = values.pack_size_uom;
    let convertedToBase: number | null = null;
    const fromFactor = GRAMS_PER_UNIT[(values.bulk_pack_size_uom ?? '').toUpperCase()];
    if (values.bulk_pack_size !== null && fromFactor !== undefined) {
      convertedToBase = values.bulk_pack_size * fromFactor;
      const toFactor = GRAMS_PER_UNIT[(packSizeUoM ?? 'g').toUpperCase()];
      if (toFactor !== undefined) {
        packSize = Math.round((convertedToBase / toFactor) * 1e6) / 1e6;
        packSizeUoM ??= 'g';
      }
    }
    const quantities = computeQuantities(
      { ndc: entry.ndc, bulkKind: bulkKindOf(entry), ingredientBaseWeight: entry.ingredient_base_weight, density: entry.density },
      { packQuantity: values.pack_quantity, packSize, packSizeUoM, percentFill: values.percent_fill },
    );
    return {
      pack_size: packSize,
      pack_size_uom: packSizeUoM,
      converted_to_base: convertedToBase,
      reporting_qty: quantities.reportingQty,
      reporting_uom: quantities.reportingUoM,
      grams_of_base: quantities.gramsOfBase,
    };
  }

  /** The entry of an NDC the user may choose; `db` is the caller's transaction when there is one (PGlite has one connection). */
  async #dictionary(ndc: string, user: SessionUser, db: Kysely<Database> = this.#db): Promise<Dictionary> {
    const entry = await repo.findDictionaryEntry(db, ndc, user.parentOrganization);
    if (!entry) throw refuse([`NDC ${ndc} is not in the dictionary.`]);
    return entry;
  }

  /**
   * The pack size and UoM a change of NDC leaves: those sent; else, when the item held its old NDC's
   * package, the new NDC's package (the Edit NDC dialog sends it so too) — the package came with the
   * NDC, so it goes with it; else what the item held.
   */
  async #sizeAfterNdcChange(trx: Kysely<Database>, before: LineItem, entry: Dictionary, sent: { packSize: number | null | undefined; packSizeUoM: string | null | undefined }) {
    if (sent.packSize === undefined && sent.packSizeUoM === undefined && !isBulkNdc(entry.ndc) && entry.package_size !== null) {
      const old = await repo.findDictionaryEntryByNdc(trx, before.ndc);
      if (old && holdsPackage(packSizeEntryOf(before), packageOf(old))) {
        return { pack_size: entry.package_size, pack_size_uom: entry.package_size_uom ?? before.pack_size_uom };
      }
    }
    return {
      pack_size: sent.packSize !== undefined ? sent.packSize : before.pack_size,
      pack_size_uom: sent.packSizeUoM !== undefined ? sent.packSizeUoM : before.pack_size_uom,
    };
  }

  /** A new line item in an unlocked container whose registration has not expired (CREATE_LINE_ITEM). */
  async create(kind: RecordKind, containerId: number, input: LineItemEntryInput, user: SessionUser, requestId: string) {
    assertMayPerform(user, 'line-item.create');
    const ndc = String(input.ndc ?? '').trim();
    if (!ndc) throw refuse([LINE_ITEM_MESSAGES.ndcRequired]);
    const { numbers, texts, expirationDate } = normalizeEntry(input);
    const entry = await this.#dictionary(ndc, user);
    return transaction(this.#db, async (trx) => {
      const held = await holdContainer(trx, containerId, { kind, mode: 'share' });
      if (!held) throw notFound(`There is no ${recordKind(entityOf('container', kind)).one} ${containerId}.`);
      const { container, job } = held;
      assertLockAllows('line-item.create', { job: job.locked, container: container.locked }, { noun: 'Container', id: containerId, jobId: container.job_id, containerId });
      if (isRegistrationExpired(job.expiration_date, this.#today())) {
        throw refuse(['The registration of this job has expired; line items cannot be added.']);
      }
      const bulk = isBulkNdc(ndc);
      // Defaults of spec 2 §2: fill 1; pack quantity 1 in a Yellow Bucket and for a bulk NDC.
      const packQuantity = numbers.packQuantity ?? (bulk || kind === 'yellow_bucket' ? 1 : null);
      const problems = newLineItemProblems(
        {
          ndc,
          schedule: entry.schedule,
          packQuantity: input.packQuantity ?? packQuantity,
          packSize: input.packSize,
          packSizeUoM: texts.packSizeUoM,
          bulkPackSize: input.bulkPackSize,
          bulkPackSizeUoM: texts.bulkPackSizeUoM,
        },
        { standardContainer: kind === 'standard' },
      );
      const fillProblem = percentFillProblem(numbers.percentFill, bulkKindOf(entry));
      if (fillProblem) problems.push(fillProblem);
      const registration = await repo.findHoldingRegistration(trx, job.registration_id);
      const refusal = registrantProblem(registration, entry.schedule);
      if (refusal) problems.push(refusal);
      const values = {
        pack_quantity: packQuantity,
        pack_size: numbers.packSize ?? entry.package_size ?? null,
        pack_size_uom: texts.packSizeUoM ?? entry.package_size_uom ?? null,
        percent_fill: numbers.percentFill ?? 1,
        bulk_pack_size: numbers.bulkPackSize ?? null,
        bulk_pack_size_uom: texts.bulkPackSizeUoM ?? null,
      };
      // The pack size as it will be stored (the unit converter may set it) is the NDC's package, or has its reason.
      const derived = this.#derive(entry, values);
      const packSizeReason = texts.packSizeReason ?? null;
      const packProblem = packSizeReasonProblem({ ndc: entry.ndc, packSize: derived.pack_size, packSizeUoM: derived.pack_size_uom, packSizeReason }, packageOf(entry));
      if (packProblem) problems.push(packProblem);
      const received = await readReceipt(trx, {
        number: texts.form222Number ?? null,
        line: numbers.form222Line ?? null,
        ndc: entry.ndc,
        schedule: entry.schedule,
        packages: packQuantity ?? 1,
        job,
        today: this.#today(),
      });
      if ('problem' in received) problems.push(received.problem);
      if (problems.length || 'problem' in received) throw refuse(problems);
      const created = await repo.insertLineItem(trx, {
        kind,
        container_id: containerId,
        job_id: container.job_id,
        ...snapshot(entry),
        source: texts.source ?? null,
        source_number: texts.sourceNumber ?? null,
        lot_number: texts.lotNumber ?? null,
        cause: texts.cause ?? null,
        line_type: texts.type ?? null,
        pack_quantity_uom: texts.packQuantityUoM ?? null,
        bulk_stage: texts.bulkStage ?? null,
        form_222_number: received.receipt.number,
        order_form_id: received.receipt.formId,
        order_form_line: received.receipt.line,
        cwf_form_number: texts.cwfFormNumber ?? null,
        expiration_date: expirationDate ?? null,
        serial_number: texts.serialNumber ?? null,
        pack_size_reason: packSizeReason,
        ...values,
        ...derived,
        created_by: user.username,
        modified_by: user.username,
      });
      await writeAudit(trx, { username: user.username, action: 'create', entity: 'line-item', recordId: created.id, after: created, requestId });
      return { recordId: String(created.id), modId: String(created.mod_id) };
    });
  }

  /**
   * Changes the NDC (and pack size and UoM) of an unlocked line item. `initial` holds what the
   * user saw; if the stored values differ, someone else changed the item first: 409, nothing changes.
   */
  async changeNdc(
    kind: RecordKind,
    id: number,
    input: { ndc: string; packSize?: unknown; packSizeUoM?: unknown; packSizeReason?: unknown; initial?: { ndc?: unknown; packSize?: unknown; packSizeUoM?: unknown } | undefined },
    user: SessionUser,
    requestId: string,
  ) {
    assertMayPerform(user, 'line-item.change-ndc');
    const entry = await this.#dictionary(input.ndc.trim(), user);
    const { numbers, texts } = normalizeEntry({ packSize: input.packSize as string, packSizeUoM: input.packSizeUoM as string, packSizeReason: input.packSizeReason as string });
    return transaction(this.#db, async (trx) => {
      const { item: before, job } = await this.#loadUnlocked(trx, 'line-item.change-ndc', kind, id);
      if (input.initial) this.#assertInitial(before, input.initial);
      if (entry.ndc === before.ndc) return { recordId: String(id), modId: String(before.mod_id) };
      const problems = editNdcProblems(before.ndc, { ndc: entry.ndc, schedule: entry.schedule, packSize: input.packSize as string, packSizeUoM: input.packSizeUoM as string });
      // The item keeps its fill: it must suit the new NDC (a raw powder's 105 % is no package's).
      const fillProblem = percentFillProblem(before.percent_fill, bulkKindOf(entry));
      if (fillProblem) problems.push(fillProblem);
      const registration = await repo.findHoldingRegistration(trx, job.registration_id);
      const refusal = registrantProblem(registration, entry.schedule);
      if (refusal) problems.push(refusal);
      const size = await this.#sizeAfterNdcChange(trx, before, entry, { packSize: numbers.packSize, packSizeUoM: texts.packSizeUoM });
      const values = {
        pack_quantity: isBulkNdc(entry.ndc) ? 1 : before.pack_quantity,
        ...size,
        percent_fill: before.percent_fill,
        bulk_pack_size: before.bulk_pack_size,
        bulk_pack_size_uom: before.bulk_pack_size_uom,
      };
      const derived = this.#derive(entry, values);
      const packSizeReason = texts.packSizeReason !== undefined ? texts.packSizeReason : before.pack_size_reason;
      const packProblem = packSizeReasonProblem({ ndc: entry.ndc, packSize: derived.pack_size, packSizeUoM: derived.pack_size_uom, packSizeReason }, packageOf(entry));
      if (packProblem) problems.push(packProblem);
      if (problems.length) throw refuse(problems);
      return this.#write(trx, before, { ...snapshot(entry), ...values, ...derived, pack_size_reason: packSizeReason }, user, 'change-ndc', requestId);
    });
  }

  /** Edits the fields of an unlocked line item, checked by the edit rules of spec 2 §5. */
  async update(kind: RecordKind, id: number, input: LineItemEntryInput, modId: string | undefined, user: SessionUser, requestId: string) {
    assertMayPerform(user, 'line-item.edit');
    // What was sent is read (400/422) before the record is held: a malformed value is refused as such.
    const read = normalizeEntry(input);
    return transaction(this.#db, async (trx) => {
      const { item: before, job } = await this.#loadUnlocked(trx, 'line-item.edit', kind, id);
      if (modId !== undefined && modId !== String(before.mod_id)) {
        throw conflict(`${NOUN[kind]} ${id} was changed by someone else since you opened it. Reload it and try again.`);
      }
      return this.#edit(trx, kind, before, job, input, read, user, 'edit', requestId);
    });
  }

  /**
   * Applies an approved correction (corrections.service.ts) to a line item inside the caller's
   * transaction, whatever its lock or its job's finality: a correction is how a final record changes.
   * The same checks as an edit, the derived quantities worked out again, audited as `correct`.
   */
  async correctIn(trx: Kysely<Database>, id: number, input: LineItemEntryInput, user: SessionUser, requestId: string) {
    const kind = (await repo.lineItemKind(trx, id))?.kind as RecordKind | undefined;
    const held = kind ? await holdLineItem(trx, id, kind) : undefined;
    if (!kind || !held) throw notFound(`There is no line item ${id}.`);
    return this.#edit(trx, kind, held.item, held.job, input, normalizeEntry(input), user, 'correct', requestId);
  }

  /** The edit of a held line item (`read`: `input` read by normalizeEntry), checked by the edit rules. */
  async #edit(
    trx: Kysely<Database>,
    kind: RecordKind,
    before: LineItem,
    job: HeldLineItem['job'],
    input: LineItemEntryInput,
    read: ReturnType<typeof normalizeEntry>,
    user: SessionUser,
    action: 'edit' | 'correct',
    requestId: string,
  ) {
    const { numbers, texts, expirationDate } = read;
    const ndc = input.ndc === undefined ? before.ndc : String(input.ndc ?? '').trim();
    if (!ndc) throw refuse([LINE_ITEM_MESSAGES.ndcRequired]);
    // The item's own NDC is read whoever owns it; a new NDC must be one the user may choose.
    const own = ndc === before.ndc ? await repo.findDictionaryEntryByNdc(trx, ndc) : undefined;
    const entry = own ?? (await this.#dictionary(ndc, user, trx));
    const pick = <T,>(next: T | undefined, current: T) => (next === undefined ? current : next);
    const size =
      ndc === before.ndc
        ? { pack_size: pick(numbers.packSize, before.pack_size), pack_size_uom: pick(texts.packSizeUoM, before.pack_size_uom) }
        : await this.#sizeAfterNdcChange(trx, before, entry, { packSize: numbers.packSize, packSizeUoM: texts.packSizeUoM });
    const values = {
      pack_quantity: pick(numbers.packQuantity, before.pack_quantity),
      ...size,
      percent_fill: pick(numbers.percentFill, before.percent_fill) ?? 1,
      bulk_pack_size: pick(numbers.bulkPackSize, before.bulk_pack_size),
      bulk_pack_size_uom: pick(texts.bulkPackSizeUoM, before.bulk_pack_size_uom),
    };
    const registration = await repo.findHoldingRegistration(trx, job.registration_id);
    const problems = lineItemEditProblems(
      {
        ndc,
        schedule: entry.schedule,
        packQuantity: values.pack_quantity,
        packSize: input.packSize === undefined ? values.pack_size : (input.packSize as string | number | null),
        packSizeUoM: values.pack_size_uom,
        percentFill: values.percent_fill,
        bulkPackSize: values.bulk_pack_size,
        bulkStage: pick(texts.bulkStage, before.bulk_stage),
      },
      { bulkKind: bulkKindOf(entry), standardContainer: kind === 'standard' },
    );
    const refusal = registrantProblem(registration, entry.schedule);
    if (refusal) problems.push(refusal);
    const fillProblem = percentFillProblem(values.percent_fill, bulkKindOf(entry));
    if (fillProblem) problems.push(fillProblem);
    // Held to the NDC's package when the edit touches the pack size, its UoM, the NDC or the reason: the
    // other fields of an item written before the rule (a final one's, by a correction) stay correctable.
    const derived = this.#derive(entry, values);
    const packSizeReason = pick(texts.packSizeReason, before.pack_size_reason);
    const after = { ndc: entry.ndc, packSize: derived.pack_size, packSizeUoM: derived.pack_size_uom, packSizeReason };
    if (packSizeEntryChanged(packSizeEntryOf(before), after)) {
      const packProblem = packSizeReasonProblem(after, packageOf(entry), { correction: action === 'correct' });
      if (packProblem) problems.push(packProblem);
    }
    // The receipt is read again when it changes: its form or line, or the NDC or packages of an item
    // received on a form. An item typed before the register (a number, no form) keeps its number as
    // long as nobody changes it.
    const number = pick(texts.form222Number, before.form_222_number);
    const line = pick(numbers.form222Line, before.order_form_line);
    const receiptChanged =
      (texts.form222Number !== undefined && texts.form222Number !== before.form_222_number) ||
      (numbers.form222Line !== undefined && numbers.form222Line !== before.order_form_line) ||
      (before.order_form_id !== null && (entry.ndc !== before.ndc || Number(values.pack_quantity ?? 1) !== Number(before.pack_quantity ?? 1)));
    const received = receiptChanged
      ? await readReceipt(trx, { number, line, ndc: entry.ndc, schedule: entry.schedule, packages: Number(values.pack_quantity ?? 1), job, itemId: before.id, today: this.#today() })
      : undefined;
    if (received && 'problem' in received) problems.push(received.problem);
    if (problems.length) throw refuse(problems);
    const receipt = received && 'receipt' in received ? received.receipt : undefined;
    const changes: LineItemUpdate = {
      ...(ndc !== before.ndc ? snapshot(entry) : {}),
      ...values,
      ...derived,
      ...(texts.packSizeReason !== undefined ? { pack_size_reason: texts.packSizeReason } : {}),
      ...(texts.source !== undefined ? { source: texts.source } : {}),
      ...(texts.sourceNumber !== undefined ? { source_number: texts.sourceNumber } : {}),
      ...(texts.lotNumber !== undefined ? { lot_number: texts.lotNumber } : {}),
      ...(texts.cause !== undefined ? { cause: texts.cause } : {}),
      ...(texts.type !== undefined ? { line_type: texts.type } : {}),
      ...(texts.packQuantityUoM !== undefined ? { pack_quantity_uom: texts.packQuantityUoM } : {}),
      ...(texts.bulkStage !== undefined ? { bulk_stage: texts.bulkStage } : {}),
      ...(receipt ? { form_222_number: receipt.number, order_form_id: receipt.formId, order_form_line: receipt.line } : {}),
      ...(texts.cwfFormNumber !== undefined ? { cwf_form_number: texts.cwfFormNumber } : {}),
      ...(expirationDate !== undefined ? { expiration_date: expirationDate } : {}),
      ...(texts.serialNumber !== undefined ? { serial_number: texts.serialNumber } : {}),
    };
    return this.#write(trx, before, changes, user, action, requestId);
  }

  /**
   * Locks or unlocks one line item on its own (LOCK_LINE_ITEM / UNLOCK_LINE_ITEM); never under a
   * locked container or job, nor while it lacks what Form 41 and ARCOS need (409 `INCOMPLETE`). An
   * own lock outlives its container's unlock.
   */
  async setLocked(kind: RecordKind, id: number, lock: boolean, user: SessionUser, requestId: string) {
    assertMayPerform(user, lock ? 'line-item.lock' : 'line-item.unlock');
    await transaction(this.#db, (trx) => this.setLockedIn(trx, kind, id, lock, user, requestId));
    return this.#records.record(ENTITY[kind], id, user);
  }

  /**
   * The lock or unlock of one line item inside the caller's transaction: the single route's and
   * each record's of a bulk lock. `held`: the item, container and job the caller already holds.
   */
  async setLockedIn(
    trx: Kysely<Database>,
    kind: RecordKind,
    id: number,
    lock: boolean,
    user: SessionUser,
    requestId: string,
    held?: HeldLineItem,
    checked?: { incomplete: IncompleteLineItem | undefined },
  ) {
    const action = lock ? 'line-item.lock' : 'line-item.unlock';
    const { item: before } = await this.#loadUnlocked(trx, action, kind, id, held);
    if (lock) {
      // Nothing incomplete gets locked (a bulk lock passes what it found for its chunk at once).
      const record = { noun: NOUN[kind], id, lineItem: true };
      if (checked) {
        if (checked.incomplete) throw incompleteLockError(record, [checked.incomplete]);
      } else {
        await assertCompleteForLock(trx, { ids: [id] }, record);
      }
    }
    await repo.setLockedOwn(trx, id, lock, user.username);
    await writeAudit(trx, { username: user.username, action: lock ? 'lock' : 'unlock', entity: 'line-item', recordId: id, before: { locked: before.locked }, after: { locked: lock }, requestId });
  }

  /** Moves an unlocked line item to another unlocked container of the same job and kind (MOVE_LINE_ITEM). */
  async move(kind: RecordKind, id: number, targetId: number, user: SessionUser, requestId: string) {
    assertMayPerform(user, 'line-item.move');
    await transaction(this.#db, (trx) => this.moveIn(trx, kind, id, targetId, user, requestId));
    return this.#records.record(ENTITY[kind], id, user);
  }

  /** The move of one line item inside the caller's transaction (the single move and each record of a bulk move). */
  async moveIn(trx: Kysely<Database>, kind: RecordKind, id: number, targetId: number, user: SessionUser, requestId: string, held?: HeldLineItem & KnownFinality) {
    const { item: before } = await this.#loadUnlocked(trx, 'line-item.move', kind, id, held);
    const target = await holdContainer(trx, targetId, { mode: 'share' });
    if (!target) throw notFound(`There is no container ${targetId}.`);
    const container = target.container;
    if (container.id === before.container_id) throw refuse([`${NOUN[kind]} ${id} is already in container ${targetId}.`]);
    if (container.job_id !== before.job_id) throw refuse([`Container ${targetId} is in another job; a line item moves only within its job.`]);
    if (container.kind !== kind) throw refuse([`Container ${targetId} is not a ${kind === 'standard' ? 'standard' : 'Yellow Bucket'} container.`]);
    if (container.locked || target.job.locked) throw refuse([`Container ${targetId} is locked.`]);
    await repo.moveLineItem(trx, id, targetId, user.username);
    await writeAudit(trx, { username: user.username, action: 'move', entity: 'line-item', recordId: id, before: { container_id: before.container_id }, after: { container_id: targetId }, requestId });
  }

  /** Deletes an unlocked line item (DELETE_LINE_ITEM); the audit row keeps it whole. */
  async delete(kind: RecordKind, id: number, user: SessionUser, requestId: string) {
    assertMayPerform(user, 'line-item.delete');
    return transaction(this.#db, async (trx) => {
      const before = await this.deleteIn(trx, kind, id, user, requestId);
      return { messages: [{ code: '0', message: 'OK' }], containerId: String(before.container_id) };
    });
  }

  /** The delete of one line item inside the caller's transaction (single and bulk); answers the deleted row. */
  async deleteIn(trx: Kysely<Database>, kind: RecordKind, id: number, user: SessionUser, requestId: string, held?: HeldLineItem & KnownFinality) {
    const { item: before } = await this.#loadUnlocked(trx, 'line-item.delete', kind, id, held);
    await repo.deleteLineItem(trx, id);
    await writeAudit(trx, { username: user.username, action: 'delete', entity: 'line-item', recordId: id, before, after: null, requestId });
    return before;
  }

  /** A 4 × 2 inch label (label.pdf) with the id as a Code 128 barcode; any signed-in user. */
  async label(kind: RecordKind, id: number, user: SessionUser) {
    const facts = await repo.labelFacts(this.#db, id, kind);
    if (!facts) throw notFound(`There is no ${NOUN[kind].toLowerCase()} ${id}.`);
    const { renderLabel } = await import('./label.ts');
    const pdf = await renderLabel({ ...facts, yellowBucket: kind === 'yellow_bucket', printedAt: this.#now() });
    const { link } = await publishDocument(this.#publishing, { kind: 'line-item-label', of: {}, user, body: pdf });
    return { data: [{ fieldData: { GlobalContainer: link } }] };
  }

  /**
   * The line item, held for update with its container and job held, once the action's lock
   * conditions allow it. A bulk action passes the rows it has already held, many in one statement.
   */
  async #loadUnlocked(trx: Kysely<Database>, action: Action, kind: RecordKind, id: number, already?: HeldLineItem & KnownFinality) {
    const held = already ?? (await holdLineItem(trx, id, kind));
    if (!held) throw notFound(`There is no ${NOUN[kind].toLowerCase()} ${id}.`);
    const { item, container, job } = held;
    const final = actionRule(action).refusedWhen.includes('final') ? (already?.finality ?? (await jobFinality(trx, item.job_id))) : undefined;
    assertLockAllows(
      action,
      { job: job.locked, container: container.locked, record: item.locked, ...(final ? { final } : {}) },
      { noun: NOUN[kind], id, jobId: item.job_id, containerId: item.container_id },
    );
    return held;
  }

  #assertInitial(stored: LineItem, initial: { ndc?: unknown; packSize?: unknown; packSizeUoM?: unknown }) {
    const same = (a: unknown, b: unknown) => String(a ?? '').trim() === String(b ?? '').trim() || (a !== '' && b !== '' && a != null && b != null && Number(a) === Number(b));
    const changed =
      (initial.ndc !== undefined && !same(initial.ndc, stored.ndc)) ||
      (initial.packSize !== undefined && !same(initial.packSize, stored.pack_size)) ||
      (initial.packSizeUoM !== undefined && !same(initial.packSizeUoM, stored.pack_size_uom));
    if (changed) throw conflict(`Line item ${stored.id} was changed by someone else since you opened it. Reload it and try again.`);
  }

  async #write(trx: Kysely<Database>, before: LineItem, changes: LineItemUpdate, user: SessionUser, action: string, requestId: string) {
    // An edit that changes nothing writes nothing: no new modId, no audit row.
    const stored = before as Record<string, unknown>;
    if (Object.entries(changes).every(([column, value]) => sameStoredValue(stored[column], value))) {
      return { recordId: String(before.id), modId: String(before.mod_id) };
    }
    const after = await repo.updateLineItem(trx, before.id, { ...changes, modified_by: user.username });
    await writeAudit(trx, { username: user.username, action, entity: 'line-item', recordId: before.id, before, after, requestId });
    return { recordId: String(after.id), modId: String(after.mod_id) };
  }
}
