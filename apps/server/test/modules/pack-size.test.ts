import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createContainer, createJob, createLineItem, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A line item's pack size is held to its NDC's package unless a reason is given (rules/pack-size.ts,
 * docs/dea-paperwork.md "Pack size follows the NDC's package"): on create, edit, change of NDC and
 * correction. Every refusal writes nothing.
 */

let t: TestApp;
let registrationId: number;
const OXY = '00406-0552-01'; // bottle of 100 tablets
const OXY_500 = '00406-0552-05'; // bottle of 500 tablets
const NO_PACKAGE = '00406-0552-99'; // the dictionary gives no package size
const POWDER = '12345-0001-**';
const REASON = 'Repackaged by the pharmacy in bottles of 5,000';

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'clerk', privileges: ['CREATE_LINE_ITEM'], parentOrganization: 'Northwind Laboratories' });
  await createUser(t.db, { username: 'second', privileges: ['APPROVE_CORRECTION'] });
  await t.db
    .insertInto('ndc_dictionary')
    .values([
      { ndc: OXY, schedule: '2', trade_name: 'OXYCODONE HCL 5 MG', package_size: 100, package_size_uom: 'U', ingredient_base_weight: 0.44816, trade_package: true },
      { ndc: OXY_500, schedule: '2', trade_name: 'OXYCODONE HCL 5 MG', package_size: 500, package_size_uom: 'U', trade_package: true },
      { ndc: NO_PACKAGE, schedule: '2', trade_name: 'OXYCODONE HCL 5 MG', package_size: null, package_size_uom: null, trade_package: true },
      { ndc: POWDER, schedule: '2', trade_name: 'OXYCODONE HCL POWDER', bulk_raw_powder: true, labeler_organization: 'Northwind Laboratories' },
    ] as never)
    .execute();
  registrationId = (await createRegistration(t.db, { schedule_2: true, expiration_date: '2099-01-01' })).id;
});
afterAll(() => t.close());

