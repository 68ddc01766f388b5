import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStore } from '../../src/files/file-store.ts';
import { readPdf } from '../support/pdf-text.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ template: 'demo', fileStore: new LocalFileStore(await mkdtemp(join(tmpdir(), '3ds-export-'))) });
});
afterAll(() => t.close());

async function exportFile(entity: string, body: Record<string, unknown>) {
  const res = await t.injectAs('viewer', { method: 'POST', url: `/3ds/api/${entity}/export`, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  const link: string = res.json().data[0].fieldData.Container;
  expect(link).toMatch(/^\/3ds\/api\/files\/[0-9a-f-]+\/export\.(xlsx|pdf)\?exp=\d+&sid=[0-9a-f-]{36}&sig=/);
  // The link works without a bearer token.
  const download = await t.app.inject({ method: 'GET', url: link });
  expect(download.statusCode).toBe(200);
  return download.rawPayload;
}

async function readSheet(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

async function count(entity: string, searchCriteria?: unknown) {
  const query = searchCriteria ? `?searchCriteria=${encodeURIComponent(JSON.stringify(searchCriteria))}` : '';
  const res = await t.injectAs('viewer', { method: 'GET', url: `/3ds/api/${entity}${query}` });
  return res.json().dataInfo.foundCount as number;
}

describe('POST /{entity}/export', () => {
  it('exports the whole found set to xlsx with the list columns, typed cells and a frozen header', async () => {
    const criteria = [{ criteria: { 'NDC Schedule': '==2' } }];
    const expected = await count('line-items', criteria);
    expect(expected).toBeGreaterThan(50); // more than one page
    const sheet = await readSheet(
      await exportFile('line-items', { fileType: 'xlsx', recordType: 'cn', search: true, searchCriteria: criteria, sort: [{ fieldName: 'id', sortOrder: 'descend' }] }),
    );
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 5)).toEqual(['Locked', 'Job ID', 'ID', 'Cont ID', 'NDC Number']);
    expect(header).toContain('% Fill');
    expect(header).toContain('Pk Qty UoM');
    expect(sheet.rowCount).toBe(expected + 1);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const ids = [2, 3].map((r) => sheet.getRow(r).getCell(3).value as number);
    expect(typeof ids[0]).toBe('number');
    expect(ids[0]!).toBeGreaterThan(ids[1]!); // the on-screen sort
    const schedules = new Set<unknown>();
    sheet.eachRow((row, n) => n > 1 && schedules.add(row.getCell(6).value));
    expect([...schedules]).toEqual(['2']);
    const created = sheet.getRow(2).getCell(header.indexOf('Created') + 1);
    expect(created.value).toBeInstanceOf(Date);
    const fill = sheet.getRow(2).getCell(header.indexOf('% Fill') + 1);
    expect(typeof fill.value).toBe('number');
    expect(fill.numFmt).toBe('0.00%');
  });

  it('exports a job’s line items of the chosen kind (recordType cn or yb)', async () => {
    const jobs = await t.injectAs('viewer', { method: 'GET', url: '/3ds/api/jobs?limit=200' });
    const job = jobs.json().data.find((j: { recordId: string }) => j.recordId) as { recordId: string };
    const jobId = Number(job.recordId);
    const criteria = [{ criteria: { __PKJobID: `==${jobId}` } }];
    const standard = await count('line-items', [{ criteria: { id_Job: String(jobId) } }]);
    const yellow = await count('yb-line-items', [{ criteria: { id_Job: String(jobId) } }]);
    const cn = await readSheet(await exportFile('jobs', { fileType: 'xlsx', recordType: 'cn', searchCriteria: criteria }));
    expect(cn.rowCount).toBe(standard + 1);
    const yb = await readSheet(await exportFile('jobs', { fileType: 'xlsx', recordType: 'yb', searchCriteria: criteria }));
    expect(yb.rowCount).toBe(yellow + 1);
    expect((yb.getRow(1).values as unknown[]).slice(1, 3)).toEqual(['ID', 'Cont ID']);
  });

  it('exports a container’s line items', async () => {
    const containers = await t.injectAs('viewer', { method: 'GET', url: '/3ds/api/containers?limit=1' });
    const id = containers.json().data[0].recordId;
    const expected = await count('line-items', [{ criteria: { id_container: `==${id}` } }]);
    const sheet = await readSheet(await exportFile('containers', { fileType: 'xlsx', searchCriteria: [{ criteria: { Container_PK_ID: `==${id}` } }] }));
    expect(sheet.rowCount).toBe(expected + 1);
  });

  it('exports to a landscape PDF with a title, a repeated header and page numbers', async () => {
    const criteria = [{ criteria: { State: 'OH' } }, { criteria: { State: 'TX' } }];
    const expected = await count('companies', criteria);
    const pdf = readPdf(await exportFile('companies', { fileType: 'pdf', search: true, searchCriteria: criteria }));
    expect(pdf.pages).toBeGreaterThanOrEqual(1);
    expect(pdf.texts[0]).toBe('Companies');
    expect(pdf.texts).toContain('Exported by viewer');
    expect(pdf.texts.filter((s) => s === 'Address 1')).toHaveLength(pdf.pages);
    expect(pdf.texts).toContain(`Page 1 of ${pdf.pages}`);
    const states = pdf.texts.filter((s) => s === 'OH' || s === 'TX');
    expect(states).toHaveLength(expected);
  });

  it('a multi-page PDF repeats its header on every page', async () => {
    const pdf = readPdf(await exportFile('registrations', { fileType: 'pdf' }));
    expect(pdf.pages).toBeGreaterThan(1);
    expect(pdf.texts.filter((s) => s === 'Expiration')).toHaveLength(pdf.pages);
    expect(pdf.texts).toContain(`Page ${pdf.pages} of ${pdf.pages}`);
  });

  it('records who exported what in the audit log', async () => {
    await exportFile('companies', { fileType: 'xlsx' });
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'export').where('entity', '=', 'companies').execute();
    expect(audit.length).toBeGreaterThan(0);
    expect(audit.at(-1)).toMatchObject({ username: 'viewer' });
  });

  it.each([
    [{ fileType: 'docx' }, /fileType must be "pdf" or "xlsx"/],
    [{ fileType: 'xlsx', recordType: 'zz' }, /recordType must be "cn" or "yb"/],
    [{ fileType: 'xlsx', searchCriteria: [{ criteria: { Nope: 'x' } }] }, /Unknown field "Nope"/],
    [{ fileType: 'xlsx', searchCriteria: '[oops' }, /searchCriteria is not valid JSON/],
  ])('refuses %j with 400', async (body, message) => {
    const res = await t.injectAs('viewer', { method: 'POST', url: '/3ds/api/companies/export', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('refuses a PDF of more rows than it can hold, with 422 and a way out', async () => {
    await sql`INSERT INTO companies (name, created_by) SELECT 'Bulk company ' || g, 'test' FROM generate_series(1, 25001) g`.execute(t.db);
    const res = await t.injectAs('viewer', {
      method: 'POST',
      url: '/3ds/api/companies/export',
      payload: { fileType: 'pdf', searchCriteria: [{ criteria: { 'Company Name': 'bulk company' } }] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/a PDF holds at most 25,000\. Narrow the find or export to Excel/);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/3ds/api/companies/export', payload: { fileType: 'xlsx' } });
    expect(res.statusCode).toBe(401);
  });
});
