import { labelCode } from '@3ds/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createLineItem } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/** `GET /ndc/resolve?code=`: a scanned or typed code → the dictionary entries it stands for, or why not. */
let t: TestApp;
const GS = '\u001d';

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'clerk', privileges: ['CREATE_LINE_ITEM'], parentOrganization: 'Northwind Laboratories' });
  await createUser(t.db, { username: 'outsider' });
  await t.db
    .insertInto('ndc_dictionary')
    .values([
      { ndc: '00406-0552-01', schedule: '2', trade_name: 'OXYCODONE HCL 5 MG', strength: '5 MG', form: 'Tablet', package_size: 100, package_size_uom: 'U', trade_package: true },
      // Two of the three ways 5901141010 can be read exist: a real ambiguity.
      { ndc: '59011-0410-10', schedule: '2', trade_name: 'OXYCONTIN 10 MG', package_size: 100, package_size_uom: 'U', trade_package: true },
      { ndc: '05901-1410-10', schedule: '4', trade_name: 'OTHER PRODUCT', package_size: 30, package_size_uom: 'U', trade_package: true, removed_from_arcos: true },
      { ndc: '12345-0001-**', schedule: '2', trade_name: 'OXYCODONE HCL POWDER', bulk_raw_powder: true, labeler_organization: 'Northwind Laboratories' },
    ] as never)
    .execute();
});
afterAll(() => t.close());

const resolve = (code: string, user = 'clerk') => t.injectAs(user, { method: 'GET', url: `/3ds/api/ndc/resolve?code=${encodeURIComponent(code)}` });

describe('GET /ndc/resolve', () => {
  it('answers the one entry of an NDC whose configuration is known, from every written form', async () => {
    for (const code of ['00406-0552-01', '00406055201', '0406-0552-01']) {
      const res = await resolve(code);
      expect(res.statusCode, code).toBe(200);
      expect(res.json()).toMatchObject({ kind: 'ndc', ambiguous: false, entries: [{ ndc: '00406-0552-01', tradeName: 'OXYCODONE HCL 5 MG', schedule: '2', packageSize: 100, packageSizeUoM: 'U', removedFromArcos: false }] });
    }
  });

  it('reads a UPC-A and a GTIN: three readings of the digits, one of them in the dictionary', async () => {
    for (const code of ['304060552012', '00304060552012']) {
      const res = await resolve(code);
      expect(res.json()).toMatchObject({ kind: 'ndc', digits: '0406055201', gtin: '00304060552012', ambiguous: false, entries: [{ ndc: '00406-0552-01' }] });
    }
  });

  it('answers the lot, expiration date (MM/DD/YYYY) and serial of a DataMatrix element string', async () => {
    const res = await resolve(`]d20100304060552012172706301OLOT-7${GS}21SN000123`.replace('1OLOT', '10LOT'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      kind: 'ndc',
      source: 'gs1',
      digits: '0406055201',
      gtin: '00304060552012',
      lot: 'LOT-7',
      expirationDate: '06/30/2027',
      serial: 'SN000123',
      ambiguous: false,
      entries: [{ ndc: '00406-0552-01', tradeName: 'OXYCODONE HCL 5 MG', schedule: '2', strength: '5 MG', form: 'Tablet', packageSize: 100, packageSizeUoM: 'U', removedFromArcos: false }],
      // The form opens for the one entry next: its lookup comes along, as GET /ndc/lookup answers it.
      lookup: (await t.injectAs('clerk', { method: 'GET', url: '/3ds/api/ndc/lookup/00406-0552-01' })).json(),
    });
  });

  it('says when ten bare digits match several entries, and flags one removed from ARCOS', async () => {
    const res = await resolve('5901141010');
    expect(res.json()).not.toHaveProperty('lookup');
    expect(res.json()).toMatchObject({
      kind: 'ndc',
      ambiguous: true,
      entries: [
        { ndc: '05901-1410-10', removedFromArcos: true },
        { ndc: '59011-0410-10', removedFromArcos: false },
      ],
    });
  });

  it("answers 404 with the digits read when the dictionary has no such NDC, and never shows another organisation's NDC", async () => {
    const missing = await resolve('1111-2222-33');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: "No NDC in the dictionary matches the code's digits 1111222233 (read as 01111-2222-33). Choose the NDC by hand.", details: ['01111-2222-33'] });
    const several = await resolve('9999999999');
    expect(several.json().message).toBe("No NDC in the dictionary matches the code's digits 9999999999 (read as 09999-9999-99, 99999-0999-99 or 99999-9999-09). Choose the NDC by hand.");
    expect((await resolve('12345-0001-**')).statusCode).toBe(200);
    expect((await resolve('12345-0001-**', 'outsider')).statusCode).toBe(404);
  });

  it('answers 422 with the reason when the code is not an NDC', async () => {
    const res = await resolve('304060552013');
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual(['The UPC-A 304060552013 has a wrong check digit (3; it should be 2): scan it again or type the NDC.']);
  });

  it("opens a 3DS label's line item, of either kind, and says when it is gone", async () => {
    const standard = await createLineItem(t.db, {});
    const yellow = await createLineItem(t.db, { kind: 'yellow_bucket' });
    expect((await resolve(labelCode(standard.id))).json()).toEqual({ kind: 'label', lineItemId: String(standard.id), yellowBucket: false });
    expect((await resolve(labelCode(yellow.id))).json()).toEqual({ kind: 'label', lineItemId: String(yellow.id), yellowBucket: true });
    expect((await resolve(labelCode(999_999))).statusCode).toBe(404);
  });

  it('needs a session and a code', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/3ds/api/ndc/resolve?code=00406-0552-01' })).statusCode).toBe(401);
    expect((await t.injectAs('clerk', { method: 'GET', url: '/3ds/api/ndc/resolve' })).statusCode).toBe(400);
    expect((await t.injectAs('clerk', { method: 'GET', url: '/3ds/api/ndc/resolve?code=x&other=1' })).statusCode).toBe(400);
  });
});
