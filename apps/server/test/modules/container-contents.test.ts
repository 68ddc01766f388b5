import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createContainer, createJob, createLineItem } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * What a person entering packages sees of them: the product an NDC stands for (the line item form
 * shows it, from the NDC lookup), and what tells the packages of a container apart (its Line Items
 * portal: pack quantity and size, lot, expiry and serial).
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'clerk', privileges: ['CREATE_LINE_ITEM'] });
  await t.db
    .insertInto('ndc_dictionary')
    .values([
      { ndc: '00406-0552-01', schedule: '2', trade_name: 'OXYCODONE HCL', strength: '5 MG', form: 'TABLET', package_description: '100 TABLET in 1 BOTTLE', package_size: 100, package_size_uom: 'U', trade_package: true },
      { ndc: '00591-0385-01', schedule: '4', trade_name: 'DIAZEPAM', package_size: 100, package_size_uom: 'U', trade_package: true },
    ] as never)
    .execute();
});
afterAll(() => t.close());

const get = (url: string) => t.injectAs('clerk', { method: 'GET', url: `/3ds/api${url}` });

describe('the NDC lookup names the product', () => {
  it('answers its trade name, strength, form and package', async () => {
    const res = await get('/ndc/lookup/00406-0552-01');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ tradeName: 'OXYCODONE HCL', strength: '5 MG', form: 'TABLET', packageDescription: '100 TABLET in 1 BOTTLE', packSizeLookup: 100, packSizeUoMLookup: 'U' });
  });

  it('answers what the dictionary does not say as empty text', async () => {
    expect((await get('/ndc/lookup/00591-0385-01')).json()).toMatchObject({ tradeName: 'DIAZEPAM', strength: '', form: '', packageDescription: '' });
  });

  it('comes with a scan that resolves to one NDC', async () => {
    const res = await get(`/ndc/resolve?code=${encodeURIComponent('00406055201')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().lookup).toMatchObject({ tradeName: 'OXYCODONE HCL', strength: '5 MG', form: 'TABLET' });
  });
});

describe("a container's line items", () => {
  it('answer pack quantity and size, lot, expiry and serial beside the NDC', async () => {
    const job = await createJob(t.db, {});
    const container = await createContainer(t.db, { job_id: job.id });
    const full = await createLineItem(t.db, {
      container_id: container.id,
      pack_quantity: 3,
      pack_size: 100,
      pack_size_uom: 'U',
      lot_number: 'A123',
      expiration_date: '2027-05-31',
      serial_number: 'SN-9',
    });
    const bare = await createLineItem(t.db, { container_id: container.id, pack_quantity: null, pack_size: null, pack_size_uom: null });
    const res = await get(`/container/${container.id}`);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data[0].portalData.LineItems as Record<string, unknown>[];
    expect(rows.map((row) => row['LineItems::id'])).toEqual([full.id, bare.id]);
    expect(rows[0]).toMatchObject({
      'LineItems::Pack Quantity': 3,
      'LineItems::Pack Size': 100,
      'LineItems::Pack Size UoM': 'U',
      'LineItems::Lot Number': 'A123',
      'LineItems::Expiration Date': '05/31/2027',
      'LineItems::Serial Number': 'SN-9',
    });
    expect(rows[1]).toMatchObject({ 'LineItems::Pack Quantity': '', 'LineItems::Lot Number': '', 'LineItems::Expiration Date': '', 'LineItems::Serial Number': '' });
  });
});
