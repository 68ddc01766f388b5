import { DESTRUCTION_RECORD_MESSAGES as M, destructionDaysLeft, formatIsoDate, PRIVILEGES, todayInTimeZone } from '@3ds/domain';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createJob } from '../support/record-factories.ts';
import { isAuditInsert, StatementGate } from '../support/statement-gate.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/** PATCH /job/{id}/destruction-record, the jobs layout's fields, the Days Left and Days Late finds, and one clock. */
const onPostgres = process.env.TEST_DB_KIND === 'postgres';
const gate = new StatementGate();
let t: TestApp;
let today: string;

beforeAll(async () => {
  t = await buildTestApp({ wrapDb: (db) => db.withPlugin(gate) });
  // The server's today: the day in the Settings' time zone (the test database's, UTC).
  const { time_zone } = await t.db.selectFrom('settings').select('time_zone').executeTakeFirstOrThrow();
  today = todayInTimeZone(t.clock.now, time_zone);
  await createUser(t.db, { username: 'maker', privileges: ['CREATE_JOB'] });
  await createUser(t.db, { username: 'boss', privileges: [...PRIVILEGES] });
  await createUser(t.db, { username: 'viewer' });
  await t.db.insertInto('value_lists').values([
    { list_name: 'Disposal Method', value: 'Incineration', display_value: 'Incineration', sort_order: 1 },
    { list_name: 'Disposal Method', value: 'Chemical Digestion', display_value: 'Chemical Digestion', sort_order: 2 },
  ]).execute();
});
afterAll(() => t.close());

