import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Layout } from '../../records/layout.ts';
import { foundIds, type PreparedFind } from '../../records/records.repository.ts';

/** The user's scope of the entity, narrowed to the given records when there are any. */
export function withOnlyIds(scope: RawBuilder<SqlBool> | undefined, layout: Layout, ids: readonly number[] | undefined): RawBuilder<SqlBool> | undefined {
  if (ids === undefined) return scope;
  const only = ids.length ? sql<SqlBool>`${sql.raw(layout.idSql)} IN (${sql.join(ids.map((id) => sql`${id}`))})` : sql<SqlBool>`false`;
  return scope ? sql<SqlBool>`(${scope} AND ${only})` : only;
}

/** The line items whose `key` (their job's or container's id) is one of the found set of `parent`. */
export function heldBy(key: string, layout: Layout, parent: PreparedFind): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.raw(key)} IN (${foundIds(layout, parent)})`;
}
