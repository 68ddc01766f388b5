import {
  calendarDaysBetween,
  DESTRUCTION_DEADLINE_DAYS,
  DESTRUCTION_RECORD_FIELDS,
  DESTRUCTION_RECORD_LABELS,
  DESTRUCTION_RECORD_MESSAGES,
  destructionLateText,
  destructionRecordFieldProblems,
  parseUsDate,
  readDestructionRecordInput,
  todayIso,
  WITNESS_KEYS,
  type DestructionRecord,
  type DestructionRecordFieldName,
  type DestructionRecordKey,
} from '@3ds/domain';
import { fieldErrorsOf, fieldsNamedIn, type FieldErrors } from '../../components/forms/field-errors.ts';
import { fieldText, type FieldData, type FieldValue } from '../../lib/records/record-shapes.ts';

/**
 * The job view's destruction record: the form's values from the job record, what changed, and the
 * rules checked before anything is sent (the server checks them again). Pure, for unit tests.
 */
export type DestructionRecordValues = Record<DestructionRecordKey, string>;

const KEYS = Object.keys(DESTRUCTION_RECORD_FIELDS) as DestructionRecordKey[];
/** What the form edits: the witnesses confirm for themselves (rules/witnesses.ts), their names are not typed. */
const EDITABLE = KEYS.filter((key) => !WITNESS_KEYS.has(key));

/** The record's fields as the form shows them: dates MM/DD/YYYY, empty "". */
export function destructionRecordValues(fieldData: FieldData): DestructionRecordValues {
  return Object.fromEntries(KEYS.map((key) => [key, fieldText(fieldData[DESTRUCTION_RECORD_FIELDS[key]])])) as DestructionRecordValues;
}

/** The fields whose value changed, by API name, as the route takes them (trimmed); never a witness. */
export function changedFields(before: DestructionRecordValues, after: DestructionRecordValues): Partial<Record<DestructionRecordFieldName, string>> {
  const changes: Partial<Record<DestructionRecordFieldName, string>> = {};
  for (const key of EDITABLE) {
    if (after[key].trim() !== before[key].trim()) changes[DESTRUCTION_RECORD_FIELDS[key]] = after[key].trim();
  }
  return changes;
}

/**
 * What the form shows beside each field: the first rule it breaks, in the server's words; `true`
 * outlines a field a rule about another field concerns too.
 */
export type DestructionRecordErrors = FieldErrors<DestructionRecordKey>;

/** A rule about a date its message does not name: destroyed needs received too (both are outlined). */
const ALSO: Partial<Record<string, DestructionRecordKey[]>> = {
  [DESTRUCTION_RECORD_MESSAGES.destroyedWithoutReceived]: ['dateReceived', 'dateDestroyed'],
};
const named = fieldsNamedIn(DESTRUCTION_RECORD_LABELS);

/** Each rule beside the field it is first about; a rule about two fields (a date order) outlines both. */
export function destructionRecordFieldErrors(problems: readonly string[]): DestructionRecordErrors {
  return fieldErrorsOf(problems, (problem) => ALSO[problem] ?? named(problem));
}

/**
 * Every rule the values break, beside the field it belongs to: each value's own shape first (a date
 * as MM/DD/YYYY, text on one line without invisible characters, its length), then the rules of the
 * whole record (no future date, dates in order, a reason for a destruction more than 30 days after
 * receipt). The witnesses are not the form's: they confirm for themselves. `today` is the day in the Settings' time zone.
 */
export function destructionRecordFormErrors(values: DestructionRecordValues, today: string = todayIso()): DestructionRecordErrors {
  const errors: DestructionRecordErrors = {};
  for (const key of EDITABLE) {
    const { problems } = readDestructionRecordInput({ [DESTRUCTION_RECORD_FIELDS[key]]: values[key] });
    if (problems.length) errors[key] = problems[0];
  }
  if (Object.keys(errors).length) return errors;
  const all = Object.fromEntries(EDITABLE.map((key) => [DESTRUCTION_RECORD_FIELDS[key], values[key]]));
  const { changes } = readDestructionRecordInput(all);
  const record = Object.fromEntries(KEYS.map((key) => [key, changes[key] ?? null])) as DestructionRecord;
  for (const { field, message } of destructionRecordFieldProblems(record, today)) {
    if (typeof errors[field] !== 'string') errors[field] = message;
    // The other fields a rule between fields is about are outlined too (a date order); the missing
    // reason of a late destruction is the reason's alone.
    if (field === 'lateReason') continue;
    for (const other of ALSO[message] ?? named(message)) errors[other] ??= true;
  }
  return errors;
}

/** The fields in the order the form shows them (the reason comes right after the dates that call for it). */
const FORM_ORDER: readonly DestructionRecordKey[] = [
  'dateTransfer',
  'dateReceived',
  'dateDestroyed',
  'lateReason',
  'disposalMethod',
  'facility',
  'facilityAddress',
];

/** Every rule the values break, as one list in the form's order (the summary above the fields). */
export function destructionRecordFormProblems(values: DestructionRecordValues, today: string = todayIso()): string[] {
  const errors = destructionRecordFormErrors(values, today);
  return FORM_ORDER.flatMap((key) => {
    const error = errors[key];
    return typeof error === 'string' ? [error] : [];
  });
}

/**
 * How many calendar days after receipt the typed destruction date is, when both dates read and it is
 * more than the 30 allowed: the form then asks for the reason. Null otherwise.
 */
export function lateDestructionDays(values: Pick<DestructionRecordValues, 'dateReceived' | 'dateDestroyed'>): number | null {
  const received = parseUsDate(values.dateReceived);
  const destroyed = parseUsDate(values.dateDestroyed);
  if (!received || !destroyed) return null;
  const days = calendarDaysBetween(received, destroyed);
  return days > DESTRUCTION_DEADLINE_DAYS ? days : null;
}

/**
 * The job's Days Late field (the server's count of days past the 30) in words — "Destroyed 50 days
 * late" — or null when on time. `short` words it for a list's narrow column: "50 days late".
 */
export function daysLateText(value: FieldValue | undefined, short = false): string | null {
  const text = fieldText(value);
  if (!/^\d+$/.test(text) || Number(text) <= 0) return null;
  const days = Number(text);
  return short ? `${days} ${days === 1 ? 'day' : 'days'} late` : destructionLateText(days);
}

// The 30-day clock as shown lives with the components (the home screen shows it too).
export { daysLeftView, type DaysLeftView } from '../../components/destruction-clock/days-left.ts';
