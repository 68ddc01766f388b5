import type { Holiday } from '@3ds/domain';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.ts';

// The holiday calendar's one repository (088_holidays.sql): written by the settings module alone, read
// by whatever counts a deadline in business days (rules/business-days.ts `addBusinessDays`).

/** The holidays from `from` to `to` (ISO days, both counted), in date order. */
export function holidaysBetween(db: Kysely<Database>, from: string, to: string): Promise<Holiday[]> {
  return db.selectFrom('holidays').select(['day as date', 'name']).where('day', '>=', from).where('day', '<=', to).orderBy('day').execute();
}

/** The days from `from` to `to` that are holidays, as `isBusinessDay` and `addBusinessDays` take them. */
export async function holidaySet(db: Kysely<Database>, from: string, to: string): Promise<Set<string>> {
  const rows = await db.selectFrom('holidays').select('day').where('day', '>=', from).where('day', '<=', to).execute();
  return new Set(rows.map((row) => row.day));
}

/** Every holiday kept, in date order. */
export function allHolidays(db: Kysely<Database>): Promise<Holiday[]> {
  return db.selectFrom('holidays').select(['day as date', 'name']).orderBy('day').execute();
}

/** Serialises the changes of one year's calendar for the rest of the transaction (an advisory lock: the year may have no row to hold). */
export async function holdHolidaysOfYear(db: Kysely<Database>, year: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('holidays'), ${year})`.execute(db);
}

/**
 * The year's calendar becomes `list` (days of that year): the days no longer listed are removed, the
 * new ones added by `username`, a renamed one keeps who added it and when.
 */
export async function replaceHolidaysOfYear(db: Kysely<Database>, year: number, list: readonly Holiday[], username: string): Promise<void> {
  const days = list.map((holiday) => holiday.date);
  let removed = db.deleteFrom('holidays').where('day', '>=', `${year}-01-01`).where('day', '<=', `${year}-12-31`);
  if (days.length) removed = removed.where('day', 'not in', days);
  await removed.execute();
  if (!list.length) return;
  await db
    .insertInto('holidays')
    .values(list.map((holiday) => ({ day: holiday.date, name: holiday.name, created_by: username })))
    .onConflict((oc) => oc.column('day').doUpdateSet({ name: (eb) => eb.ref('excluded.name') }).where('holidays.name', '<>', (eb) => eb.ref('excluded.name')))
    .execute();
}
