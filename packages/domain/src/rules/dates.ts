import { ALMOST_EXPIRED_DAYS } from '../catalogue/constants.ts';
import { trimLine } from './text.ts';

/** The product's date format (spec 1 §9). */
export const DATE_FORMAT = 'MM/DD/YYYY';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An ISO date (`YYYY-MM-DD`) as `MM/DD/YYYY`; empty input gives `""`. */
export function formatIsoDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : '';
}

/** A timestamp as `MM/DD/YYYY HH:MM:SS` in the server's local time. */
export function formatTimestamp(value: Date | null | undefined): string {
  if (!value) return '';
  return `${pad(value.getMonth() + 1)}/${pad(value.getDate())}/${value.getFullYear()} ${pad(value.getHours())}:${pad(value.getMinutes())}:${pad(value.getSeconds())}`;
}

/** `MM/DD/YYYY` to ISO `YYYY-MM-DD`, or null when it is not a real calendar date. */
export function parseUsDate(text: string): string | null {
  // Spaces around the date are fine; a line break or tab is not a date.
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimLine(text));
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Today as ISO `YYYY-MM-DD` in local time. */
export function todayIso(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function addDaysIso(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export type ExpiryState = 'expired' | 'almost-expired' | 'current' | 'unknown';

/**
 * Registration expiry (spec 1 §4): expired when the expiration date is before today;
 * almost expired when it falls within the next 60 days.
 */
export function registrationExpiry(expirationIso: string | null | undefined, today: string = todayIso()): ExpiryState {
  if (!expirationIso) return 'unknown';
  const date = expirationIso.slice(0, 10);
  if (date < today) return 'expired';
  if (date <= addDaysIso(today, ALMOST_EXPIRED_DAYS)) return 'almost-expired';
  return 'current';
}

export function isRegistrationExpired(expirationIso: string | null | undefined, today: string = todayIso()): boolean {
  return registrationExpiry(expirationIso, today) === 'expired';
}

/**
 * Making an `Intl.DateTimeFormat` costs about a hundred times what using one does, and the server
 * asks for today on every list and record it answers: one formatter per time zone is kept.
 */
const DAY_FORMATTERS = new Map<string, Intl.DateTimeFormat>();
const TIME_FORMATTERS = new Map<string, Intl.DateTimeFormat>();

function formatter(kept: Map<string, Intl.DateTimeFormat>, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let found = kept.get(timeZone);
  if (!found) {
    // An unknown zone throws here, as it did when each call made its own.
    found = new Intl.DateTimeFormat('en-US', { timeZone, ...options });
    kept.set(timeZone, found);
  }
  return found;
}

/**
 * The day it is at `now` in an IANA time zone (`America/Chicago`), as ISO `YYYY-MM-DD`. 3DS's
 * "today" — the 30-day clock's Days Left, the destruction record's and the registrations' date
 * checks — is the day in the time zone our Settings name, wherever the server or the browser runs;
 * the database's `tds_today()` is the same day (031_one_clock.sql).
 */
export function todayInTimeZone(now: Date, timeZone: string): string {
  const parts = formatter(DAY_FORMATTERS, timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: 'year' | 'month' | 'day') => parts.find((p) => p.type === type)!.value;
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/** The time of day `HH:MM` (24-hour) at `now` in an IANA time zone. */
export function timeOfDayInTimeZone(now: Date, timeZone: string): string {
  const parts = formatter(TIME_FORMATTERS, timeZone, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const part = (type: 'hour' | 'minute') => parts.find((p) => p.type === type)!.value;
  return `${part('hour')}:${part('minute')}`;
}

/** An IANA time zone name as Settings take it: `UTC`, or an area and a place (`America/New_York`), known to this runtime. */
const TIME_ZONE_NAME = /^(UTC|[A-Z][A-Za-z]+(\/[A-Za-z0-9_+-]+){1,2})$/;

export const TIME_ZONE_MESSAGES = {
  required: 'Time Zone is required: the day 3DS counts the 30 days and checks dates by is the day there',
  unknown: (name: string) => `Time Zone ${JSON.stringify(name)} is not a time zone name: use one like America/New_York, America/Chicago, America/Denver or America/Los_Angeles`,
} as const;

/** What is wrong with a time zone name, or undefined. */
export function timeZoneProblem(name: string): string | undefined {
  if (name === '') return TIME_ZONE_MESSAGES.required;
  if (!TIME_ZONE_NAME.test(name)) return TIME_ZONE_MESSAGES.unknown(name);
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return undefined;
  } catch {
    return TIME_ZONE_MESSAGES.unknown(name);
  }
}
