import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createContainer, createJob, createLineItem, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Corrections on the record (rules/corrections.ts, docs/dea-paperwork.md): a final job's line item or
 * date changes only by a correction one person asks for and another approves; applied in the same
 * transaction as the approval, kept whatever is decided, and carried into the next ARCOS report as
 * D/I pairs. Every refusal changes nothing.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'clerk', privileges: ['CREATE_LINE_ITEM'] });
  await createUser(t.db, { username: 'reader', privileges: [] });
  await createUser(t.db, { username: 'chief', privileges: ['CREATE_LINE_ITEM', 'APPROVE_CORRECTION'] });
  await createUser(t.db, { username: 'second', privileges: ['APPROVE_CORRECTION'] });
  await createUser(t.db, { username: 'keeper', privileges: ['MANAGE_SETTINGS'] });
  await t.db
    .insertInto('ndc_dictionary')
    .values([{ ndc: '00406-0552-01', schedule: '2', trade_name: 'OXYCODONE HCL 5 MG', drug_code: '9143', package_size: 100, package_size_uom: 'U', trade_package: true }] as never)
    .execute();
});
afterAll(() => t.close());

const as = (user: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.injectAs(user, { method, url: `/3ds/api${url}`, ...(payload === undefined ? {} : { payload }) });

/** A job received 05/20/2026 and destroyed 06/18/2026 holding one oxycodone line item (2 bottles at 60 %). */
async function destroyedJob(extra: Record<string, unknown> = {}) {
  const registration = await createRegistration(t.db, { registration_number: 'BA1234563', schedule_2: true });
  const job = await createJob(t.db, { registration_id: registration.id, date_received: '2026-05-20', date_destroyed: '2026-06-18', ...extra });
  const container = await createContainer(t.db, { job_id: job.id });
  const item = await createLineItem(t.db, {
    container_id: container.id,
    job_id: job.id,
    ndc: '00406-0552-01',
    ndc_schedule: '2',
    pack_quantity: 2,
    pack_size: 100,
    pack_size_uom: 'U',
    percent_fill: 0.6,
    form_222_number: '231456789',
  });
  return { job, container, item };
}

const lineItem = (id: number) => t.db.selectFrom('line_items').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const corrections = () => t.db.selectFrom('corrections').selectAll().orderBy('id').execute();

function expectProblem(res: { statusCode: number; body: string; json(): { message: string } }, status: number, pattern: RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toMatch(pattern);
}

describe('asking for a correction', () => {
  it('records what, from what, to what, why and who — and changes nothing of the record yet', async () => {
    const f = await destroyedJob();
    const res = await as('clerk', 'POST', '/corrections', { lineItemId: f.item.id, field: 'Pack Quantity', value: '3', reason: 'Counted again at the incinerator: three bottles' });
    expect(res.statusCode, res.body).toBe(201);
    const fieldData = res.json().data[0].fieldData;
    expect(fieldData).toMatchObject({
      'Job ID': String(f.job.id),
      'Line Item ID': String(f.item.id),
      Field: 'Pack Quantity',
      'Old Value': '2',
      'New Value': '3',
      Reason: 'Counted again at the incinerator: three bottles',
      'Requested By': 'clerk',
      Status: 'pending',
      'Status Text': 'Waiting for approval',
      'Decided By': '',
    });
    expect((await lineItem(f.item.id)).pack_quantity).toBe(2);
    const listed = await as('reader', 'GET', `/line-item/${f.item.id}/corrections`);
    expect(listed.json().data.map((c: { recordId: string }) => c.recordId)).toEqual([res.json().data[0].recordId]);
    expect((await as('reader', 'GET', `/job/${f.job.id}/corrections`)).json().data).toHaveLength(1);
    const history = (await as('reader', 'GET', `/line-item/${f.item.id}/history`)).json();
    expect(JSON.stringify(history)).toMatch(/asked for: Pack Quantity from 2 to 3 — reason: Counted again/);
  });

  it('refuses what cannot be a correction, each with a message to act on, recording nothing', async () => {
    const f = await destroyedJob();
    const open = await createJob(t.db, { registration_id: f.job.registration_id, date_received: '2026-11-07' });
    const openItem = await createLineItem(t.db, { container_id: (await createContainer(t.db, { job_id: open.id })).id, ndc: '00406-0552-01', ndc_schedule: '2', pack_quantity: 1 });
    const before = (await corrections()).length;
    const ask = (body: object, user = 'clerk') => as(user, 'POST', '/corrections', body);
    const reason = 'Recounted';
    expectProblem(await ask({ lineItemId: f.item.id, field: 'Pack Quantity', value: '3', reason }, 'reader'), 403, /CREATE_LINE_ITEM privilege needed to ask for a correction/);
    expectProblem(await ask({ lineItemId: f.item.id, field: 'NDC', value: '00406-0552-02', reason }), 422, /"NDC" is not a field a correction may change: a line item's correction may change Pack Quantity/);
    expectProblem(await ask({ lineItemId: f.item.id, field: 'Pack Quantity', value: '2.5', reason }), 422, /Pack Quantity must be a whole number/);
    expectProblem(await ask({ lineItemId: f.item.id, field: 'Pack Quantity', value: '2', reason }), 422, /nothing to correct/);
    expectProblem(await ask({ lineItemId: f.item.id, field: 'Percent Fill', value: '60', reason }), 422, /nothing to correct/);
    expectProblem(await ask({ lineItemId: f.item.id, field: 'Pack Quantity', value: '3', reason: '  ' }), 422, /Say why the record is corrected/);
    expectProblem(await ask({ jobId: f.job.id, field: 'Date Destroyed', value: '6/31/2026', reason }), 422, /Date Destroyed must be a date as MM\/DD\/YYYY/);
    expectProblem(await ask({ jobId: f.job.id, lineItemId: f.item.id, field: 'Pack Quantity', value: '3', reason }), 400, /either the job .* or the line item/);
    expectProblem(await ask({ lineItemId: 999_999, field: 'Pack Quantity', value: '3', reason }), 404, /There is no line item 999999/);
    expectProblem(await ask({ lineItemId: openItem.id, field: 'Pack Quantity', value: '3', reason }), 409, new RegExp(`^Job ${open.id} is not final .*change the record itself`));
    expect((await corrections()).length).toBe(before);
  });
});

describe('deciding a correction', () => {
  it('is approved by a second person only, and then applied with the quantities worked out again', async () => {
    const f = await destroyedJob();
    const asked = await as('chief', 'POST', '/corrections', { lineItemId: f.item.id, field: 'Percent Fill', value: '50', reason: 'The bottle was half full, not 60 %' });
    const id = asked.json().data[0].recordId;
    const before = await lineItem(f.item.id);
    expectProblem(await as('clerk', 'POST', `/correction/${id}/approve`, {}), 403, /APPROVE_CORRECTION privilege needed/);
    expectProblem(await as('chief', 'POST', `/correction/${id}/approve`, {}), 403, /you asked for this one, so another user/);
    expect(await lineItem(f.item.id)).toEqual(before);

    const approved = await as('second', 'POST', `/correction/${id}/approve`, { note: 'Checked against the scale ticket' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data[0].fieldData).toMatchObject({ Status: 'applied', 'Decided By': 'second', 'Decision Note': 'Checked against the scale ticket', 'Old Value': '60.00%', 'New Value': '50.00%' });
    const after = await lineItem(f.item.id);
    expect(Number(after.percent_fill)).toBe(0.5);
    // 2 bottles × 100 tablets × 50 %: the reported quantity follows the corrected fill.
    expect(Number(after.reporting_qty)).not.toBe(Number(before.reporting_qty));
    expect(after.modified_by).toBe('second');
    const audit = await t.db.selectFrom('audit_log').select(['action', 'username']).where('entity', '=', 'line-item').where('record_id', '=', String(f.item.id)).orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['request-correction', 'correct', 'approve-correction']);
    const history = JSON.stringify((await as('reader', 'GET', `/line-item/${f.item.id}/history`)).json());
    expect(history).toMatch(/Corrected \(an approved correction\)/);
    expect(history).toMatch(/approved and applied: Percent Fill from 60.00% to 50.00%/);

    expectProblem(await as('clerk', 'POST', `/correction/${id}/reject`, {}), 403, /APPROVE_CORRECTION/);
    expectProblem(await as('second', 'POST', `/correction/${id}/reject`, {}), 409, new RegExp(`^Correction ${id} is applied already`));
    expectProblem(await as('second', 'POST', '/correction/999999/approve', {}), 404, /There is no correction 999999/);
  });

  it('is rejected with a note, and the record stays as it was', async () => {
    const f = await destroyedJob();
    const id = (await as('clerk', 'POST', '/corrections', { lineItemId: f.item.id, field: 'Lot Number', value: 'LOT-9', reason: 'Typo' })).json().data[0].recordId;
    const before = await lineItem(f.item.id);
    const res = await as('second', 'POST', `/correction/${id}/reject`, { note: 'The lot on the bottle is right' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0].fieldData).toMatchObject({ Status: 'rejected', 'Status Text': 'Rejected', 'Decision Note': 'The lot on the bottle is right' });
    expect(await lineItem(f.item.id)).toEqual(before);
    expectProblem(await as('second', 'POST', `/correction/${id}/approve`, {}), 409, /rejected already/);
  });

  it('is refused when the record changed since it was asked, and stays pending', async () => {
    const f = await destroyedJob();
    const id = (await as('clerk', 'POST', '/corrections', { lineItemId: f.item.id, field: 'Pack Quantity', value: '3', reason: 'Recount' })).json().data[0].recordId;
    const other = (await as('clerk', 'POST', '/corrections', { lineItemId: f.item.id, field: 'Pack Quantity', value: '4', reason: 'Recount again' })).json().data[0].recordId;
    expect((await as('second', 'POST', `/correction/${other}/approve`, {})).statusCode).toBe(200);
    expectProblem(
      await as('second', 'POST', `/correction/${id}/approve`, {}),
      409,
      new RegExp(`^Correction ${id} was asked when Pack Quantity was 2; it is now 4\\. Reject it and ask again`),
    );
    expect((await lineItem(f.item.id)).pack_quantity).toBe(4);
    expect((await corrections()).find((c) => String(c.id) === id)?.status).toBe('pending');
  });

  it("corrects a job's Date Destroyed, keeping the destruction record's rules", async () => {
    const f = await destroyedJob();
    const early = (await as('clerk', 'POST', '/corrections', { jobId: f.job.id, field: 'Date Destroyed', value: '05/01/2026', reason: 'Wrong month' })).json().data[0].recordId;
    expectProblem(await as('second', 'POST', `/correction/${early}/approve`, {}), 422, /destroyed|received/i);
    const right = await as('clerk', 'POST', '/corrections', { jobId: f.job.id, field: 'Date Destroyed', value: '06/17/2026', reason: 'The witness log says the 17th' });
    expect(right.json().data[0].fieldData).toMatchObject({ 'Line Item ID': '', 'Old Value': '06/18/2026', 'New Value': '06/17/2026' });
    expect((await as('second', 'POST', `/correction/${right.json().data[0].recordId}/approve`, {})).statusCode).toBe(200);
    const job = await t.db.selectFrom('jobs').select(['date_destroyed']).where('id', '=', f.job.id).executeTakeFirstOrThrow();
    expect(String(job.date_destroyed).slice(0, 10)).toBe('2026-06-17');
    expect(JSON.stringify((await as('reader', 'GET', `/job/${f.job.id}/history`)).json())).toMatch(/Date Destroyed from 06\/18\/2026 to 06\/17\/2026/);
  });

  it('is kept by the database: never deleted, never rewritten, decided once', async () => {
    const f = await destroyedJob();
    await as('clerk', 'POST', '/corrections', { lineItemId: f.item.id, field: 'Pack Size', value: '90', reason: 'Ninety-count bottle' });
    const [row] = await t.db.selectFrom('corrections').select('id').where('line_item_id', '=', f.item.id).execute();
    await expect(t.db.deleteFrom('corrections').where('id', '=', row!.id).execute()).rejects.toThrow(/kept record/);
    await expect(t.db.updateTable('corrections').set({ reason: 'Something else' }).where('id', '=', row!.id).execute()).rejects.toThrow(/kept record/);
    await expect(t.db.updateTable('corrections').set({ status: 'applied', decided_by: 'clerk', decided_at: new Date() }).where('id', '=', row!.id).execute()).rejects.toThrow();
  });
});

describe('a correction in the next ARCOS report', () => {
  it('goes out as a deletion of what was reported and an insertion of what the records now say', async () => {
    await t.db.updateTable('settings').set({ dea_number: 'RD1234563', dea_regional_number: 'DR7654321', arcos_frequency: 'quarterly' }).where('id', '=', 1).execute();
    const f = await destroyedJob();
    // Before any report there is nothing to check against.
    expect((await as('reader', 'GET', '/reports/arcos/check')).json()).toEqual({ known: false, nextPeriod: '', pending: 0, reports: [] });
    const q2 = await as('keeper', 'POST', '/reports/arcos', { period: '2026-Q2' });
    expect(q2.statusCode, q2.body).toBe(200);
    const q2Id = q2.json().data[0].recordId;
    const check = async () => (await as('reader', 'GET', '/reports/arcos/check')).json();
    expect(await check()).toEqual({ known: true, nextPeriod: 'Q3 2026 (July–September)', pending: 0, reports: [{ recordId: q2Id, corrections: 0 }] });
    const id = (await as('clerk', 'POST', '/corrections', { lineItemId: f.item.id, field: 'Pack Quantity', value: '3', reason: 'Recount' })).json().data[0].recordId;
    expect((await as('second', 'POST', `/correction/${id}/approve`, {})).statusCode).toBe(200);
    // The Q2 report no longer says what the records say: its P and Y go out again, deleted and inserted.
    expect(await check()).toMatchObject({ known: true, pending: 4, reports: [{ recordId: q2Id, corrections: 4 }] });
    const q3 = await as('keeper', 'POST', '/reports/arcos', { period: '2026-Q3' });
    expect(q3.statusCode, q3.body).toBe(200);
    const download = await t.app.inject({ method: 'GET', url: q3.json().data[0].fieldData.Container });
    const records = download.body.split('\r\n').filter((line) => line.includes(String(f.item.id).padStart(10, '0')));
    // Position 10 is the transaction code, 11 the action indicator (ARCOS handbook appendix 1).
    const actions = records.map((r) => `${r[10]}${r[9]}`).sort();
    expect(actions).toEqual(['DP', 'DY', 'IP', 'IY']);
    // Once the Q3 report carried the corrections, both match the records.
    expect((await check()).reports.map((r: { corrections: number }) => r.corrections)).toEqual([0, 0]);
  });
});
