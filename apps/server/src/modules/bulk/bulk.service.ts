import {
  BULK_MAX_RECORDS,
  bulkActionRule,
  bulkSelectionTooLargeMessage,
  ERROR_CODES,
  incompleteLineItems,
  isLineItemList,
  todayIso,
  type BulkAction,
  type BulkAnswer,
  type JobFinality,
  type BulkEntity,
  type BulkRefusal,
  type IncompleteLineItem,
  kindOfEntity,
} from '@3ds/domain';
import type { Kysely } from 'kysely';
import { holdContainers, holdLineItems, type HeldContainer, type HeldLineItem } from '../../db/row-locks.ts';
import type { Database } from '../../db/schema.ts';
import type { RecordKind } from '../../db/tables/records.table.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, badRequest } from '../../errors/app-error.ts';
import type { ExportService } from '../../records/export-request.ts';
import type { FindRequest } from '../../records/find-request.ts';
import { LAYOUTS } from '../../records/layouts/index.ts';
import { toFindParts } from '../../records/list-query.ts';
import { countFound, prepareFind, scopeFor } from '../../records/records.repository.ts';
import { assertMayPerform } from '../../security/authorize.ts';
import type { SessionUser } from '../../security/session-user.ts';
import { recordedLineItems } from '../../db/repositories/recorded-line-items.repository.ts';
import { finalityOf } from '../../db/repositories/job-finality.repository.ts';
import { beginRecord, endRecord, foundIdsUpTo, undoRecord, visibleIds } from './bulk.repository.ts';

/** `POST /{entity}/bulk` as the route has validated it (the web sends `BulkRequestBody`). */
export interface BulkRequest {
  action: BulkAction;
  ids?: readonly (number | string)[] | undefined;
  find?: { quickFindCriteria?: string | undefined; searchCriteria?: string | FindRequest[] | undefined } | undefined;
  target?: { containerId?: number | string; jobId?: number | string } | undefined;
  fileType?: 'xlsx' | 'pdf' | undefined;
  /** Answer what would be done and refused, and change nothing. */
  dryRun?: boolean | undefined;
}

/**
 * What a bulk action does to each container: the single action's own function, inside the bulk's
 * transaction (the containers module's ContainersService). `held`: the rows the bulk already holds.
 */
export interface ContainerActions {
  setLockedIn(trx: Kysely<Database>, kind: RecordKind, id: number, lock: boolean, user: SessionUser, requestId: string, held?: HeldContainer): Promise<void>;
  moveIn(trx: Kysely<Database>, kind: RecordKind, id: number, jobId: number, user: SessionUser, requestId: string, held?: HeldContainer): Promise<void>;
  deleteIn(trx: Kysely<Database>, kind: RecordKind, id: number, user: SessionUser, requestId: string, held?: HeldContainer): Promise<unknown>;
}

/**
 * What a bulk action does to each line item (the line-items module's LineItemsService); a bulk lock
 * passes what it found incomplete for the whole chunk at once (`checked`).
 */
export interface LineItemActions {
  setLockedIn(
    trx: Kysely<Database>,
    kind: RecordKind,
    id: number,
    lock: boolean,
    user: SessionUser,
    requestId: string,
    held?: HeldLineItem,
    checked?: { incomplete: IncompleteLineItem | undefined },
  ): Promise<void>;
  moveIn(trx: Kysely<Database>, kind: RecordKind, id: number, targetId: number, user: SessionUser, requestId: string, held?: HeldLineItem): Promise<void>;
  deleteIn(trx: Kysely<Database>, kind: RecordKind, id: number, user: SessionUser, requestId: string, held?: HeldLineItem): Promise<unknown>;
}

/** Ends a dry run's transaction (rolled back) with the answer it found. */
class DryRunAnswer extends Error {
  readonly answer: BulkAnswer;
  constructor(answer: BulkAnswer) {
    super('dry run');
    this.answer = answer;
  }
}

/** What a record not found is called, as the single actions call it. */
const NOT_FOUND: Record<BulkEntity, (id: number) => string> = {
  'line-items': (id) => `There is no line item ${id}.`,
  'yb-line-items': (id) => `There is no yellow bucket line item ${id}.`,
  containers: (id) => `There is no Container ${id}.`,
  'yb-containers': (id) => `There is no Yellow Bucket container ${id}.`,
};

/**
 * Rows held per statement. A chunk's records are held together (parents FOR SHARE, records FOR
 * UPDATE, each in id order), then acted on one by one.
 */
