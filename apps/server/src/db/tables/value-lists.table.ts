import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Option lists by name (Container Type, UoM Container, Dynamic UoM, Source, Cause, ...). */
export interface ValueListsTable {
  id: Generated<number>;
  list_name: string;
  value: string;
  display_value: string;
  sort_order: Generated<number>;
}
export type ValueListEntry = Selectable<ValueListsTable>;
export type NewValueListEntry = Insertable<ValueListsTable>;
export type ValueListEntryUpdate = Updateable<ValueListsTable>;
