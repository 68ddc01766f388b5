import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createContainer, createJob, createLineItem, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let regId: number;
beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, {
    username: 'all',
    privileges: ['CREATE_CONTAINER', 'CREATE_LINE_ITEM', 'LOCK_CONTAINER', 'UNLOCK_CONTAINER', 'MOVE_CONTAINER', 'DELETE_CONTAINER'],
  });
  await createUser(t.db, { username: 'none' });
  await createUser(t.db, { username: 'maker', privileges: ['CREATE_CONTAINER'] });
  regId = (await createRegistration(t.db, { registration_number: 'BA1234563', expiration_date: '2099-01-01' })).id;
});
afterAll(() => t.close());

type Method = 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'GET';
const call = (user: string, method: Method, url: string, payload?: unknown) =>
  t.injectAs(user, { method, url: `/3ds/api${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });

async function fixture(options: { jobLocked?: boolean; containerLocked?: boolean; kind?: 'standard' | 'yellow_bucket' } = {}) {
  const job = await createJob(t.db, { registration_id: regId, locked: options.jobLocked ?? false });
  const container = await createContainer(t.db, { job_id: job.id, kind: options.kind ?? 'standard', locked: options.containerLocked ?? false, net_weight: 10, package_weight: 1 });
  const items = [await createLineItem(t.db, { container_id: container.id }), await createLineItem(t.db, { container_id: container.id })];
  return { job, container, items };
}

describe('create', () => {
  it('POST /container/new creates in an unlocked job and answers the id', async () => {
    const job = await createJob(t.db, { registration_id: regId });
    const res = await call('maker', 'POST', '/container/new', { jobId: job.id, containerName: 'Tote 1', netWeight: '12.5', packageWeight: 2, grossUoM: 'kg' });
    expect(res.statusCode, res.body).toBe(200);
    const view = await call('maker', 'GET', `/container/${res.json().recordId}`);
    expect(view.json().data[0].fieldData).toMatchObject({ 'Container Name': 'Tote 1', 'Net Weight': 12.5, 'Gross Weight': 14.5, 'Gross UoM': 'kg', 'Job ID': job.id });
  });

  it('POST /yb-container with fieldData creates a Yellow Bucket container', async () => {
    const job = await createJob(t.db, { registration_id: regId });
    const res = await call('maker', 'POST', '/yb-container', { fieldData: { 'Job ID': String(job.id), 'Container Name': 'Drum', 'Container Type': '55 G Steel' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('maker', 'GET', `/yb-container/${res.json().recordId}`)).statusCode).toBe(200);
    expect((await call('maker', 'GET', `/container/${res.json().recordId}`)).statusCode).toBe(404);
  });

  it('refuses without CREATE_CONTAINER (403), in a locked job (409), bad values (422), unknown job (404)', async () => {
    const job = await createJob(t.db, { registration_id: regId });
    const lockedJob = await createJob(t.db, { registration_id: regId, locked: true });
    expect((await call('none', 'POST', '/container/new', { jobId: job.id })).statusCode).toBe(403);
    expect((await call('maker', 'POST', '/container/new', { jobId: lockedJob.id })).statusCode).toBe(409);
    const bad = await call('maker', 'POST', '/container/new', { jobId: job.id, netWeight: 'heavy' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().details).toEqual(['Net Weight must be a number written with digits and at most one decimal point, like 12 or 0.5']);
    expect((await call('maker', 'POST', '/container/new', { jobId: 999999 })).statusCode).toBe(404);
  });
});

describe('edit', () => {
  it('changes only the sent fields; nothing changed is "Invalid Form"', async () => {
    const { container } = await fixture();
    const res = await call('all', 'PATCH', `/container/edit/${container.id}`, { id: container.id, pallet: 'PLT-9' });
    expect(res.statusCode, res.body).toBe(200);
    const same = await call('all', 'PATCH', `/container/edit/${container.id}`, { pallet: 'PLT-9' });
    expect(same.statusCode).toBe(422);
    expect(same.json().message).toBe('Invalid Form');
    const stale = await call('all', 'PATCH', `/container/edit/${container.id}`, { pallet: 'PLT-1', modId: '0' });
    expect(stale.statusCode).toBe(409);
  });

  it('a Yellow Bucket container’s edit needs CREATE_LINE_ITEM (spec 2 §6)', async () => {
    const { container } = await fixture({ kind: 'yellow_bucket' });
    expect((await call('maker', 'PATCH', `/yb-container/edit/${container.id}`, { pallet: 'X' })).statusCode).toBe(403);
    expect((await call('all', 'PATCH', `/yb-container/edit/${container.id}`, { pallet: 'X' })).statusCode).toBe(200);
  });

  it('refuses a locked container or job with 409', async () => {
    const own = await fixture({ containerLocked: true });
    const job = await fixture({ jobLocked: true });
    expect((await call('all', 'PATCH', `/container/edit/${own.container.id}`, { pallet: 'X' })).statusCode).toBe(409);
    expect((await call('all', 'PATCH', `/container/edit/${job.container.id}`, { pallet: 'X' })).statusCode).toBe(409);
  });
});

describe('lock and unlock', () => {
  it('locks the container and all its line items together, then unlocks them', async () => {
    const { container, items } = await fixture();
    const res = await call('all', 'PATCH', `/container/lock/${container.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].fieldData['Locked Container']).toBe('Yes');
    const lockedItems = await t.db.selectFrom('line_items').select('locked').where('id', 'in', items.map((i) => i.id)).execute();
    expect(lockedItems.every((i) => i.locked)).toBe(true);
    await call('all', 'PATCH', `/container/unlock/${container.id}`);
    const unlocked = await t.db.selectFrom('line_items').select('locked').where('id', 'in', items.map((i) => i.id)).execute();
    expect(unlocked.every((i) => !i.locked)).toBe(true);
  });

  it('refuses without the privilege (403) and under a locked job (409)', async () => {
    const { container } = await fixture();
    expect((await call('maker', 'PATCH', `/container/lock/${container.id}`)).statusCode).toBe(403);
    const underJob = await fixture({ jobLocked: true, containerLocked: true });
    expect((await call('all', 'PATCH', `/container/unlock/${underJob.container.id}`)).statusCode).toBe(409);
  });
});