const CHUNK = 500;

/** 23503 foreign_key_violation (PostgreSQL 15) and 23001 restrict_violation (PGlite, PostgreSQL 17): the single route's 409. */
function isReferencedRowError(error: unknown): boolean {
  const code = (error as { code?: string })?.code;
  return code === '23503' || code === '23001';
}

/**
 * Bulk actions on a selection of line items or containers: each record goes through the single
 * action's own function (the same privilege, lock and target rules, the same audit row), inside
 * one transaction and a savepoint per record, so that a record refused midway leaves nothing half
 * done and the others are done.
 */
/** The held rows of one record with the finality its action reads (known-finality in job-finality.repository.ts). */
function withFinality<H extends HeldLineItem | HeldContainer>(held: H | undefined, finalities: Map<number, JobFinality> | undefined, request: BulkRequest) {
  if (!held || !finalities) return held;
  const jobId = 'item' in held ? held.item.job_id : held.container.job_id;
  const target = request.action === 'move' && 'container' in held && !('item' in held) ? finalities.get(Number(request.target?.jobId)) : undefined;
  return { ...held, finality: finalities.get(jobId), ...(target ? { targetFinality: target } : {}) };
}

export class BulkService {
  readonly #db: Kysely<Database>;
  readonly #today: () => string;
  readonly #containers: ContainerActions;
  readonly #lineItems: LineItemActions;
  readonly #exports: ExportService;

  constructor(deps: { db: Kysely<Database>; containers: ContainerActions; lineItems: LineItemActions; exports: ExportService; today?: () => string }) {
    this.#db = deps.db;
    this.#today = deps.today ?? (() => todayIso());
    this.#containers = deps.containers;
    this.#lineItems = deps.lineItems;
    this.#exports = deps.exports;
  }

  async run(entity: BulkEntity, request: BulkRequest, user: SessionUser, requestId: string): Promise<BulkAnswer> {
    assertMayPerform(user, bulkActionRule(entity, request.action));
    if (request.action === 'export') return this.#export(entity, request, user, requestId);
    // Ids are checked before anything is read; a find is read inside the transaction that acts on it.
    const given = request.ids ? this.#givenIds(request.ids) : undefined;
    if (request.dryRun) {
      // The very same work, then rolled back: what it would do and refuse, and nothing changed.
      try {
        await this.#act(entity, request, given, user, requestId, true);
      } catch (error) {
        if (error instanceof DryRunAnswer) return error.answer;
        throw error;
      }
    }
    return this.#act(entity, request, given, user, requestId, false);
  }

