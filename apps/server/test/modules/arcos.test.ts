import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createContainer, createJob, createLineItem, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * POST and GET /reports/arcos. Two jobs of one client (AB1234563): one received in July 2025 and
 * destroyed in October, one received in June and destroyed in July; a state-licence job received on
 * 09/30 and an October job, never destroyed. Q3 2025 is reported, then Q4 (with corrections and the
 * year-end inventory); the tests of the second describe run in order.
 */
let t: TestApp;
const ids: Record<string, number> = {};
let receivedJob: number;
let destroyedJob: number;

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'clerk' });
  await createUser(t.db, { username: 'keeper', privileges: ['MANAGE_SETTINGS'] });
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
  receivedJob = (await createJob(t.db, { registration_id: client.id, name: 'July pick-up', date_received: '2025-07-14', date_destroyed: '2025-10-05' })).id;
  destroyedJob = (await createJob(t.db, { registration_id: client.id, name: 'June pick-up', date_received: '2025-06-20', date_destroyed: '2025-07-03' })).id;
  const stateJob = (await createJob(t.db, { registration_id: noDea.id, name: 'State licence', date_received: '2025-09-30' })).id;
  const outside = (await createJob(t.db, { registration_id: client.id, name: 'October', date_received: '2025-10-01' })).id;
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

const setSettings = (values: { dea_number?: string | null; dea_regional_number?: string | null; arcos_frequency?: string }) =>
  t.db.updateTable('settings').set(values).where('id', '=', 1).execute();
beforeEach(() => setSettings({ dea_number: 'RD1234563', dea_regional_number: 'DR7654321', arcos_frequency: 'quarterly' }));

const arcos = (body: Record<string, unknown>, user = 'keeper') => t.injectAs(user, { method: 'POST', url: '/3ds/api/reports/arcos', payload: body });
const Q3 = { period: '2025-Q3' };
const Q4 = { period: '2025-Q4' };

async function fileOf(body: Record<string, unknown>) {
  const res = await arcos(body);
  expect(res.statusCode, res.body).toBe(200);
  const fieldData = res.json().data[0].fieldData;
  const download = await t.app.inject({ method: 'GET', url: fieldData.Container });
  expect(download.statusCode).toBe(200);
  return { fieldData, download, lines: download.body.split('\r\n').filter((l) => l !== '') };
}

const pad = (id: number) => String(id).padStart(10, '0');
const kept = async () => (await t.injectAs('clerk', { method: 'GET', url: '/3ds/api/reports/arcos' })).json().data as { recordId: string; fieldData: Record<string, unknown> }[];
const tables = async () => ({
  reports: (await t.db.selectFrom('arcos_reports').select('id').execute()).length,
  transactions: (await t.db.selectFrom('arcos_report_transactions').select('id').execute()).length,
  files: (await t.db.selectFrom('files').select('id').execute()).length,
});

