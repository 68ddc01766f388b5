import { readSettingsInput, SETTINGS_FIELDS, SETTINGS_MESSAGES, TIME_ZONE_MESSAGES, type SettingsFieldName, type SettingsKey } from '@3ds/domain';
import type { Kysely } from 'kysely';
import { writeAudit } from '../../db/audit.repository.ts';
import type { Database } from '../../db/schema.ts';
import type { Settings, SettingsUpdate } from '../../db/tables/settings.table.ts';
import { transaction } from '../../db/transaction.ts';
import { badRequest, conflict, validationFailed } from '../../errors/app-error.ts';
import { assertMayPerform } from '../../security/authorize.ts';
import type { SessionUser } from '../../security/session-user.ts';
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

/** Our own registration, the one settings row (009_paperwork.sql). */
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
}
