import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Layout } from '../../records/layout.ts';
import { foundIds, narrowed, prepareFind, type PreparedFind } from '../../records/records.repository.ts';

/** The ids of a find's found set in ascending order, at most `limit` of them. */
export async function foundIdsUpTo(db: Kysely<Database>, layout: Layout, find: PreparedFind, limit: number): Promise<number[]> {
  const result = await sql<{ id: number }>`
    SELECT f.id FROM (${foundIds(layout, find)}) AS f (id) ORDER BY f.id LIMIT ${limit}`.execute(db);
  return result.rows.map((row) => Number(row.id));
}

/** Which of `ids` the layout (and the user's scope) shows, in ascending order. */
export async function visibleIds(db: Kysely<Database>, layout: Layout, ids: readonly number[], scope?: RawBuilder<SqlBool>): Promise<number[]> {
  const visible: number[] = [];
  const find = prepareFind(layout, {}, scope);
  for (let start = 0; start < ids.length; start += 1000) {
    const chunk = ids.slice(start, start + 1000);
    const only = sql<SqlBool>`${sql.raw(layout.idSql)} IN (${sql.join(chunk.map((id) => sql`${id}`))})`;
    visible.push(...(await foundIdsUpTo(db, layout, narrowed(find, only), chunk.length)));
  }
  return visible.sort((a, b) => a - b);
}

/** Each record of a bulk action is done under a savepoint of its own: a refusal undoes that record alone. */
export async function beginRecord(trx: Kysely<Database>): Promise<void> {
  await sql`SAVEPOINT bulk_record`.execute(trx);
}

/** The record is done: its savepoint is released, its changes kept in the bulk's transaction. */
export async function endRecord(trx: Kysely<Database>): Promise<void> {
  await sql`RELEASE SAVEPOINT bulk_record`.execute(trx);
}

/** The record was refused: what it changed is undone, and the transaction goes on with the next. */
export async function undoRecord(trx: Kysely<Database>): Promise<void> {
  await sql`ROLLBACK TO SAVEPOINT bulk_record`.execute(trx);
  await sql`RELEASE SAVEPOINT bulk_record`.execute(trx);
}