describe('POST /reports/arcos: refusals, which change nothing', () => {
  it.each([
    [{ from: '07/01/2026', to: '09/30/2026' }, 400, 'Period is a month written YYYY-MM'],
    [{ period: '2026-Q5' }, 400, 'Period is a month written YYYY-MM'],
    [{ period: '2026-07' }, 400, 'Our ARCOS reports are quarterly (Settings): ask for a quarter such as 2026-Q1, not 2026-07'],
    [{ period: '2099-Q1' }, 400, 'Q1 2099 (January–March) is not over yet'],
    [{ period: '2025-Q3', extra: 1 }, 400, 'extra'],
  ])('%j → %i', async (body, status, message) => {
    const before = await tables();
    const res = await arcos(body);
    expect(res.statusCode, res.body).toBe(status);
    expect(JSON.stringify(res.json())).toContain(message);
    expect(await tables()).toEqual(before);
  });

  it('403 without MANAGE_SETTINGS, 401 without a session', async () => {
    expect((await arcos(Q3, 'clerk')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/3ds/api/reports/arcos', payload: Q3 })).statusCode).toBe(401);
  });

  it('409 until our DEA registration number is in Settings, and when its check digit is wrong', async () => {
    await setSettings({ dea_number: null });
    expect((await arcos(Q3)).json()).toMatchObject({ message: 'Enter our DEA registration number in Settings first' });
    await setSettings({ dea_number: 'RD1234567' });
    const res = await arcos(Q3);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/RD1234567, has a wrong check digit/);
  });

  it('409 when destructions are to be reported and the DEA Regional Number is not in Settings', async () => {
    await setSettings({ dea_regional_number: null });
    const res = await arcos(Q3);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Enter the DEA Regional Number in Settings first');
    expect((await tables()).reports).toBe(0);
  });
});

describe('the reports of Q3 and Q4 2025, kept', () => {
  it('Q3: the control record, then a receipt for each reportable item received and a destruction (naming the DEA regional office) for each destroyed', async () => {
    const { fieldData, download, lines } = await fileOf(Q3);
    expect(fieldData.FileName).toBe('arcos-2025-Q3.txt');
    expect(download.headers['content-disposition']).toContain('arcos-2025-Q3.txt');
    expect(download.body.endsWith('\r\n')).toBe(true);
    expect(lines).toEqual([
      `RD1234563*0925${' '.repeat(66)}`,
      // Received 07/14/2025 (July job): the oxycodone, the partial bottle, GHB and the powder.
      `RD1234563P 0040605520100000003 AB1234563231456789071425            ${pad(ids.oxy!)}E25`,
      `RD1234563P 0040605520100000001 AB1234563231456789071425        0400${pad(ids.partial!)}E25`,
      `RD1234563P 6872701000100000001 AB1234563         071425            ${pad(ids.ghb!)}E25`,
      `RD1234563P 100190055**004172902AB1234563231456797071425        0980${pad(ids.powder!)}E25`,
      // Destroyed 07/03/2025 (June job): the associate is the DEA regional number (appendix 1), no Form 222 number.
      `RD1234563Y 0040605520100000002 DR7654321         070325            ${pad(ids.juneOxy!)}E25`,
    ]);
    for (const line of lines) expect(line).toHaveLength(80);
    expect(fieldData).toMatchObject({ Period: '2025-Q3', Records: 6, Receipts: 4, Destructions: 1, Corrections: 0, YearEndInventory: 0, Superseded: false, SkippedCount: 3 });
    const skipped = fieldData.Skipped as { recordId: number; jobId: number; ndc: string; transaction: string; reason: string }[];
    expect(skipped.map((s) => s.recordId).sort()).toEqual([ids.no222, ids.tooFine, ids.state].sort());
    expect(skipped.find((s) => s.recordId === ids.no222)).toEqual({ recordId: ids.no222, jobId: receivedJob, yellowBucket: false, ndc: '00406-0552-01', transaction: 'receipt', reason: 'Schedule 2 receipt without its DEA Form 222 number' });
    for (const id of [ids.alprazolam, ids.removed, ids.october]) expect(skipped.some((s) => s.recordId === id)).toBe(false);
  });

  it('is kept, listed newest first with its period and link, and audited', async () => {
    const list = await kept();
    expect(list).toHaveLength(1);
    expect(list[0]!.fieldData).toMatchObject({ Period: '2025-Q3', 'Period Text': 'Q3 2025 (July–September)', From: '2025-07-01', To: '2025-09-30', Records: 6, Receipts: 4, Destructions: 1, 'Created By': 'keeper', Superseded: false, FileName: 'arcos-2025-Q3.txt' });
    expect((await t.app.inject({ method: 'GET', url: list[0]!.fieldData.Container as string })).body.startsWith('RD1234563*0925')).toBe(true);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('entity', '=', 'arcos').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ username: 'keeper', action: 'report', record_id: list[0]!.recordId });
    expect(audit.after).toMatchObject({ period: '2025-Q3', records: 6, receipts: 4, destructions: 1 });
    expect((await t.app.inject({ method: 'GET', url: '/3ds/api/reports/arcos' })).statusCode).toBe(401);
  });

  it('Q4: corrects what changed since Q3 (D and I), inserts what came late, and carries the year-end inventory', async () => {
    // Since Q3 was reported: the oxycodone was recounted (3 → 4 packages) and an item of the July job was entered late.
    await t.db.updateTable('line_items').set({ pack_quantity: 4 }).where('id', '=', ids.oxy!).execute();
    const tote = (await t.db.selectFrom('line_items').select('container_id').where('id', '=', ids.oxy!).executeTakeFirstOrThrow()).container_id;
    ids.late = (await createLineItem(t.db, { container_id: tote, ndc: '00406-0552-01', ndc_schedule: '2', pack_quantity: 5, pack_size: 100, pack_size_uom: 'U', form_222_number: '231456790' })).id;
    const { fieldData, lines } = await fileOf(Q4);
    expect(lines[0]).toBe(`RD1234563*1225${' '.repeat(66)}`);
    const body = lines.slice(1);
    expect(body).toEqual([
      // Received 10/01/2025: the October item.
      `RD1234563P 0040605520100000001 AB1234563231456801100125            ${pad(ids.october!)}E25`,
      // Destroyed 10/05/2025 (July job), associate the DEA regional number; the late item too.
      `RD1234563Y 0040605520100000004 DR7654321         100525            ${pad(ids.oxy!)}E25`,
      `RD1234563Y 0040605520100000001 DR7654321         100525        0400${pad(ids.partial!)}E25`,
      `RD1234563Y 0040605520100000001 DR7654321         100525            ${pad(ids.no222!)}E25`,
      `RD1234563Y 6872701000100000001 DR7654321         100525            ${pad(ids.ghb!)}E25`,
      `RD1234563Y 100190055**004172902DR7654321         100525        0980${pad(ids.powder!)}E25`,
      `RD1234563Y 0040605520100000005 DR7654321         100525            ${pad(ids.late!)}E25`,
      // The Q3 receipt of the oxycodone as reported (3 packages), deleted ...
      `RD1234563PD0040605520100000003 AB1234563231456789071425            ${pad(ids.oxy!)}E25`,
      // ... and as it now is (4), inserted; the late item's receipt inserted, dated in Q3.
      `RD1234563PI0040605520100000004 AB1234563231456789071425            ${pad(ids.oxy!)}E25`,
      `RD1234563PI0040605520100000005 AB1234563231456790071425            ${pad(ids.late!)}E25`,
      // On hand at the close of 12/31/2025: the state-licence job's item and the October item (code 3).
      `RD12345633 0040605520100000001 ${' '.repeat(18)}123125            ${pad(ids.state!)}E25`,
      `RD12345633 0040605520100000001 ${' '.repeat(18)}123125            ${pad(ids.october!)}E25`,
    ]);
    expect(fieldData).toMatchObject({ Period: '2025-Q4', Receipts: 1, Destructions: 6, Corrections: 3, YearEndInventory: 2, Superseded: false });
  });

  it('the same quarter made again supersedes the earlier report, which stays listed; an earlier quarter is refused', async () => {
    const again = await fileOf(Q4);
    expect(again.fieldData).toMatchObject({ Period: '2025-Q4', Corrections: 3, Superseded: true });
    const list = await kept();
    expect(list.map((r) => [r.fieldData.Period, r.fieldData.Superseded])).toEqual([
      ['2025-Q4', false],
      ['2025-Q4', true],
      ['2025-Q3', false],
    ]);
    expect(list[0]!.fieldData['Year-End Inventory']).toBe('2 items (code 3)');
    const before = await tables();
    const res = await arcos(Q3);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('a report of an earlier period cannot be made after it');
    expect(await tables()).toEqual(before);
  });

  it('the hourly clean-up never removes a kept report', async () => {
    const { deleteExpiredExports, removeUnindexedObjects } = await import('../../src/files/stored-files.ts');
    await deleteExpiredExports(t.db, t.fileStore, new Date('2100-01-01'));
    await removeUnindexedObjects(t.db, t.fileStore, new Date('2100-01-01'));
    for (const report of await kept()) expect((await t.app.inject({ method: 'GET', url: report.fieldData.Container as string })).statusCode).toBe(200);
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
    expect(listed).toEqual([ids.oxy, ids.partial, ids.no222, ids.ghb, ids.powder, ids.tooFine, ids.late]);
  });
});

