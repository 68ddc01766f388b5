import {
  DESTRUCTION_RECORD_FIELDS,
  DESTRUCTION_RECORD_LABELS,
  DESTRUCTION_RECORD_MESSAGES,
  destructionClockState,
  destructionDaysLeftText,
  destructionRecordProblems,
  readDestructionRecordInput,
  todayIso,
  type DestructionClockState,
  type DestructionRecord,
  type DestructionRecordFieldName,
  type DestructionRecordKey,
} from '@3ds/domain';
import { fieldText, type FieldData, type FieldValue } from '../../components/list-screen/api/record-shapes.ts';
import { fieldErrorsOf, fieldsNamedIn, type FieldErrors } from '../../components/forms/field-errors.ts';

/**
 * The job view's destruction record: the form's values from the job record, what changed, and the
 * rules checked before anything is sent (the server checks them again). Pure, for unit tests.
 */
export type DestructionRecordValues = Record<DestructionRecordKey, string>;

const KEYS = Object.keys(DESTRUCTION_RECORD_FIELDS) as DestructionRecordKey[];

/** The record's fields as the form shows them: dates MM/DD/YYYY, empty "". */
export function destructionRecordValues(fieldData: FieldData): DestructionRecordValues {
  return Object.fromEntries(KEYS.map((key) => [key, fieldText(fieldData[DESTRUCTION_RECORD_FIELDS[key]])])) as DestructionRecordValues;
}

/** The fields whose value changed, by API name, as the route takes them (trimmed). */
export function changedFields(before: DestructionRecordValues, after: DestructionRecordValues): Partial<Record<DestructionRecordFieldName, string>> {
  const changes: Partial<Record<DestructionRecordFieldName, string>> = {};
  for (const key of KEYS) {
    if (after[key].trim() !== before[key].trim()) changes[DESTRUCTION_RECORD_FIELDS[key]] = after[key].trim();
  }
  return changes;
}

/** Every rule the values break (format, future dates, order), as the server words it. */
export function destructionRecordFormProblems(values: DestructionRecordValues, today: string = todayIso()): string[] {
  const all = Object.fromEntries(KEYS.map((key) => [DESTRUCTION_RECORD_FIELDS[key], values[key]]));
  const { changes, problems } = readDestructionRecordInput(all);
  if (problems.length) return problems;
  const record = Object.fromEntries(KEYS.map((key) => [key, changes[key] ?? null])) as DestructionRecord;
  return destructionRecordProblems(record, today);
}

/** A rule about a date its message does not name: destroyed needs received too (both are outlined). */
const ALSO: Partial<Record<string, DestructionRecordKey[]>> = {
  [DESTRUCTION_RECORD_MESSAGES.destroyedWithoutReceived]: ['dateReceived', 'dateDestroyed'],
};
const named = fieldsNamedIn(DESTRUCTION_RECORD_LABELS);

/** Each rule beside the field it is about; a rule about two dates outlines both. */
export function destructionRecordFieldErrors(problems: readonly string[]): FieldErrors<DestructionRecordKey> {
  return fieldErrorsOf(problems, (problem) => ALSO[problem] ?? named(problem));
}

export interface DaysLeftView {
  days: number;
  state: DestructionClockState;
  text: string;
}

/** The job's Days Left field (the server's count) as shown, or null when the clock is not running. */
export function daysLeftView(value: FieldValue | undefined): DaysLeftView | null {
  const text = fieldText(value);
  if (text === '' || !/^-?\d+$/.test(text)) return null;
  const days = Number(text);
  return { days, state: destructionClockState(days), text: destructionDaysLeftText(days) };
}
