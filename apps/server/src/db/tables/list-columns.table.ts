import type { ColumnType, Insertable, Selectable } from 'kysely';

/** One user's hidden columns of one list (050_list_columns.sql); jsonb read as parsed JSON, written as JSON text. */
export interface ListColumnsTable {
  user_id: number;
  entity: string;
  hidden: ColumnType<string[], string, string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export type ListColumns = Selectable<ListColumnsTable>;
export type NewListColumns = Insertable<ListColumnsTable>;
