import { PORTAL_LIMITS } from '@3ds/domain';
import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createCompany, createContainer, createJob, createLineItem, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A record detail reads the record and all its portals in one statement (records.repository.ts
 * `selectRecord`): each portal's rows in its order, cut at its limit, with the count of all.
 */

let t: TestApp;
let companyId: number;
let emptyCompanyId: number;
let containerId: number;
let otherContainerId: number;
const items: number[] = [];

beforeAll(async () => {
  // The statements of a miss; answers kept in memory: answer-cache.test.ts.
  t = await buildTestApp({ env: { ANSWER_CACHE_MB: '0' } });
  await createUser(t.db, { username: 'reader' });
  companyId = (await createCompany(t.db, { name: 'Portal Pharmacy' })).id;
  emptyCompanyId = (await createCompany(t.db, { name: 'Lonely Labs' })).id;
  // One more contact than the portal shows, named so that the portal's order is not the ids' order.
  await sql`
    INSERT INTO contacts (company_id, last_name, first_name, title, created_by)
    SELECT ${companyId}, 'Contact ' || lpad(((g * 37) % ${PORTAL_LIMITS.company + 1})::text, 3, '0'), 'Pat', NULL, 'test'
    FROM generate_series(1, ${PORTAL_LIMITS.company + 1}) g`.execute(t.db);
  for (const [number, expiration] of [
    ['BP1111119', '2027-01-31'],
    ['BP2222226', null],
    ['BP3333333', '2030-06-15'],
  ] as const) {
    await createRegistration(t.db, { company_id: companyId, registration_number: number, expiration_date: expiration });
  }
  const job = await createJob(t.db, { name: 'Portal job' });
  containerId = (await createContainer(t.db, { job_id: job.id, name: 'Tote 1' })).id;
  otherContainerId = (await createContainer(t.db, { job_id: job.id, name: 'Tote 2' })).id;
  for (let i = 0; i < 3; i++) items.push((await createLineItem(t.db, { container_id: containerId, locked: i === 1, form_222_number: i ? `F-${i}` : null })).id);
  await createLineItem(t.db, { container_id: otherContainerId });
});
afterAll(() => t.close());

async function detail(path: string) {
  const res = await t.injectAs('reader', { method: 'GET', url: `/3ds/api/${path}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0] as {
    recordId: string;
    fieldData: Record<string, unknown>;
    portalData: Record<string, Record<string, unknown>[]>;
    portalDataInfo: { portalObjectName: string; foundCount: number; returnedCount: number }[];
  };
}

describe('portals', () => {
  it('answer the rows in the portal’s order, cut at its limit, with the count of all', async () => {
    const company = await detail(`company/${companyId}`);
    const contacts = company.portalData.Contacts_Info!;
    expect(contacts).toHaveLength(PORTAL_LIMITS.company);
    const names = contacts.map((c) => c['Contacts_Info::Contact Last Name']);
    expect(names).toEqual([...names].sort());
    expect(names[0]).toBe('Contact 000');
    expect(company.portalDataInfo).toContainEqual({ portalObjectName: 'Contacts_Info', foundCount: PORTAL_LIMITS.company + 1, returnedCount: PORTAL_LIMITS.company });
    expect(contacts[0]).toEqual(expect.objectContaining({ recordId: expect.stringMatching(/^\d+$/), modId: '0', 'Contacts_Info::Title': '' }));
  });

  it('format each value by its type: dates, empty dates, numbers, yes/no and empty text', async () => {
    const company = await detail(`company/${companyId}`);
    // expiration_date DESC NULLS LAST
    expect(company.portalData.Registration!.map((r) => [r['Registration::Registration Number'], r['Registration::Expiration Date']])).toEqual([
      ['BP3333333', '06/15/2030'],
      ['BP1111119', '01/31/2027'],
      ['BP2222226', ''],
    ]);
    expect(typeof company.portalData.Registration![0]!['Registration::Record_Number_PK_ID']).toBe('number');
    const container = await detail(`container/${containerId}`);
    expect(container.portalData.LineItems!.map((r) => [r['LineItems::id'], r['LineItems::Locked Container Line Item'], r['LineItems::Form 222 Number']])).toEqual([
      [items[0], 'No', ''],
      [items[1], 'Yes', 'F-1'],
      [items[2], 'No', 'F-2'],
    ]);
  });

  it('answer an empty portal as no rows and a count of 0', async () => {
    const company = await detail(`company/${emptyCompanyId}`);
    expect(company.portalData).toEqual({ Contacts_Info: [], Registration: [], Labeler_Codes: [] });
    expect(company.portalDataInfo.map((p) => p.foundCount)).toEqual([0, 0, 0]);
  });

  it('follow a parent value other than the record id (a line item’s siblings are its container’s items)', async () => {
    const item = await detail(`line-item/${items[1]}`);
    expect(item.portalData.Siblings!.map((s) => s['Siblings::id'])).toEqual(items);
    expect(item.portalDataInfo).toContainEqual({ portalObjectName: 'Siblings', foundCount: 3, returnedCount: 3 });
  });

  it('come with the record in one statement', async () => {
    const executor = t.appDb.getExecutor();
    const seen: CompiledQuery[] = [];
    const real = executor.executeQuery.bind(executor);
    const wrapped = vi.spyOn(executor, 'executeQuery').mockImplementation((query, ...rest) => {
      seen.push(query);
      return real(query, ...rest);
    });
    try {
      seen.length = 0;
      const company = await detail(`company/${companyId}`);
      expect(company.portalDataInfo).toHaveLength(3);
      const reads = seen.map((q) => q.sql).filter((text) => !/\bsessions\b/.test(text));
      expect(reads).toHaveLength(1);
      expect(reads[0]).toMatch(/FROM contacts ct[\s\S]*FROM registrations r[\s\S]*FROM labeler_codes lc/);
    } finally {
      wrapped.mockRestore();
    }
  });
});
