import { formatTimestamp, type FieldChange } from '@3ds/domain';

/** An entry's time as the app shows timestamps: MM/DD/YYYY HH:MM:SS, local time. */
export function historyTime(at: string): string {
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? at : formatTimestamp(date);
}

/** Shown for an empty value on either side of a change. */
export const EMPTY_VALUE = '—';

/**
 * "Net Weight: 10 → 12.5"; a value set for the first time is "Pallet: — → P-1". A creation lists
 * what the record started with, where an arrow from nothing would only be noise: "Pallet: P-1".
 */
export function changeText(change: FieldChange, action?: string): string {
  if (action === 'create' && change.before === null) return `${change.field}: ${change.after ?? EMPTY_VALUE}`;
  return `${change.field}: ${change.before ?? EMPTY_VALUE} → ${change.after ?? EMPTY_VALUE}`;
}

/** How many changes an entry shows before "Show all": a creation lists every field it started with. */
export const CHANGES_SHOWN = 4;
