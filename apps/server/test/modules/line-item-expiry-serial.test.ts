import { PRIVILEGES } from '@3ds/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createContainer, createJob, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/** A line item's expiration date and serial number: optional, checked, shown, exported, audited. */
let t: TestApp;
let containerId: number;

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'boss', privileges: [...PRIVILEGES] });
  await t.db
    .insertInto('ndc_dictionary')
    .values({ ndc: '00406-0552-01', schedule: '2', trade_name: 'OXYCODONE HCL 5 MG', package_size: 100, package_size_uom: 'U', trade_package: true } as never)
    .execute();
  const registration = await createRegistration(t.db, { schedule_2: true });
  const job = await createJob(t.db, { registration_id: registration.id });
  containerId = (await createContainer(t.db, { job_id: job.id })).id;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => t.injectAs('boss', { method, url: `/3ds/api${url}`, ...(payload ? { payload } : {}) });

describe('expiration date and serial number', () => {
  it('are stored from a new line item and shown in the record and the list', async () => {
    const created = await call('POST', '/line-item/new', { containerId, ndc: '00406-0552-01', packQuantity: 1, lotNumber: 'L1', expirationDate: '06/30/2027', serialNumber: 'SN000123' });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().recordId;
    const record = (await call('GET', `/line-item/${id}`)).json().data[0].fieldData;
    expect(record).toMatchObject({ 'Expiration Date': '06/30/2027', 'Serial Number': 'SN000123' });
    const found = (await call('GET', `/line-items?searchCriteria=${encodeURIComponent(JSON.stringify([{ criteria: { 'Serial Number': '==SN000123' } }]))}`)).json();
    expect(found.dataInfo.foundCount).toBe(1);
    expect(found.data[0].fieldData['Expiration Date']).toBe('06/30/2027');
  });

  it('are optional, edited through fieldData, cleared with blank, and audited', async () => {
    const created = await call('POST', '/line-item/new', { containerId, ndc: '00406-0552-01', packQuantity: 1 });
    const id = created.json().recordId;
    expect((await call('GET', `/line-item/${id}`)).json().data[0].fieldData).toMatchObject({ 'Expiration Date': '', 'Serial Number': '' });
    expect((await call('PATCH', `/line-item/${id}`, { fieldData: { 'Expiration Date': '02/29/2028', 'Serial Number': 'X1' } })).statusCode).toBe(200);
    const history = (await call('GET', `/line-item/${id}/history`)).json();
    expect(history.data[0].changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'Expires', after: '02/29/2028' }), expect.objectContaining({ field: 'Serial#', after: 'X1' })]));
    expect((await call('PATCH', `/line-item/${id}`, { fieldData: { 'Expiration Date': '', 'Serial Number': '' } })).statusCode).toBe(200);
    expect((await call('GET', `/line-item/${id}`)).json().data[0].fieldData).toMatchObject({ 'Expiration Date': '', 'Serial Number': '' });
  });

  it('refuse a date that is not a real date and a serial number over 20 characters, with 422', async () => {
    const created = await call('POST', '/line-item/new', { containerId, ndc: '00406-0552-01', packQuantity: 1 });
    const id = created.json().recordId;
    for (const date of ['02/30/2027', '13/01/2027', '2027-06-30', 'soon']) {
      const res = await call('PATCH', `/line-item/${id}`, { fieldData: { 'Expiration Date': date } });
      expect(res.statusCode, date).toBe(422);
      expect(res.json().details).toEqual(['Expiration Date must be a real date, written MM/DD/YYYY']);
    }
    const long = await call('POST', '/line-item/new', { containerId, ndc: '00406-0552-01', packQuantity: 1, serialNumber: 'S'.repeat(21) });
    expect(long.statusCode).toBe(422);
    expect(long.json().details).toEqual(['Serial Number can be at most 20 characters']);
  });

  it('are columns of the export, after Lot#, with their values', async () => {
    const exported = await call('POST', '/line-items/export', { fileType: 'xlsx', searchCriteria: [{ criteria: { 'Serial Number': '==SN000123' } }] });
    expect(exported.statusCode, exported.body).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: exported.json().data[0].fieldData.Container });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const lot = header.indexOf('Lot#');
    expect(header.slice(lot, lot + 3)).toEqual(['Lot#', 'Expires', 'Serial#']);
    expect(sheet.getRow(2).getCell(lot + 3).value).toBe('SN000123');
    expect(sheet.getRow(2).getCell(lot + 2).value).toBeTruthy();
  });
});