/** An ISO date `days` from today (negative: before). */
function daysFromToday(days: number): string {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const us = (days: number) => formatIsoDate(daysFromToday(days));

const edit = (user: string, id: number | string, body: unknown) =>
  t.injectAs(user, { method: 'PATCH', url: `/3ds/api/job/${id}/destruction-record`, payload: body as object });

async function stored(id: number) {
  return t.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

const FULL = () => ({
  'Date Transfer': us(-12),
  'Date Received': us(-10),
  'Date Destroyed': us(-2),
  'Disposal Method': 'Incineration',
  'Destruction Facility': 'Clearfork Thermal Destruction Facility',
  'Destruction Facility Address': '2250 Kentucky Avenue, Indianapolis, IN 46221',
});

describe('PATCH /job/{id}/destruction-record', () => {
  it('saves the whole record, raises modId, audits what changed, and the job record answers it', async () => {
    const job = await createJob(t.db);
    const res = await edit('maker', job.id, { fieldData: FULL(), modId: '0' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ recordId: String(job.id), modId: '1' });
    const row = await stored(job.id);
    expect(row).toMatchObject({
      date_transfer: daysFromToday(-12),
      date_received: daysFromToday(-10),
      date_destroyed: daysFromToday(-2),
      disposal_method: 'Incineration',
      destruction_facility: 'Clearfork Thermal Destruction Facility',
      destruction_facility_address: '2250 Kentucky Avenue, Indianapolis, IN 46221',
      modified_by: 'maker',
    });
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'edit-destruction-record').where('record_id', '=', String(job.id)).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ username: 'maker', entity: 'job', before: { date_received: null, disposal_method: null }, after: { date_received: daysFromToday(-10), disposal_method: 'Incineration' } });

    const record = (await t.injectAs('viewer', { method: 'GET', url: `/3ds/api/job/${job.id}` })).json().data[0].fieldData;
    expect(record).toMatchObject({
      'Date Received': us(-10),
      'Destruction Facility': 'Clearfork Thermal Destruction Facility',
      'Destruction Facility Address': '2250 Kentucky Avenue, Indianapolis, IN 46221',
      'Days Left': '', // destroyed: the clock has stopped
    });
  });

  it('changes one field and empties another with "", auditing only those', async () => {
    const job = await createJob(t.db, { destruction_facility: 'Old Name', transporter: 'Kept' });
    const res = await edit('maker', job.id, { fieldData: { 'Destruction Facility': '', 'Date Received': us(0) } });
    expect(res.statusCode, res.body).toBe(200);
    const row = await stored(job.id);
    expect(row).toMatchObject({ destruction_facility: null, date_received: today, transporter: 'Kept' });
    const audit = await t.db.selectFrom('audit_log').select(['before', 'after']).where('action', '=', 'edit-destruction-record').where('record_id', '=', String(job.id)).executeTakeFirstOrThrow();
    expect(audit).toEqual({ before: { destruction_facility: 'Old Name', date_received: null }, after: { destruction_facility: null, date_received: today } });
  });

  it.each([
    ['Transfer Witness 1 Full Name', 'Maria Lopez'],
    ['Transfer Witness 2 Full Name', ''],
    ['Destruction Witness 1 Full Name', 'Dana Whitfield'],
    ['Destruction Witness 2 Full Name', 'Dana \u202Edleifti'],
  ])('refuses %s typed (%j): each witness confirms for themselves, and nothing changes', async (field, value) => {
    const job = await createJob(t.db, { destruction_witness_2: 'Typed Before' });
    const before = await stored(job.id);
    const res = await edit('maker', job.id, { fieldData: { [field]: value, 'Date Received': us(0) } });
    expect(res.statusCode, res.body).toBe(422);
    const label = field.replace(' Full Name', '');
    expect(res.json().details).toEqual([`${label} is not typed: each witness confirms for themselves, with their own password, under Witnesses on the job's Destruction Record`]);
    expect(await stored(job.id)).toEqual(before);
  });

  it('takes the same values again as no change: same modId, no audit row', async () => {
    const job = await createJob(t.db, { transporter: 'Kept', destruction_facility: 'Red River Incineration Services' });
    const res = await edit('maker', job.id, { fieldData: { 'Destruction Facility': ' Red River Incineration Services ' }, modId: '0' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ recordId: String(job.id), modId: '0' });
    expect(await stored(job.id)).toEqual(job);
    expect(await t.db.selectFrom('audit_log').select('id').where('entity', '=', 'job').where('record_id', '=', String(job.id)).execute()).toEqual([]);
  });

  it('checks the dates against what the job already holds: received before its transfer is refused', async () => {
    const job = await createJob(t.db, { date_transfer: daysFromToday(-5) });
    const res = await edit('maker', job.id, { fieldData: { 'Date Received': us(-6) } });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual(['Date Received cannot be before Date Transferred: items are received after the client transfers them']);
  });

  it.each([
    ['a date in the future', { 'Date Received': 'TOMORROW' }, ['Date Received cannot be in the future']],
    ['a date not MM/DD/YYYY', { 'Date Destroyed': '2026-01-05' }, ['Date Destroyed must be a date as MM/DD/YYYY']],
    ['destroyed before received', { 'Date Received': 'D-3', 'Date Destroyed': 'D-4' }, ['Date Destroyed cannot be before Date Received']],
    ['destroyed without received', { 'Date Destroyed': 'D-4' }, ['Enter Date Received too: items are destroyed only after they are received']],
    ['a disposal method off the list', { 'Disposal Method': 'Burial' }, ['Disposal Method must be one of: Incineration, Chemical Digestion']],
    ['an over-long address', { 'Destruction Facility Address': 'x'.repeat(401) }, ['Destruction Facility Address can be at most 400 characters']],
  ])('refuses %s with 422 and changes nothing', async (_what, fields, details) => {
    const job = await createJob(t.db);
    const fieldData = Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k, v === 'TOMORROW' ? us(1) : /^D-\d$/.test(v) ? us(-Number(v.slice(2))) : v]),
    );
    const before = await stored(job.id);
    const res = await edit('maker', job.id, { fieldData });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().details).toEqual(details);
    expect(res.json().message).toBe(details[0]);
    expect(await stored(job.id)).toEqual(before);
  });

  it.each([
    ['a zero-width space in the address', { 'Destruction Facility Address': 'Sam\u200BCarter' }, ['Destruction Facility Address holds an invisible or text-direction character (U+200B): type it again without it, so that what is printed is what is stored']],
    ['an isolate in the facility', { 'Destruction Facility': 'Clearfork\u2067 Thermal' }, ['Destruction Facility holds an invisible or text-direction character (U+2067): type it again without it, so that what is printed is what is stored']],
    ['a destruction 80 days after receipt without its reason', { 'Date Received': 'D-81', 'Date Destroyed': 'D-1' }, [M.lateWithoutReason(80)]],
    ['a reason for a destruction on the 30th day', { 'Date Received': 'D-31', 'Date Destroyed': 'D-1', 'Late Destruction Reason': 'Backlog' }, [M.reasonWithoutLateness]],
  ])('refuses %s with 422 and changes nothing', async (_what, fields, details) => {
    const job = await createJob(t.db);
    const fieldData = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, /^D-\d+$/.test(v) ? us(-Number(v.slice(2))) : v]));
    const before = await stored(job.id);
    const res = await edit('maker', job.id, { fieldData });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().details).toEqual(details);
    expect(await stored(job.id)).toEqual(before);
  });

  it('takes a late destruction with its reason, and the job shows it late; the reason stays until the dates are on time again', async () => {
    const job = await createJob(t.db, { date_received: daysFromToday(-81) });
    const refused = await edit('maker', job.id, { fieldData: { 'Date Destroyed': us(-1) } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Date Destroyed is 80 days after Date Received, later than the 30 days 21 CFR 1317.15(c) allows: give the reason for the late destruction');

    const reason = 'Incinerator down for repair until the 12th; destroyed on its first day back';
    const res = await edit('maker', job.id, { fieldData: { 'Date Destroyed': us(-1), 'Late Destruction Reason': reason } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(job.id)).toMatchObject({ date_destroyed: daysFromToday(-1), late_destruction_reason: reason });
    const audit = await t.db.selectFrom('audit_log').select('after').where('action', '=', 'edit-destruction-record').where('record_id', '=', String(job.id)).executeTakeFirstOrThrow();
    expect(audit.after).toEqual({ date_destroyed: daysFromToday(-1), late_destruction_reason: reason });
    const record = (await t.injectAs('viewer', { method: 'GET', url: `/3ds/api/job/${job.id}` })).json().data[0].fieldData;
    expect(record).toMatchObject({ 'Days Left': '', 'Days Late': 50, 'Late Destruction Reason': reason });

    // Moving the destruction back within the 30 days leaves the reason without a cause: cleared together.
    const alone = await edit('maker', job.id, { fieldData: { 'Date Destroyed': us(-60) } });
    expect(alone.statusCode).toBe(422);
    expect(alone.json().details).toEqual([M.reasonWithoutLateness]);
    const both = await edit('maker', job.id, { fieldData: { 'Date Destroyed': us(-60), 'Late Destruction Reason': '' } });
    expect(both.statusCode, both.body).toBe(200);
    expect(await stored(job.id)).toMatchObject({ date_destroyed: daysFromToday(-60), late_destruction_reason: null });
  });

  it('refuses 401 without a session, 403 without CREATE_JOB, 409 on a locked job or a stale modId, 404 for an unknown job, 400 for an unknown field or nothing to change', async () => {
    const job = await createJob(t.db);
    const lockedJob = await createJob(t.db, { locked: true });
    const body = { fieldData: { 'Date Received': us(-1) } };
    const anonymous = await t.app.inject({ method: 'PATCH', url: `/3ds/api/job/${job.id}/destruction-record`, payload: body });
    expect(anonymous.statusCode).toBe(401);
    const forbidden = await edit('viewer', job.id, body);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('You do not have the CREATE_JOB privilege needed to edit the destruction record of a job.');
    const locked = await edit('boss', lockedJob.id, body);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(`Job ${lockedJob.id} is locked; its destruction record cannot be changed.`);
    const stale = await edit('maker', job.id, { ...body, modId: '5' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed by someone else/);
    expect((await edit('maker', 999_999, body)).statusCode).toBe(404);
    const unknown = await edit('maker', job.id, { fieldData: { 'Job Name': 'x' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/Job Name/);
    const nothing = await edit('maker', job.id, { fieldData: {} });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toMatch(/Nothing to change/);
    const notText = await edit('maker', job.id, { fieldData: { 'Date Received': 5 } });
    expect(notText.statusCode).toBe(400);
    expect(await stored(job.id)).toMatchObject({ date_received: null, mod_id: 0 });
    expect(await t.db.selectFrom('audit_log').select('id').where('record_id', '=', String(job.id)).where('entity', '=', 'job').execute()).toEqual([]);
  });
});

describe('Days Left (jobs layout)', () => {
  it('counts down from Date Received as destructionDaysLeft does, and finds "Days Left: <=7"', async () => {
    const name = `Clock ${Date.now()}`;
    const cases = [
      { received: -1, destroyed: null },
      { received: -23, destroyed: null }, // 7 left
      { received: -25, destroyed: null }, // 5 left
      { received: -31, destroyed: null }, // overdue
      { received: -29, destroyed: -2 }, // destroyed: none
      { received: null, destroyed: null }, // not received: none
    ];
    const ids: number[] = [];
    for (const c of cases) {
      const job = await createJob(t.db, {
        name,
        date_received: c.received === null ? null : daysFromToday(c.received),
        date_destroyed: c.destroyed === null ? null : daysFromToday(c.destroyed),
      });
      ids.push(job.id);
    }
    const list = async (criteria: Record<string, string>) => {
      const res = await t.injectAs('viewer', {
        method: 'GET',
        url: `/3ds/api/jobs?${new URLSearchParams({ searchCriteria: JSON.stringify([{ omit: false, criteria: { 'Job Name': `==${name}`, ...criteria } }]), sort: JSON.stringify([{ fieldName: '__PKJobID', sortOrder: 'ascend' }]) })}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { recordId: string; fieldData: Record<string, string | number> }[];
    };
    const all = await list({});
    // The database's today: the day in the Settings' time zone, as the server's.
    const { rows } = await sql<{ today: string }>`SELECT tds_today()::text AS today`.execute(t.db);
    expect(rows[0]!.today).toBe(today);
    expect(all.map((r) => r.fieldData['Days Left'])).toEqual(
      cases.map((c) => destructionDaysLeft(c.received === null ? null : daysFromToday(c.received), c.destroyed === null ? null : daysFromToday(c.destroyed), rows[0]!.today) ?? ''),
    );
    expect(all.map((r) => r.fieldData['Days Left'])).toEqual([29, 7, 5, -1, '', '']);
    const due = await list({ 'Days Left': '<=7' });
    expect(due.map((r) => Number(r.recordId))).toEqual([ids[1], ids[2], ids[3]]);
    const range = await list({ 'Days Left': '0...7' });
    expect(range.map((r) => Number(r.recordId))).toEqual([ids[1], ids[2]]);
    const bad = await t.injectAs('viewer', { method: 'GET', url: `/3ds/api/jobs?${new URLSearchParams({ searchCriteria: JSON.stringify([{ criteria: { 'Days Left': 'soon' } }]) })}` });
    expect(bad.statusCode).toBe(400);
  });
});

describe('Days Late (jobs layout)', () => {
  it('is the days past the 30 of a late destruction, as destructionDaysLate says, and finds them', async () => {
    const name = `Late ${Date.now()}`;
    const cases = [
      { received: -81, destroyed: -1, late: 50 },
      { received: -40, destroyed: -9, late: 1 },
      { received: -40, destroyed: -10, late: '' }, // the 30th day: on time
      { received: -5, destroyed: null, late: '' },
    ];
    for (const c of cases) {
      await createJob(t.db, {
        name,
        date_received: daysFromToday(c.received),
        date_destroyed: c.destroyed === null ? null : daysFromToday(c.destroyed),
        late_destruction_reason: c.late === '' ? null : 'Backlog',
      });
    }
    const list = async (criteria: Record<string, string>) => {
      const query = new URLSearchParams({
        searchCriteria: JSON.stringify([{ omit: false, criteria: { 'Job Name': `==${name}`, ...criteria } }]),
        sort: JSON.stringify([{ fieldName: '__PKJobID', sortOrder: 'ascend' }]),
      });
      const res = await t.injectAs('viewer', { method: 'GET', url: `/3ds/api/jobs?${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { fieldData: Record<string, string | number> }[]).map((r) => r.fieldData['Days Late']);
    };
    expect(await list({})).toEqual(cases.map((c) => c.late));
    expect(await list({ 'Days Late': '>0' })).toEqual([50, 1]);
  });
});

describe('one clock: the day in the Settings\' time zone, for Days Left and the date checks alike', () => {
  const setZone = async (zone: string) => {
    const res = await t.injectAs('boss', { method: 'PATCH', url: '/3ds/api/settings', payload: { fieldData: { 'Time Zone': zone } } });
    expect(res.statusCode, res.body).toBe(200);
  };
  afterAll(() => setZone('UTC'));

  it('follows the zone: at any moment Kiritimati (UTC+14) is a day or two ahead of Pago Pago (UTC−11)', async () => {
    const ahead = todayInTimeZone(new Date(), 'Pacific/Kiritimati');
    const behind = todayInTimeZone(new Date(), 'Pacific/Pago_Pago');
    expect(ahead > behind).toBe(true);
    const job = await createJob(t.db, { name: `Zone ${Date.now()}` });
    const daysLeft = async () => (await t.injectAs('viewer', { method: 'GET', url: `/3ds/api/job/${job.id}` })).json().data[0].fieldData['Days Left'];

    await setZone('Pacific/Kiritimati');
    // Received "today" where the Settings say we are: not in the future, and 30 days left.
    const received = await edit('maker', job.id, { fieldData: { 'Date Received': formatIsoDate(ahead) } });
    expect(received.statusCode, received.body).toBe(200);
    expect(await daysLeft()).toBe(30);
    expect(await daysLeft()).toBe(destructionDaysLeft(ahead, null, todayInTimeZone(new Date(), 'Pacific/Kiritimati')));

    await setZone('Pacific/Pago_Pago');
    // The same date is tomorrow (or after) in Pago Pago: the checks see it so, and Days Left counts from there.
    expect(await daysLeft()).toBe(destructionDaysLeft(ahead, null, behind));
    expect(await daysLeft()).toBeGreaterThan(30);
    const refused = await edit('maker', job.id, { fieldData: { 'Date Destroyed': formatIsoDate(ahead) } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().details).toEqual(['Date Received cannot be in the future', 'Date Destroyed cannot be in the future']);
    const { rows } = await sql<{ today: string }>`SELECT tds_today()::text AS today`.execute(t.db);
    expect(rows[0]!.today).toBe(behind);
  });
});

describe.runIf(onPostgres)('the job lock against a destruction record edit in flight (PostgreSQL)', () => {
  async function stillWaiting(request: Promise<LightMyRequestResponse>): Promise<boolean> {
    const waited = Symbol('waited');
    return (await Promise.race([request, new Promise((resolve) => setTimeout(() => resolve(waited), 400))])) === waited;
  }

  it('a lock waits for an edit in flight, which commits first', async () => {
    const job = await createJob(t.db);
    const held = gate.arm(isAuditInsert);
    const writing = edit('boss', job.id, { fieldData: { 'Date Received': us(-1) } });
    await held.reached;
    const locking = t.injectAs('boss', { method: 'PATCH', url: `/3ds/api/job/lock/${job.id}` });
    expect(await stillWaiting(locking)).toBe(true);
    held.release();
    expect((await writing).statusCode).toBe(200);
    expect((await locking).statusCode).toBe(200);
    expect(await stored(job.id)).toMatchObject({ date_received: daysFromToday(-1), locked: true });
  });

  it('an edit that starts while a lock is in flight waits for it and is refused with 409', async () => {
    const job = await createJob(t.db);
    const held = gate.arm(isAuditInsert);
    const locking = t.injectAs('boss', { method: 'PATCH', url: `/3ds/api/job/lock/${job.id}` });
    await held.reached;
    const writing = edit('boss', job.id, { fieldData: { 'Date Received': us(-1) } });
    expect(await stillWaiting(writing)).toBe(true);
    held.release();
    expect((await locking).statusCode).toBe(200);
    const written = await writing;
    expect(written.statusCode, written.body).toBe(409);
    expect(await stored(job.id)).toMatchObject({ date_received: null, locked: true });
  });
});
