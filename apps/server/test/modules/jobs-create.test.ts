import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let current: number;
let expired: number;
beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'maker', privileges: ['CREATE_JOB'] });
  await createUser(t.db, { username: 'looker', privileges: ['CREATE_CONTAINER'] });
  current = (await createRegistration(t.db, { activity: 'A - Pharmacy', expiration_date: '2099-01-01' })).id;
  expired = (await createRegistration(t.db, { expiration_date: '2001-01-01' })).id;
});
afterAll(() => t.close());

const create = (user: string, fieldData: unknown) => t.injectAs(user, { method: 'POST', url: '/3ds/api/job', payload: { fieldData } });

describe('POST /3ds/api/job', () => {
  it('creates the job with the registration’s activity and today, audited, and answers its id', async () => {
    const res = await create('maker', { _fkRegistration_Record_Number: current, 'Job Name': '  Spring pickup ' });
    expect(res.statusCode).toBe(200);
    const { recordId } = res.json();
    const job = await t.db.selectFrom('jobs').selectAll().where('id', '=', Number(recordId)).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ name: 'Spring pickup', registration_id: current, activity: 'A - Pharmacy', created_by: 'maker', locked: false });
    expect(job.date_initiated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('entity', '=', 'job').where('record_id', '=', recordId).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', username: 'maker' });
    // It is a record like any other now.
    const view = await t.injectAs('maker', { method: 'GET', url: `/3ds/api/job/${recordId}` });
    expect(view.json().data[0].fieldData['Job Name']).toBe('Spring pickup');
  });

  it('accepts the registration id as text', async () => {
    expect((await create('maker', { _fkRegistration_Record_Number: String(current), 'Job Name': 'Text id' })).statusCode).toBe(200);
  });

  it('refuses without CREATE_JOB (403) and creates nothing', async () => {
    const before = await t.db.selectFrom('jobs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const res = await create('looker', { _fkRegistration_Record_Number: current, 'Job Name': 'Nope' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/CREATE_JOB/);
    const after = await t.db.selectFrom('jobs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
  });

  it.each([
    ['an empty name', { 'Job Name': '' }, 422, 'Job Name is required'],
    ['a blank name', { 'Job Name': '    ' }, 422, 'Job Name is required'],
    ['an over-long name', { 'Job Name': 'x'.repeat(201) }, 422, 'Job Name can be at most 200 characters'],
  ])('refuses %s with %i', async (_what, fields, status, message) => {
    const res = await create('maker', { _fkRegistration_Record_Number: current, ...fields });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ message, details: [message] });
  });

  it('refuses an unknown registration with 404 and an expired one with 422', async () => {
    const unknown = await create('maker', { _fkRegistration_Record_Number: 999999, 'Job Name': 'X' });
    expect(unknown.statusCode).toBe(404);
    const old = await create('maker', { _fkRegistration_Record_Number: expired, 'Job Name': 'X' });
    expect(old.statusCode).toBe(422);
    expect(old.json().message).toMatch(/expired/);
  });

  it.each([
    [{}],
    [{ 'Job Name': 'x' }],
    [{ _fkRegistration_Record_Number: 'abc', 'Job Name': 'x' }],
    [{ _fkRegistration_Record_Number: 1, 'Job Name': 42 }],
  ])('answers 400 for a malformed body %j', async (fieldData) => {
    const res = await create('maker', fieldData);
    expect(res.statusCode).toBe(400);
  });
});
