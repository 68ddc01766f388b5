/**
 * The 30-day clock of a reverse distributor: what it acquires for destruction must be destroyed no
 * later than 30 calendar days after receipt (21 CFR 1317.15(c); docs/destruction-record.md says
 * where the rule comes from). 3DS counts from the job's Date Received.
 */
export const DESTRUCTION_DEADLINE_DAYS = 30;
/** From this day after receipt on, the clock shows as a warning. */
export const DESTRUCTION_WARNING_FROM_DAY = 20;

const DAY_MS = 86_400_000;

function dayNumber(iso: string): number {
  return Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / DAY_MS;
}

/**
 * Calendar days left to destroy a job's items: 30 on the day of receipt, 0 on the 30th day after it,
 * negative once the deadline has passed. None (null) before receipt and once destroyed. Dates ISO
 * `YYYY-MM-DD`. The jobs layout's `Days Left` computes the same in SQL (kept equal by a test).
 */
export function destructionDaysLeft(receivedIso: string | null | undefined, destroyedIso: string | null | undefined, today: string): number | null {
  if (!receivedIso || destroyedIso) return null;
  return DESTRUCTION_DEADLINE_DAYS - (dayNumber(today) - dayNumber(receivedIso.slice(0, 10)));
}

export type DestructionClockState = 'on-time' | 'warning' | 'overdue';

/**
 * How the days left show: a warning from day 20 after receipt (10 days left or fewer), overdue once
 * past day 30 (fewer than 0 left).
 */
export function destructionClockState(daysLeft: number): DestructionClockState {
  if (daysLeft < 0) return 'overdue';
  if (daysLeft <= DESTRUCTION_DEADLINE_DAYS - DESTRUCTION_WARNING_FROM_DAY) return 'warning';
  return 'on-time';
}

/** The days left in words: "12 days left", "1 day left", "Due today", "3 days overdue". */
export function destructionDaysLeftText(daysLeft: number): string {
  if (daysLeft === 0) return 'Due today';
  const n = Math.abs(daysLeft);
  return `${n} ${n === 1 ? 'day' : 'days'} ${daysLeft > 0 ? 'left' : 'overdue'}`;
}

/** Calendar days from `fromIso` to `toIso` (ISO dates; negative when `toIso` is earlier). */
export function calendarDaysBetween(fromIso: string, toIso: string): number {
  return dayNumber(toIso.slice(0, 10)) - dayNumber(fromIso.slice(0, 10));
}

/**
 * How many days past the 30-day deadline a destruction was made: 0 when on time (on the 30th day
 * after receipt at the latest), more when late, null without both dates. An 80-day destruction is
 * 50 days late.
 */
export function destructionDaysLate(receivedIso: string | null | undefined, destroyedIso: string | null | undefined): number | null {
  if (!receivedIso || !destroyedIso) return null;
  return Math.max(0, calendarDaysBetween(receivedIso, destroyedIso) - DESTRUCTION_DEADLINE_DAYS);
}

/** A late destruction in words: "Destroyed 50 days late" ("1 day late"). */
export function destructionLateText(daysLate: number): string {
  return `Destroyed ${daysLate} ${daysLate === 1 ? 'day' : 'days'} late`;
}
