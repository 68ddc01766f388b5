import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createContainer, createJob, createLineItem, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let jobId: number;
let otherJobId: number;
beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'analyst' });
  await t.db
    .insertInto('ndc_dictionary')
    .values([
      { ndc: '00406-0552-01', schedule: '2', trade_name: 'OXYCODONE', drug_code: '9143', trade_package: true },
      { ndc: '00406-0552-02', schedule: '2', trade_name: 'OXYCODONE OLD', drug_code: '9143', trade_package: true, removed_from_arcos: true },
      { ndc: '00591-0385-01', schedule: '4', trade_name: 'DIAZEPAM', drug_code: '2765', trade_package: true },
    ] as never)
    .execute();
  const reg = await createRegistration(t.db, { registration_number: 'RA1234563' });
  jobId = (await createJob(t.db, { registration_id: reg.id, name: 'Report job' })).id;
  otherJobId = (await createJob(t.db, { name: 'Elsewhere' })).id;
  const tote = await createContainer(t.db, { job_id: jobId, name: 'Tote A' });
  const bucket = await createContainer(t.db, { job_id: jobId, name: 'Bucket 1', kind: 'yellow_bucket' });
  const line = (container: number, ndc: string, schedule: string, packs: number, grams: number) =>
    createLineItem(t.db, { container_id: container, ndc, ndc_schedule: schedule, ndc_description: ndc, pack_quantity: packs, pack_size: 100, pack_size_uom: 'U', reporting_qty: packs * 100, reporting_uom: 'U', grams_of_base: grams });
  await line(tote.id, '00406-0552-01', '2', 3, 1.5);
  await line(tote.id, '00406-0552-01', '2', 1, 0.5);
  await line(tote.id, '00591-0385-01', '4', 2, 0.2);
  await line(bucket.id, '00406-0552-02', '2', 5, 2.5);
});
afterAll(() => t.close());

async function report(body: Record<string, unknown>) {
  return t.injectAs('analyst', { method: 'POST', url: '/3ds/api/exportReport', payload: body });
}

async function sheetOf(body: Record<string, unknown>) {
  const res = await report(body);
  expect(res.statusCode, res.body).toBe(200);
  const download = await t.app.inject({ method: 'GET', url: res.json().data[0].fieldData.Container });
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('POST /exportReport', () => {
  it('excelExport: every line item of the job with a totals row', async () => {
    const rows = await sheetOf({ registration: 'RA1234563', jobId: String(jobId), reportType: 'excelExport', showArcos: 0 });
    const header = rows[0] as string[];
    expect(header).toEqual(expect.arrayContaining(['Job ID', 'Container Name', 'NDC', 'Description', 'Schedule', 'Drug Code', 'Pack Qty', 'Pack Size', '% Fill', 'Reporting Qty', 'Grams of Base', 'Form 222#', 'CWF#']));
    expect(rows).toHaveLength(1 + 4 + 1);
    const total = rows.at(-1)!;
    const col = (name: string) => header.indexOf(name);
    expect(total[0]).toBe('Total');
    expect(total[col('Pack Qty')]).toBe(11);
    expect(total[col('Reporting Qty')]).toBe(1100);
    expect(total[col('Grams of Base')]).toBeCloseTo(4.7);
    expect(rows[1]![col('Drug Code')]).toBe('9143');
  });

  it('only that container’s items when a container name is given', async () => {
    const rows = await sheetOf({ registration: 'RA1234563', jobId, containerName: 'tote a', reportType: 'excelExport' });
    expect(rows).toHaveLength(1 + 3 + 1);
  });

  it('only ARCOS items with showArcos 1 (schedule 1–3, not removed from ARCOS)', async () => {
    const rows = await sheetOf({ registration: 'RA1234563', jobId, reportType: 'excelExport', showArcos: 1 });
    const header = rows[0] as string[];
    expect(rows).toHaveLength(1 + 2 + 1);
    expect(rows.slice(1, -1).map((r) => r[header.indexOf('NDC')])).toEqual(['00406-0552-01', '00406-0552-01']);
  });

  it('perNdc: one row per NDC with packages, reporting quantity and grams summed', async () => {
    const rows = await sheetOf({ registration: 'RA1234563', jobId, reportType: 'perNdc', showArcos: 0 });
    expect(rows[0]).toEqual(['NDC', 'Description', 'Schedule', 'Drug Code', 'Line Items', 'Packages', 'Reporting Qty', 'Reporting UoM', 'Grams of Base']);
    const oxy = rows.find((r) => r[0] === '00406-0552-01')!;
    expect(oxy.slice(4, 8)).toEqual([2, 4, 400, 'U']);
    expect(oxy[8]).toBeCloseTo(2);
    expect(rows).toHaveLength(1 + 3 + 1);
    expect(rows.at(-1)!.slice(0, 2)).toEqual(['Total', '3 NDCs']);
  });

  it.each([
    [{ registration: '', jobId: '1' }, 'Registration and Job ID are both required'],
    [{ registration: 'RA1234563' }, 'Registration and Job ID are both required'],
    [{ registration: 'RA1234563', jobId: 'abc' }, 'Job ID must be a number, not "abc".'],
    [{ registration: 'RA1234563', jobId: '999999' }, 'There is no job 999999.'],
  ])('refuses %j with 422 and a message the page shows', async (body, message) => {
    const res = await report({ reportType: 'excelExport', ...body });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(message);
  });

  it('refuses a job of another registration and a container not in the job', async () => {
    const other = await report({ registration: 'RA1234563', jobId: otherJobId, reportType: 'excelExport' });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(`Job ${otherJobId} does not belong to registration RA1234563.`);
    const container = await report({ registration: 'RA1234563', jobId, containerName: 'Nope', reportType: 'perNdc' });
    expect(container.statusCode).toBe(422);
    expect(container.json().message).toBe(`There is no container named "Nope" in job ${jobId}.`);
  });

  it('answers 400 for an unknown report type', async () => {
    expect((await report({ registration: 'RA1234563', jobId, reportType: 'pie' })).statusCode).toBe(400);
  });
});
