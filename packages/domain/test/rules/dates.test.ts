import { describe, expect, it } from 'vitest';
import { formatIsoDate, formatTimestamp, isRegistrationExpired, parseUsDate, registrationExpiry, TIME_ZONE_MESSAGES, timeZoneProblem, todayInTimeZone, todayIso } from '../../src/rules/dates.ts';

describe('formatIsoDate', () => {
  it.each([
    ['2026-11-21', '11/21/2026'],
    ['2024-02-29T10:00:00Z', '02/29/2024'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    ['garbage', ''],
  ])('%s → %s', (input, expected) => expect(formatIsoDate(input)).toBe(expected));
});

describe('formatTimestamp', () => {
  it('uses MM/DD/YYYY HH:MM:SS', () => {
    expect(formatTimestamp(new Date(2026, 0, 5, 7, 8, 9))).toBe('01/05/2026 07:08:09');
    expect(formatTimestamp(null)).toBe('');
  });
});

describe('parseUsDate', () => {
  it.each([
    ['11/21/2026', '2026-11-21'],
    ['1/2/2026', '2026-01-02'],
    [' 02/29/2024 ', '2024-02-29'],
    ['02/29/2023', null],
    ['13/01/2026', null],
    ['00/10/2026', null],
    ['11/21/26', null],
    ['2026-11-21', null],
  ])('%s → %s', (input, expected) => expect(parseUsDate(input)).toBe(expected));
});

describe('registrationExpiry (spec 1 §4: expired before today, almost expired within 60 days)', () => {
  const today = '2026-11-21';
  it.each([
    ['2026-11-20', 'expired'],
    ['2020-01-01', 'expired'],
    ['2026-11-21', 'almost-expired'],
    ['2027-01-20', 'almost-expired'], // 60 days ahead
    ['2027-01-21', 'current'], // 61 days ahead
    ['2030-05-01', 'current'],
    [null, 'unknown'],
    ['', 'unknown'],
  ])('%s is %s', (date, state) => expect(registrationExpiry(date, today)).toBe(state));

  it('isRegistrationExpired is true only before today', () => {
    expect(isRegistrationExpired('2026-11-20', today)).toBe(true);
    expect(isRegistrationExpired('2026-11-21', today)).toBe(false);
  });

  it('todayIso uses the local calendar day', () => {
    expect(todayIso(new Date(2026, 10, 21, 23, 59))).toBe('2026-11-21');
  });
});

describe('todayInTimeZone (one clock: the day in the time zone of Settings)', () => {
  // 03:30 UTC on March 15 is still March 14 in the Americas, and already March 15 in Europe.
  const instant = new Date('2026-03-15T03:30:00Z');
  it.each([
    ['UTC', '2026-03-15'],
    ['America/New_York', '2026-03-14'],
    ['America/Los_Angeles', '2026-03-14'],
    ['Europe/Berlin', '2026-03-15'],
    ['Pacific/Kiritimati', '2026-03-15'],
    ['Pacific/Pago_Pago', '2026-03-14'],
  ])('%s → %s', (zone, day) => expect(todayInTimeZone(instant, zone)).toBe(day));

  it('turns the day at the zone\'s midnight, summer time included', () => {
    // New York on summer time (UTC−4) from March 8, 2026.
    expect(todayInTimeZone(new Date('2026-07-01T03:59:59Z'), 'America/New_York')).toBe('2026-06-30');
    expect(todayInTimeZone(new Date('2026-07-01T04:00:00Z'), 'America/New_York')).toBe('2026-07-01');
    expect(todayInTimeZone(new Date('2026-01-01T04:59:59Z'), 'America/New_York')).toBe('2025-12-31');
    expect(todayInTimeZone(new Date('2026-01-01T05:00:00Z'), 'America/New_York')).toBe('2026-01-01');
  });
});

describe('timeZoneProblem', () => {
  it.each(['UTC', 'America/New_York', 'America/Indiana/Indianapolis', 'Pacific/Honolulu', 'America/Puerto_Rico', 'Etc/GMT+5'])('accepts %s', (zone) =>
    expect(timeZoneProblem(zone)).toBeUndefined(),
  );
  it.each([
    ['', TIME_ZONE_MESSAGES.required],
    ['EST', TIME_ZONE_MESSAGES.unknown('EST')],
    ['America/Nowhere', TIME_ZONE_MESSAGES.unknown('America/Nowhere')],
    ['america/new_york', TIME_ZONE_MESSAGES.unknown('america/new_york')],
    ["America/New_York'; DROP TABLE x", TIME_ZONE_MESSAGES.unknown("America/New_York'; DROP TABLE x")],
  ])('refuses %j', (zone, message) => expect(timeZoneProblem(zone)).toBe(message));
});
