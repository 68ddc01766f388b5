import type { ColumnType, GeneratedAlways } from 'kysely';

/**
 * A timestamptz column with a DEFAULT: read as Date; written as Date or ISO text, or left out.
 * (Not `Generated<...>` around a ColumnType: Kysely would then select the ColumnType itself.)
 */
export type TimestampWithDefault = ColumnType<Date, Date | string | undefined, Date | string>;

/** A nullable timestamptz column without a default. */
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A `date` column: ISO `YYYY-MM-DD` text both ways (the pg DATE parser is set to keep the text). */
export type IsoDate = string;

/**
 * The audit columns every record table has (002_records.sql). mod_id is raised by the database's
 * touch_record trigger on each update, so no writer sets it; modified_at is stamped by the same
 * trigger (a value written with an update is overwritten).
 */
export interface RecordAuditColumns {
  created_at: TimestampWithDefault;
  created_by: string;
  modified_at: TimestampWithDefault;
  modified_by: string | null;
  mod_id: GeneratedAlways<number>;
}

/** Standard and Yellow Bucket containers and line items share their tables, told apart by kind. */
export type RecordKind = 'standard' | 'yellow_bucket';
