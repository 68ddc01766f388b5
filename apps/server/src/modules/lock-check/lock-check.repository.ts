import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { RecordKind } from '../../db/tables/records.table.ts';

/** Whether the job, or the container or line item of the kind, exists. */
export async function targetExists(db: Kysely<Database>, target: { record: 'job' | 'container' | 'line-item'; kind?: RecordKind }, id: number): Promise<boolean> {
  const exists =
    target.record === 'job'
      ? await db.selectFrom('jobs').select('id').where('id', '=', id).executeTakeFirst()
      : await db
          .selectFrom(target.record === 'container' ? 'containers' : 'line_items')
          .select('id')
          .where('id', '=', id)
          .where('kind', '=', target.kind ?? 'standard')
          .executeTakeFirst();
  return exists !== undefined;
}
