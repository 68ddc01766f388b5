import { TEXT_LIMITS } from '../catalogue/constants.ts';
import { parseUsDate } from './dates.ts';
import { calendarDaysBetween, DESTRUCTION_DEADLINE_DAYS } from './destruction-clock.ts';
import { printedTextProblem, trimLine } from './text.ts';

/**
 * A job's destruction record (what DEA Form 41 and the Certificate of Destruction print): the dates
 * the items were transferred by the client, received by us and destroyed, how and where they were
 * destroyed, who witnessed the transfer and the destruction, and why a destruction made later than
 * the 30 days after receipt was late. Keys are the jobs layout's field names; dates are
 * `MM/DD/YYYY` on the way in and ISO `YYYY-MM-DD` once read.
 */
export const DESTRUCTION_RECORD_FIELDS = {
  dateTransfer: 'Date Transfer',
  dateReceived: 'Date Received',
  dateDestroyed: 'Date Destroyed',
  disposalMethod: 'Disposal Method',
  facility: 'Destruction Facility',
  facilityAddress: 'Destruction Facility Address',
  transferWitness1: 'Transfer Witness 1 Full Name',
  transferWitness2: 'Transfer Witness 2 Full Name',
  destructionWitness1: 'Destruction Witness 1 Full Name',
  destructionWitness2: 'Destruction Witness 2 Full Name',
  lateReason: 'Late Destruction Reason',
} as const;

export type DestructionRecordKey = keyof typeof DESTRUCTION_RECORD_FIELDS;
export type DestructionRecordFieldName = (typeof DESTRUCTION_RECORD_FIELDS)[DestructionRecordKey];
/** The record as stored: ISO dates, text, null for empty. */
export type DestructionRecord = Record<DestructionRecordKey, string | null>;

const DATE_KEYS = ['dateTransfer', 'dateReceived', 'dateDestroyed'] as const satisfies readonly DestructionRecordKey[];
/** The value list the disposal method is chosen from (GET /get-value-list). */
export const DISPOSAL_METHOD_LIST = 'Disposal Method';

/** What people call the fields in messages. */
export const DESTRUCTION_RECORD_LABELS: Readonly<Record<DestructionRecordKey, string>> = {
  dateTransfer: 'Date Transferred',
  dateReceived: 'Date Received',
  dateDestroyed: 'Date Destroyed',
  disposalMethod: 'Disposal Method',
  facility: 'Destruction Facility',
  facilityAddress: 'Destruction Facility Address',
  transferWitness1: 'Transfer Witness 1',
  transferWitness2: 'Transfer Witness 2',
  destructionWitness1: 'Destruction Witness 1',
  destructionWitness2: 'Destruction Witness 2',
  lateReason: 'Reason for Late Destruction',
};

/** The longest reason for a late destruction (the jobs table's CHECK holds the same). */
export const LATE_REASON_MAX = 500;

const MAX_LENGTH: Readonly<Record<Exclude<DestructionRecordKey, (typeof DATE_KEYS)[number]>, number>> = {
  disposalMethod: TEXT_LIMITS.short,
  facility: TEXT_LIMITS.name,
  facilityAddress: 400,
  transferWitness1: TEXT_LIMITS.name,
  transferWitness2: TEXT_LIMITS.name,
  destructionWitness1: TEXT_LIMITS.name,
  destructionWitness2: TEXT_LIMITS.name,
  lateReason: LATE_REASON_MAX,
};

export const DESTRUCTION_RECORD_MESSAGES = {
  date: (label: string) => `${label} must be a date as MM/DD/YYYY`,
  future: (label: string) => `${label} cannot be in the future`,
  receivedBeforeTransfer: 'Date Received cannot be before Date Transferred: items are received after the client transfers them',
  destroyedBeforeReceived: 'Date Destroyed cannot be before Date Received',
  destroyedWithoutReceived: 'Enter Date Received too: items are destroyed only after they are received',
  lateWithoutReason: (daysAfter: number) =>
    `Date Destroyed is ${daysAfter} days after Date Received, later than the ${DESTRUCTION_DEADLINE_DAYS} days 21 CFR 1317.15(c) allows: give the reason for the late destruction`,
  reasonWithoutLateness: `Leave Reason for Late Destruction empty: it is for a destruction more than ${DESTRUCTION_DEADLINE_DAYS} days after Date Received`,
  sameWitness: (second: string, first: string) => `${second} must be another person than ${first}: Form 41 asks for two witnesses`,
  disposalMethod: (choices: readonly string[]) => `Disposal Method must be one of: ${choices.join(', ')}`,
  nothingToChange: 'Nothing to change: send at least one field of the destruction record',
} as const;

const isDateKey = (key: DestructionRecordKey): key is (typeof DATE_KEYS)[number] => (DATE_KEYS as readonly string[]).includes(key);

/**
 * Reads the fields a person sent (any of them; `""` empties one): dates from `MM/DD/YYYY` to ISO,
 * text trimmed. Answers the changes and the problems of each value on its own.
 */
