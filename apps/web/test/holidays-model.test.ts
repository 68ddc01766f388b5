import { federalHolidays, HOLIDAY_MESSAGES, HOLIDAYS_PER_YEAR_MAX } from '@3ds/domain';
import { describe, expect, it } from 'vitest';
import {
  addHoliday,
  bodyOf,
  draftsOf,
  holidayYears,
  isUnchanged,
  listProblems,
  problemShown,
  weekdayOf,
  withFederalHolidays,
  type HolidayDraft,
} from '../src/features/settings/holidays-model.ts';

const kept = [
  { date: '2026-12-25', name: 'Christmas Day' },
  { date: '2026-11-26', name: 'Thanksgiving Day' },
];

/** The rows as the table shows them: date and name. */
const shown = (drafts: readonly HolidayDraft[]) => drafts.map(({ date, name }) => [date, name]);

describe('the holiday calendar of the Settings screen', () => {
  it('offers the year before, this one and the next', () => {
    expect(holidayYears('2026-03-14')).toEqual([2025, 2026, 2027]);
  });

  it('shows the kept holidays in date order, dates MM/DD/YYYY, with their weekday', () => {
    const drafts = draftsOf(kept);
    expect(shown(drafts)).toEqual([
      ['11/26/2026', 'Thanksgiving Day'],
      ['12/25/2026', 'Christmas Day'],
    ]);
    expect(drafts.map((draft) => weekdayOf(draft.date))).toEqual(['Thursday', 'Friday']);
    expect(weekdayOf('02/30/2026')).toBe('');
    expect(new Set(drafts.map((draft) => draft.key)).size).toBe(2);
  });

  it('sends the rows as they are listed, and knows when they say what is kept', () => {
    const drafts = draftsOf(kept);
    expect(bodyOf(2026, drafts)).toEqual({
      year: 2026,
      holidays: [
        { date: '11/26/2026', name: 'Thanksgiving Day' },
        { date: '12/25/2026', name: 'Christmas Day' },
      ],
    });
    expect(isUnchanged([...kept].reverse(), drafts)).toBe(true);
    expect(isUnchanged(kept, drafts)).toBe(false);
    expect(isUnchanged([...kept].reverse(), drafts.slice(1))).toBe(false);
  });

  it('adds a typed holiday in date order, its name trimmed', () => {
    const added = addHoliday(2026, draftsOf(kept), { date: '11/27/2026', name: ' Day after Thanksgiving ' });
    expect('drafts' in added && shown(added.drafts)).toEqual([
      ['11/26/2026', 'Thanksgiving Day'],
      ['11/27/2026', 'Day after Thanksgiving'],
      ['12/25/2026', 'Christmas Day'],
    ]);
    // A date typed without its zeros is shown as the list writes dates.
    const short = addHoliday(2026, [], { date: '7/3/2026', name: 'Independence Day (observed)' });
    expect('drafts' in short && shown(short.drafts)).toEqual([['07/03/2026', 'Independence Day (observed)']]);
  });

  it("refuses to add a date that is not one, another year's, one already listed, or a name the rules refuse", () => {
    const drafts = draftsOf(kept);
    expect(addHoliday(2026, drafts, { date: '13/01/2026', name: '' })).toEqual({
      problems: { date: '"13/01/2026" is not a date, written MM/DD/YYYY, e.g. 12/25/2026.', name: "give the holiday's name." },
    });
    expect(addHoliday(2026, drafts, { date: '', name: 'Closed' })).toEqual({ problems: { date: 'give its date, written MM/DD/YYYY, e.g. 12/25/2026.' } });
    expect(addHoliday(2026, drafts, { date: '01/01/2027', name: "New Year's Day" })).toEqual({
      problems: { date: "01/01/2027 is not a day of 2026: each year's calendar holds its own days." },
    });
    expect(addHoliday(2026, drafts, { date: '12/25/2026', name: 'Christmas' })).toEqual({ problems: { date: '12/25/2026 is listed already, as Christmas Day.' } });
    expect(addHoliday(2026, drafts, { date: '12/24/2026', name: 'x'.repeat(81) })).toEqual({ problems: { name: 'Name can be at most 80 characters' } });
  });

  it('adds the federal holidays of the year, leaving out the days already listed', () => {
    const company = addHoliday(2027, [], { date: '12/24/2027', name: 'Christmas Eve (company)' });
    const start = 'drafts' in company ? company.drafts : [];
    const { drafts, added } = withFederalHolidays(2027, start);
    // Christmas Day 2027 is a Saturday, observed on Friday the 24th: the company's holiday stays.
    expect(added).toBe(federalHolidays(2027).length - 1);
    expect(drafts).toHaveLength(federalHolidays(2027).length);
    expect(shown(drafts).find(([date]) => date === '12/24/2027')).toEqual(['12/24/2027', 'Christmas Eve (company)']);
    expect(shown(drafts).slice(0, 2)).toEqual([
      ['01/01/2027', "New Year's Day"],
      ['01/18/2027', 'Birthday of Martin Luther King, Jr.'],
    ]);
    expect(withFederalHolidays(2027, drafts).added).toBe(0);
    expect(listProblems(2027, drafts)).toEqual([]);
  });

  it('names a problem by the date of the holiday it is about, and counts the list before it is sent', () => {
    const drafts = draftsOf(kept);
    expect(problemShown('Holiday 2: Name can be at most 80 characters', drafts)).toBe('12/25/2026 (Christmas Day): Name can be at most 80 characters');
    expect(problemShown('Holiday 9: something', drafts)).toBe('Holiday 9: something');
    expect(problemShown(HOLIDAY_MESSAGES.tooMany(2026, 41), drafts)).toBe(HOLIDAY_MESSAGES.tooMany(2026, 41));
    let many: HolidayDraft[] = [];
    for (let day = 1; day <= HOLIDAYS_PER_YEAR_MAX + 1; day++) {
      const next = addHoliday(2026, many, { date: `${day <= 31 ? '01' : '02'}/${String(day <= 31 ? day : day - 31).padStart(2, '0')}/2026`, name: `Closed ${day}` });
      if ('drafts' in next) many = next.drafts;
    }
    expect(many).toHaveLength(HOLIDAYS_PER_YEAR_MAX + 1);
    expect(listProblems(2026, many)).toEqual([HOLIDAY_MESSAGES.tooMany(2026, HOLIDAYS_PER_YEAR_MAX + 1)]);
  });
});
