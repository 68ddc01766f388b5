import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

export interface AuditEntry {
  username: string;
  action: string;
  entity: string;
  recordId?: string | number | null;
  before?: unknown;
  after?: unknown;
  requestId?: string | null;
}

/** Writes one audit row; call it with the transaction that made the change. */
export async function writeAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      username: entry.username,
      action: entry.action,
      entity: entry.entity,
      record_id: entry.recordId == null ? null : String(entry.recordId),
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      request_id: entry.requestId ?? null,
    })
    .execute();
}