export function readDestructionRecordInput(fieldData: Partial<Record<DestructionRecordFieldName, string>>): {
  changes: Partial<DestructionRecord>;
  problems: string[];
} {
  const changes: Partial<DestructionRecord> = {};
  const problems: string[] = [];
  for (const [key, name] of Object.entries(DESTRUCTION_RECORD_FIELDS) as [DestructionRecordKey, DestructionRecordFieldName][]) {
    const raw = fieldData[name];
    if (raw === undefined) continue;
    const value = trimLine(raw);
    const label = DESTRUCTION_RECORD_LABELS[key];
    if (value === '') {
      changes[key] = null;
    } else if (isDateKey(key)) {
      const iso = parseUsDate(value);
      if (iso === null) problems.push(DESTRUCTION_RECORD_MESSAGES.date(label));
      else changes[key] = iso;
    } else {
      // Printed on Form 41 and the Certificate: no invisible or text-direction characters either.
      const problem = printedTextProblem(label, value, MAX_LENGTH[key]);
      if (problem) problems.push(problem);
      else changes[key] = value;
    }
  }
  return { changes, problems };
}

/** A rule the record breaks, with the field to show it beside. */
export interface DestructionRecordProblem {
  field: DestructionRecordKey;
  message: string;
}

/**
 * Two witness names are one person when they read the same: letters in any case, Unicode's
 * compatibility forms folded (NFKC), runs of spaces, dots and commas as one space.
 */
export function isSamePerson(a: string | null, b: string | null): boolean {
  const key = (name: string) => name.normalize('NFKC').toLocaleLowerCase('en-US').replace(/[\s.,]+/gu, ' ').trim();
  return Boolean(a && b) && key(a!) === key(b!);
}

/**
 * The rules the whole record keeps, checked on the record as it will be after a change (ISO dates),
 * each with its field:
 * - no date in the future (`today` is ISO, the day in the settings' time zone);
 * - received on or after the transfer: the client transfers, then we receive;
 * - destroyed on or after received, and never destroyed without a received date (Form 41 prints both);
 * - destroyed more than 30 days after receipt (21 CFR 1317.15(c): "no later than 30 calendar days
 *   after receipt") only with the reason why, and a reason only for such a destruction;
 * - the two transfer witnesses, and the two destruction witnesses, are two different people.
 * Same-day transfer, receipt and destruction are allowed.
 */
export function destructionRecordFieldProblems(record: DestructionRecord, today: string): DestructionRecordProblem[] {
  const problems: DestructionRecordProblem[] = [];
  const add = (field: DestructionRecordKey, message: string) => problems.push({ field, message });
  for (const key of DATE_KEYS) {
    const date = record[key];
    if (date && date > today) add(key, DESTRUCTION_RECORD_MESSAGES.future(DESTRUCTION_RECORD_LABELS[key]));
  }
  const { dateTransfer, dateReceived, dateDestroyed } = record;
  if (dateTransfer && dateReceived && dateReceived < dateTransfer) add('dateReceived', DESTRUCTION_RECORD_MESSAGES.receivedBeforeTransfer);
  if (dateDestroyed && !dateReceived) add('dateReceived', DESTRUCTION_RECORD_MESSAGES.destroyedWithoutReceived);
  if (dateDestroyed && dateReceived && dateDestroyed < dateReceived) add('dateDestroyed', DESTRUCTION_RECORD_MESSAGES.destroyedBeforeReceived);
  // A destruction dated in the future is refused as such: whether it is late is asked of a real date.
  const destroyedFuture = Boolean(dateDestroyed && dateDestroyed > today);
  const daysAfter = dateDestroyed && dateReceived && !destroyedFuture ? calendarDaysBetween(dateReceived, dateDestroyed) : null;
  const late = daysAfter !== null && daysAfter > DESTRUCTION_DEADLINE_DAYS;
  if (late && !record.lateReason) add('lateReason', DESTRUCTION_RECORD_MESSAGES.lateWithoutReason(daysAfter));
  if (!late && !destroyedFuture && record.lateReason) add('lateReason', DESTRUCTION_RECORD_MESSAGES.reasonWithoutLateness);
  const L = DESTRUCTION_RECORD_LABELS;
  if (isSamePerson(record.transferWitness1, record.transferWitness2)) add('transferWitness2', DESTRUCTION_RECORD_MESSAGES.sameWitness(L.transferWitness2, L.transferWitness1));
  if (isSamePerson(record.destructionWitness1, record.destructionWitness2)) add('destructionWitness2', DESTRUCTION_RECORD_MESSAGES.sameWitness(L.destructionWitness2, L.destructionWitness1));
  return problems;
}

/** The messages of `destructionRecordFieldProblems`, as the API's 422 lists them. */
export function destructionRecordProblems(record: DestructionRecord, today: string): string[] {
  return destructionRecordFieldProblems(record, today).map((p) => p.message);
}

/** The disposal method's problem when the value list names the choices (an empty list allows any text). */
export function disposalMethodProblem(value: string | null, choices: readonly string[]): string | undefined {
  if (value === null || choices.length === 0 || choices.includes(value)) return undefined;
  return DESTRUCTION_RECORD_MESSAGES.disposalMethod(choices);
}
