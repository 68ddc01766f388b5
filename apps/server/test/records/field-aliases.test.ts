import { formatIsoDate, todayIso } from '@3ds/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createContainer, createJob, createLineItem, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Spec 2 §7 finds the move targets of a container with `GET /jobs` on `Registration Number`,
 * `Locked Job` and `Registration::Expiration Date`; the jobs layout calls the first
 * `Registration::Registration Number` and accepts the spec's name as an alias.
 */
let t: TestApp;
const jobs: Record<string, number> = {};
const TODAY = formatIsoDate(todayIso());

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'reader' });
  const live = await createRegistration(t.db, { registration_number: 'BL1234563', expiration_date: '2099-12-31' });
  const expired = await createRegistration(t.db, { registration_number: 'BE1234563', expiration_date: '2020-03-15' });
  const other = await createRegistration(t.db, { registration_number: 'BO1234563', expiration_date: '2031-01-01' });
  const job = async (name: string, registrationId: number, locked = false) =>
    (jobs[name] = (await createJob(t.db, { registration_id: registrationId, name, locked })).id);
  await job('Live open', live.id);
  await job('Live locked', live.id, true);
  await job('Live second', live.id);
  await job('Expired open', expired.id);
  await job('Other open', other.id);
  for (const name of ['Live open', 'Live second', 'Other open']) {
    const container = await createContainer(t.db, { job_id: jobs[name] });
    for (let i = 0; i < 2; i++) await createLineItem(t.db, { container_id: container.id, pack_quantity: i + 1 });
  }
});
afterAll(() => t.close());

type Row = { recordId: string; fieldData: Record<string, unknown> };

async function list(params: Record<string, unknown>, entity = 'jobs') {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) query.set(k, JSON.stringify(v));
  return t.injectAs('reader', { method: 'GET', url: `/3ds/api/${entity}?${query}` });
}

async function jobNames(searchCriteria: unknown): Promise<string[]> {
  const res = await list({ searchCriteria, sort: [{ fieldName: 'Job Name', sortOrder: 'ascend' }] });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((r: Row) => r.fieldData['Job Name']);
}

const spec = (number: string) => ({ 'Registration Number': `==${number}`, 'Locked Job': 'No', 'Registration::Expiration Date': `>=${TODAY}` });
const canonical = (number: string) => ({
  'Registration::Registration Number': `==${number}`,
  'Locked Job': 'No',
  'Registration::Expiration Date': `>=${TODAY}`,
});

describe('the spec 2 §7 move-target find on GET /jobs', () => {
  it('finds with the spec’s names the jobs the canonical names find', async () => {
    for (const number of ['BL1234563', 'BE1234563', 'BO1234563', 'BX0000000']) {
      expect(await jobNames([{ criteria: spec(number) }])).toEqual(await jobNames([{ criteria: canonical(number) }]));
    }
    expect(await jobNames([{ criteria: spec('BL1234563') }])).toEqual(['Live open', 'Live second']);
    // Expired registration: no move target.
    expect(await jobNames([{ criteria: spec('BE1234563') }])).toEqual([]);
  });

  it('finds with each alias alone as with the field’s own name, in any case, in finds and omits', async () => {
    const alone = [
      [{ 'Registration Number': 'BL' }, { 'Registration::Registration Number': 'BL' }],
      [{ 'registration NUMBER': '==bo1234563' }, { 'Registration::Registration Number': '==BO1234563' }],
      [{ 'Registration Number': '*' }, { 'Registration::Registration Number': '*' }],
    ];
    for (const [alias, own] of alone) expect(await jobNames([{ criteria: alias }])).toEqual(await jobNames([{ criteria: own }]));
    expect(await jobNames([{ criteria: { 'Registration Number': 'BL' } }])).toEqual(['Live locked', 'Live open', 'Live second']);
    const omit = await jobNames([{ omit: true, criteria: { 'Registration Number': '==BL1234563' } }]);
    expect(omit).toEqual(['Expired open', 'Other open']);
  });

  it('takes the aliases in POST /jobs/search, as `query` or `searchCriteria`, on either path', async () => {
    const expected = await jobNames([{ criteria: canonical('BL1234563') }]);
    const sort = [{ fieldName: 'Job Name', sortOrder: 'ascend' }];
    for (const [path, payload] of [
      ['/3ds/api/jobs/search', { query: [spec('BL1234563')], sort }],
      ['/3ds/api/job/search', { searchCriteria: [{ criteria: spec('BL1234563') }], sort }],
    ] as const) {
      const res = await t.injectAs('reader', { method: 'POST', url: path, payload });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.map((r: Row) => r.fieldData['Job Name'])).toEqual(expected);
    }
  });

  it('exports the line items of the jobs an alias finds', async () => {
    const exported = async (criteria: Record<string, string>) => {
      const res = await t.injectAs('reader', {
        method: 'POST',
        url: '/3ds/api/jobs/export',
        payload: { fileType: 'xlsx', recordType: 'cn', search: true, searchCriteria: [{ criteria }] },
      });
      expect(res.statusCode, res.body).toBe(200);
      const download = await t.app.inject({ method: 'GET', url: res.json().data[0].fieldData.Container });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const column = (sheet.getRow(1).values as unknown[]).indexOf('Job ID');
      const ids: unknown[] = [];
      sheet.eachRow((row, n) => n > 1 && ids.push(row.getCell(column).value));
      return ids;
    };
    const byAlias = await exported(spec('BL1234563'));
    expect(byAlias).toEqual(await exported(canonical('BL1234563')));
    expect(byAlias).toEqual([jobs['Live open'], jobs['Live open'], jobs['Live second'], jobs['Live second']]);
  });
});