describe('move', () => {
  it('moves the container and its line items to another job of the same registration', async () => {
    const { container, items } = await fixture();
    const target = await createJob(t.db, { registration_id: regId });
    const res = await call('all', 'PUT', '/container/move', { jobId: target.id, containerId: container.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0].fieldData['Job ID']).toBe(target.id);
    const moved = await t.db.selectFrom('line_items').select('job_id').where('id', 'in', items.map((i) => i.id)).execute();
    expect(moved.every((i) => i.job_id === target.id)).toBe(true);
  });

  it('refuses a job of another registration, a locked job, an expired registration (422); a locked container (409); no privilege (403)', async () => {
    const { container } = await fixture();
    const otherReg = await createRegistration(t.db, { registration_number: 'BB1234563' });
    const elsewhere = await createJob(t.db, { registration_id: otherReg.id });
    const lockedJob = await createJob(t.db, { registration_id: regId, locked: true });
    const expiredReg = await createRegistration(t.db, { registration_number: 'BA1234563', expiration_date: '2000-01-01' });
    const expiredJob = await createJob(t.db, { registration_id: expiredReg.id });
    for (const job of [elsewhere, lockedJob, expiredJob]) {
      const res = await call('all', 'PUT', '/container/move', { jobId: job.id, containerId: container.id });
      expect(res.statusCode, res.body).toBe(422);
    }
    const lockedContainer = await fixture({ containerLocked: true });
    const target = await createJob(t.db, { registration_id: regId });
    expect((await call('all', 'PUT', '/container/move', { jobId: target.id, containerId: lockedContainer.container.id })).statusCode).toBe(409);
    expect((await call('maker', 'PUT', '/container/move', { jobId: target.id, containerId: container.id })).statusCode).toBe(403);
  });

  it('refuses a job whose registration record of the same number does not hold the schedules the container holds (422), and moves nothing', async () => {
    const { container, items } = await fixture();
    await t.db.updateTable('line_items').set({ ndc_schedule: '2' }).where('container_id', '=', container.id).execute();
    // A renewal kept as a second record of the same number, registered for Schedule 4 only.
    const renewal = await createRegistration(t.db, { registration_number: 'BA1234563', schedule_2: false, schedule_2n: false, schedule_4: true });
    const target = await createJob(t.db, { registration_id: renewal.id });
    const res = await call('all', 'PUT', '/container/move', { jobId: target.id, containerId: container.id });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(
      `Container ${container.id} cannot move to job ${target.id}: The current registration does not support the selected NDC: registration BA1234563 is not registered for Schedule 2.`,
    );
    const still = await t.db.selectFrom('line_items').select('job_id').where('id', 'in', items.map((i) => i.id)).execute();
    expect(still.every((i) => i.job_id === container.job_id)).toBe(true);
    // The same renewal registered for Schedule 2 takes it.
    await t.db.updateTable('registrations').set({ schedule_2: true }).where('id', '=', renewal.id).execute();
    expect((await call('all', 'PUT', '/container/move', { jobId: target.id, containerId: container.id })).statusCode).toBe(200);
  });

  it('PUT /yb-container/move answers the moved record in data[0]', async () => {
    const { container } = await fixture({ kind: 'yellow_bucket' });
    const target = await createJob(t.db, { registration_id: regId });
    const res = await call('all', 'PUT', '/yb-container/move', { jobId: target.id, containerId: container.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].fieldData['Container ID']).toBe(container.id);
  });
});

