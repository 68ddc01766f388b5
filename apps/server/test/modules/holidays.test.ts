import { addBusinessDays, federalHolidays, formatIsoDate, HOLIDAY_MESSAGES, HOLIDAYS_PER_YEAR_MAX } from '@3ds/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allHolidays, holidaysBetween, holidaySet } from '../../src/db/repositories/holidays.repository.ts';
import { createUser } from '../support/factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/** GET and PUT /3ds/api/settings/holidays: the holiday calendar business days skip. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'keeper', privileges: ['MANAGE_SETTINGS'] });
  await createUser(t.db, { username: 'clerk', privileges: ['CREATE_JOB', 'MANAGE_USERS'] });
});
afterAll(() => t.close());

const read = (user: string, year: string | number) => t.injectAs(user, { method: 'GET', url: `/3ds/api/settings/holidays?year=${year}` });
const replace = (user: string, body: unknown) => t.injectAs(user, { method: 'PUT', url: '/3ds/api/settings/holidays', payload: body as object });
const typed = (year: number) => federalHolidays(year).map((holiday) => ({ date: formatIsoDate(holiday.date), name: holiday.name }));
const holidayAudits = () => t.db.selectFrom('audit_log').selectAll().where('entity', '=', 'settings').where('action', '=', 'holidays').orderBy('id').execute();

/** The calendar and the audit rows as one digest: a refused change must leave it as it was. */
async function digest(): Promise<string> {
  const { rows } = await sql<{ d: string }>`SELECT concat_ws(',',
    (SELECT md5(coalesce(string_agg(h::text, '|' ORDER BY day), '')) FROM holidays h),
    (SELECT md5(coalesce(string_agg(a::text, '|' ORDER BY id), '')) FROM audit_log a WHERE entity <> 'session')) AS d`.execute(t.db);
  return rows[0]!.d;
}

