import {
  DESTRUCTION_RECORD_FIELDS,
  destructionRecordProblems,
  readDestructionRecordInput,
  todayIso,
  type DestructionRecord,
  type DestructionRecordFieldName,
  type DestructionRecordKey,
} from '@3ds/domain';
import { fieldText, type FieldData } from '../../components/list-screen/api/record-shapes.ts';

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

// The 30-day clock as shown lives with the components (the home screen shows it too).
export { daysLeftView, type DaysLeftView } from '../../components/destruction-clock/days-left.ts';
