import { destructionClockState, destructionDaysLeftText, type DestructionClockState } from '@3ds/domain';
import { routePath } from '../../config/paths.ts';
import { fieldText, type FieldValue } from '../../lib/records/record-shapes.ts';
import type { FindRequest, SortSpec } from '../../lib/records/list-state.ts';

/** The 30-day clock of a job as its screens show it (the jobs list, the job view, the home screen). */
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

/** Jobs due within 7 days, overdue included, soonest first: the jobs list's own find and sort. */
export const DUE_WITHIN_A_WEEK_FIND: FindRequest[] = [{ omit: false, criteria: { 'Days Left': '<=7' } }];
export const DUE_WITHIN_A_WEEK_SORT: SortSpec[] = [{ fieldName: 'Days Left', sortOrder: 'ascend' }];

/** The jobs list with that find, in its address: the Advanced Search shows it, and it can be exported and shared. */
export const DUE_WITHIN_A_WEEK = routePath('jobs', {}, { find: JSON.stringify(DUE_WITHIN_A_WEEK_FIND), sort: JSON.stringify(DUE_WITHIN_A_WEEK_SORT) });
