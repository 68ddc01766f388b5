import { addBusinessDays, addCalendarDays } from './business-days.ts';
import { formatIsoDate } from './dates.ts';
import type { ResolutionReason } from './reconciliation.ts';

/**
 * Losses reported on time (docs/dea-paperwork.md "Losses reported on time"): a difference of the
 * receiving reconciliation resolved as a theft or a loss in transit opens a loss. DEA is told in
 * writing within one business day of the discovery, and the Form 106 is filed within 45 days
 * (21 CFR 1301.74(c); 88 FR 40707, in force since July 24, 2023). A loss in transit is the supplier's
 * to report ("the supplier is responsible for reporting all in-transit losses", 1301.74(c)): for a
 * return, the client that shipped it, whom 3DS's record helps to do so.
 */

export const LOSS_KINDS = ['theft', 'in-transit'] as const;
export type LossKind = (typeof LOSS_KINDS)[number];

export const LOSS_KIND_TEXT: Record<LossKind, string> = { theft: 'Theft', 'in-transit': 'Lost in transit' };

/** Business days from discovery to the written notice to the DEA Field Division. */
export const LOSS_NOTICE_BUSINESS_DAYS = 1;
/** Days from discovery to the Form 106. */
export const FORM_106_DAYS = 45;
export const FORM_106_NUMBER_MAX = 40;

/** The loss a resolution opens, if any: a theft, or a loss in transit. */
export function lossKindOf(reason: ResolutionReason): LossKind | undefined {
  if (reason === 'theft') return 'theft';
  if (reason === 'in-transit-loss') return 'in-transit';
  return undefined;
}

/** Who files the Form 106 of a loss: we for a theft of what we held, the supplier (the client) for a loss in transit. */
export function lossFiler(kind: LossKind): 'receiver' | 'supplier' {
  return kind === 'in-transit' ? 'supplier' : 'receiver';
}

export interface LossDeadlines {
  /** ISO: the written notice to the DEA Field Division. */
  noticeDue: string;
  /** ISO: the Form 106. */
  form106Due: string;
}

/** The deadlines of a loss discovered on `discoveredOn` (ISO), business days by `holidays`. */
export function lossDeadlines(discoveredOn: string, holidays: ReadonlySet<string>): LossDeadlines {
  return { noticeDue: addBusinessDays(discoveredOn, LOSS_NOTICE_BUSINESS_DAYS, holidays), form106Due: addCalendarDays(discoveredOn, FORM_106_DAYS) };
}

export type DeadlineState = 'done' | 'done-late' | 'open' | 'due-today' | 'missed';

/** Where a deadline stands: done (on time or late), or still to do — due later, today, or missed. */
export function deadlineState(due: string, doneOn: string | null, today: string): DeadlineState {
  if (doneOn) return doneOn > due ? 'done-late' : 'done';
  if (today > due) return 'missed';
  return today === due ? 'due-today' : 'open';
}

export const DEADLINE_STATE_TEXT: Record<DeadlineState, string> = {
  done: 'Done',
  'done-late': 'Done late',
  open: 'Due',
  'due-today': 'Due today',
  missed: 'Missed',
};

/** "Notice due 11/30/2026 — missed" and the like, as the home screen and the loss say it. */
export function deadlineText(label: string, due: string, doneOn: string | null, today: string): string {
  const state = deadlineState(due, doneOn, today);
  if (state === 'done' || state === 'done-late') return `${label} done ${formatIsoDate(doneOn!)}${state === 'done-late' ? ` (due ${formatIsoDate(due)})` : ''}`;
  return `${label} due ${formatIsoDate(due)}${state === 'missed' ? ' — missed' : state === 'due-today' ? ' — today' : ''}`;
}

export const LOSS_MESSAGES = {
  date: (label: string) => `${label} must be a date as MM/DD/YYYY.`,
  future: (label: string) => `${label} is after today: enter the day it was done.`,
  beforeDiscovery: (label: string, discovered: string) => `${label} is before the loss was discovered (${formatIsoDate(discovered)}).`,
  numberNeeded: 'Enter the Form 106 number DEA gave when it was filed.',
  numberWithoutDate: 'Enter the day the Form 106 was filed with its number.',
  numberLong: `The Form 106 number can be at most ${FORM_106_NUMBER_MAX} characters.`,
  changedSince: (id: number | string) => `Loss ${id} was changed by someone else since you opened it. Reload it and try again.`,
} as const;

/**
 * A deadline as the losses list shows it: "Done 11/30/2026", "Done 12/01/2026 (late)",
 * "Due 12/14/2026", "Due today", "Missed 11/30/2026". The list's `Notice` and `Form 106` fields are the
 * same in SQL (losses.layout.ts; a test holds the two equal).
 */
export function deadlineCell(due: string, doneOn: string | null, today: string): string {
  const state = deadlineState(due, doneOn, today);
  switch (state) {
    case 'done':
      return `Done ${formatIsoDate(doneOn!)}`;
    case 'done-late':
      return `Done ${formatIsoDate(doneOn!)} (late)`;
    case 'due-today':
      return 'Due today';
    case 'missed':
      return `Missed ${formatIsoDate(due)}`;
    case 'open':
      return `Due ${formatIsoDate(due)}`;
  }
}

export interface LossReportChange {
  noticeSentOn?: string | null;
  form106FiledOn?: string | null;
  form106Number?: string | null;
}

/**
 * The reports of a loss as typed (MM/DD/YYYY days, "" to clear one), read against its discovery and
 * today: the days as ISO (null cleared, undefined untouched), or every problem. A Form 106 is filed
 * with its number, and a number is kept with its day.
 */
export function readLossReport(
  input: { noticeSentOn?: string | undefined; form106FiledOn?: string | undefined; form106Number?: string | undefined },
  current: { form106FiledOn: string | null; form106Number: string | null; discoveredOn: string },
  today: string,
  parseDate: (text: string) => string | null | undefined,
): { change: LossReportChange } | { problems: string[] } {
  const problems: string[] = [];
  const change: LossReportChange = {};
  const day = (label: string, text: string | undefined): string | null | undefined => {
    if (text === undefined) return undefined;
    if (text.trim() === '') return null;
    const iso = parseDate(text.trim());
    if (!iso) problems.push(LOSS_MESSAGES.date(label));
    else if (iso > today) problems.push(LOSS_MESSAGES.future(label));
    else if (iso < current.discoveredOn) problems.push(LOSS_MESSAGES.beforeDiscovery(label, current.discoveredOn));
    else return iso;
    return undefined;
  };
  const notice = day('Notice Sent', input.noticeSentOn);
  if (notice !== undefined) change.noticeSentOn = notice;
  const filed = day('Form 106 Filed', input.form106FiledOn);
  if (filed !== undefined) change.form106FiledOn = filed;
  if (input.form106Number !== undefined) {
    const number = input.form106Number.trim();
    if ([...number].length > FORM_106_NUMBER_MAX) problems.push(LOSS_MESSAGES.numberLong);
    else change.form106Number = number === '' ? null : number;
  }
  if (problems.length) return { problems };
  const filedAfter = change.form106FiledOn !== undefined ? change.form106FiledOn : current.form106FiledOn;
  const numberAfter = change.form106Number !== undefined ? change.form106Number : current.form106Number;
  if (filedAfter && !numberAfter) problems.push(LOSS_MESSAGES.numberNeeded);
  if (!filedAfter && numberAfter) problems.push(LOSS_MESSAGES.numberWithoutDate);
  return problems.length ? { problems } : { change };
}