describe('delete', () => {
  it('deletes the container with its line items and keeps them in the audit row', async () => {
    const { container, items } = await fixture();
    const res = await call('all', 'DELETE', `/container/${container.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.selectFrom('line_items').select('id').where('container_id', '=', container.id).execute()).toEqual([]);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'delete').where('record_id', '=', String(container.id)).executeTakeFirstOrThrow();
    const before = audit.before as { container: { id: number }; lineItems: { id: number }[] };
    expect(before.container.id).toBe(container.id);
    expect(before.lineItems.map((i) => i.id)).toEqual(items.map((i) => i.id));
  });

  it('refuses without DELETE_CONTAINER (403), when locked (409) or holding a line item locked on its own (409)', async () => {
    const plain = await fixture();
    expect((await call('maker', 'DELETE', `/container/${plain.container.id}`)).statusCode).toBe(403);
    const lockedOne = await fixture({ containerLocked: true });
    expect((await call('all', 'DELETE', `/container/${lockedOne.container.id}`)).statusCode).toBe(409);
    const withLockedItem = await fixture();
    await t.db.updateTable('line_items').set({ locked: true, locked_own: true }).where('id', '=', withLockedItem.items[0]!.id).execute();
    const refused = await call('all', 'DELETE', `/containers/${withLockedItem.container.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Container ${withLockedItem.container.id} holds a line item locked on its own; it cannot be deleted while that item stays locked.`);
    expect(await t.db.selectFrom('line_items').select('id').where('container_id', '=', withLockedItem.container.id).execute()).toHaveLength(2);
  });
});

describe('supporting calls', () => {
  it('POST /containers/search finds move targets: unlocked containers of the job but this one', async () => {
    const { job, container } = await fixture();
    const other = await createContainer(t.db, { job_id: job.id, name: 'Other' });
    await createContainer(t.db, { job_id: job.id, name: 'Locked one', locked: true });
    const res = await call('all', 'POST', '/containers/search', {
      query: [{ 'Job ID': String(job.id), 'Locked Container': 'No' }, { Container_PK_ID: String(container.id), omit: 'true' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((r: { recordId: string }) => r.recordId)).toEqual([String(other.id)]);
  });

  it('GET /get-value-list answers a list and 404 for an unknown one', async () => {
    await t.db.insertInto('value_lists').values([
      { list_name: 'Container Type', value: 'Box', display_value: 'Box', sort_order: 1 },
      { list_name: 'Container Type', value: 'Tote', display_value: 'Tote', sort_order: 2 },
    ]).execute();
    const res = await call('none', 'GET', '/get-value-list?valueListName=Container%20Type&layoutEntity=x&primaryKey=1');
    expect(res.json()).toEqual({ valueList: [{ value: 'Box', displayValue: 'Box' }, { value: 'Tote', displayValue: 'Tote' }] });
    expect((await call('none', 'GET', '/get-value-list?valueListName=Nope')).statusCode).toBe(404);
  });
});
