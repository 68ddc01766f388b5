import {
  readHolidays,
  readSettingsInput,
  SETTINGS_FIELDS,
  SETTINGS_MESSAGES,
  TIME_ZONE_MESSAGES,
  type Holiday,
  type HolidaysAnswer,
  type HolidaysBody,
  type SettingsFieldName,
  type SettingsKey,
} from '@3ds/domain';
import type { Kysely } from 'kysely';
import { writeAudit } from '../../db/audit.repository.ts';
import type { Database } from '../../db/schema.ts';
import type { Settings, SettingsUpdate } from '../../db/tables/settings.table.ts';
import { transaction } from '../../db/transaction.ts';
import { badRequest, conflict, validationFailed } from '../../errors/app-error.ts';
import { assertMayPerform } from '../../security/authorize.ts';
import type { SessionUser } from '../../security/session-user.ts';
import { holdHolidaysOfYear, holidaysBetween, replaceHolidaysOfYear } from '../../db/repositories/holidays.repository.ts';
import { isKnownTimeZone, readSettings, readSettingsForUpdate, updateSettings } from '../../db/repositories/settings.repository.ts';
import type { BusinessDay } from './business-day.ts';

/** The settings column of each field. */
const COLUMNS = {
  registrantName: 'registrant_name',
  deaNumber: 'dea_number',
  addressLine1: 'address_line_1',
  addressLine2: 'address_line_2',
  city: 'city',
  state: 'state',
  zip: 'zip',
  telephone: 'telephone',
  contactName: 'contact_name',
  deaRegionalNumber: 'dea_regional_number',
  arcosFrequency: 'arcos_frequency',
  timeZone: 'time_zone',
} as const satisfies Record<SettingsKey, keyof Settings>;

/** The settings row as the API answers it: a FileMaker-style record, empty fields "". */
function toRecord(row: Settings) {
  const fieldData = Object.fromEntries(
    (Object.entries(SETTINGS_FIELDS) as [SettingsKey, SettingsFieldName][]).map(([key, name]) => [name, row[COLUMNS[key]] ?? '']),
  ) as Record<SettingsFieldName, string>;
  return { data: [{ recordId: String(row.id), modId: String(row.mod_id), fieldData }] };
}

/** The holidays of a year, in date order. */
function holidaysOfYear(db: Kysely<Database>, year: number): Promise<Holiday[]> {
  return holidaysBetween(db, `${year}-01-01`, `${year}-12-31`);
}

/** Whether two lists hold the same holidays in the same order. */
function sameHolidays(a: readonly Holiday[], b: readonly Holiday[]): boolean {
  return a.length === b.length && a.every((holiday, index) => holiday.date === b[index]!.date && holiday.name === b[index]!.name);
}

/** Our own registration, the one settings row (009_paperwork.sql), and the holiday calendar (088_holidays.sql). */
export class SettingsService {
  readonly #db: Kysely<Database>;
  readonly #day: BusinessDay | undefined;

  /** `day`: this server's today, told at once of a new time zone. */
  constructor(db: Kysely<Database>, day?: BusinessDay) {
    this.#db = db;
    this.#day = day;
  }

  /** Any signed-in user reads it: the documents everyone prints show it. */
  async read() {
    return toRecord(await readSettings(this.#db));
  }

  /**
   * Changes any of the fields (MANAGE_SETTINGS), "" empties one. A DEA registration number must be
   * a valid reverse distributor's (P or R, check digit); printed text has no invisible characters;
   * the time zone is never empty and must be one both the server and the database know. A stale
   * `modId` is a 409.
   */
  async update(input: { fieldData: Partial<Record<SettingsFieldName, string>>; modId?: string | undefined }, user: SessionUser, requestId: string) {
    assertMayPerform(user, 'settings.edit');
    const { changes, problems } = readSettingsInput(input.fieldData);
    if (problems.length) throw validationFailed(problems[0]!, problems);
    const keys = Object.keys(changes) as SettingsKey[];
    if (!keys.length) throw badRequest(SETTINGS_MESSAGES.nothingToChange);
    return transaction(this.#db, async (trx) => {
      // The database counts Days Left in this zone (tds_today): it must know it as well as the server does.
      if (changes.timeZone && !(await isKnownTimeZone(trx, changes.timeZone))) {
        const problem = TIME_ZONE_MESSAGES.unknown(changes.timeZone);
        throw validationFailed(problem, [problem]);
      }
      const before = await readSettingsForUpdate(trx);
      if (input.modId !== undefined && input.modId !== String(before.mod_id)) {
        throw conflict('The settings were changed by someone else since you opened them. Reload them and try again.');
      }
      const changed = keys.filter((key) => before[COLUMNS[key]] !== changes[key]);
      // The same values again change nothing: no new modId, no audit row.
      if (!changed.length) return toRecord(before);
      const update: SettingsUpdate = Object.fromEntries(changed.map((key) => [COLUMNS[key], changes[key]]));
      const after = await updateSettings(trx, { ...update, modified_by: user.username });
      await writeAudit(trx, {
        username: user.username,
        action: 'update',
        entity: 'settings',
        recordId: after.id,
        before: Object.fromEntries(changed.map((key) => [COLUMNS[key], before[COLUMNS[key]]])),
        after: Object.fromEntries(changed.map((key) => [COLUMNS[key], after[COLUMNS[key]]])),
        requestId,
      });
      if (changed.includes('timeZone')) this.#day?.use(after.time_zone);
      return toRecord(after);
    });
  }

  /** A year's holidays: any signed-in user reads them (the deadlines they move are everyone's). */
  async holidays(year: number): Promise<HolidaysAnswer> {
    return { year, holidays: await holidaysOfYear(this.#db, year) };
  }

  /**
   * The year's calendar becomes the holidays sent (MANAGE_SETTINGS), read whole by the rules
   * (rules/business-days.ts `readHolidays`): 422 with every problem, nothing changed then. One
   * transaction with its audit row, the year's list before and after.
   */
  async replaceHolidays(input: HolidaysBody, user: SessionUser, requestId: string): Promise<HolidaysAnswer> {
    assertMayPerform(user, 'settings.holidays');
    const read = readHolidays(input.year, input.holidays);
    if ('problems' in read) throw validationFailed(read.problems[0]!, read.problems);
    return transaction(this.#db, async (trx) => {
      await holdHolidaysOfYear(trx, input.year);
      const before = await holidaysOfYear(trx, input.year);
      // The same list again changes nothing: no audit row.
      if (sameHolidays(before, read.holidays)) return { year: input.year, holidays: before };
      await replaceHolidaysOfYear(trx, input.year, read.holidays, user.username);
      const after = await holidaysOfYear(trx, input.year);
      await writeAudit(trx, { username: user.username, action: 'holidays', entity: 'settings', recordId: input.year, before, after, requestId });
      return { year: input.year, holidays: after };
    });
  }
}
