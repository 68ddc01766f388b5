import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: read as parsed JSON, written as JSON text. */
type Json<T> = ColumnType<T, string, string>;

/** One saved find (013_saved_finds.sql): a user's named find and sort of one list. */
export interface SavedFindsTable {
  id: Generated<number>;
  user_id: number;
  entity: string;
  name: string;
  quick_find: Generated<string>;
  requests: Json<unknown[]>;
  sort: Json<unknown[]>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
}
export type SavedFind = Selectable<SavedFindsTable>;
export type NewSavedFind = Insertable<SavedFindsTable>;
export type SavedFindUpdate = Updateable<SavedFindsTable>;