const call = (user: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.injectAs(user, { method, url: `/3ds/api${url}`, ...(payload === undefined ? {} : { payload }) });

async function container(kind: 'standard' | 'yellow_bucket' = 'standard') {
  const job = await createJob(t.db, { registration_id: registrationId });
  return createContainer(t.db, { job_id: job.id, kind });
}
const row = (id: number | string) => t.db.selectFrom('line_items').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow();
const count = async (table: 'line_items' | 'audit_log') => Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const written = async () => ({ items: await count('line_items'), audit: await count('audit_log') });
const differs = (size: string, ndc = OXY, pkg = '100 U') => `Pack Size ${size} differs from the package of NDC ${ndc} (${pkg}): enter the package's size, or give the reason in Pack Size Reason.`;

describe('create', () => {
  it('refuses a pack size that is not the package without a reason (422, naming both), on every create route, writing nothing', async () => {
    const standard = await container();
    const bucket = await container('yellow_bucket');
    const before = await written();
    const attempts = [
      call('clerk', 'POST', '/line-item/new', { containerId: standard.id, ndc: OXY, packQuantity: 1, packSize: 5000, packSizeUoM: 'U' }),
      call('clerk', 'POST', '/yb-line-item/new', { containerId: bucket.id, ndc: OXY, packSize: '5000', packSizeUoM: 'U', packSizeReason: '  ' }),
      call('clerk', 'POST', '/line-item', { fieldData: { id_container: standard.id, 'NDC Number': OXY, 'Pack Quantity': 1, 'Pack Size': 5000 } }),
      call('clerk', 'POST', '/yb-line-item', { fieldData: { 'Container ID': bucket.id, 'NDC Number': OXY, 'Pack Size Web': 5000, 'Pack Size UoM Web': 'U' } }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode, res.body).toBe(422);
      // An omitted UoM is the package's: the size alone differs.
      expect(res.json().details).toEqual([differs('5,000 U')]);
    }
    const unit = await call('clerk', 'POST', '/line-item/new', { containerId: standard.id, ndc: OXY, packQuantity: 1, packSize: 100, packSizeUoM: 'mL' });
    expect(unit.json().message).toBe(differs('100 mL'));
    expect(await written()).toEqual(before);
  });

  it('keeps the reason given with another pack size, and answers it in fieldData', async () => {
    const standard = await container();
    const res = await call('clerk', 'POST', '/line-item/new', { containerId: standard.id, ndc: OXY, packQuantity: 1, packSize: 5000, packSizeUoM: 'U', packSizeReason: `  ${REASON} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(res.json().recordId)).toMatchObject({ pack_size: 5000, pack_size_reason: REASON, reporting_qty: 5000 });
    expect((await call('clerk', 'GET', `/line-item/${res.json().recordId}`)).json().data[0].fieldData).toMatchObject({ 'Pack Size': 5000, 'Pack Size Reason': REASON });
    const bucket = await container('yellow_bucket');
    const yb = await call('clerk', 'POST', '/yb-line-item', { fieldData: { 'Container ID': bucket.id, 'NDC Number': OXY, 'Pack Size Web': 250, 'Pack Size Reason': 'Sample bottle of 250' } });
    expect(yb.statusCode, yb.body).toBe(200);
    expect(await row(yb.json().recordId)).toMatchObject({ pack_size: 250, pack_size_reason: 'Sample bottle of 250' });
    // The audit row carries the reason with the rest of the line item.
    const audit = await t.db.selectFrom('audit_log').select(['after']).where('entity', '=', 'line-item').where('record_id', '=', String(res.json().recordId)).executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.after)).toContain(REASON);
  });

  it('takes the package when no pack size is sent, and the package in any way it is written, without a reason', async () => {
    const standard = await container();
    for (const entry of [{}, { packSize: '100.0', packSizeUoM: 'u' }, { packSize: 100, packSizeUoM: 'K' }]) {
      const res = await call('clerk', 'POST', '/line-item/new', { containerId: standard.id, ndc: OXY, packQuantity: 1, ...entry });
      expect(res.statusCode, `${JSON.stringify(entry)} ${res.body}`).toBe(200);
      expect(await row(res.json().recordId)).toMatchObject({ pack_size: 100, pack_size_reason: null });
    }
    // A reason given with the package itself is simply kept.
    const kept = await call('clerk', 'POST', '/line-item/new', { containerId: standard.id, ndc: OXY, packQuantity: 1, packSize: 100, packSizeUoM: 'U', packSizeReason: 'Checked against the label' });
    expect(await row(kept.json().recordId)).toMatchObject({ pack_size: 100, pack_size_reason: 'Checked against the label' });
  });

  it('asks no reason of a bulk NDC or an entry without a package size', async () => {
    const standard = await container();
    const bulk = await call('clerk', 'POST', '/line-item/new', { containerId: standard.id, ndc: POWDER, packSize: 2500, packSizeUoM: 'g', percentFill: 0.98 });
    expect(bulk.statusCode, bulk.body).toBe(200);
    const none = await call('clerk', 'POST', '/line-item/new', { containerId: standard.id, ndc: NO_PACKAGE, packQuantity: 1, packSize: 5000, packSizeUoM: 'U' });
    expect(none.statusCode, none.body).toBe(200);
    expect(await row(none.json().recordId)).toMatchObject({ pack_size: 5000, pack_size_reason: null });
  });

  it('refuses a reason of more than one line or 200 characters', async () => {
    const standard = await container();
    const before = await written();
    const long = await call('clerk', 'POST', '/line-item/new', { containerId: standard.id, ndc: OXY, packQuantity: 1, packSize: 5000, packSizeReason: 'x'.repeat(201) });
    expect(long.statusCode).toBe(422);
    expect(long.json().details).toEqual(['Pack Size Reason can be at most 200 characters']);
    const lines = await call('clerk', 'POST', '/line-item/new', { containerId: standard.id, ndc: OXY, packQuantity: 1, packSize: 5000, packSizeReason: 'Repackaged\nby us' });
    expect(lines.statusCode).toBe(422);
    expect(lines.json().message).toMatch(/^Pack Size Reason must be one line of text/);
    expect(await written()).toEqual(before);
  });
});

describe('edit', () => {
  it('refuses another pack size without a reason (422, nothing written), and takes it with one', async () => {
    const standard = await container();
    const item = await createLineItem(t.db, { container_id: standard.id, ndc: OXY, ndc_schedule: '2', pack_quantity: 2, pack_size: 100, pack_size_uom: 'U' });
    const before = { row: await row(item.id), ...(await written()) };
    const refused = await call('clerk', 'PATCH', `/line-item/${item.id}`, { fieldData: { 'Pack Size': 5000 } });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().details).toEqual([differs('5,000 U')]);
    const uom = await call('clerk', 'PATCH', `/line-items/update-line-item/${item.id}`, { fieldData: { 'Pack Size UoM': 'mL' } });
    expect(uom.json().details).toEqual([differs('100 mL')]);
    expect({ row: await row(item.id), ...(await written()) }).toEqual(before);

    const taken = await call('clerk', 'PATCH', `/line-item/${item.id}`, { fieldData: { 'Pack Size': 5000, 'Pack Size Reason': REASON } });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await row(item.id)).toMatchObject({ pack_size: 5000, pack_size_reason: REASON, reporting_qty: 10000 });
    // The reason stays with the pack size it explains; clearing it while the size differs is refused.
    expect((await call('clerk', 'PATCH', `/line-item/${item.id}`, { fieldData: { 'Pack Quantity': 3 } })).statusCode).toBe(200);
    const cleared = await call('clerk', 'PATCH', `/line-item/${item.id}`, { fieldData: { 'Pack Size Reason': '' } });
    expect(cleared.json().details).toEqual([differs('5,000 U')]);
    // Back to the package, the reason may go.
    expect((await call('clerk', 'PATCH', `/line-item/${item.id}`, { fieldData: { 'Pack Size': 100, 'Pack Size Reason': null } })).statusCode).toBe(200);
    expect(await row(item.id)).toMatchObject({ pack_size: 100, pack_size_reason: null });
    const history = JSON.stringify((await call('clerk', 'GET', `/line-item/${item.id}/history`)).json());
    expect(history).toContain('Pack Size Reason');
  });

  it('leaves an item written before the rule editable in its other fields, and holds it once its pack size is touched', async () => {
    const standard = await container();
    const old = await createLineItem(t.db, { container_id: standard.id, ndc: OXY, ndc_schedule: '2', pack_quantity: 1, pack_size: 5000, pack_size_uom: 'U' });
    expect((await call('clerk', 'PATCH', `/line-item/${old.id}`, { fieldData: { 'Lot Number': 'L-1', 'Pack Size': '5000.0', 'Pack Size UoM': 'U' } })).statusCode).toBe(200);
    expect((await call('clerk', 'PATCH', `/line-item/${old.id}`, { fieldData: { 'Pack Size': 4000 } })).json().details).toEqual([differs('4,000 U')]);
  });
});

describe('change of NDC', () => {
  it('a pack size taken from the old NDC\'s package follows the new one', async () => {
    const standard = await container();
    const item = await createLineItem(t.db, { container_id: standard.id, ndc: OXY, ndc_schedule: '2', pack_quantity: 2, pack_size: 100, pack_size_uom: 'U' });
    const res = await call('clerk', 'PATCH', `/line-item/edit/${item.id}`, { ndc: OXY_500 });
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(item.id)).toMatchObject({ ndc: OXY_500, pack_size: 500, pack_size_uom: 'U', reporting_qty: 1000 });
    // So through the edit's fieldData.
    const other = await createLineItem(t.db, { container_id: standard.id, ndc: OXY, ndc_schedule: '2', pack_quantity: 1, pack_size: 100, pack_size_uom: 'K' });
    expect((await call('clerk', 'PATCH', `/line-item/${other.id}`, { fieldData: { 'NDC Number': OXY_500 } })).statusCode).toBe(200);
    expect(await row(other.id)).toMatchObject({ ndc: OXY_500, pack_size: 500, pack_size_uom: 'U' });
  });

  it('holds another pack size to the new package: kept with its reason, refused without one', async () => {
    const standard = await container();
    const explained = await createLineItem(t.db, { container_id: standard.id, ndc: OXY, ndc_schedule: '2', pack_quantity: 1, pack_size: 5000, pack_size_uom: 'U', pack_size_reason: REASON });
    expect((await call('clerk', 'PATCH', `/line-item/edit/${explained.id}`, { ndc: OXY_500 })).statusCode).toBe(200);
    expect(await row(explained.id)).toMatchObject({ ndc: OXY_500, pack_size: 5000, pack_size_reason: REASON });

    const unexplained = await createLineItem(t.db, { container_id: standard.id, ndc: OXY, ndc_schedule: '2', pack_quantity: 1, pack_size: 5000, pack_size_uom: 'U' });
    const before = { row: await row(unexplained.id), ...(await written()) };
    const refused = await call('clerk', 'PATCH', `/line-item/edit/${unexplained.id}`, { ndc: OXY_500 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().details).toEqual([differs('5,000 U', OXY_500, '500 U')]);
    const sentSize = await call('clerk', 'PATCH', `/line-item/${unexplained.id}`, { fieldData: { 'NDC Number': OXY_500, 'Pack Size': 100 } });
    expect(sentSize.json().details).toEqual([differs('100 U', OXY_500, '500 U')]);
    expect({ row: await row(unexplained.id), ...(await written()) }).toEqual(before);
    const withReason = await call('clerk', 'PATCH', `/line-item/edit/${unexplained.id}`, { ndc: OXY_500, packSizeReason: REASON });
    expect(withReason.statusCode, withReason.body).toBe(200);
    expect(await row(unexplained.id)).toMatchObject({ ndc: OXY_500, pack_size: 5000, pack_size_reason: REASON });
    // The Edit NDC dialog sends the new package itself.
    const dialog = await createLineItem(t.db, { container_id: standard.id, ndc: OXY, ndc_schedule: '2', pack_quantity: 1, pack_size: 100, pack_size_uom: 'U' });
    expect((await call('clerk', 'PATCH', `/line-item/edit/${dialog.id}`, { ndc: OXY_500, packSize: 500, packSizeUoM: 'U' })).statusCode).toBe(200);
  });
});

describe('correction', () => {
  async function destroyedItem(overrides: { pack_size_reason?: string } = {}) {
    const job = await createJob(t.db, { registration_id: registrationId, date_received: '2026-05-20', date_destroyed: '2026-06-18' });
    const box = await createContainer(t.db, { job_id: job.id });
    return createLineItem(t.db, { container_id: box.id, job_id: job.id, ndc: OXY, ndc_schedule: '2', pack_quantity: 2, pack_size: 100, pack_size_uom: 'U', form_222_number: '231456789', ...overrides });
  }
  const correct = async (itemId: number, value: string) => {
    const asked = await call('clerk', 'POST', '/corrections', { lineItemId: itemId, field: 'Pack Size', value, reason: 'Counted the bottle' });
    expect(asked.statusCode, asked.body).toBe(201);
    return call('second', 'POST', `/correction/${asked.json().data[0].recordId}/approve`, {});
  };

  it('of Pack Size away from the package is refused at approval unless the item holds a reason', async () => {
    const item = await destroyedItem();
    const before = await row(item.id);
    const refused = await correct(item.id, '90');
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message).toBe(
      `Pack Size 90 U differs from the package of NDC ${OXY} (100 U) and the line item holds no Pack Size Reason, which a correction cannot add: correct Pack Size to the package's size, or reject this correction.`,
    );
    expect(await row(item.id)).toEqual(before);
    const explained = await destroyedItem({ pack_size_reason: 'Ninety-count sample bottle' });
    const approved = await correct(explained.id, '90');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await row(explained.id)).toMatchObject({ pack_size: 90 });
  });

  it('of another field of an item written before the rule is applied', async () => {
    const old = await destroyedItem();
    await t.db.updateTable('line_items').set({ pack_size: 5000 }).where('id', '=', old.id).execute();
    const asked = await call('clerk', 'POST', '/corrections', { lineItemId: old.id, field: 'Pack Quantity', value: '3', reason: 'Recount' });
    expect((await call('second', 'POST', `/correction/${asked.json().data[0].recordId}/approve`, {})).statusCode).toBe(200);
  });
});
