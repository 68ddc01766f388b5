import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createContainer, createJob, createLineItem, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * POST /reports/arcos. Two jobs of one client (AB1234563): one received in July 2026 and destroyed in
 * October (after the period), one received in June (before the period) and destroyed in July. The
 * period is Q3 2026.
 */
let t: TestApp;
const ids: Record<string, number> = {};
let receivedJob: number;
let destroyedJob: number;

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'clerk' });
  await t.db
    .insertInto('ndc_dictionary')
    .values([
      { ndc: '00406-0552-01', schedule: '2', trade_name: 'OXYCODONE', drug_code: '9143', trade_package: true },
      { ndc: '00406-0552-02', schedule: '2', trade_name: 'OXYCODONE OLD', drug_code: '9143', trade_package: true, removed_from_arcos: true },
      { ndc: '00093-0832-01', schedule: '4', trade_name: 'ALPRAZOLAM', drug_code: '2765', trade_package: true },
      { ndc: '68727-0100-01', schedule: '3N', trade_name: 'XYREM', drug_code: '2012', trade_package: true },
      { ndc: '10019-0055-**', schedule: '2', trade_name: 'OXYCODONE HCL (BULK)', drug_code: '9143', bulk_raw_powder: true },
    ] as never)
    .execute();
  const client = await createRegistration(t.db, { registration_number: 'AB1234563' });
  const noDea = await createRegistration(t.db, { registration_number: 'STATE-778', license_type: 'State' });
  receivedJob = (await createJob(t.db, { registration_id: client.id, name: 'July pick-up', date_received: '2026-07-14', date_destroyed: '2026-10-05' })).id;
  destroyedJob = (await createJob(t.db, { registration_id: client.id, name: 'June pick-up', date_received: '2026-06-20', date_destroyed: '2026-07-03' })).id;
  const stateJob = (await createJob(t.db, { registration_id: noDea.id, name: 'State licence', date_received: '2026-09-30' })).id;
  const outside = (await createJob(t.db, { registration_id: client.id, name: 'October', date_received: '2026-10-01' })).id;
  const tote = (await createContainer(t.db, { job_id: receivedJob, name: 'Tote A' })).id;
  const june = (await createContainer(t.db, { job_id: destroyedJob, name: 'Tote B' })).id;
  const state = (await createContainer(t.db, { job_id: stateJob, name: 'Tote C' })).id;
  const october = (await createContainer(t.db, { job_id: outside, name: 'Tote D' })).id;
  const item = (container: number, values: Record<string, unknown>) => createLineItem(t.db, { container_id: container, pack_size: 100, pack_size_uom: 'U', ...values });
  ids.oxy = (await item(tote, { ndc: '00406-0552-01', ndc_schedule: '2', pack_quantity: 3, form_222_number: '231456789' })).id;
  ids.partial = (await item(tote, { ndc: '00406-0552-01', ndc_schedule: '2', pack_quantity: 1, percent_fill: 0.4, form_222_number: '231456789' })).id;
  ids.no222 = (await item(tote, { ndc: '00406-0552-01', ndc_schedule: '2', pack_quantity: 1, form_222_number: null })).id;
  ids.ghb = (await item(tote, { ndc: '68727-0100-01', ndc_schedule: '3N', pack_quantity: 1, pack_size: 180, pack_size_uom: 'mL', form_222_number: null })).id;
  ids.powder = (await item(tote, { ndc: '10019-0055-**', ndc_schedule: '2', pack_quantity: 1, pack_size: 417.29, pack_size_uom: 'g', percent_fill: 0.98, form_222_number: '231456797' })).id;
  ids.tooFine = (await item(tote, { ndc: '10019-0055-**', ndc_schedule: '2', pack_quantity: 1, pack_size: 417.2905, pack_size_uom: 'g', form_222_number: '231456805' })).id;
  ids.alprazolam = (await item(tote, { ndc: '00093-0832-01', ndc_schedule: '4', pack_quantity: 1, form_222_number: null })).id;
  ids.removed = (await item(tote, { ndc: '00406-0552-02', ndc_schedule: '2', pack_quantity: 1, form_222_number: '231456796' })).id;
  ids.juneOxy = (await item(june, { ndc: '00406-0552-01', ndc_schedule: '2', pack_quantity: 2, form_222_number: null })).id;
  ids.state = (await item(state, { ndc: '00406-0552-01', ndc_schedule: '2', pack_quantity: 1, form_222_number: '231456800' })).id;
  ids.october = (await item(october, { ndc: '00406-0552-01', ndc_schedule: '2', pack_quantity: 1, form_222_number: '231456801' })).id;
});
afterAll(() => t.close());

