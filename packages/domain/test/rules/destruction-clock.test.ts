import { describe, expect, it } from 'vitest';
import { calendarDaysBetween, destructionClockState, destructionDaysLate, destructionDaysLeft, destructionDaysLeftText, destructionLateText } from '../../src/rules/destruction-clock.ts';

describe('destructionDaysLeft', () => {
  it.each<[string | null, string | null, string, number | null]>([
    ['2026-03-15', null, '2026-03-15', 30], // the day of receipt
    ['2026-03-14', null, '2026-03-15', 29],
    ['2026-02-13', null, '2026-03-15', 0], // the 30th calendar day after receipt: due today
    ['2026-02-12', null, '2026-03-15', -1], // past the deadline
    ['2026-02-28', null, '2026-03-01', 29], // across a month end
    ['2024-02-28', null, '2024-03-01', 28], // across a leap day
    ['2026-03-08', null, '2026-03-09', 29], // across the US daylight-saving change: calendar days, not hours
    [null, null, '2026-03-15', null], // not received yet
    ['2026-01-01', '2026-01-20', '2026-03-15', null], // destroyed: the clock has stopped
  ])('received %s, destroyed %s, today %s → %s', (received, destroyed, today, left) => {
    expect(destructionDaysLeft(received, destroyed, today)).toBe(left);
  });
});

describe('destructionClockState', () => {
  it.each([
    [30, 'on-time'],
    [11, 'on-time'], // day 19
    [10, 'warning'], // day 20
    [0, 'warning'], // day 30
    [-1, 'overdue'], // day 31
  ] as const)('%i days left → %s', (left, state) => {
    expect(destructionClockState(left)).toBe(state);
  });
});

describe('destructionDaysLeftText', () => {
  it.each([
    [12, '12 days left'],
    [1, '1 day left'],
    [0, 'Due today'],
    [-1, '1 day overdue'],
    [-3, '3 days overdue'],
  ])('%i → %s', (left, text) => {
    expect(destructionDaysLeftText(left)).toBe(text);
  });
});

describe('destructionDaysLate', () => {
  it.each([
    ['2026-01-01', '2026-01-01', 0],
    ['2026-01-01', '2026-01-31', 0],
    ['2026-01-01', '2026-02-01', 1],
    // The case: destroyed 80 days after receipt, 50 days late.
    ['2025-12-01', '2026-02-19', 50],
    // Across a leap day: 2028-02-29 exists.
    ['2028-02-01', '2028-03-03', 1],
    [null, '2026-02-01', null],
    ['2026-01-01', null, null],
  ] as const)('received %s, destroyed %s → %s', (received, destroyed, late) => expect(destructionDaysLate(received, destroyed)).toBe(late));

  it('counts calendar days and words them', () => {
    expect(calendarDaysBetween('2025-12-01', '2026-02-19')).toBe(80);
    expect(calendarDaysBetween('2026-02-19', '2025-12-01')).toBe(-80);
    expect(destructionLateText(50)).toBe('Destroyed 50 days late');
    expect(destructionLateText(1)).toBe('Destroyed 1 day late');
  });
});
