import { todayIso } from '@3ds/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createCompany, createContainer, createJob, createLineItem, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'reader' });
  const companies = [
    ['backforth', 'Back and Forth Pharmacy', 'Forest Park', 'IL', '1 Main St'],
    ['forever', 'Forever Health', 'Dayton', 'OH', '2 Oak Ave'],
    ['wherefore', 'Wherefore Drugs', 'Akron', 'OH', '3 Elm Rd'],
    ['stmary', "St. Mary's Hospital", 'Boston', 'MA', null],
    ['zeta', 'Zeta 50% Labs (West)', 'Chicago', 'IL', '5 Lake Dr'],
  ] as const;
  for (const [key, name, city, state, address1] of companies) {
    ids[key] = (await createCompany(t.db, { name, city, state, address1 })).id;
  }
  const reg = (key: string, number: string, expiration: string) =>
    createRegistration(t.db, { company_id: ids[key], registration_number: number, expiration_date: expiration });
  ids.regOld = (await reg('forever', 'BF1234563', '2020-03-15')).id;
  ids.regMay = (await reg('wherefore', 'BW1234563', '2024-05-20')).id;
  ids.regToday = (await reg('stmary', 'BS1234563', todayIso())).id;
  ids.regFuture = (await reg('zeta', 'BZ1234563', '2031-01-01')).id;
  ids.jobOld = (await createJob(t.db, { registration_id: ids.regOld, name: 'Spring pickup', locked: true })).id;
  ids.jobMay = (await createJob(t.db, { registration_id: ids.regMay, name: 'May destruction' })).id;
  ids.jobFuture = (await createJob(t.db, { registration_id: ids.regFuture, name: 'Annual cleanout' })).id;
  const container = await createContainer(t.db, { job_id: ids.jobMay, name: 'Tote A' });
  for (let i = 0; i < 3; i++) await createLineItem(t.db, { container_id: container.id, pack_quantity: i + 1 });
});
afterAll(() => t.close());

async function find(entity: string, params: Record<string, unknown>) {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) query.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  return t.injectAs('reader', { method: 'GET', url: `/3ds/api/${entity}?${query}` });
}

