import { describe, expect, it } from 'vitest';
import { formatIsoDate, formatTimestamp, isRegistrationExpired, parseUsDate, registrationExpiry, todayIso } from '../src/dates.ts';

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
