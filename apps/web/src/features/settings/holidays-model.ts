import {
  federalHolidays,
  formatIsoDate,
  holidayNameProblem,
  holidaysProblems,
  parseUsDate,
  readHolidayDate,
  trimLine,
  type Holiday,
  type HolidayInput,
  type HolidaysBody,
} from '@3ds/domain';

/**
 * The holiday calendar as the Settings screen shows and edits it (rules/business-days.ts): a year's
 * holidays as rows of text (dates MM/DD/YYYY), read by the same rules the server applies, so that a
 * problem shows before anything is sent; the server's refusal is shown the same way.
 */

/** One holiday of the list being edited, as shown. */
export interface HolidayDraft extends HolidayInput {
  key: string;
}

let keys = 0;
const nextKey = () => `holiday-${++keys}`;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The years the card offers: the one before, this one and the next (`today` ISO). */
export function holidayYears(today: string): number[] {
  const year = Number(today.slice(0, 4));
  return [year - 1, year, year + 1];
}

/** The weekday of a date typed MM/DD/YYYY, or "" when it is not one. */
export function weekdayOf(date: string): string {
  const iso = parseUsDate(date);
  return iso === null ? '' : WEEKDAYS[new Date(`${iso}T00:00:00Z`).getUTCDay()]!;
}

/** Date order, as the server keeps them; a date that does not read goes last. */
function inDateOrder(drafts: readonly HolidayDraft[]): HolidayDraft[] {
  const sortKey = (draft: HolidayDraft) => parseUsDate(draft.date) ?? '9999';
  return [...drafts].sort((a, b) => sortKey(a).localeCompare(sortKey(b)));
}

/** The kept holidays as rows, in date order. */
export function draftsOf(holidays: readonly Holiday[]): HolidayDraft[] {
  return inDateOrder(holidays.map((holiday) => ({ key: nextKey(), date: formatIsoDate(holiday.date), name: holiday.name })));
}

/** The body of `PUT /settings/holidays`: the rows as they are listed. */
export function bodyOf(year: number, drafts: readonly HolidayDraft[]): HolidaysBody {
  return { year, holidays: drafts.map(({ date, name }) => ({ date, name })) };
}

/** Whether the rows say what is kept (Save has nothing to send). */
export function isUnchanged(holidays: readonly Holiday[], drafts: readonly HolidayDraft[]): boolean {
  return (
    holidays.length === drafts.length &&
    holidays.every((holiday, index) => parseUsDate(drafts[index]!.date) === holiday.date && drafts[index]!.name.trim() === holiday.name)
  );
}

/** Why the Add Holiday row is not added: its date's problem, its name's, or both. */
export interface AddProblems {
  date?: string;
  name?: string;
}

/**
 * A holiday typed in the Add Holiday row, added in date order; or why it is not: what the rules find
 * in its date (not one, another year's, a day already listed) and in its name.
 */
export function addHoliday(year: number, drafts: readonly HolidayDraft[], typed: HolidayInput): { drafts: HolidayDraft[] } | { problems: AddProblems } {
  const row = 'Holiday';
  const unnamed = (problem: string) => problem.replace(`${row}: `, '');
  const problems: AddProblems = {};
  const date = readHolidayDate(row, typed.date, year);
  if ('problem' in date) problems.date = unnamed(date.problem);
  else {
    const listed = drafts.find((draft) => parseUsDate(draft.date) === date.date);
    if (listed) problems.date = `${formatIsoDate(date.date)} is listed already, as ${listed.name.trim()}.`;
  }
  const name = trimLine(typed.name);
  const nameProblem = holidayNameProblem(row, name);
  if (nameProblem) problems.name = unnamed(nameProblem);
  if (problems.date || problems.name || !('date' in date)) return { problems };
  return { drafts: inDateOrder([...drafts, { key: nextKey(), date: formatIsoDate(date.date), name }]) };
}

/** The rows with the federal holidays of the year added, those on a day already listed left out; and how many were added. */
export function withFederalHolidays(year: number, drafts: readonly HolidayDraft[]): { drafts: HolidayDraft[]; added: number } {
  const listed = new Set(drafts.map((draft) => parseUsDate(draft.date)));
  const added = federalHolidays(year)
    .filter((holiday) => !listed.has(holiday.date))
    .map((holiday) => ({ key: nextKey(), date: formatIsoDate(holiday.date), name: holiday.name }));
  return { drafts: inDateOrder([...drafts, ...added]), added: added.length };
}

/**
 * A problem as the card shows it: the holiday it names by its place in the list ("Holiday 3: …")
 * named by its date instead, as the table shows it.
 */
export function problemShown(problem: string, drafts: readonly HolidayDraft[]): string {
  return problem.replace(/^Holiday (\d+): /, (whole, place: string) => {
    const draft = drafts[Number(place) - 1];
    return draft ? `${draft.date.trim() || 'The holiday without a date'}${draft.name.trim() ? ` (${draft.name.trim()})` : ''}: ` : whole;
  });
}

/** What the rules find in the list before it is sent, as the card shows it. */
export function listProblems(year: number, drafts: readonly HolidayDraft[]): string[] {
  return holidaysProblems(year, drafts).map((problem) => problemShown(problem, drafts));
}
