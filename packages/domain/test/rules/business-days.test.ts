import { describe, expect, it } from 'vitest';
import {
  addBusinessDays,
  addCalendarDays,
  federalHolidays,
  HOLIDAY_MESSAGES,
  HOLIDAYS_PER_YEAR_MAX,
  holidaysProblems,
  isBusinessDay,
  isWeekend,
  readHolidays,
} from '../../src/index.ts';

describe('business days', () => {
  const none = new Set<string>();
  it('skip weekends and the holidays kept', () => {
    expect(isWeekend('2026-11-28')).toBe(true);
    expect(isWeekend('2026-11-30')).toBe(false);
    // Friday → Monday; Wednesday before Thanksgiving → Friday.
    expect(addBusinessDays('2026-11-27', 1, none)).toBe('2026-11-30');
    expect(addBusinessDays('2026-11-25', 1, new Set(['2026-11-26']))).toBe('2026-11-27');
    expect(addBusinessDays('2026-11-25', 1, none)).toBe('2026-11-26');
    // A discovery on a Saturday: the next business day is Monday.
    expect(addBusinessDays('2026-11-28', 1, none)).toBe('2026-11-30');
    expect(addBusinessDays('2026-12-31', 1, new Set(['2027-01-01']))).toBe('2027-01-04');
    expect(isBusinessDay('2026-12-25', new Set(['2026-12-25']))).toBe(false);
    expect(addCalendarDays('2026-11-29', 45)).toBe('2027-01-13');
  });
});

describe('federal holidays', () => {
  it('are the eleven of 5 U.S.C. 6103 on their observed days', () => {
    expect(federalHolidays(2026).map((h) => h.date)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ]);
  });

  it('observe a Saturday New Year in the year before, and a Sunday holiday on the Monday', () => {
    expect(federalHolidays(2027).map((h) => h.date)).toEqual([
      '2027-01-01',
      '2027-01-18',
      '2027-02-15',
      '2027-05-31',
      '2027-06-18',
      '2027-07-05',
      '2027-09-06',
      '2027-10-11',
      '2027-11-11',
      '2027-11-25',
      '2027-12-24',
      '2027-12-31',
    ]);
    // New Year's Day 2028 is a Saturday: observed on Friday, December 31, 2027.
    expect(federalHolidays(2027).at(-1)).toEqual({ date: '2027-12-31', name: "New Year's Day (observed)" });
    expect(federalHolidays(2028)[0]).toEqual({ date: '2028-01-17', name: 'Birthday of Martin Luther King, Jr.' });
  });
});

describe('a year of holidays as typed', () => {
  it('reads MM/DD/YYYY dates into days of the year, names trimmed, in date order', () => {
    expect(
      readHolidays(2026, [
        { date: '12/25/2026', name: ' Christmas Day ' },
        { date: '7/3/2026', name: 'Independence Day (observed)' },
        { date: ' 11/27/2026 ', name: 'Day after Thanksgiving' },
      ]),
    ).toEqual({
      holidays: [
        { date: '2026-07-03', name: 'Independence Day (observed)' },
        { date: '2026-11-27', name: 'Day after Thanksgiving' },
        { date: '2026-12-25', name: 'Christmas Day' },
      ],
    });
    expect(readHolidays(2026, [])).toEqual({ holidays: [] });
  });

  it('takes the federal holidays of the year as they are written', () => {
    const typed = federalHolidays(2027).map((h) => ({ date: `${h.date.slice(5, 7)}/${h.date.slice(8)}/${h.date.slice(0, 4)}`, name: h.name }));
    expect(readHolidays(2027, typed)).toEqual({ holidays: federalHolidays(2027) });
  });

  it('names every problem of every holiday, by its place in the list', () => {
    expect(
      readHolidays(2026, [
        { date: '2026-12-25', name: 'Christmas Day' },
        { date: '02/30/2026', name: 'No such day' },
        { date: '01/01/2027', name: "New Year's Day" },
        { date: '11/26/2026', name: 'Thanksgiving Day' },
        { date: '11/26/2026', name: '   ' },
        { date: '', name: 'x'.repeat(81) },
        { date: '05/25/2026', name: 'Memorial\u202EDay' },
        { date: '06/19/2026', name: 'Juneteenth\n' },
      ]),
    ).toEqual({
      problems: [
        'Holiday 1: "2026-12-25" is not a date, written MM/DD/YYYY, e.g. 12/25/2026.',
        'Holiday 2: "02/30/2026" is not a date, written MM/DD/YYYY, e.g. 12/25/2026.',
        'Holiday 3: 01/01/2027 is not a day of 2026: each year\'s calendar holds its own days.',
        'Holiday 5: 11/26/2026 is listed twice (also Holiday 4): a day is one holiday.',
        "Holiday 5: give the holiday's name.",
        'Holiday 6: give its date, written MM/DD/YYYY, e.g. 12/25/2026.',
        'Holiday 6: Name can be at most 80 characters',
        'Holiday 7: Name holds an invisible or text-direction character (U+202E): type it again without it, so that what is printed is what is stored',
        'Holiday 8: Name must be one line of text, without line breaks, tabs or other control characters',
      ],
    });
  });

  it(`holds at most ${HOLIDAYS_PER_YEAR_MAX} holidays a year`, () => {
    const day = (n: number) => `${String(1 + Math.floor(n / 28)).padStart(2, '0')}/${String(1 + (n % 28)).padStart(2, '0')}/2026`;
    const list = (count: number) => Array.from({ length: count }, (_, n) => ({ date: day(n), name: `Closed ${n + 1}` }));
    expect(holidaysProblems(2026, list(HOLIDAYS_PER_YEAR_MAX))).toEqual([]);
    expect(holidaysProblems(2026, list(HOLIDAYS_PER_YEAR_MAX + 1))).toEqual([HOLIDAY_MESSAGES.tooMany(2026, HOLIDAYS_PER_YEAR_MAX + 1)]);
    expect(HOLIDAY_MESSAGES.tooMany(2026, 41)).toBe('The calendar of 2026 lists 41 holidays; a year holds at most 40.');
  });
});