const setOurNumber = (dea: string | null) => t.db.updateTable('settings').set({ dea_number: dea }).where('id', '=', 1).execute();
beforeEach(() => setOurNumber('RD1234563'));

const arcos = (body: Record<string, unknown>) => t.injectAs('clerk', { method: 'POST', url: '/3ds/api/reports/arcos', payload: body });
const Q3 = { from: '07/01/2026', to: '09/30/2026' };

async function fileOf(body: Record<string, unknown>) {
  const res = await arcos(body);
  expect(res.statusCode, res.body).toBe(200);
  const fieldData = res.json().data[0].fieldData;
  const download = await t.app.inject({ method: 'GET', url: fieldData.Container });
  expect(download.statusCode).toBe(200);
  return { fieldData, download, lines: download.body.split('\r\n').filter((l) => l !== '') };
}

const pad = (id: number) => String(id).padStart(10, '0');

describe('POST /reports/arcos', () => {
  it('writes a receipt for each reportable item received and a destruction for each destroyed in the period', async () => {
    const { fieldData, download, lines } = await fileOf(Q3);
    expect(fieldData.FileName).toBe('arcos-20260701-20260930.txt');
    expect(download.headers['content-disposition']).toContain('arcos-20260701-20260930.txt');
    expect(download.body.endsWith('\r\n')).toBe(true);
    expect(lines).toEqual([
      // Received 07/14/2026 (July job): the oxycodone, the partial bottle, GHB and the powder.
      `RD1234563P 0040605520100000003 AB1234563231456789071426            ${pad(ids.oxy!)}E25`,
      `RD1234563P 0040605520100000001 AB1234563231456789071426        0400${pad(ids.partial!)}E25`,
      `RD1234563P 6872701000100000001 AB1234563         071426            ${pad(ids.ghb!)}E25`,
      `RD1234563P 100190055**004172902AB1234563231456797071426        0980${pad(ids.powder!)}E25`,
      // Destroyed 07/03/2026 (June job): a destruction needs no Form 222 number.
      `RD1234563Y 0040605520100000002 AB1234563         070326            ${pad(ids.juneOxy!)}E25`,
    ]);
    for (const line of lines) expect(line).toHaveLength(80);
    expect(fieldData).toMatchObject({ Records: 5, Receipts: 4, Destructions: 1, SkippedCount: 3 });
  });

  it('lists each item it could not write correctly with the reason, and leaves out what ARCOS does not want', async () => {
    const { fieldData } = await fileOf(Q3);
    const skipped = fieldData.Skipped as { recordId: number; jobId: number; ndc: string; transaction: string; reason: string }[];
    expect(skipped.map((s) => s.recordId).sort()).toEqual([ids.no222, ids.tooFine, ids.state].sort());
    const why = (id: number) => skipped.find((s) => s.recordId === id)!;
    expect(why(ids.no222!)).toEqual({ recordId: ids.no222, jobId: receivedJob, yellowBucket: false, ndc: '00406-0552-01', transaction: 'receipt', reason: 'Schedule 2 receipt without its DEA Form 222 number' });
    expect(why(ids.tooFine!).reason).toMatch(/417\.2905 g is 417290500 µg in whole units: 9 digits/);
    expect(why(ids.state!).reason).toBe('The associate registrant "STATE-778" is not a DEA registration number (two letters and seven digits)');
    // Schedule IV, removed from ARCOS and outside the period: neither written nor listed.
    for (const id of [ids.alprazolam, ids.removed, ids.october]) expect(skipped.some((s) => s.recordId === id)).toBe(false);
  });

  it('writes both transactions when a job is received and destroyed in the period', async () => {
    const { lines, fieldData } = await fileOf({ from: '07/01/2026', to: '10/31/2026' });
    const ofOxy = lines.filter((l) => l.slice(67, 77) === pad(ids.oxy!));
    expect(ofOxy.map((l) => `${l[9]} ${l.slice(49, 55)}`)).toEqual(['P 071426', 'Y 100526']);
    // The Schedule II item without a Form 222 number: its receipt is left out, its destruction written.
    expect(lines.some((l) => l.slice(67, 77) === pad(ids.no222!) && l[9] === 'Y')).toBe(true);
    expect(fieldData.Skipped.filter((s: { recordId: number }) => s.recordId === ids.no222).map((s: { transaction: string }) => s.transaction)).toEqual(['receipt']);
  });

  it('writes an empty file for a period with nothing in it', async () => {
    const { fieldData, download } = await fileOf({ from: '01/01/2025', to: '03/31/2025' });
    expect(fieldData).toMatchObject({ Records: 0, SkippedCount: 0, Skipped: [] });
    expect(download.body).toBe('');
  });

  it('audits the file with its period and counts', async () => {
    await fileOf(Q3);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('entity', '=', 'arcos').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit.username).toBe('clerk');
    expect(audit.after).toMatchObject({ report: 'arcos', from: '2026-07-01', to: '2026-09-30', records: 5, receipts: 4, destructions: 1 });
    const file = await t.db.selectFrom('files').selectAll().where('id', '=', (audit.after as { file: string }).file).executeTakeFirstOrThrow();
    expect(file.original_name).toBe('arcos-20260701-20260930.txt');
  });

  it('refuses 409 until our DEA registration number is in Settings', async () => {
    await setOurNumber(null);
    const res = await arcos(Q3);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Enter our DEA registration number in Settings first');
  });

  it('refuses 409 when our number in Settings has a wrong check digit', async () => {
    await setOurNumber('RD1234567');
    const res = await arcos(Q3);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/RD1234567, has a wrong check digit/);
  });

  it.each([
    [{ from: '09/30/2026', to: '07/01/2026' }, 'From must not be after To'],
    [{ from: '01/01/2025', to: '01/01/2026' }, 'The period can be at most one year'],
    [{ from: '2026-07-01', to: '09/30/2026' }, 'From must be a real date, written MM/DD/YYYY'],
    [{ from: '07/01/2026', to: '02/30/2026' }, 'To must be a real date, written MM/DD/YYYY'],
    [{ from: '07/01/2026' }, 'To is required, written MM/DD/YYYY'],
  ])('refuses %j with 400: %s', async (body, message) => {
    const res = await arcos(body);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
  });

  it('refuses 401 without a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/3ds/api/reports/arcos', payload: Q3 });
    expect(res.statusCode).toBe(401);
  });

  it('is guarded like the other reports: any signed-in user, no privilege needed', async () => {
    await createUser(t.db, { username: 'noprivs', privileges: [] });
    const res = await t.injectAs('noprivs', { method: 'POST', url: '/3ds/api/reports/arcos', payload: Q3 });
    expect(res.statusCode).toBe(200);
  });
});

describe('"Show Arcos Items Only" (POST /exportReport, showArcos 1)', () => {
  it('keeps the GHB preparation (Schedule 3N, drug code 2012) with schedules 1–3, and drops Schedule IV and removed NDCs', async () => {
    const res = await t.injectAs('clerk', { method: 'POST', url: '/3ds/api/exportReport', payload: { registration: 'AB1234563', jobId: receivedJob, reportType: 'excelExport', showArcos: 1 } });
    expect(res.statusCode, res.body).toBe(200);
    const download = await t.app.inject({ method: 'GET', url: res.json().data[0].fieldData.Container });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(download.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const header = rows[0] as string[];
    const listed = rows.slice(1, -1).map((r) => r[header.indexOf('Line Item ID')]);
    expect(listed).toEqual([ids.oxy, ids.partial, ids.no222, ids.ghb, ids.powder, ids.tooFine]);
  });
});
