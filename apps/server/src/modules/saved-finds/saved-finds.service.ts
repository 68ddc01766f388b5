import { SAVED_FIND_LIMITS, SAVED_FIND_MESSAGES, savedFindNameProblem, savedFindQuickFindProblem, trimLine, type EntityName } from '@3ds/domain';
import type { Kysely } from 'kysely';
import { writeAudit } from '../../db/audit.repository.ts';
import type { Database } from '../../db/schema.ts';
import type { SavedFind } from '../../db/tables/saved-finds.table.ts';
import { transaction } from '../../db/transaction.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors/app-error.ts';
import type { FindRequest } from '../../records/find-request.ts';
import { LAYOUTS } from '../../records/layouts/index.ts';
import type { SortSpec } from '../../records/list-query.ts';
import { prepareFind, resolveSort } from '../../records/records.repository.ts';
import type { SessionUser } from '../../security/session-user.ts';
import * as repo from './saved-finds.repository.ts';

/** The find requests of one saved find as JSON: as much as a list's `searchCriteria` may carry. */
const MAX_REQUESTS_JSON = 20_000;

export interface SavedFindInput {
  entity: EntityName;
  name: string;
  quickFind?: string | undefined;
  requests?: FindRequest[] | undefined;
  sort?: SortSpec | undefined;
}

export interface SavedFindChanges {
  name?: string | undefined;
  quickFind?: string | undefined;
  requests?: FindRequest[] | undefined;
  sort?: SortSpec | undefined;
}

/** A saved find as the API answers it. */
export function toSavedFind(row: SavedFind) {
  return {
    id: row.id,
    entity: row.entity as EntityName,
    name: row.name,
    quickFind: row.quick_find,
    requests: row.requests as FindRequest[],
    sort: row.sort as SortSpec,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** What the audit row keeps of a saved find. */
function audited(row: SavedFind) {
  return { entity: row.entity, name: row.name, quick_find: row.quick_find, requests: row.requests, sort: row.sort };
}

function checkName(name: string): string {
  const trimmed = trimLine(name);
  const problem = savedFindNameProblem(trimmed);
  if (problem) throw badRequest(problem);
  return trimmed;
}

/** A find the list itself would run: known fields of the entity's layout, values its criteria accept. */
function checkFind(entity: EntityName, find: { quickFind: string; requests: FindRequest[]; sort: SortSpec }): void {
  const problem = savedFindQuickFindProblem(find.quickFind);
  if (problem) throw badRequest(problem);
  if (JSON.stringify(find.requests).length > MAX_REQUESTS_JSON) {
    throw badRequest(`requests: the find requests are too long (at most ${MAX_REQUESTS_JSON.toLocaleString('en-US')} characters as JSON).`);
  }
  if (find.quickFind.trim() === '' && find.requests.length === 0 && find.sort.length === 0) throw badRequest(SAVED_FIND_MESSAGES.nothingToSave);
  const layout = LAYOUTS[entity];
  const named = (field: string, run: () => unknown) => {
    try {
      run();
    } catch (error) {
      if (error instanceof AppError && error.status === 400) throw badRequest(`${field}: ${error.message}`);
      throw error;
    }
  };
  // Compiled once, as the list would: an unknown field or a criterion the list refuses is a 400 here.
  named('quickFind', () => prepareFind(layout, { quickFind: find.quickFind.trim() }));
  named('requests', () => prepareFind(layout, { requests: find.requests }));
  named('sort', () => resolveSort(layout, find.sort));
}

/** A user's own saved finds of the list screens; another user's saved find is not found (404). */
export class SavedFindsService {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async list(entity: EntityName, user: SessionUser) {
    const rows = await repo.listSavedFinds(this.#db, user.userId, entity);
    return { savedFinds: rows.map(toSavedFind) };
  }

  async read(id: number, user: SessionUser) {
    const row = await repo.findSavedFind(this.#db, user.userId, id);
    if (!row) throw notFound(SAVED_FIND_MESSAGES.notFound(id));
    return toSavedFind(row);
  }

  async create(input: SavedFindInput, user: SessionUser, requestId: string) {
    const name = checkName(input.name);
    const find = { quickFind: input.quickFind ?? '', requests: input.requests ?? [], sort: input.sort ?? [] };
    checkFind(input.entity, find);
    return transaction(this.#db, async (trx) => {
      await repo.lockUserSavedFinds(trx, user.userId);
      if (await repo.findSavedFindByName(trx, user.userId, input.entity, name)) throw conflict(SAVED_FIND_MESSAGES.nameTaken(name));
      if ((await repo.countSavedFinds(trx, user.userId, input.entity)) >= SAVED_FIND_LIMITS.perList) throw conflict(SAVED_FIND_MESSAGES.tooMany(SAVED_FIND_LIMITS.perList));
      const row = await repo.insertSavedFind(trx, {
        user_id: user.userId,
        entity: input.entity,
        name,
        quick_find: find.quickFind.trim(),
        requests: JSON.stringify(find.requests),
        sort: JSON.stringify(find.sort),
      });
      await writeAudit(trx, { username: user.username, action: 'create', entity: 'saved_find', recordId: row.id, after: audited(row), requestId });
      return toSavedFind(row);
    });
  }

  /** A new name and/or a new find and sort; the find must still be one the list would run. */
  async update(id: number, changes: SavedFindChanges, user: SessionUser, requestId: string) {
    if (changes.name === undefined && changes.quickFind === undefined && changes.requests === undefined && changes.sort === undefined) {
      throw badRequest(SAVED_FIND_MESSAGES.nothingToChange);
    }
    const name = changes.name === undefined ? undefined : checkName(changes.name);
    return transaction(this.#db, async (trx) => {
      await repo.lockUserSavedFinds(trx, user.userId);
      const before = await repo.findSavedFind(trx, user.userId, id, true);
      if (!before) throw notFound(SAVED_FIND_MESSAGES.notFound(id));
      const entity = before.entity as EntityName;
      const find = {
        quickFind: changes.quickFind ?? before.quick_find,
        requests: changes.requests ?? (before.requests as FindRequest[]),
        sort: changes.sort ?? (before.sort as SortSpec),
      };
      if (changes.quickFind !== undefined || changes.requests !== undefined || changes.sort !== undefined) checkFind(entity, find);
      if (name !== undefined && (await repo.findSavedFindByName(trx, user.userId, entity, name, id))) throw conflict(SAVED_FIND_MESSAGES.nameTaken(name));
      const after = await repo.updateSavedFind(trx, id, {
        ...(name !== undefined ? { name } : {}),
        ...(changes.quickFind !== undefined ? { quick_find: find.quickFind.trim() } : {}),
        ...(changes.requests !== undefined ? { requests: JSON.stringify(find.requests) } : {}),
        ...(changes.sort !== undefined ? { sort: JSON.stringify(find.sort) } : {}),
      });
      await writeAudit(trx, { username: user.username, action: 'update', entity: 'saved_find', recordId: id, before: audited(before), after: audited(after), requestId });
      return toSavedFind(after);
    });
  }

  async delete(id: number, user: SessionUser, requestId: string): Promise<void> {
    await transaction(this.#db, async (trx) => {
      const before = await repo.findSavedFind(trx, user.userId, id, true);
      if (!before) throw notFound(SAVED_FIND_MESSAGES.notFound(id));
      await repo.deleteSavedFind(trx, id);
      await writeAudit(trx, { username: user.username, action: 'delete', entity: 'saved_find', recordId: id, before: audited(before), requestId });
    });
  }
}
