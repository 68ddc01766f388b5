import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** An option list's entries in display order; none for a list name nobody keeps. */
export function valueList(db: Kysely<Database>, name: string) {
  return db.selectFrom('value_lists').select(['value', 'display_value']).where('list_name', '=', name).orderBy('sort_order').orderBy('id').execute();
}
