import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createContainer, createJob, createLineItem, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * An inventory keeps what it counted (081_inventory_lines.sql), so a later change of the records shows
 * as a difference against it (GET /reports/inventory/{id}/differences) and never rewrites it. The
 * clock stands at 04/10/2026 10:00; the inventory is taken as of 04/01/2026 17:00.
 */
let t: TestApp;
const ids: Record<string, number> = {};
let jobId: number;
let containerId: number;

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.now = new Date('2026-04-10T10:00:00');
  await createUser(t.db, { username: 'clerk', privileges: ['CREATE_LINE_ITEM', 'DELETE_LINE_ITEM'] });
  await createUser(t.db, { username: 'keeper', privileges: ['MANAGE_SETTINGS'] });
  await t.db
    .updateTable('settings')
    .set({ registrant_name: 'Tristate Returns LLC', dea_number: 'RT1234563', address_line_1: '100 Industrial Pkwy', city: 'Columbus', state: 'OH', zip: '43215' })
    .where('id', '=', 1)
    .execute();
  await t.db
    .insertInto('ndc_dictionary')
    .values([
      { ndc: '00406-0552-01', schedule: '2', trade_name: 'OXYCODONE HCL', drug_code: '9143', strength: '5 MG', form: 'TABLET', package_size: 100, package_size_uom: 'U', ingredient_base_weight: 0.44816, trade_package: true },
      { ndc: '50580-0488-10', schedule: 'NC', trade_name: 'ACETAMINOPHEN', trade_package: true },
    ] as never)
    .execute();
  const client = await createRegistration(t.db, { registration_number: 'AB1234563' });
  jobId = (await createJob(t.db, { registration_id: client.id, name: 'Open', date_received: '2026-03-20' })).id;
  containerId = (await createContainer(t.db, { job_id: jobId, name: 'Tote A' })).id;
  const item = async (name: string, values: Record<string, unknown>) =>
    (ids[name] = (await createLineItem(t.db, { container_id: containerId, ndc: '00406-0552-01', ndc_schedule: '2', pack_size: 100, pack_size_uom: 'U', ...values })).id);
  await item('kept', { pack_quantity: 1, grams_of_base: 0.44816 });
  await item('recounted', { pack_quantity: 2, grams_of_base: 0.89632 });
  await item('deleted', { pack_quantity: 1, grams_of_base: 0.44816 });
  await item('apap', { ndc: '50580-0488-10', ndc_schedule: 'NC', pack_quantity: 4 });
});
afterAll(() => t.close());

const as = (user: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.injectAs(user, { method, url: `/3ds/api${url}`, ...(payload ? { payload } : {}) });

describe('an inventory against the records, later', () => {
  let inventoryId: string;

  it('keeps the controlled line items it counted, and matches the records when nothing changed', async () => {
    const taken = await as('keeper', 'POST', '/reports/inventory', { asOf: '04/01/2026 17:00' });
    expect(taken.statusCode, taken.body).toBe(200);
    inventoryId = taken.json().data[0].recordId;
    const kept = await t.db.selectFrom('inventory_lines').select(['line_item_id', 'pack_quantity']).where('inventory_id', '=', Number(inventoryId)).orderBy('line_item_id').execute();
    // The NC item is not a controlled substance: not counted.
    expect(kept.map((k) => k.line_item_id)).toEqual([ids.kept, ids.recounted, ids.deleted]);
    const res = await as('clerk', 'GET', `/reports/inventory/${inventoryId}/differences`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ inventory: inventoryId, asOf: '04/01/2026 17:00', counted: 3, known: true, differences: 0, notCounted: [], noLongerOnHand: [], changed: [] });
  });

  it('shows a recount, a deletion and a late entry as differences, and the inventory itself stays as taken', async () => {
    expect((await as('clerk', 'PATCH', `/line-item/${ids.recounted}`, { fieldData: { 'Pack Quantity': 3 } })).statusCode).toBe(200);
    expect((await as('clerk', 'DELETE', `/line-item/${ids.deleted}`)).statusCode).toBe(200);
    const late = await createLineItem(t.db, { container_id: containerId, ndc: '00406-0552-01', ndc_schedule: '2', pack_size: 100, pack_size_uom: 'U', pack_quantity: 5 });
    const body = (await as('clerk', 'GET', `/reports/inventory/${inventoryId}/differences`)).json();
    expect(body.differences).toBe(3);
    expect(body.notCounted.map((l: { lineItemId: number }) => l.lineItemId)).toEqual([late.id]);
    expect(body.noLongerOnHand.map((l: { lineItemId: number }) => l.lineItemId)).toEqual([ids.deleted]);
    expect(body.changed).toHaveLength(1);
    expect(body.changed[0].line.lineItemId).toBe(ids.recounted);
    expect(body.changed[0].changes).toContainEqual({ field: 'Pack Quantity', counted: '2', now: '3' });
    const kept = await t.db.selectFrom('inventory_lines').select(['line_item_id', 'pack_quantity']).where('inventory_id', '=', Number(inventoryId)).orderBy('line_item_id').execute();
    expect(kept.find((k) => k.line_item_id === ids.recounted)?.pack_quantity).toBe(2);
  });

  it('keeps its counted lines: never changed, never removed', async () => {
    await expect(t.db.deleteFrom('inventory_lines').where('inventory_id', '=', Number(inventoryId)).execute()).rejects.toThrow(/kept record/);
    await expect(t.db.updateTable('inventory_lines').set({ ndc: 'x' } as never).where('inventory_id', '=', Number(inventoryId)).execute()).rejects.toThrow(/kept record/);
  });

  it('answers 404 for an unknown inventory, 400 for a malformed id, 401 without a session', async () => {
    expect((await as('clerk', 'GET', '/reports/inventory/999999/differences')).statusCode).toBe(404);
    expect((await as('clerk', 'GET', '/reports/inventory/x1/differences')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/3ds/api/reports/inventory/${inventoryId}/differences` })).statusCode).toBe(401);
  });
});
