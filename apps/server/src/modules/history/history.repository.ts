import type { AuditRow } from '@3ds/domain';
import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RecordKind } from '../../db/tables/records.table.ts';

/**
 * The audit rows of one record's history. Every condition is served by an index: a record's own
 * rows by (entity, record_id, at), a job's containers and a Yellow Bucket container's origin by the
 * expression indexes of 004_history.sql — whose expressions these must repeat exactly.
 */

/** A job's own rows, and the container rows that added a container to it or took one away. */
export function jobCondition(jobId: number): RawBuilder<SqlBool> {
  const id = String(jobId);
  return sql<SqlBool>`(
    (entity = 'job' AND record_id = ${id})
    OR (entity = 'container' AND action IN ('create', 'move', 'delete', 'move-to-yellow-bucket')
        AND coalesce(after->>'job_id', after->'container'->>'job_id', before->'container'->>'job_id') = ${id})
    OR (entity = 'container' AND action = 'move' AND before->>'job_id' = ${id}))`;
}

/** A container's own rows, and the move to the Yellow Bucket that made it (if it was made so). */
export function containerCondition(containerId: number): RawBuilder<SqlBool> {
  const id = String(containerId);
  return sql<SqlBool>`(
    (entity = 'container' AND record_id = ${id})
    OR (entity = 'container' AND action = 'move-to-yellow-bucket' AND after->'container'->>'id' = ${id}))`;
}

/** Container actions that carry their line items along, and where each row lists them. */
const CARRYING_ACTIONS = sql`('lock', 'unlock', 'move', 'delete', 'move-to-yellow-bucket')`;

function carries(lineItemId: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`(
    coalesce(after->'lineItemsChanged', after->'lineItems', after->'lineItemIds') @> ${JSON.stringify([lineItemId])}::jsonb
    OR before->'lineItems' @> ${JSON.stringify([{ id: lineItemId }])}::jsonb)`;
}

/** A line item's own rows, and the rows of the containers it was in that carried it along. */
export function lineItemCondition(lineItemId: number, containerIds: readonly number[]): RawBuilder<SqlBool> {
  const own = sql<SqlBool>`(entity = 'line-item' AND record_id = ${String(lineItemId)})`;
  if (!containerIds.length) return own;
  const ids = containerIds.map(String);
  return sql<SqlBool>`(${own}
    OR (entity = 'container' AND record_id IN (${sql.join(ids)}) AND action IN ${CARRYING_ACTIONS} AND ${carries(lineItemId)}))`;
}

export interface HistoryPage {
  rows: AuditRow[];
  total: number;
}

/** One page of the rows matching `condition`, newest first, and how many match in all. */
export async function historyPage(db: Kysely<Database>, condition: RawBuilder<SqlBool>, page: { offset: number; limit: number }): Promise<HistoryPage> {
  const [rows, counted] = await Promise.all([
    db
      .selectFrom('audit_log')
      .select(['id', 'at', 'username', 'action', 'entity', 'record_id', 'before', 'after'])
      .where(condition)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset - 1)
      .execute(),
    db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).where(condition).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({ id: r.id, at: r.at, username: r.username, action: r.action, entity: r.entity, recordId: r.record_id, before: r.before, after: r.after })),
    total: Number(counted.n),
  };
}

/**
 * The containers a line item has been in: the one it is in now, those its own rows name (where it
 * was created, moved from and to), and those a move to the Yellow Bucket put it into — followed
 * until no new one turns up.
 */
export async function containersOfLineItem(db: Kysely<Database>, lineItemId: number): Promise<number[]> {
  const found = new Set<number>();
  const current = await db.selectFrom('line_items').select('container_id').where('id', '=', lineItemId).executeTakeFirst();
  if (current) found.add(current.container_id);
  const named = await sql<{ container_id: string | null }>`
    SELECT DISTINCT v.container_id
    FROM audit_log, LATERAL (VALUES (before->>'container_id'), (after->>'container_id')) AS v(container_id)
    WHERE entity = 'line-item' AND record_id = ${String(lineItemId)} AND v.container_id IS NOT NULL`.execute(db);
  for (const row of named.rows) if (row.container_id && /^\d+$/.test(row.container_id)) found.add(Number(row.container_id));
  // A move to the Yellow Bucket makes a new container and takes the line items along into it:
  // followed both ways, from the container it left (a row the item's own rows name) and back from
  // the one it is in now (an item that had no rows of its own before the move names neither).
  let frontier = [...found];
  for (let step = 0; frontier.length && step < 20; step++) {
    const ids = sql.join(frontier.map(String));
    const moved = await sql<{ id: string | null }>`
      SELECT CASE WHEN record_id IN (${ids}) THEN after->'container'->>'id' ELSE record_id END AS id FROM audit_log
      WHERE entity = 'container' AND action = 'move-to-yellow-bucket'
        AND (record_id IN (${ids}) OR after->'container'->>'id' IN (${ids}))
        AND after->'lineItemIds' @> ${JSON.stringify([lineItemId])}::jsonb`.execute(db);
    frontier = moved.rows.map((r) => Number(r.id)).filter((id) => Number.isInteger(id) && !found.has(id));
    for (const id of frontier) found.add(id);
  }
  return [...found].sort((a, b) => a - b);
}

/**
 * How a container that no longer exists ended, if it was one of this kind: deleted, or moved to the
 * Yellow Bucket (which replaces a standard container by a new one).
 */
export async function containerEnded(db: Kysely<Database>, containerId: number, kind: RecordKind): Promise<boolean> {
  const row = await db
    .selectFrom('audit_log')
    .select('id')
    .where('entity', '=', 'container')
    .where('record_id', '=', String(containerId))
    .where('action', 'in', ['delete', 'move-to-yellow-bucket'])
    .where(sql<SqlBool>`before->'container'->>'kind' = ${kind}`)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a line item of this kind that no longer exists was deleted, on its own or with its container. */
export async function lineItemEnded(db: Kysely<Database>, lineItemId: number, kind: RecordKind, containerIds: readonly number[]): Promise<boolean> {
  const own = await db
    .selectFrom('audit_log')
    .select('id')
    .where('entity', '=', 'line-item')
    .where('record_id', '=', String(lineItemId))
    .where('action', '=', 'delete')
    .where(sql<SqlBool>`before->>'kind' = ${kind}`)
    .executeTakeFirst();
  if (own) return true;
  if (!containerIds.length) return false;
  const withContainer = await db
    .selectFrom('audit_log')
    .select('id')
    .where('entity', '=', 'container')
    .where('record_id', 'in', containerIds.map(String))
    .where('action', '=', 'delete')
    .where(sql<SqlBool>`before->'lineItems' @> ${JSON.stringify([{ id: lineItemId, kind }])}::jsonb`)
    .executeTakeFirst();
  return withContainer !== undefined;
}
