import { RECORD_EVENT_ENTITIES, type RecordEvent } from '@3ds/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The newest audit id ("0" when there is none): a stream's starting point. */
export async function newestAuditId(db: Kysely<Database>): Promise<string> {
  const row = await db.selectFrom('audit_log').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return row?.id == null ? '0' : String(row.id);
}

/**
 * The published audit rows (record entities, as 014_record_events.sql announces them) with an id
 * above `afterId`, oldest first, at most `limit`.
 */
export async function publishedAuditRowsAfter(db: Kysely<Database>, afterId: string, limit: number): Promise<RecordEvent[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select(['id', 'entity', 'record_id', 'action', 'username', 'at'])
    .where('id', '>', afterId)
    .where('entity', 'in', [...RECORD_EVENT_ENTITIES])
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: String(row.id),
    entity: row.entity as RecordEvent['entity'],
    recordId: row.record_id,
    action: row.action,
    user: row.username,
    at: new Date(row.at as unknown as string | Date).toISOString(),
  }));
}
