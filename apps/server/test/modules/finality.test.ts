import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createContainer, createJob, createLineItem, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Final means final (packages/domain rules/finality.ts, docs/dea-paperwork.md): once a job's
 * destruction is recorded, its Form 41 generated or its line items reported to ARCOS, nothing moves
 * into or out of it, nothing in it is deleted or rewritten — locked or not — and every refusal is a
 * 409 `FINAL` that names the job, why it is final and what to do instead, changing nothing.
 */

let t: TestApp;
const ALL = ['CREATE_JOB', 'CREATE_CONTAINER', 'CREATE_LINE_ITEM', 'MOVE_CONTAINER', 'MOVE_LINE_ITEM', 'DELETE_CONTAINER', 'DELETE_LINE_ITEM', 'LOCK_JOB', 'UNLOCK_JOB'];

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'boss', privileges: ALL });
  await t.db
    .insertInto('ndc_dictionary')
    .values([
      { ndc: '00406-0552-01', schedule: '2', trade_name: 'OXYCODONE HCL 5 MG', package_size: 100, package_size_uom: 'U', trade_package: true },
      { ndc: '00406-0552-02', schedule: '2', trade_name: 'OXYCODONE HCL 5 MG', package_size: 100, package_size_uom: 'U', trade_package: true },
    ] as never)
    .execute();
});
afterAll(() => t.close());