describe('sorting by an alias', () => {
  it('orders as the field’s own name does', async () => {
    for (const sortOrder of ['ascend', 'descend']) {
      const ids = async (fieldName: string) =>
        (await list({ sort: [{ fieldName, sortOrder }, { fieldName: 'Job Name', sortOrder: 'ascend' }] })).json().data.map((r: Row) => r.recordId);
      expect(await ids('Registration Number')).toEqual(await ids('Registration::Registration Number'));
      expect(await ids('REGISTRATION NUMBER')).toEqual(await ids('Registration::Registration Number'));
    }
    const res = await list({ sort: [{ fieldName: 'Registration Number', sortOrder: 'descend' }, { fieldName: 'Job Name', sortOrder: 'ascend' }] });
    expect(res.json().data.map((r: Row) => r.fieldData['Job Name'])).toEqual(['Other open', 'Live locked', 'Live open', 'Live second', 'Expired open']);
  });
});

describe('answers', () => {
  it('keep the field’s own name, never the alias', async () => {
    const res = await list({ searchCriteria: [{ criteria: spec('BL1234563') }], sort: [{ fieldName: 'Registration Number', sortOrder: 'ascend' }] });
    expect(res.statusCode).toBe(200);
    for (const row of res.json().data as Row[]) {
      expect(row.fieldData['Registration::Registration Number']).toBe('BL1234563');
      expect(row.fieldData).not.toHaveProperty('Registration Number');
    }
    const detail = await t.injectAs('reader', { method: 'GET', url: `/3ds/api/job/${jobs['Live open']}` });
    expect(detail.json().data[0].fieldData).not.toHaveProperty('Registration Number');
  });

  it('document the aliases in the OpenAPI description of the jobs list, and only there', async () => {
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, { description?: string }>> }).paths;
    expect(paths['/3ds/api/jobs']!.get!.description).toContain('`Registration Number` for `Registration::Registration Number`');
    expect(paths['/3ds/api/companies']!.get!.description).not.toContain('alias');
  });
});

describe('unknown names', () => {
  it.each([
    [{ searchCriteria: [{ criteria: { 'Registration Numbr': '==BL1234563' } }] }, 'jobs', /Unknown field "Registration Numbr" in jobs/],
    [{ searchCriteria: [{ criteria: { ...spec('BL1234563'), 'Locked Jobs': 'No' } }] }, 'jobs', /Unknown field "Locked Jobs" in jobs/],
    [{ sort: [{ fieldName: 'Registration Numbr', sortOrder: 'ascend' }] }, 'jobs', /Unknown sort field "Registration Numbr" in jobs/],
    // An alias belongs to its layout: companies know no `Registration Number`.
    [{ searchCriteria: [{ criteria: { 'Registration Number': 'BL' } }] }, 'companies', /Unknown field "Registration Number" in companies/],
  ])('%j on %s is a 400 naming it', async (params, entity, message) => {
    const res = await list(params, entity);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('is a 400 naming it in POST /jobs/search and the export', async () => {
    const search = await t.injectAs('reader', { method: 'POST', url: '/3ds/api/jobs/search', payload: { query: [{ 'Registration Numbr': 'BL' }] } });
    expect(search.statusCode).toBe(400);
    expect(search.json().message).toMatch(/Unknown field "Registration Numbr" in jobs/);
    const exported = await t.injectAs('reader', {
      method: 'POST',
      url: '/3ds/api/jobs/export',
      payload: { fileType: 'xlsx', searchCriteria: [{ criteria: { 'Registration Numbr': 'BL' } }] },
    });
    expect(exported.statusCode).toBe(400);
    expect(exported.json().message).toMatch(/Unknown field "Registration Numbr" in jobs/);
  });
});
