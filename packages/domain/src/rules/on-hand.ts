import { SCHEDULE_FLAGS } from '../catalogue/schedules.ts';

// What is on hand, by schedule: the home screen's count (its answer's shape is contracts/on-hand.ts).

/** Schedules in the registration's order (1, 1N, 2 … 5N, LC, NC), then any other, then none. */
export function compareSchedules(a: string, b: string): number {
  const rank = (schedule: string) => {
    if (schedule === '') return SCHEDULE_FLAGS.length + 1;
    const index = (SCHEDULE_FLAGS as readonly string[]).indexOf(schedule.toUpperCase());
    return index < 0 ? SCHEDULE_FLAGS.length : index;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}

/**
 * The find, on the line-item lists, of what one schedule's on-hand count counts: that schedule
 * (exactly), a job received and not destroyed.
 */
export function onHandLineItemsFind(schedule: string): { omit: false; criteria: Record<string, string> }[] {
  return [{ omit: false, criteria: { 'NDC Schedule': schedule === '' ? '=' : `==${schedule}`, 'Job::Date Received': '*', 'Job::Date Destroyed': '=' } }];
}
