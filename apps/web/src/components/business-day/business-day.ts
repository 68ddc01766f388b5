import { SETTINGS_FIELDS, settingsAnswerSchema, todayInTimeZone, todayIso } from '@3ds/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/**
 * 3DS's today in the browser: the day in the time zone our Settings name (`GET /3ds/api/settings`,
 * any signed-in user), the day the server checks dates and counts Days Left by — not the day where
 * the browser happens to be. Under the settings' query key, so that a change of the settings
 * (which invalidates `['settings']`) reads it again. The zone is read by the settings' contract; an
 * answer that does not say one leaves the browser's own.
 */
export function timeZoneOf(body: unknown): string | null {
  const read = settingsAnswerSchema.safeParse(body);
  return (read.success && read.data.data[0]?.fieldData[SETTINGS_FIELDS.timeZone]) || null;
}

export const timeZoneQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'time-zone'] as const,
    queryFn: async ({ signal }) => timeZoneOf(await api.get('/settings', { signal })),
    staleTime: 5 * 60_000,
  });

/** The day it is now in `timeZone`, or in the browser's own zone until it is known. */
export function businessToday(timeZone: string | null | undefined, now: Date = new Date()): string {
  return timeZone ? todayInTimeZone(now, timeZone) : todayIso(now);
}

/** Today (ISO) as 3DS counts it, for the checks a form makes before sending. */
export function useBusinessToday(): string {
  const zone = useQuery(timeZoneQueryOptions());
  return businessToday(zone.data);
}
