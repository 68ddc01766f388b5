import { hiddenColumnsProblem, type EntityName } from '@3ds/domain';
import type { Kysely } from 'kysely';
import { writeAudit } from '../../db/audit.repository.ts';
import type { Database } from '../../db/schema.ts';
import { transaction } from '../../db/transaction.ts';
import { badRequest } from '../../errors/app-error.ts';
import type { SessionUser } from '../../security/session-user.ts';
import * as repo from './list-columns.repository.ts';

export interface ListColumnsAnswer {
  entity: EntityName;
  /** The columns hidden, by field name, in the list's order; [] = every column shown. */
  hidden: string[];
}

/** Hidden columns of a list as kept, leaving out any the list no longer has (a column renamed or gone since). */
function kept(entity: EntityName, hidden: unknown): string[] {
  const fields = Array.isArray(hidden) ? hidden.filter((f): f is string => typeof f === 'string') : [];
  return fields.filter((field) => hiddenColumnsProblem(entity, [field]) === undefined);
}

/** A user's own choice of the columns each list screen shows; nobody else's is read or changed. */
export class ListColumnsService {
  readonly #db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  async read(entity: EntityName, user: SessionUser): Promise<ListColumnsAnswer> {
    const row = await repo.findListColumns(this.#db, user.userId, entity);
    return { entity, hidden: kept(entity, row?.hidden) };
  }

  /** Hides exactly these columns of the list (none: every column shown). */
  async choose(entity: EntityName, hidden: string[], user: SessionUser, requestId: string): Promise<ListColumnsAnswer> {
    const problem = hiddenColumnsProblem(entity, hidden);
    if (problem) throw badRequest(problem);
    return transaction(this.#db, async (trx) => {
      await repo.lockUserListColumns(trx, user.userId, entity);
      const before = await repo.findListColumns(trx, user.userId, entity, true);
      const after = await repo.saveListColumns(trx, user.userId, entity, hidden);
      await writeAudit(trx, {
        username: user.username,
        action: before ? 'update' : 'create',
        entity: 'list_columns',
        recordId: `${user.userId}/${entity}`,
        ...(before ? { before: { entity, hidden: before.hidden } } : {}),
        after: { entity, hidden: after.hidden },
        requestId,
      });
      return { entity, hidden: kept(entity, after.hidden) };
    });
  }
}
