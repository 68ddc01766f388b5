import { formatIsoDate, parseUsDate } from './dates.ts';
import { printedTextProblem, trimLine } from './text.ts';

/**
 * Business days (docs/dea-paperwork.md "Losses reported on time"): Monday to Friday, less the holidays
 * kept in Settings. A theft or significant loss is noticed to DEA within one business day of its
 * discovery (21 CFR 1301.74(c)); the holiday calendar says which days are not business days.
 */

/** A holiday as kept: its day (ISO) and its name. */
export interface Holiday {
  date: string;
  name: string;
}

export const HOLIDAY_NAME_MAX = 80;

function utc(iso: string): Date {
  return new Date(`${iso.slice(0, 10)}T00:00:00Z`);
}

function iso(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The ISO day `days` calendar days after `from` (before, when negative). */
export function addCalendarDays(from: string, days: number): string {
  const date = utc(from);
  date.setUTCDate(date.getUTCDate() + days);
  return iso(date);
}

/** Saturday or Sunday. */
export function isWeekend(day: string): boolean {
  const weekday = utc(day).getUTCDay();
  return weekday === 0 || weekday === 6;
}

export function isBusinessDay(day: string, holidays: ReadonlySet<string>): boolean {
  return !isWeekend(day) && !holidays.has(day);
}

/** The `count`-th business day after `from` (`from` itself not counted): 1 from a Friday is the next Monday, or Tuesday after a Monday holiday. */
export function addBusinessDays(from: string, count: number, holidays: ReadonlySet<string>): string {
  let day = from.slice(0, 10);
  let left = count;
  while (left > 0) {
    day = addCalendarDays(day, 1);
    if (isBusinessDay(day, holidays)) left -= 1;
  }
  return day;
}

/** The `n`-th `weekday` (0 Sunday … 6 Saturday) of a month (1–12); n = -1 is the last. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1));
    const offset = (weekday - first.getUTCDay() + 7) % 7;
    return iso(new Date(Date.UTC(year, month - 1, 1 + offset + (n - 1) * 7)));
  }
  const last = new Date(Date.UTC(year, month, 0));
  const offset = (last.getUTCDay() - weekday + 7) % 7;
  return iso(new Date(Date.UTC(year, month - 1, last.getUTCDate() - offset)));
}

/** A fixed-date holiday as observed: on the Friday before when it falls on a Saturday, the Monday after when on a Sunday (5 U.S.C. 6103(b)). */
function observed(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = date.getUTCDay();
  if (weekday === 6) date.setUTCDate(day - 1);
  if (weekday === 0) date.setUTCDate(day + 1);
  return iso(date);
}

/**
 * The eleven legal public holidays of a year (5 U.S.C. 6103(a)) on the days they are observed
 * (6103(b)): New Year's Day, Martin Luther King Jr.'s Birthday, Washington's Birthday, Memorial Day,
 * Juneteenth, Independence Day, Labor Day, Columbus Day, Veterans Day, Thanksgiving Day and Christmas
 * Day. A New Year's Day that falls on a Saturday is observed on Friday, December 31 of the year before,
 * and is listed in that year.
 */
export function federalHolidays(year: number): Holiday[] {
  const list: Holiday[] = [
    { date: observed(year, 1, 1), name: "New Year's Day" },
    { date: nthWeekday(year, 1, 1, 3), name: 'Birthday of Martin Luther King, Jr.' },
    { date: nthWeekday(year, 2, 1, 3), name: "Washington's Birthday" },
    { date: nthWeekday(year, 5, 1, -1), name: 'Memorial Day' },
    { date: observed(year, 6, 19), name: 'Juneteenth National Independence Day' },
    { date: observed(year, 7, 4), name: 'Independence Day' },
    { date: nthWeekday(year, 9, 1, 1), name: 'Labor Day' },
    { date: nthWeekday(year, 10, 1, 2), name: 'Columbus Day' },
    { date: observed(year, 11, 11), name: 'Veterans Day' },
    { date: nthWeekday(year, 11, 4, 4), name: 'Thanksgiving Day' },
    { date: observed(year, 12, 25), name: 'Christmas Day' },
  ];
  const nextNewYear = observed(year + 1, 1, 1);
  if (nextNewYear.startsWith(String(year))) list.push({ date: nextNewYear, name: "New Year's Day (observed)" });
  return list.filter((holiday) => holiday.date.startsWith(String(year)));
}

/** The most holidays one year's calendar holds: the eleven federal ones leave room for the company's own. */
export const HOLIDAYS_PER_YEAR_MAX = 40;

/** The years a calendar may be kept for. */
export const HOLIDAY_YEARS = { min: 2000, max: 2100 } as const;

/** A holiday as typed: its day `MM/DD/YYYY` and its name. */
export interface HolidayInput {
  date: string;
  name: string;
}

export const HOLIDAY_MESSAGES = {
  tooMany: (year: number, count: number) => `The calendar of ${year} lists ${count} holidays; a year holds at most ${HOLIDAYS_PER_YEAR_MAX}.`,
  date: (row: string, typed: string, year: number) => `${row}: ${typed.trim() === '' ? 'give its date' : `"${typed}" is not a date`}, written MM/DD/YYYY, e.g. 12/25/${year}.`,
  notInYear: (row: string, date: string, year: number) => `${row}: ${date} is not a day of ${year}: each year's calendar holds its own days.`,
  twice: (row: string, date: string, first: string) => `${row}: ${date} is listed twice (also ${first}): a day is one holiday.`,
  name: (row: string) => `${row}: give the holiday's name.`,
} as const;

/** The row a problem names: "Holiday 3" is the third of the list as sent. */
const holidayRow = (index: number) => `Holiday ${index + 1}`;

/** A holiday's date as typed (MM/DD/YYYY) for `year`'s calendar: its ISO day, or the problem, naming `row`. */
export function readHolidayDate(row: string, typed: string, year: number): { date: string } | { problem: string } {
  const date = parseUsDate(typed);
  if (date === null) return { problem: HOLIDAY_MESSAGES.date(row, typed, year) };
  if (!date.startsWith(`${year}-`)) return { problem: HOLIDAY_MESSAGES.notInYear(row, formatIsoDate(date), year) };
  return { date };
}

/** What is wrong with a holiday's name (trimmed), naming `row`, or undefined. */
export function holidayNameProblem(row: string, name: string): string | undefined {
  return name === '' ? HOLIDAY_MESSAGES.name(row) : printedTextProblem(`${row}: Name`, name, HOLIDAY_NAME_MAX);
}

export type HolidaysRead = { holidays: Holiday[] } | { problems: string[] };

/**
 * A year's holidays as typed (dates `MM/DD/YYYY`), read whole: every problem of every holiday — a date
 * that is not one, a day of another year, a day listed twice, an empty or over-long name, more than
 * HOLIDAYS_PER_YEAR_MAX — or the holidays, names trimmed, in date order.
 */
export function readHolidays(year: number, inputs: readonly HolidayInput[]): HolidaysRead {
  const problems: string[] = [];
  if (inputs.length > HOLIDAYS_PER_YEAR_MAX) problems.push(HOLIDAY_MESSAGES.tooMany(year, inputs.length));
  const holidays: Holiday[] = [];
  const firstRowOf = new Map<string, string>();
  inputs.forEach((input, index) => {
    const row = holidayRow(index);
    const date = readHolidayDate(row, input.date, year);
    if ('problem' in date) problems.push(date.problem);
    else {
      const first = firstRowOf.get(date.date);
      if (first) problems.push(HOLIDAY_MESSAGES.twice(row, formatIsoDate(date.date), first));
      else firstRowOf.set(date.date, row);
    }
    const name = trimLine(input.name);
    const nameProblem = holidayNameProblem(row, name);
    if (nameProblem) problems.push(nameProblem);
    if ('date' in date) holidays.push({ date: date.date, name });
  });
  if (problems.length) return { problems };
  return { holidays: holidays.sort((a, b) => a.date.localeCompare(b.date)) };
}

/** The problems of a year's holidays as typed, none when they read (what Save checks before sending). */
export function holidaysProblems(year: number, inputs: readonly HolidayInput[]): string[] {
  const read = readHolidays(year, inputs);
  return 'problems' in read ? read.problems : [];
}
