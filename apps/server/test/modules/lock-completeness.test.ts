import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobStatus } from '@3ds/domain';
import { createUser } from '../support/factories.ts';
import { confirmDestructionWitnesses, createContainer, createJob, createLineItem, createOrderForm, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Nothing incomplete gets locked: a job, a container or a line item is locked only once every line
 * item it holds has what DEA Form 41 and ARCOS need; otherwise 409 INCOMPLETE lists each item and
 * what it lacks, and nothing changes. Pack Qty is required where the NDC is complete and the
 * container standard (422, as the form's other rules).
 */
let t: TestApp;
let regId: number;

beforeAll(async () => {
  // Rows are set straight in the database here: answers are read afresh, not kept (the answer cache has its own tests).
  t = await buildTestApp({ env: { ANSWER_CACHE_MB: '0' } });
  await createUser(t.db, {
    username: 'boss',
    privileges: ['CREATE_LINE_ITEM', 'LOCK_JOB', 'UNLOCK_JOB', 'LOCK_CONTAINER', 'UNLOCK_CONTAINER', 'LOCK_LINE_ITEM', 'UNLOCK_LINE_ITEM', 'CREATE_JOB'],
  });
  await t.db
    .insertInto('ndc_dictionary')
    .values([
      { ndc: '00406-0552-01', schedule: '2', trade_name: 'OXYCODONE HCL 5 MG', strength: '5 MG', form: 'Tablet', package_size: 100, package_size_uom: 'U', ingredient_base_weight: 0.44816, trade_package: true },
      { ndc: '00591-0385-01', schedule: '4', trade_name: 'DIAZEPAM 5 MG', package_size: 100, package_size_uom: 'U', trade_package: true },
      { ndc: '12345-0002-**', schedule: '4', trade_name: 'DIAZEPAM TABLETS (BULK)', bulk_dosage_formulation: true },
      { ndc: '12345-0003-**', schedule: '4', trade_name: 'DIAZEPAM RAW LIQUID', bulk_raw_liquid: true },
    ] as never)
    .execute();
  regId = (await createRegistration(t.db, { schedule_2: true, schedule_4: true, expiration_date: '2099-01-01' })).id;
});
afterAll(() => t.close());

type Method = 'POST' | 'PATCH' | 'GET';
const call = (method: Method, url: string, payload?: unknown) =>
  t.injectAs('boss', { method, url: `/3ds/api${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A job with a standard container (and a Yellow Bucket one) holding one complete line item each. */
async function job() {
  const created = await createJob(t.db, { registration_id: regId, status: 'Open' });
  const box = await createContainer(t.db, { job_id: created.id, name: 'Box A' });
  const yb = await createContainer(t.db, { job_id: created.id, kind: 'yellow_bucket', name: 'Drum B' });
  await createLineItem(t.db, { container_id: box.id, ndc: '00406-0552-01', ndc_schedule: '2', pack_quantity: 2, form_222_number: 'AB1234567' });
  await createLineItem(t.db, { container_id: yb.id, ndc: '00591-0385-01', ndc_schedule: '4', pack_quantity: 1 });
  return { id: created.id, box, yb };
}

const jobLocked = async (id: number) => (await t.db.selectFrom('jobs').select('locked').where('id', '=', id).executeTakeFirstOrThrow()).locked;
const lockAudits = (entity: string, id: number) =>
  t.db.selectFrom('audit_log').select('action').where('entity', '=', entity).where('record_id', '=', String(id)).where('action', '=', 'lock').execute();

describe('lock of a job', () => {
  it('locks a job whose line items are complete', async () => {
    const { id } = await job();
    const res = await call('PATCH', `/job/lock/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await jobLocked(id)).toBe(true);
  });

  it('refuses (409 INCOMPLETE) while a line item lacks what Form 41 and ARCOS need, listing each, and locks nothing', async () => {
    const { id, box, yb } = await job();
    const noQty = await createLineItem(t.db, { container_id: box.id, ndc: '00591-0385-01', ndc_schedule: '4', lot_number: 'L-77', pack_quantity: null });
    const no222 = await createLineItem(t.db, { container_id: yb.id, ndc: '00406-0552-01', ndc_schedule: '2', pack_quantity: 1, form_222_number: null });
    const res = await call('PATCH', `/job/lock/${id}`);
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.code).toBe('INCOMPLETE');
    expect(body.title).toBe(`Job ${id} was not locked`);
    expect(body.message).toBe(`Job ${id} cannot be locked: it holds 2 line items that lack what DEA Form 41 and ARCOS need. Complete them, then lock again.`);
    expect(body.incomplete).toEqual([
      {
        recordId: String(noQty.id),
        yellowBucket: false,
        containerId: String(box.id),
        containerName: 'Box A',
        ndc: '00591-0385-01',
        lot: 'L-77',
        problems: ['Pack Qty is empty: Form 41 counts the full packages destroyed'],
      },
      {
        recordId: String(no222.id),
        yellowBucket: true,
        containerId: String(yb.id),
        containerName: 'Drum B',
        ndc: '00406-0552-01',
        lot: '',
        problems: ['Schedule 2 receipt without its DEA Form 222 number'],
      },
    ]);
    expect(body.details).toEqual([
      `Line item ${noQty.id} (NDC 00591-0385-01, lot L-77, container Box A): Pack Qty is empty: Form 41 counts the full packages destroyed`,
      `Yellow Bucket line item ${no222.id} (NDC 00406-0552-01, container Drum B): Schedule 2 receipt without its DEA Form 222 number`,
    ]);
    expect(await jobLocked(id)).toBe(false);
    expect(await lockAudits('job', id)).toEqual([]);

    // Completed through the edit, the job locks.
    expect((await call('PATCH', `/line-items/update-line-item/${noQty.id}`, { fieldData: { 'Pack Quantity': 4 } })).statusCode).toBe(200);
    // Received on an executed Form 222 of the register (its line 1 orders the item's NDC).
    const form = await createOrderForm(t.db, { registration_id: regId, status: 'executed' });
    const received = await call('PATCH', `/yb-line-items/update-line-item/${no222.id}`, { fieldData: { 'Form 222 Number': form.form_number, 'Form 222 Line': 1 } });
    expect(received.statusCode, received.body).toBe(200);
    expect((await call('PATCH', `/job/lock/${id}`)).statusCode).toBe(200);
    expect(await jobLocked(id)).toBe(true);
  });

  it('names a raw bulk liquid the dictionary cannot weigh, and a quantity ARCOS cannot write', async () => {
    const { id, box } = await job();
    // Bulk tablets without a base weight are counted on Form 41: complete.
    await createLineItem(t.db, { container_id: box.id, ndc: '12345-0002-**', ndc_schedule: '4', pack_quantity: 1, pack_size: 100, pack_size_uom: 'U' });
    const bulk = await createLineItem(t.db, { container_id: box.id, ndc: '12345-0003-**', ndc_schedule: '4', pack_quantity: 1, pack_size: 100, pack_size_uom: 'mL' });
    const decimal = await createLineItem(t.db, { container_id: box.id, ndc: '00406-0552-01', ndc_schedule: '2', pack_quantity: 1.5, form_222_number: 'AB1234567' });
    const res = await call('PATCH', `/job/lock/${id}`);
    expect(res.statusCode).toBe(409);
    const problems = Object.fromEntries((res.json().incomplete as { recordId: string; problems: string[] }[]).map((i) => [i.recordId, i.problems]));
    expect(problems).toEqual({
      [bulk.id]: ['Pack Size UoM "mL" is not a weight and the NDC has no density: Form 41 cannot weigh this bulk item (enter the amount in mcg, mg, g or kg)'],
      [decimal.id]: ['Pack Quantity 1.5 is not a whole number of packages'],
    });
  });

  it('refuses a job on a State licence holding a controlled line item written before the rule, naming the licence', async () => {
    const licence = await createRegistration(t.db, { registration_number: 'AR-HPH-246583', license_type: 'State', federal_agency: null, schedule_2: true, schedule_4: true });
    const created = await createJob(t.db, { registration_id: licence.id, status: 'Open' });
    const box = await createContainer(t.db, { job_id: created.id, name: 'Box S' });
    const item = await createLineItem(t.db, { container_id: box.id, ndc: '00406-0552-01', ndc_schedule: '2', pack_quantity: 2, form_222_number: 'AB1234567' });
    const res = await call('PATCH', `/job/lock/${created.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('INCOMPLETE');
    expect(res.json().details).toEqual([expect.stringContaining(`Line item ${item.id} (NDC 00406-0552-01`)]);
    expect(res.json().details[0]).toContain('Registration AR-HPH-246583 is a State licence, not a DEA registration');
    expect(await jobLocked(created.id)).toBe(false);
  });

  it('unlocks whatever its line items hold', async () => {
    const { id, box } = await job();
    await t.db.updateTable('jobs').set({ locked: true }).where('id', '=', id).execute();
    await createLineItem(t.db, { container_id: box.id, pack_quantity: null });
    expect((await call('PATCH', `/job/unlock/${id}`, { reason: 'A line item to complete' })).statusCode).toBe(200);
  });
});

describe('lock of a container and of a line item', () => {
  it('refuses a container holding an incomplete line item, and locks it once complete', async () => {
    const { box, yb } = await job();
    const item = await createLineItem(t.db, { container_id: box.id, ndc: '00591-0385-01', ndc_schedule: '4', pack_size: null });
    const res = await call('PATCH', `/container/lock/${box.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'INCOMPLETE', title: `Container ${box.id} was not locked`, incomplete: [{ recordId: String(item.id), problems: ['Pack Size is empty: Form 41 needs the units in one package'] }] });
    expect(res.json().message).toContain(`Container ${box.id} cannot be locked: it holds a line item that lacks`);
    expect(await lockAudits('container', box.id)).toEqual([]);
    // The Yellow Bucket container beside it is complete.
    expect((await call('PATCH', `/yb-container/lock/${yb.id}`)).statusCode).toBe(200);
    await t.db.updateTable('line_items').set({ pack_size: 100 }).where('id', '=', item.id).execute();
    expect((await call('PATCH', `/container/lock/${box.id}`)).statusCode).toBe(200);
  });

  it('refuses a line item lacking what the documents need', async () => {
    const { box } = await job();
    const item = await createLineItem(t.db, { container_id: box.id, ndc: '00406-0552-01', ndc_schedule: '2', pack_quantity: 1, form_222_number: '12' });
    const res = await call('PATCH', `/line-item/lock/${item.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'INCOMPLETE',
      title: `Line item ${item.id} was not locked`,
      message: `Line item ${item.id} cannot be locked: it lacks what DEA Form 41 and ARCOS need. Complete it, then lock it.`,
      incomplete: [{ recordId: String(item.id), problems: ['Form 222 number "12" is not the 9 characters of an order form number'] }],
    });
  });
});

describe('bulk lock', () => {
  it('locks the complete line items and refuses each incomplete one, listing it', async () => {
    const { box } = await job();
    const good = await createLineItem(t.db, { container_id: box.id, ndc: '00591-0385-01', ndc_schedule: '4', pack_quantity: 3 });
    const bad = await createLineItem(t.db, { container_id: box.id, ndc: '00591-0385-01', ndc_schedule: '4', pack_quantity: null });
    const res = await call('POST', '/line-items/bulk', { action: 'lock', ids: [good.id, bad.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().done).toBe(1);
    expect(res.json().refused).toEqual([
      expect.objectContaining({
        recordId: String(bad.id),
        code: 'INCOMPLETE',
        incomplete: [expect.objectContaining({ recordId: String(bad.id), problems: ['Pack Qty is empty: Form 41 counts the full packages destroyed'] })],
      }),
    ]);
    const locked = await t.db.selectFrom('line_items').select(['id', 'locked']).where('id', 'in', [good.id, bad.id]).orderBy('id').execute();
    expect(locked).toEqual([
      { id: good.id, locked: true },
      { id: bad.id, locked: false },
    ]);
  });

  it('refuses a container holding an incomplete line item and locks the others', async () => {
    const first = await job();
    const second = await job();
    await createLineItem(t.db, { container_id: second.box.id, pack_quantity: null, ndc: '00591-0385-01', ndc_schedule: '4' });
    const res = await call('POST', '/containers/bulk', { action: 'lock', ids: [first.box.id, second.box.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ done: 1, refused: [{ recordId: String(second.box.id), code: 'INCOMPLETE', incomplete: [{ containerId: String(second.box.id) }] }] });
  });
});

describe('Pack Qty of a complete NDC in a standard container', () => {
  it('is required when the line item is added (422), and defaults to 1 in a Yellow Bucket', async () => {
    const { box, yb } = await job();
    const res = await call('POST', '/line-item/new', { containerId: box.id, ndc: '00591-0385-01' });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual(['Pack Quantity is required']);
    const yellow = await call('POST', '/yb-line-item/new', { containerId: yb.id, ndc: '00591-0385-01' });
    expect(yellow.statusCode, yellow.body).toBe(200);
    const bulk = await call('POST', '/line-item/new', { containerId: box.id, ndc: '12345-0002-**', packSize: 100, packSizeUoM: 'U' });
    expect(bulk.statusCode, bulk.body).toBe(200);
  });

  it('cannot be emptied by an edit (422), and nothing changes', async () => {
    const { box } = await job();
    const item = await createLineItem(t.db, { container_id: box.id, ndc: '00591-0385-01', ndc_schedule: '4', pack_quantity: 2 });
    const res = await call('PATCH', `/line-items/update-line-item/${item.id}`, { fieldData: { 'Pack Quantity': null } });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toContain('Pack Quantity is required');
    expect((await t.db.selectFrom('line_items').select('pack_quantity').where('id', '=', item.id).executeTakeFirstOrThrow()).pack_quantity).toBe(2);
  });
});

describe('the final Form 41', () => {
  it('is refused for a locked job holding a line item it cannot count, with the same list', async () => {
    const { id, box } = await job();
    const item = await createLineItem(t.db, { container_id: box.id, ndc: '00591-0385-01', ndc_schedule: '4', pack_quantity: null, lot_number: 'NOQTY' });
    await t.db.updateTable('jobs').set({ locked: true }).where('id', '=', id).execute();
    const res = await call('POST', `/job/${id}/documents/form-41`);
    expect(res.statusCode).toBe(409);
    // Our registration is not in Settings here: that refusal comes first.
    expect(res.json().message).toBe('Enter our registration in Settings first');
    await t.db
      .updateTable('settings')
      .set({ registrant_name: 'Tristate Returns LLC', dea_number: 'RT1234563', address_line_1: '1 Dock Rd', city: 'Dayton', state: 'OH', zip: '45402' })
      .execute();
    await t.db
      .updateTable('jobs')
      .set({ date_received: '2025-01-02', date_destroyed: '2025-01-03', disposal_method: 'Incineration', destruction_facility: 'Plant', destruction_facility_address: '2 Kiln Rd', destruction_witness_1: 'A B', destruction_witness_2: 'C D' })
      .where('id', '=', id)
      .execute();
    await confirmDestructionWitnesses(t.db, id);
    const refused = await call('POST', `/job/${id}/documents/form-41`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'INCOMPLETE',
      title: `The DEA Form 41 of job ${id} was not made`,
      incomplete: [{ recordId: String(item.id), lot: 'NOQTY', problems: ['Pack Qty is empty: Form 41 counts the full packages destroyed'] }],
    });
    expect(refused.json().message).toContain('Unlock the job, complete it, and lock it again.');
  });
});

describe('GET …/{id}/lock-check', () => {
  it('lists what keeps a job, container or line item from being locked, as the lock would', async () => {
    const { id, box, yb } = await job();
    const item = await createLineItem(t.db, { container_id: box.id, ndc: '00591-0385-01', ndc_schedule: '4', pack_quantity: null });
    const jobCheck = await call('GET', `/job/${id}/lock-check`);
    expect(jobCheck.statusCode, jobCheck.body).toBe(200);
    expect(jobCheck.json()).toEqual({
      incomplete: [{ recordId: String(item.id), yellowBucket: false, containerId: String(box.id), containerName: 'Box A', ndc: '00591-0385-01', lot: '', problems: ['Pack Qty is empty: Form 41 counts the full packages destroyed'] }],
    });
    expect((await call('GET', `/jobs/${id}/lock-check`)).json()).toEqual(jobCheck.json());
    expect((await call('GET', `/container/${box.id}/lock-check`)).json().incomplete).toHaveLength(1);
    expect((await call('GET', `/yb-container/${yb.id}/lock-check`)).json()).toEqual({ incomplete: [] });
    expect((await call('GET', `/line-item/${item.id}/lock-check`)).json().incomplete).toHaveLength(1);
    // What the check lists is what the lock refuses.
    const refused = await call('PATCH', `/job/lock/${id}`);
    expect(refused.json().incomplete).toEqual(jobCheck.json().incomplete);
  });

  it('answers 404 for a record that does not exist or is of the other kind, 400 for a malformed id', async () => {
    const { box } = await job();
    expect((await call('GET', '/job/999999/lock-check')).statusCode).toBe(404);
    expect((await call('GET', `/yb-container/${box.id}/lock-check`)).statusCode).toBe(404);
    expect((await call('GET', '/line-item/abc/lock-check')).statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    const { id } = await job();
    expect((await t.app.inject({ method: 'GET', url: `/3ds/api/job/${id}/lock-check` })).statusCode).toBe(401);
  });
});

describe('bulk dry run', () => {
  it('answers what a bulk lock would do and refuse, and changes nothing', async () => {
    const { id, box } = await job();
    const good = await createLineItem(t.db, { container_id: box.id, ndc: '00591-0385-01', ndc_schedule: '4', pack_quantity: 3 });
    const bad = await createLineItem(t.db, { container_id: box.id, ndc: '00591-0385-01', ndc_schedule: '4', pack_quantity: null });
    const locked = await createLineItem(t.db, { container_id: box.id, locked: true });
    const auditsBefore = await t.db.selectFrom('audit_log').select(({ fn }) => fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const body = { action: 'lock', ids: [good.id, bad.id, locked.id] };
    const dry = await call('POST', '/line-items/bulk', { ...body, dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().done).toBe(1);
    expect(dry.json().refused.map((r: { recordId: string; code: string }) => [r.recordId, r.code])).toEqual([
      [String(bad.id), 'INCOMPLETE'],
      [String(locked.id), 'LOCKED'],
    ]);
    const rows = await t.db.selectFrom('line_items').select(['id', 'locked']).where('job_id', '=', id).orderBy('id').execute();
    expect(rows.filter((r) => r.locked).map((r) => r.id)).toEqual([locked.id]);
    const auditsAfter = await t.db.selectFrom('audit_log').select(({ fn }) => fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(auditsAfter.n).toBe(auditsBefore.n);
    // The real request does what the dry run said.
    const real = await call('POST', '/line-items/bulk', body);
    expect({ done: real.json().done, refused: real.json().refused.map((r: { recordId: string }) => r.recordId) }).toEqual({
      done: dry.json().done,
      refused: dry.json().refused.map((r: { recordId: string }) => r.recordId),
    });
  });

  it('is not for export, and must be a boolean (400)', async () => {
    const { box } = await job();
    expect((await call('POST', '/containers/bulk', { action: 'export', ids: [box.id], fileType: 'xlsx', dryRun: true })).statusCode).toBe(400);
    expect((await call('POST', '/containers/bulk', { action: 'lock', ids: [box.id], dryRun: 'yes' })).statusCode).toBe(400);
  });

  it('needs the action’s privilege, as the action does (403)', async () => {
    await createUser(t.db, { username: 'nolock', privileges: ['CREATE_LINE_ITEM'] });
    const { box } = await job();
    const res = await t.injectAs('nolock', { method: 'POST', url: '/3ds/api/containers/bulk', payload: { action: 'lock', ids: [box.id], dryRun: true } });
    expect(res.statusCode).toBe(403);
  });
});

describe('lock state reads the same everywhere', () => {
  it('a locked job’s status is not "Open", in the record and the list; its stage shows once past it', async () => {
    const { id } = await job();
    const status = async () => (await call('GET', `/job/${id}`)).json().data[0].fieldData.Status;
    expect(await status()).toBe('Open');
    expect((await call('PATCH', `/job/lock/${id}`)).json().data[0].fieldData.Status).toBe('Locked');
    const list = await call('GET', `/jobs?searchCriteria=${encodeURIComponent(JSON.stringify([{ criteria: { __PKJobID: `==${id}` } }]))}`);
    expect(list.json().data[0].fieldData.Status).toBe('Locked');
    expect((await call('PATCH', `/job/unlock/${id}`, { reason: 'A line item to complete' })).statusCode).toBe(200);
    expect(await status()).toBe('Open');
    await t.db.updateTable('jobs').set({ status: 'Destroyed', locked: true }).where('id', '=', id).execute();
    expect(await status()).toBe('Destroyed');
  });

  it('the Status field is jobStatus of the domain, and can be found', async () => {
    const { id } = await job();
    for (const [status, locked] of [['Open', true], ['Open', false], [null, true], ['', false], ['In Vault', true]] as const) {
      await t.db.updateTable('jobs').set({ status, locked }).where('id', '=', id).execute();
      const shown = (await call('GET', `/job/${id}`)).json().data[0].fieldData.Status;
      expect(shown).toBe(jobStatus(status, locked));
    }
    await t.db.updateTable('jobs').set({ status: 'Open', locked: true }).where('id', '=', id).execute();
    const found = await call('GET', `/jobs?searchCriteria=${encodeURIComponent(JSON.stringify([{ criteria: { Status: '==Locked', __PKJobID: `==${id}` } }]))}`);
    expect(found.json().dataInfo.foundCount).toBe(1);
  });
});
