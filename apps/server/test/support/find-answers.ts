import { sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/schema.ts';
import { fromWith, type Layout } from '../../src/records/layout.ts';
import { countStatement, foundIds, type PreparedFind } from '../../src/records/records.repository.ts';

/**
 * What an equivalence property reads of a find: the ids it matches three ways — through its indexed
 * condition, tested row by row as the grammar reads (`plain`), and as the id set a page reads — and
 * its count as the list counts it.
 */
export async function findAnswers(db: Kysely<Database>, layout: Layout, find: PreparedFind) {
  const ids = async (statement: ReturnType<typeof sql>) => (await sql<{ id: number }>`SELECT id FROM (${statement}) __f (id) ORDER BY 1`.execute(db)).rows.map((r) => Number(r.id));
  const indexed = await ids(sql`SELECT ${sql.raw(layout.idSql)} FROM ${fromWith(layout, find.rowFields)} WHERE ${find.where}`);
  const plain = await ids(sql`SELECT ${sql.raw(layout.idSql)} FROM ${fromWith(layout, find.fields)} WHERE ${find.plain}`);
  const set = await ids(foundIds(layout, find) as ReturnType<typeof sql>);
  const count = Number((await sql<{ n: number }>`SELECT (${countStatement(layout, find)})::int AS n`.execute(db)).rows[0]!.n);
  return { indexed, plain, set, count };
}