  #act(entity: BulkEntity, request: BulkRequest, given: number[] | undefined, user: SessionUser, requestId: string, dryRun: boolean): Promise<BulkAnswer> {
    const kind = kindOfEntity(entity)!;
    return transaction(this.#db, async (trx) => {
      const ids = given ?? (await this.#foundIds(trx, entity, request, user));
      const refused: BulkRefusal[] = [];
      let done = 0;
      for (let start = 0; start < ids.length; start += CHUNK) {
        const chunk = ids.slice(start, start + CHUNK);
        const held: Map<number, HeldLineItem | HeldContainer> = isLineItemList(entity) ? await holdLineItems(trx, chunk, kind) : await holdContainers(trx, chunk, kind);
        // A lock of line items checks what Form 41 and ARCOS need of the whole chunk in one read.
        const incomplete =
          request.action === 'lock' && isLineItemList(entity)
            ? new Map(incompleteLineItems(await recordedLineItems(trx, { ids: [...held.keys()] })).map((item) => [Number(item.recordId), item]))
            : undefined;
        // A move or delete refuses what is final: each job's finality read once for the chunk.
        const finalities = await this.#finalities(trx, entity, request, held);
        for (const id of chunk) {
          await beginRecord(trx);
          try {
            const checked = incomplete && held.has(id) ? { incomplete: incomplete.get(id) } : undefined;
            await this.#one(trx, entity, request, id, user, requestId, withFinality(held.get(id), finalities, request), checked);
            await endRecord(trx);
            done++;
          } catch (error) {
            // Deadlocks, lost connections and bugs end the whole request (a deadlock runs it again).
            const refusal =
              error instanceof AppError
                ? { code: error.code, message: error.message, ...(error.incomplete ? { incomplete: error.incomplete } : {}) }
                : isReferencedRowError(error)
                  ? { code: ERROR_CODES.conflict, message: 'This record is still in use by other records and cannot be removed.' }
                  : undefined;
            if (!refusal) throw error;
            await undoRecord(trx);
            refused.push({ recordId: String(id), ...refusal });
          }
        }
      }
      if (dryRun) throw new DryRunAnswer({ done, refused });
      return { done, refused };
    });
  }

  /** The finality of the chunk's jobs and of a move's target job, for the actions that refuse what is final. */
  async #finalities(trx: Kysely<Database>, entity: BulkEntity, request: BulkRequest, held: Map<number, HeldLineItem | HeldContainer>) {
    if (request.action !== 'move' && request.action !== 'delete') return undefined;
    const jobs = [...held.values()].map((row) => ('item' in row ? row.item.job_id : row.container.job_id));
    const target = request.action === 'move' && !isLineItemList(entity) ? Number(request.target?.jobId) : undefined;
    return finalityOf(trx, target !== undefined && Number.isSafeInteger(target) ? [...jobs, target] : jobs);
  }

  /** One record, by the single action's own function. */
  async #one(
    trx: Kysely<Database>,
    entity: BulkEntity,
    request: BulkRequest,
    id: number,
    user: SessionUser,
    requestId: string,
    held: HeldLineItem | HeldContainer | undefined,
    checked: { incomplete: IncompleteLineItem | undefined } | undefined,
  ) {
    const kind = kindOfEntity(entity)!;
    if (isLineItemList(entity)) {
      const item = held as HeldLineItem | undefined;
      switch (request.action) {
        case 'lock':
        case 'unlock':
          return this.#lineItems.setLockedIn(trx, kind, id, request.action === 'lock', user, requestId, item, checked);
        case 'move':
          return this.#lineItems.moveIn(trx, kind, id, Number(request.target?.containerId), user, requestId, item);
        case 'delete':
          return this.#lineItems.deleteIn(trx, kind, id, user, requestId, item);
      }
    } else {
      const container = held as HeldContainer | undefined;
      switch (request.action) {
        case 'lock':
        case 'unlock':
          return this.#containers.setLockedIn(trx, kind, id, request.action === 'lock', user, requestId, container);
        case 'move':
          return this.#containers.moveIn(trx, kind, id, Number(request.target?.jobId), user, requestId, container);
        case 'delete':
          return this.#containers.deleteIn(trx, kind, id, user, requestId, container);
      }
    }
    throw badRequest(`"${request.action}" is not an action on records one by one.`);
  }

  /** The selected records, then the list's export of them (a container's: the line items it holds). */
  async #export(entity: BulkEntity, request: BulkRequest, user: SessionUser, requestId: string): Promise<BulkAnswer> {
    const ids = request.ids ? this.#givenIds(request.ids) : await this.#foundIds(this.#db, entity, request, user);
    const visible = await visibleIds(this.#db, LAYOUTS[entity], ids, scopeFor(entity, user));
    const shown = new Set(visible);
    const refused = ids.filter((id) => !shown.has(id)).map((id) => ({ recordId: String(id), code: ERROR_CODES.notFound, message: NOT_FOUND[entity](id) }));
    const exported = await this.#exports.export(entity, { fileType: request.fileType ?? 'xlsx' }, user, requestId, visible);
    return { done: visible.length, refused, data: exported.data };
  }

  /** The ids sent, once each, ascending (the order rows are taken in). */
  #givenIds(sent: readonly (number | string)[]): number[] {
    const ids = [...new Set(sent.map(Number))].sort((a, b) => a - b);
    this.#assertSize(ids.length);
    return ids;
  }

  /** The list's found set of the find, scoped as the list is, ascending. */
  async #foundIds(db: Kysely<Database>, entity: BulkEntity, request: BulkRequest, user: SessionUser): Promise<number[]> {
    const layout = LAYOUTS[entity];
    const { sort: _sort, ...parts } = toFindParts({ quickFindCriteria: request.find?.quickFindCriteria, searchCriteria: request.find?.searchCriteria });
    const find = prepareFind(layout, parts, scopeFor(entity, user), { today: this.#today() });
    const ids = await foundIdsUpTo(db, layout, find, BULK_MAX_RECORDS + 1);
    this.#assertSize(ids.length > BULK_MAX_RECORDS ? await countFound(db, layout, find) : ids.length);
    return ids;
  }

  #assertSize(count: number) {
    if (count === 0) throw badRequest('The selection is empty: select at least one record, or a find that finds some.');
    if (count > BULK_MAX_RECORDS) throw badRequest(bulkSelectionTooLargeMessage(count));
  }
}
