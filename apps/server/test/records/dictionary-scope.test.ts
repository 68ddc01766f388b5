import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'north', parentOrganization: 'Northwind Laboratories' });
  await createUser(t.db, { username: 'south', parentOrganization: 'Southgate Pharma' });
  await createUser(t.db, { username: 'nobody' });
  const entry = (ndc: string, name: string, organization: string | null, removed = false) => ({
    ndc,
    schedule: '2',
    trade_name: name,
    labeler_organization: organization,
    removed_from_arcos: removed,
    bulk_raw_powder: ndc.endsWith('**'),
    trade_package: !ndc.endsWith('**'),
  });
  await t.db
    .insertInto('ndc_dictionary')
    .values([
      entry('00406-0552-01', 'OXYCODONE HCL 5 MG', null),
      entry('00406-0552-02', 'OXYCODONE HCL 5 MG (OLD)', null, true),
      entry('12345-0001-**', 'OXYCODONE HCL POWDER NORTHWIND', 'Northwind Laboratories'),
      entry('54321-0001-**', 'OXYCODONE HCL POWDER SOUTHGATE', 'Southgate Pharma'),
    ] as never)
    .execute();
});
afterAll(() => t.close());

async function visible(username: string, extra = '') {
  const res = await t.injectAs(username, { method: 'GET', url: `/3ds/api/dictionaries?sort=${encodeURIComponent('[{"fieldName":"NDC Code LU"}]')}${extra}` });
  expect(res.statusCode).toBe(200);
  return res.json().data.map((r: { fieldData: Record<string, string> }) => r.fieldData['NDC Code LU']);
}

describe('dictionary scope by parent organisation', () => {
  it('a user sees the public entries and their own organisation’s', async () => {
    expect(await visible('north')).toEqual(['00406-0552-01', '00406-0552-02', '12345-0001-**']);
    expect(await visible('south')).toEqual(['00406-0552-01', '00406-0552-02', '54321-0001-**']);
    expect(await visible('nobody')).toEqual(['00406-0552-01', '00406-0552-02']);
  });

  it('the parentOrganization parameter cannot widen the scope', async () => {
    expect(await visible('nobody', '&parentOrganization=Southgate%20Pharma')).toEqual(['00406-0552-01', '00406-0552-02']);
  });

  it('supports the NDC selector find: NDC or trade name, omitting entries removed from ARCOS', async () => {
    const criteria = [
      { criteria: { 'NDC CODE LU': 'oxycodone' } },
      { criteria: { 'Trade Name Final LU': 'oxycodone' } },
      { omit: true, criteria: { 'Removed From ARCOS': '1' } },
    ];
    expect(await visible('north', `&searchCriteria=${encodeURIComponent(JSON.stringify(criteria))}`)).toEqual(['00406-0552-01', '12345-0001-**']);
  });

  it('another organisation’s entry is not found by id either', async () => {
    const ids = await t.db.selectFrom('ndc_dictionary').select(['id', 'ndc']).execute();
    const southId = ids.find((r) => r.ndc.startsWith('54321'))!.id;
    expect((await t.injectAs('north', { method: 'GET', url: `/3ds/api/dictionary/${southId}` })).statusCode).toBe(404);
    expect((await t.injectAs('south', { method: 'GET', url: `/3ds/api/dictionary/${southId}` })).statusCode).toBe(200);
  });
});
