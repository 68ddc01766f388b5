import type { Selectable } from 'kysely';
import type { IsoDate, TimestampWithDefault } from './record-columns.ts';

/** A day of the holiday calendar that is not a business day (088_holidays.sql; rules/business-days.ts). */
export interface HolidaysTable {
  day: IsoDate;
  name: string;
  created_at: TimestampWithDefault;
  created_by: string;
}
export type HolidayRow = Selectable<HolidaysTable>;