const call = (method: 'PATCH' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.injectAs('boss', { method, url: `/3ds/api${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A destroyed job (unlocked, as after an unlock) with a container of two line items, and an open job of the same registration. */
async function destroyedJob(extra: Record<string, unknown> = {}) {
  const registration = await createRegistration(t.db, { registration_number: 'BA1234563', schedule_2: true });
  const job = await createJob(t.db, { registration_id: registration.id, date_received: '2026-05-20', date_destroyed: '2026-06-18', ...extra });
  const open = await createJob(t.db, { registration_id: registration.id, date_received: '2026-11-07' });
  const container = await createContainer(t.db, { job_id: job.id });
  const openContainer = await createContainer(t.db, { job_id: open.id });
  const other = await createContainer(t.db, { job_id: job.id });
  const items = [
    await createLineItem(t.db, { container_id: container.id, job_id: job.id, ndc: '00406-0552-01', ndc_schedule: '2', pack_quantity: 1 }),
    await createLineItem(t.db, { container_id: container.id, job_id: job.id, ndc: '00406-0552-01', ndc_schedule: '2', pack_quantity: 2 }),
  ];
  return { job, open, container, openContainer, other, items };
}

/** Every row of the job's containers and line items, to show a refusal changed nothing. */
const contents = async (jobIds: number[]) => ({
  containers: await t.db.selectFrom('containers').selectAll().where('job_id', 'in', jobIds).orderBy('id').execute(),
  lineItems: await t.db.selectFrom('line_items').selectAll().where('job_id', 'in', jobIds).orderBy('id').execute(),
});

function expectFinal(res: { statusCode: number; body: string; json(): { code: string; message: string } }, pattern: RegExp) {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json().code).toBe('FINAL');
  expect(res.json().message).toMatch(pattern);
  expect(res.json().message).toMatch(/a mistake in it is put right by a correction on the record/);
}

describe('a destroyed job keeps what it destroyed', () => {
  it('refuses to move its container to another job, and a container into it (the audit’s job 62)', async () => {
    const f = await destroyedJob();
    const before = await contents([f.job.id, f.open.id]);
    expectFinal(
      await call('PUT', '/container/move', { jobId: f.open.id, containerId: f.container.id }),
      new RegExp(`^Job ${f.job.id} is final: its destruction on 06/18/2026 is on record, so its containers cannot be moved out of it\\.`),
    );
    expectFinal(
      await call('PUT', '/container/move', { jobId: f.job.id, containerId: f.openContainer.id }),
      new RegExp(`^Job ${f.job.id} is final: its destruction on 06/18/2026 is on record, so containers cannot be moved into it\\.`),
    );
    expect(await contents([f.job.id, f.open.id])).toEqual(before);
  });

  it('refuses to delete, edit, re-code or move a line item, delete or edit a container, or move one to the Yellow Bucket', async () => {
    const f = await destroyedJob();
    const [item] = f.items;
    const before = await contents([f.job.id]);
    const final = new RegExp(`^Job ${f.job.id} is final: its destruction on 06/18/2026 is on record, so `);
    expectFinal(await call('DELETE', `/line-item/${item!.id}`), /so its line items cannot be deleted\./);
    expectFinal(await call('PATCH', `/line-item/${item!.id}`, { fieldData: { 'Lot Number': 'L2' } }), final);
    expectFinal(await call('PATCH', `/line-item/edit/${item!.id}`, { ndc: '00406-0552-02' }), /the NDCs of its line items cannot be changed/);
    expectFinal(await call('POST', `/line-item/move/${item!.id}`, { container: f.other.id }), /its line items cannot be moved to another container/);
    expectFinal(await call('DELETE', `/container/${f.container.id}`), /its containers cannot be deleted/);
    expectFinal(await call('PATCH', `/container/edit/${f.container.id}`, { pallet: 'P9' }), /its containers cannot be changed/);
    expectFinal(await call('POST', `/job/move-container-to-yb/${f.job.id}`, { containerId: f.container.id }), /cannot be moved to the Yellow Bucket/);
    expect(await contents([f.job.id])).toEqual(before);
  });

  it('refuses a bulk move and delete record by record, as FINAL, and does the rest', async () => {
    const f = await destroyedJob();
    const loose = await createContainer(t.db, { job_id: f.open.id });
    const res = await call('POST', '/containers/bulk', { action: 'delete', ids: [f.container.id, loose.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ done: 1, refused: [{ recordId: String(f.container.id), code: 'FINAL', message: expect.stringMatching(/cannot be deleted/) }] });
    const moved = await call('POST', '/line-items/bulk', { action: 'move', ids: f.items.map((i) => i.id), target: { containerId: f.other.id } });
    expect(moved.json()).toMatchObject({ done: 0, refused: f.items.map((i) => ({ recordId: String(i.id), code: 'FINAL' })) });
    expect(await t.db.selectFrom('containers').select('id').where('id', '=', f.container.id).executeTakeFirst()).toBeDefined();
  });

  it('still takes a late entry and a new container, which the next ARCOS report carries as late', async () => {
    const f = await destroyedJob();
    const added = await call('POST', '/container/new', { jobId: f.job.id, containerName: 'Found later' });
    expect([200, 201]).toContain(added.statusCode);
  });

  it('keeps its Date Destroyed from being emptied, and lets the rest of the destruction record be completed', async () => {
    const f = await destroyedJob();
    expectFinal(await call('PATCH', `/job/${f.job.id}/destruction-record`, { fieldData: { 'Date Destroyed': '' } }), /its Date Destroyed cannot be emptied/);
    const facility = await call('PATCH', `/job/${f.job.id}/destruction-record`, { fieldData: { 'Destruction Facility': 'Clean Harbors Deer Park' } });
    expect(facility.statusCode, facility.body).toBe(200);
    const moved = await call('PATCH', `/job/${f.job.id}/destruction-record`, { fieldData: { 'Date Destroyed': '06/17/2026' } });
    expect(moved.statusCode, moved.body).toBe(200);
  });
});

describe('a job whose line items ARCOS holds, or whose Form 41 was made', () => {
  async function file() {
    return t.db
      .insertInto('files')
      .values({ storage_key: `test/${randomUUID()}`, original_name: 'x', content_type: 'text/plain', size_bytes: 1, sha256: '0'.repeat(64), created_by: 'test' })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  it('is final once reported, destroyed or not: its receipt date stays, its containers stay', async () => {
    const f = await destroyedJob({ date_destroyed: null });
    const report = await t.db
      .insertInto('arcos_reports')
      .values({ period_start: '2026-04-01', period_end: '2026-06-30', frequency: 'quarterly', file_id: (await file()).id, records: 1, summary: '{}', created_by: 'test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('arcos_report_transactions').values({ report_id: report.id, line_item_id: f.items[0]!.id, code: 'P', action: ' ', record: 'x'.repeat(80) }).execute();
    expectFinal(await call('PUT', '/container/move', { jobId: f.open.id, containerId: f.container.id }), /its line items have been reported to ARCOS, so its containers cannot be moved out of it/);
    expectFinal(await call('PATCH', `/job/${f.job.id}/destruction-record`, { fieldData: { 'Date Received': '05/21/2026' } }), /so its Date Received cannot be changed/);
    // The destruction that follows is recorded as usual.
    const destroyed = await call('PATCH', `/job/${f.job.id}/destruction-record`, { fieldData: { 'Date Destroyed': '06/18/2026' } });
    expect(destroyed.statusCode, destroyed.body).toBe(200);
  });

  it('keeps every field of its destruction record once its Form 41 was generated', async () => {
    const f = await destroyedJob();
    await t.db.insertInto('generated_documents').values({ job_id: f.job.id, slot: '41 Insert', file_id: (await file()).id, generated_by: 'test' }).execute();
    expectFinal(await call('PATCH', `/job/${f.job.id}/destruction-record`, { fieldData: { 'Destruction Facility': 'Clean Harbors Deer Park' } }), /so its Destruction Facility cannot be changed/);
  });
});

describe('unlocking a job', () => {
  it('needs a reason (422 without), which the audit keeps', async () => {
    const job = await createJob(t.db, { locked: true });
    const none = await call('PATCH', `/job/unlock/${job.id}`, {});
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toMatch(/^Say why the job is unlocked/);
    const bodiless = await call('PATCH', `/job/unlock/${job.id}`);
    expect(bodiless.statusCode).toBe(422);
    expect(bodiless.json().message).toMatch(/^Say why the job is unlocked/);
    expect((await call('PATCH', `/job/unlock/${job.id}`, { reason: '  ' })).statusCode).toBe(422);
    expect((await call('PATCH', `/job/unlock/${job.id}`, { reason: 'x'.repeat(501) })).statusCode).toBe(422);
    expect((await t.db.selectFrom('jobs').select('locked').where('id', '=', job.id).executeTakeFirstOrThrow()).locked).toBe(true);
    const res = await call('PATCH', `/job/unlock/${job.id}`, { reason: ' A pallet number to correct ' });
    expect(res.statusCode, res.body).toBe(200);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'unlock').where('record_id', '=', String(job.id)).executeTakeFirstOrThrow();
    expect(audit.after).toEqual({ locked: false, reason: 'A pallet number to correct' });
  });

  it('leaves a final job final', async () => {
    const f = await destroyedJob({ locked: true });
    expect((await call('PATCH', `/job/unlock/${f.job.id}`, { reason: 'To move a container' })).statusCode).toBe(200);
    expectFinal(await call('PUT', '/container/move', { jobId: f.open.id, containerId: f.container.id }), /cannot be moved out of it/);
  });
});