describe('the holiday calendar', () => {
  it('answers an empty year to any signed-in user', async () => {
    const res = await read('clerk', 2026);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ year: 2026, holidays: [] });
  });

  it("replaces a year's holidays, in date order, audits the year's list before and after, and answers it", async () => {
    const list = [{ date: '11/27/2026', name: ' Day after Thanksgiving ' }, ...typed(2026)];
    const res = await replace('keeper', { year: 2026, holidays: list });
    expect(res.statusCode, res.body).toBe(200);
    const kept = [...federalHolidays(2026), { date: '2026-11-27', name: 'Day after Thanksgiving' }].sort((a, b) => a.date.localeCompare(b.date));
    expect(res.json()).toEqual({ year: 2026, holidays: kept });
    expect((await read('clerk', 2026)).json()).toEqual({ year: 2026, holidays: kept });
    const rows = await t.db.selectFrom('holidays').selectAll().orderBy('day').execute();
    expect(rows).toHaveLength(12);
    expect(rows[0]).toMatchObject({ day: '2026-01-01', name: "New Year's Day", created_by: 'keeper' });
    const audits = await holidayAudits();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ username: 'keeper', record_id: '2026', before: [], after: kept });
  });

  it('keeps each year apart: a change of one leaves the others', async () => {
    const res = await replace('keeper', { year: 2027, holidays: typed(2027) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().holidays).toEqual(federalHolidays(2027));
    expect((await read('clerk', 2026)).json().holidays).toHaveLength(12);
    expect(await allHolidays(t.db)).toHaveLength(24);
  });

  it('takes the same list again as no change: no audit row', async () => {
    const before = await digest();
    const list = [...typed(2026), { date: '11/27/2026', name: 'Day after Thanksgiving' }];
    const res = await replace('keeper', { year: 2026, holidays: list });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().holidays).toHaveLength(12);
    expect(await digest()).toBe(before);
  });

  it('removes, renames and adds in one change; a renamed day keeps who added it', async () => {
    const list = typed(2026)
      .filter((holiday) => holiday.name !== 'Columbus Day')
      .map((holiday) => (holiday.date === '12/25/2026' ? { ...holiday, name: 'Christmas' } : holiday));
    list.push({ date: '12/24/2026', name: 'Christmas Eve' });
    await createUser(t.db, { username: 'keeper-2', privileges: ['MANAGE_SETTINGS'] });
    const saved = await replace('keeper-2', { year: 2026, holidays: list });
    expect(saved.statusCode, saved.body).toBe(200);
    const days = await t.db.selectFrom('holidays').select(['day', 'name', 'created_by']).where('day', '>=', '2026-12-01').where('day', '<=', '2026-12-31').orderBy('day').execute();
    expect(days).toEqual([
      { day: '2026-12-24', name: 'Christmas Eve', created_by: 'keeper-2' },
      { day: '2026-12-25', name: 'Christmas', created_by: 'keeper' },
    ]);
    expect(await holidaysBetween(t.db, '2026-10-01', '2026-10-31')).toEqual([]);
    const audit = (await holidayAudits()).at(-1)!;
    expect(audit).toMatchObject({ username: 'keeper-2', record_id: '2026' });
    expect(audit.before).toHaveLength(12);
    expect(audit.after).toHaveLength(11);
  });

  it('is read by the deadlines: a holiday is not a business day', async () => {
    const days = await holidaySet(t.db, '2026-12-01', '2027-01-31');
    expect([...days].sort()).toEqual(['2026-12-24', '2026-12-25', '2027-01-01', '2027-01-18']);
    // Discovered on Wednesday, December 23: Thursday and Friday are holidays, the notice is due Monday.
    expect(addBusinessDays('2026-12-23', 1, days)).toBe('2026-12-28');
  });

  it('empties a year with no holidays', async () => {
    const res = await replace('keeper', { year: 2027, holidays: [] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ year: 2027, holidays: [] });
    expect((await holidayAudits()).at(-1)).toMatchObject({ record_id: '2027', after: [] });
    expect(await holidaysBetween(t.db, '2027-01-01', '2027-12-31')).toEqual([]);
  });

  it.each([
    ['a date not written MM/DD/YYYY', [{ date: '2026-07-04', name: 'Independence Day' }], ['Holiday 1: "2026-07-04" is not a date, written MM/DD/YYYY, e.g. 12/25/2026.']],
    ['a day that is not one', [{ date: '02/29/2026', name: 'Leap day' }], ['Holiday 1: "02/29/2026" is not a date, written MM/DD/YYYY, e.g. 12/25/2026.']],
    ['a day of another year', [{ date: '01/01/2027', name: "New Year's Day" }], ["Holiday 1: 01/01/2027 is not a day of 2026: each year's calendar holds its own days."]],
    [
      'a day twice',
      [
        { date: '12/25/2026', name: 'Christmas Day' },
        { date: '12/25/2026', name: 'Christmas' },
      ],
      ['Holiday 2: 12/25/2026 is listed twice (also Holiday 1): a day is one holiday.'],
    ],
    ['an empty name', [{ date: '12/25/2026', name: ' ' }], [HOLIDAY_MESSAGES.name('Holiday 1')]],
    ['an over-long name', [{ date: '12/25/2026', name: 'x'.repeat(81) }], ['Holiday 1: Name can be at most 80 characters']],
    [
      'every problem at once',
      [
        { date: '12/25/2026', name: '' },
        { date: '13/01/2026', name: 'Christmas' },
      ],
      [HOLIDAY_MESSAGES.name('Holiday 1'), 'Holiday 2: "13/01/2026" is not a date, written MM/DD/YYYY, e.g. 12/25/2026.'],
    ],
    [
      `more than ${HOLIDAYS_PER_YEAR_MAX} holidays`,
      Array.from({ length: HOLIDAYS_PER_YEAR_MAX + 1 }, (_, n) => ({ date: formatIsoDate(`2026-${String(1 + Math.floor(n / 28)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')}`), name: `Closed ${n + 1}` })),
      [HOLIDAY_MESSAGES.tooMany(2026, HOLIDAYS_PER_YEAR_MAX + 1)],
    ],
  ])('refuses %s with 422 naming every problem, and changes nothing', async (_what, holidays, problems) => {
    const before = await digest();
    const res = await replace('keeper', { year: 2026, holidays });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ message: problems[0], details: problems });
    expect(await digest()).toBe(before);
  });

  it('refuses 401 without a session, 403 without MANAGE_SETTINGS, and changes nothing', async () => {
    const before = await digest();
    expect((await t.app.inject({ method: 'GET', url: '/3ds/api/settings/holidays?year=2026' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/3ds/api/settings/holidays', payload: { year: 2026, holidays: [] } })).statusCode).toBe(401);
    const forbidden = await replace('clerk', { year: 2026, holidays: [] });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('You do not have the MANAGE_SETTINGS privilege needed to keep the holiday calendar.');
    expect(await digest()).toBe(before);
  });

  it.each([
    ['no year', { holidays: [] }],
    ['a year as text', { year: '2026', holidays: [] }],
    ['a year beyond the calendar', { year: 2101, holidays: [] }],
    ['a year with a fraction', { year: 2026.5, holidays: [] }],
    ['no holidays', { year: 2026 }],
    ['a holiday without its name', { year: 2026, holidays: [{ date: '12/25/2026' }] }],
    ['a holiday with a field it does not know', { year: 2026, holidays: [{ date: '12/25/2026', name: 'Christmas Day', observed: true }] }],
    ['a date as a number', { year: 2026, holidays: [{ date: 20261225, name: 'Christmas Day' }] }],
    ['a field it does not know', { year: 2026, holidays: [], replace: true }],
    ['holidays as an object', { year: 2026, holidays: { date: '12/25/2026', name: 'Christmas Day' } }],
  ])('refuses a malformed body (%s) with 400 and a message, and changes nothing', async (_what, body) => {
    const before = await digest();
    const res = await replace('keeper', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/\w{3}/);
    expect(await digest()).toBe(before);
  });

  it.each(['', '26', '20260', 'abcd', '1999', '2101', '2026&year=2027'])('refuses the year "%s" with 400', async (year) => {
    const res = await read('clerk', year);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/year/);
  });
});