describe('the year-end inventory DEA holds (code 3) is corrected in later reports, like P and Y', () => {
  // Runs after the Q4 2025 report above (in force: its second making). Since then, by straight
  // updates (the jobs are final: the API would refuse): the October item was recounted (1 → 2
  // packages); the state-licence job was found destroyed on 12/20/2025, before the year-end; and a
  // job received on 11/20/2025 is entered late. Q1 2026 carries the corrections (the P and Y ones as
  // before, and now those of the year-end inventory), Q2 none.
  const Q1 = { period: '2026-Q1' };
  const Q2 = { period: '2026-Q2' };
  const blanks = ' '.repeat(18);
  let q1Lines: string[] = [];
  const yearEndRows = (reportId: number) =>
    t.db
      .selectFrom('arcos_report_transactions')
      .select(['line_item_id', 'code', 'action', 'transaction_date', 'record'])
      .where('report_id', '=', reportId)
      .where('code', '=', '3')
      .orderBy('id')
      .execute();

  it('the Q4 report keeps its code 3 records, each with its year-end date (the code 8 record is never kept)', async () => {
    const q4 = (await kept())[0]!;
    expect(q4.fieldData).toMatchObject({ Period: '2025-Q4', Superseded: false });
    expect(await yearEndRows(Number(q4.recordId))).toEqual([
      { line_item_id: ids.state, code: '3', action: ' ', transaction_date: '2025-12-31', record: `RD12345633 0040605520100000001 ${blanks}123125            ${pad(ids.state!)}E25` },
      { line_item_id: ids.october, code: '3', action: ' ', transaction_date: '2025-12-31', record: `RD12345633 0040605520100000001 ${blanks}123125            ${pad(ids.october!)}E25` },
    ]);
  });

  it('Q1 2026: deletes the year-end records that changed or went, inserts them as they now are and the late one, all dated 1231YY', async () => {
    await t.db.updateTable('line_items').set({ pack_quantity: 2 }).where('id', '=', ids.october!).execute();
    const stateJob = (await t.db.selectFrom('line_items').select('job_id').where('id', '=', ids.state!).executeTakeFirstOrThrow()).job_id;
    await t.db.updateTable('jobs').set({ date_destroyed: '2025-12-20' }).where('id', '=', stateJob).execute();
    const client = await t.db.selectFrom('registrations').select('id').where('registration_number', '=', 'AB1234563').executeTakeFirstOrThrow();
    const lateJob = (await createJob(t.db, { registration_id: client.id, name: 'November, entered late', date_received: '2025-11-20' })).id;
    const box = (await createContainer(t.db, { job_id: lateJob, name: 'Tote E' })).id;
    ids.yearEndLate = (await createLineItem(t.db, { container_id: box, ndc: '00406-0552-01', ndc_schedule: '2', pack_quantity: 2, pack_size: 100, pack_size_uom: 'U', form_222_number: '231456802' })).id;

    const { fieldData, lines } = await fileOf(Q1);
    expect(lines[0]).toBe(`RD1234563*0326${' '.repeat(66)}`);
    expect(lines.slice(1)).toEqual([
      // The October item's receipt as reported (1 package), deleted, as for any P.
      `RD1234563PD0040605520100000001 AB1234563231456801100125            ${pad(ids.october!)}E25`,
      // What DEA holds of 12/31/2025: the state-licence item (destroyed before it) and the October item at 1 package, deleted.
      `RD12345633D0040605520100000001 ${blanks}123125            ${pad(ids.state!)}E25`,
      `RD12345633D0040605520100000001 ${blanks}123125            ${pad(ids.october!)}E25`,
      // The October receipt as it now is; the late job's receipt (11/20/2025) and the state-licence
      // item's destruction (12/20/2025), never reported: inserted.
      `RD1234563PI0040605520100000002 AB1234563231456801100125            ${pad(ids.october!)}E25`,
      `RD1234563PI0040605520100000002 AB1234563231456802112025            ${pad(ids.yearEndLate)}E25`,
      `RD1234563YI0040605520100000001 DR7654321         122025            ${pad(ids.state!)}E25`,
      // The year-end inventory of 12/31/2025 as the records now give it: the October item at 2 packages, and the late item.
      `RD12345633I0040605520100000002 ${blanks}123125            ${pad(ids.october!)}E25`,
      `RD12345633I0040605520100000002 ${blanks}123125            ${pad(ids.yearEndLate)}E25`,
    ]);
    expect(fieldData).toMatchObject({ Period: '2026-Q1', Receipts: 0, Destructions: 0, Corrections: 8, YearEndInventory: 0, Superseded: false });
    const q1 = (await kept())[0]!;
    expect(q1.fieldData['Year-End Inventory']).toBe('');
    expect((await yearEndRows(Number(q1.recordId))).map((r) => [r.line_item_id, r.action, r.transaction_date])).toEqual([
      [ids.state, 'D', '2025-12-31'],
      [ids.october, 'D', '2025-12-31'],
      [ids.october, 'I', '2025-12-31'],
      [ids.yearEndLate, 'I', '2025-12-31'],
    ]);
    q1Lines = lines;
  });

  it('Q1 made again supersedes it and carries the same corrections (worked out as if the first had not been made)', async () => {
    const again = await fileOf(Q1);
    expect(again.lines).toEqual(q1Lines);
    expect(again.fieldData).toMatchObject({ Period: '2026-Q1', Corrections: 8, Superseded: true });
    expect((await kept()).slice(0, 2).map((r) => [r.fieldData.Period, r.fieldData.Superseded])).toEqual([
      ['2026-Q1', false],
      ['2026-Q1', true],
    ]);
  });

  it('Q2 2026 does not repeat them: DEA now holds the year-end as the records give it', async () => {
    const { fieldData, lines } = await fileOf(Q2);
    expect(lines).toEqual([`RD1234563*0626${' '.repeat(66)}`]);
    expect(fieldData).toMatchObject({ Period: '2026-Q2', Records: 1, Corrections: 0, YearEndInventory: 0 });
  });
});
