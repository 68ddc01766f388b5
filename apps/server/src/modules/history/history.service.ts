import { CATALOGUE, HISTORY_PAGE_SIZE, toHistoryEntry, type AuditedRecord, type EntityName, type HistoryResponse } from '@3ds/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RecordKind } from '../../db/tables/records.table.ts';
import { notFound } from '../../errors/app-error.ts';
import type { RecordsService } from '../../records/records.service.ts';
import type { SessionUser } from '../../security/session-user.ts';
import * as history from './history.repository.ts';

/** A record screen that has a History panel: the entity its detail route reads, and what the audit calls it. */
export interface HistoryTarget {
  entity: EntityName;
  record: AuditedRecord;
  /** Containers and line items come in two kinds, each its own entity. */
  kind?: RecordKind;
}

export class HistoryService {
  readonly #db: Kysely<Database>;
  readonly #records: RecordsService;

  constructor(deps: { db: Kysely<Database>; records: RecordsService }) {
    this.#db = deps.db;
    this.#records = deps.records;
  }

  /**
   * A record's history, newest first. Whoever may open the record may read its history (the
   * detail route's rule); a container or line item that was deleted keeps a readable history, which
   * ends with its deletion. Anything else is 404.
   */
  async history(target: HistoryTarget, id: number, page: { offset?: number | undefined; limit?: number | undefined }, user: SessionUser): Promise<HistoryResponse> {
    const offset = page.offset ?? 1;
    const limit = page.limit ?? HISTORY_PAGE_SIZE.default;
    const visible = await this.#records.isVisible(target.entity, id, user);
    const containerIds = target.record === 'line-item' ? await history.containersOfLineItem(this.#db, id) : [];
    const deleted = !visible && (await this.#ended(target, id, containerIds));
    if (!visible && !deleted) throw notFound(`${CATALOGUE[target.entity].title}: there is no record ${id}.`);
    const condition =
      target.record === 'job'
        ? history.jobCondition(id)
        : target.record === 'container'
          ? history.containerCondition(id)
          : history.lineItemCondition(id, containerIds);
    const { rows, total } = await history.historyPage(this.#db, condition, { offset, limit });
    const subject = { record: target.record, id: String(id) };
    return { data: rows.map((row) => toHistoryEntry(subject, row)), total, offset, limit, deleted };
  }

  async #ended(target: HistoryTarget, id: number, containerIds: readonly number[]): Promise<boolean> {
    // Jobs are never deleted; a kind is known for every container and line item target.
    if (target.record === 'job' || !target.kind) return false;
    return target.record === 'container'
      ? history.containerEnded(this.#db, id, target.kind)
      : history.lineItemEnded(this.#db, id, target.kind, containerIds);
  }
}
