/**
 * Date arithmetic for the demo seed. Every seeded date is an offset from the `today` it is given
 * (never the clock), so the same day gives the same data and expiry states stay meaningful.
 */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function assertIsoDate(value: string): void {
  if (!ISO_DATE.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    throw new Error(`Expected an ISO date YYYY-MM-DD, got ${JSON.stringify(value)}`);
  }
}

/** `iso` plus `days` (negative for earlier), as ISO `YYYY-MM-DD`. */
export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * A moment on day `iso`, `minuteOfDay` minutes after midnight UTC, as ISO text with `Z` (so it means
 * the same instant whatever the database's time zone). Office hours in the US are 13:00–22:00 UTC.
 */
export function momentAt(iso: string, minuteOfDay: number): string {
  const h = Math.floor(minuteOfDay / 60) % 24;
  const m = minuteOfDay % 60;
  return `${iso}T${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:00Z`;
}

/** `MM/YYYY` of an ISO date, for readable job names. */
export function monthYear(iso: string): string {
  return `${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}