async function names(criteria: unknown, entity = 'companies', field = 'Company Name') {
  const res = await find(entity, { searchCriteria: criteria, sort: [{ fieldName: field, sortOrder: 'ascend' }] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((r: { fieldData: Record<string, unknown> }) => r.fieldData[field]);
}

const one = (criteria: Record<string, string>) => [{ criteria }];

describe('text finds', () => {
  it.each([
    ['for', ['Back and Forth Pharmacy', 'Forever Health']],
    ['FOREVER', ['Forever Health']],
    ['health forever', ['Forever Health']],
    ['==Forever Health', ['Forever Health']],
    ['==forever', []],
    ['=Health', ['Forever Health']],
    ['=Heal', []],
    ['Fo@ever', ['Forever Health']],
    ['5#%', ['Zeta 50% Labs (West)']],
    ['Ph*cy', ['Back and Forth Pharmacy']],
    ['"and forth"', ['Back and Forth Pharmacy']],
    ['"forth and"', []],
    ['(west)', ['Zeta 50% Labs (West)']],
    ["mary's", ["St. Mary's Hospital"]],
    ['<C', ['Back and Forth Pharmacy']],
    ['>=W', ['Wherefore Drugs', 'Zeta 50% Labs (West)']],
    ['F...S', ['Forever Health', "St. Mary's Hospital"]],
    ['*', ['Back and Forth Pharmacy', 'Forever Health', "St. Mary's Hospital", 'Wherefore Drugs', 'Zeta 50% Labs (West)']],
    ["'; DROP TABLE companies; --", []],
    ['.*', []],
    ['\\*', []],
  ])('Company Name "%s"', async (value, expected) => {
    expect(await names(one({ 'Company Name': value }))).toEqual(expected);
  });

  it('= alone finds empty fields and * non-empty ones', async () => {
    expect(await names(one({ 'Address 1': '=' }))).toEqual(["St. Mary's Hospital"]);
    expect(await names(one({ 'Address 1': '*' }))).toHaveLength(4);
  });

  it('field names match case-insensitively', async () => {
    expect(await names(one({ 'company name': 'wherefore' }))).toEqual(['Wherefore Drugs']);
  });

  it('ANDs the fields of one request', async () => {
    expect(await names(one({ State: 'OH', City: 'Akron' }))).toEqual(['Wherefore Drugs']);
  });
});

describe('find requests in order', () => {
  it('ORs find requests', async () => {
    expect(await names([{ criteria: { City: 'Akron' } }, { criteria: { City: 'Boston' } }])).toEqual(["St. Mary's Hospital", 'Wherefore Drugs']);
  });

  it('an omit removes from the set found so far', async () => {
    expect(await names([{ criteria: { State: 'OH' } }, { omit: true, criteria: { City: 'Akron' } }])).toEqual(['Forever Health']);
    expect(await names([{ criteria: { State: 'OH' } }, { omit: 'true', criteria: { City: 'Akron' } }])).toEqual(['Forever Health']);
  });

  it('an omit first starts from all records', async () => {
    expect(await names([{ omit: true, criteria: { State: 'OH' } }])).toEqual(['Back and Forth Pharmacy', "St. Mary's Hospital", 'Zeta 50% Labs (West)']);
  });

  it('order matters: a find after an omit adds its matches back', async () => {
    expect(await names([{ omit: true, criteria: { State: 'OH' } }, { criteria: { City: 'Akron' } }])).toEqual([
      'Back and Forth Pharmacy',
      "St. Mary's Hospital",
      'Wherefore Drugs',
      'Zeta 50% Labs (West)',
    ]);
    expect(await names([{ criteria: { City: 'Akron' } }, { omit: true, criteria: { State: 'OH' } }])).toEqual([]);
  });
});

describe('number, date, timestamp and yes/no finds', () => {
  it.each([
    [() => String(ids.forever), ['Forever Health']],
    [() => `${ids.wherefore}...${ids.stmary}`, ["St. Mary's Hospital", 'Wherefore Drugs']],
    [() => `>${ids.stmary}`, ['Zeta 50% Labs (West)']],
    [() => `<=${ids.forever}`, ['Back and Forth Pharmacy', 'Forever Health']],
    [() => `==${ids.zeta}`, ['Zeta 50% Labs (West)']],
  ])('Company_PK_ID', async (value, expected) => {
    expect(await names(one({ Company_PK_ID: value() }))).toEqual(expected);
  });

  const regs = (value: string) => names(one({ 'Expiration Date': value }), 'registrations', 'Registration Number');
  it.each([
    ['03/15/2020', ['BF1234563']],
    ['3/15/2020', ['BF1234563']],
    ['5/2024', ['BW1234563']],
    ['2024', ['BW1234563']],
    ['<01/01/2024', ['BF1234563']],
    ['<=05/20/2024', ['BF1234563', 'BW1234563']],
    ['>05/20/2024', ['BS1234563', 'BZ1234563']],
    ['>=2031', ['BZ1234563']],
    ['01/01/2020...12/31/2024', ['BF1234563', 'BW1234563']],
    ['1/2020...5/2024', ['BF1234563', 'BW1234563']],
    ['//', ['BS1234563']],
    ['=', []],
    ['*', ['BF1234563', 'BS1234563', 'BW1234563', 'BZ1234563']],
  ])('Expiration Date "%s"', async (value, expected) => {
    expect(await regs(value)).toEqual(expected);
  });

  it('finds timestamps by their day', async () => {
    expect(await names(one({ 'Date Created': '//' }))).toHaveLength(5);
    expect(await names(one({ 'Date Created': '<01/01/2000' }))).toEqual([]);
  });

  it('finds yes/no fields by Yes or No (and 1 or 0)', async () => {
    expect(await names(one({ 'Locked Job': 'Yes' }), 'jobs', 'Job Name')).toEqual(['Spring pickup']);
    expect(await names(one({ 'Locked Job': 'No' }), 'jobs', 'Job Name')).toEqual(['Annual cleanout', 'May destruction']);
    expect(await names(one({ 'Locked Job': '1' }), 'jobs', 'Job Name')).toEqual(['Spring pickup']);
  });

  it('finds and sorts by related fields', async () => {
    expect(await names(one({ 'Registration::Expiration Date': '>=01/01/2024' }), 'jobs', 'Job Name')).toEqual(['Annual cleanout', 'May destruction']);
    const res = await find('jobs', { sort: [{ fieldName: 'Company Name', sortOrder: 'descend' }] });
    expect(res.json().data.map((r: { fieldData: Record<string, unknown> }) => r.fieldData['Company Name'])).toEqual([
      'Zeta 50% Labs (West)',
      'Wherefore Drugs',
      'Forever Health',
    ]);
  });
});

describe('refusals: 400 naming the field and value', () => {
  it.each([
    [one({ 'No Such Field': 'x' }), /Unknown field "No Such Field"/],
    [one({ Company_PK_ID: 'abc' }), /Company_PK_ID.*"abc" is not a number/],
    [one({ Company_PK_ID: '1...x' }), /is not a number/],
    [[{ criteria: { 'Expiration Date': '13/45/2024' } }], /Expiration Date.*"13\/45\/2024" is not a date/],
    [one({ 'Company Name': '!' }), /duplicates operator \(!\) is not supported/],
    [one({ 'Company Name': '~abc' }), /relaxed operator \(~\) is not supported/],
    [one({ 'Locked Job': 'maybe' }), /is not Yes or No/],
  ])('%j', async (criteria, message) => {
    const entity = JSON.stringify(criteria).includes('Expiration') ? 'registrations' : JSON.stringify(criteria).includes('Locked Job') ? 'jobs' : 'companies';
    const res = await find(entity, { searchCriteria: criteria });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it.each([
    [{ searchCriteria: '[{"criteria": ' }, /searchCriteria is not valid JSON/],
    [{ searchCriteria: '{"criteria": {}}' }, /searchCriteria is not valid/],
    [{ sort: '[{"fieldName": "Nope"}]' }, /Unknown sort field "Nope"/],
    [{ sort: '[{"fieldName": "City", "sortOrder": "sideways"}]' }, /sort is not valid/],
    [{ limit: '1001' }, /limit must be between 1 and 1000/],
    [{ limit: '0' }, /limit must be between 1 and 1000/],
    [{ offset: '0' }, /offset starts at 1/],
    [{ offset: 'abc' }, /offset must be a whole number/],
  ])('%j', async (params, message) => {
    const res = await find('companies', params);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });
});

describe('quick find, paging and counts', () => {
  const quick = async (text: string) => {
    const res = await find('companies', { quickFindCriteria: text, sort: [{ fieldName: 'Company Name', sortOrder: 'ascend' }] });
    return res.json().data.map((r: { fieldData: Record<string, unknown> }) => r.fieldData['Company Name']);
  };

  it('every word must begin a word of some quick-find field', async () => {
    expect(await quick('for')).toEqual(['Back and Forth Pharmacy', 'Forever Health']);
    expect(await quick('forest pharm')).toEqual(['Back and Forth Pharmacy']);
    expect(await quick('akron oh')).toEqual(['Wherefore Drugs']);
    expect(await quick('akron il')).toEqual([]);
    expect(await quick('"forever health"')).toEqual(['Forever Health']);
  });

  it('combines quick find with find requests', async () => {
    const res = await find('companies', { quickFindCriteria: 'for', searchCriteria: one({ State: 'OH' }) });
    expect(res.json().data.map((r: { fieldData: Record<string, unknown> }) => r.fieldData['Company Name'])).toEqual(['Forever Health']);
  });

  it('pages with a 1-based offset, exact counts and FileMaker shapes', async () => {
    const res = await find('companies', { offset: '2', limit: '2', sort: [{ fieldName: 'Company Name', sortOrder: 'ascend' }] });
    const body = res.json();
    expect(body.data.map((r: { fieldData: Record<string, unknown> }) => r.fieldData['Company Name'])).toEqual(['Forever Health', "St. Mary's Hospital"]);
    expect(body.dataInfo).toMatchObject({ foundCount: 5, returnedCount: 2, totalRecordCount: 5 });
    expect(JSON.parse(body.scriptResult)).toEqual({ foundCount: 5 });
    expect(body.data[0]).toMatchObject({ recordId: String(ids.forever), modId: '0', portalData: {} });
    expect(body.data[0].fieldData).toMatchObject({ Company_PK_ID: ids.forever, City: 'Dayton', 'Address 2': '' });
    expect(body.data[0].fieldData['Date Created']).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
  });

  it('an offset past the end answers 200 with no rows and the found count', async () => {
    const res = await find('companies', { offset: '99', searchCriteria: one({ State: 'OH' }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
    expect(res.json().dataInfo).toMatchObject({ foundCount: 2, returnedCount: 0, totalRecordCount: 5 });
  });

  it('an empty found set is 200 with data []', async () => {
    const res = await find('companies', { searchCriteria: one({ City: 'Nowhere' }) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: [], dataInfo: { foundCount: 0 } });
  });

  it('accepts limit 1000, defaults to 50 and treats offset "null" as the first page', async () => {
    expect((await find('companies', { limit: '1000' })).statusCode).toBe(200);
    const res = await find('companies', { offset: 'null' });
    expect(res.json().dataInfo.returnedCount).toBe(5);
  });

  it('breaks sort ties by record id so pages never overlap', async () => {
    const seen: string[] = [];
    for (let offset = 1; offset <= 5; offset += 2) {
      const res = await find('companies', { offset: String(offset), limit: '2', sort: [{ fieldName: 'State', sortOrder: 'ascend' }] });
      seen.push(...res.json().data.map((r: { recordId: string }) => r.recordId));
    }
    expect(new Set(seen).size).toBe(5);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/3ds/api/companies' });
    expect(res.statusCode).toBe(401);
  });
});

describe('record detail', () => {
  it('answers one record with its portals, by plural or singular path', async () => {
    for (const path of [`/3ds/api/companies/${ids.forever}`, `/3ds/api/company/${ids.forever}`]) {
      const res = await t.injectAs('reader', { method: 'GET', url: path });
      expect(res.statusCode).toBe(200);
      const [record] = res.json().data;
      expect(record.fieldData['Company Name']).toBe('Forever Health');
      expect(record.portalData.Registration).toEqual([
        expect.objectContaining({ 'Registration::Registration Number': 'BF1234563', 'Registration::Expiration Date': '03/15/2020' }),
      ]);
      expect(record.portalDataInfo).toContainEqual({ portalObjectName: 'Registration', foundCount: 1, returnedCount: 1 });
    }
  });

  it('counts a container’s line items in its portal', async () => {
    const list = await find('containers', {});
    const id = list.json().data[0].recordId;
    const res = await t.injectAs('reader', { method: 'GET', url: `/3ds/api/container/${id}` });
    expect(res.json().data[0].portalData.LineItems).toHaveLength(3);
    expect(res.json().data[0].fieldData['Line Item Count']).toBe(3);
  });

  it('answers 404 for a missing record and 400 for a bad id', async () => {
    expect((await t.injectAs('reader', { method: 'GET', url: '/3ds/api/company/999999' })).statusCode).toBe(404);
    expect((await t.injectAs('reader', { method: 'GET', url: '/3ds/api/company/abc' })).statusCode).toBe(400);
  });

  it('keeps the kinds apart: a standard container is not a Yellow Bucket one', async () => {
    const list = await find('containers', {});
    const id = list.json().data[0].recordId;
    expect((await t.injectAs('reader', { method: 'GET', url: `/3ds/api/yb-container/${id}` })).statusCode).toBe(404);
  });
});

describe('a find costs what it asks, not how it is written (docs/finds.md, "How many words")', () => {
  it('a word said again, or one that another word begins with, narrows nothing: the same records', async () => {
    const once = await find('companies', { quickFindCriteria: 'for' });
    const many = await find('companies', { quickFindCriteria: Array.from({ length: 240 }, () => 'for').join(' ') });
    const mixed = await find('companies', { quickFindCriteria: 'f FO for For FOR' });
    expect([once.statusCode, many.statusCode, mixed.statusCode]).toEqual([200, 200, 200]);
    const idsOf = (r: typeof once) => r.json().data.map((d: { recordId: string }) => d.recordId);
    expect(idsOf(many)).toEqual(idsOf(once));
    expect(idsOf(mixed)).toEqual(idsOf(once));
    expect(await names(one({ 'Company Name': 'h he hea health H' }))).toEqual(['Forever Health']);
  });

  it('more than 16 different words in the quick find or in one field is a 400 that says so', async () => {
    const words = Array.from({ length: 17 }, (_, i) => `w${String.fromCharCode(97 + i)}x`).join(' ');
    const quick = await find('companies', { quickFindCriteria: words });
    expect(quick.statusCode).toBe(400);
    expect(quick.json().message).toBe('A find may have at most 16 different words in one field or in the quick find; this one has 17. Leave some out.');
    const field = await find('companies', { searchCriteria: one({ 'Company Name': words }) });
    expect(field.statusCode).toBe(400);
    expect(field.json().message).toMatch(/at most 16 different words/);
    // Sixteen is fine.
    const sixteen = await find('companies', { quickFindCriteria: words.split(' ').slice(0, 16).join(' ') });
    expect(sixteen.statusCode, sixteen.body).toBe(200);
  });
});
