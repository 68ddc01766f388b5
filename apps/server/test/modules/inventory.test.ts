import { execFileSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createContainer, createJob, createLineItem, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The on-hand view, the inventory and the accountability report (GET /reports/on-hand, POST and GET
 * /reports/inventory, GET /reports/accountability). Jobs of one client, received and destroyed on
 * either side of March 2026; the clock stands at 04/10/2026 10:00.
 */
let t: TestApp;
let dir: string;
const ids: Record<string, number> = {};
const jobs: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  t.clock.now = new Date('2026-04-10T10:00:00');
  dir = await mkdtemp(join(tmpdir(), '3ds-inventory-'));
  await createUser(t.db, { username: 'clerk' });
  await createUser(t.db, { username: 'keeper', privileges: ['MANAGE_SETTINGS'] });
  await t.db.updateTable('users').set({ display_name: 'Kim Keeper' }).where('username', '=', 'keeper').execute();
  await t.db
    .insertInto('ndc_dictionary')
    .values([
      { ndc: '00406-0552-01', schedule: '2', trade_name: 'OXYCODONE HCL', drug_code: '9143', strength: '5 MG', form: 'TABLET', ingredient_base_weight: 0.44816, trade_package: true },
      { ndc: '00093-0832-01', schedule: '4', trade_name: 'ALPRAZOLAM', drug_code: '2882', strength: '1 MG', form: 'TABLET', trade_package: true },
      { ndc: '50580-0488-10', schedule: 'NC', trade_name: 'ACETAMINOPHEN', trade_package: true },
    ] as never)
    .execute();
  const client = await createRegistration(t.db, { registration_number: 'AB1234563' });
  const job = async (name: string, received: string | null, destroyed: string | null) =>
    (jobs[name] = (await createJob(t.db, { registration_id: client.id, name, date_received: received, date_destroyed: destroyed })).id);
  const item = async (name: string, jobName: string, values: Record<string, unknown>) => {
    const container = await createContainer(t.db, { job_id: jobs[jobName]!, name: `Tote ${name}` });
    ids[name] = (await createLineItem(t.db, { container_id: container.id, pack_size: 100, pack_size_uom: 'U', ...values })).id;
  };
  await job('Before', '2026-01-05', '2026-01-20');
  await job('Across', '2026-02-20', '2026-03-10');
  await job('Open', '2026-02-20', null);
  await job('March', '2026-03-25', null);
  await job('NoReceipt', null, '2026-03-12');
  await job('Today', '2026-04-10', null);
  await item('before', 'Before', { ndc: '00406-0552-01', ndc_schedule: '2', pack_quantity: 1, grams_of_base: 0.44816 });
  await item('across', 'Across', { ndc: '00406-0552-01', ndc_schedule: '2', pack_quantity: 2, grams_of_base: 0.89632 });
  await item('open', 'Open', { ndc: '00406-0552-01', ndc_schedule: '2', pack_quantity: 3, lot_number: 'OX-1', grams_of_base: 1.34448 });
  await item('openPartial', 'Open', { ndc: '00406-0552-01', ndc_schedule: '2', pack_quantity: 1, percent_fill: 0.4, lot_number: 'OX-1', grams_of_base: 0.179264 });
  await item('alprazolam', 'March', { ndc: '00093-0832-01', ndc_schedule: '4', pack_quantity: 1, percent_fill: 0.3, lot_number: 'ALP-8' });
  await item('apap', 'March', { ndc: '50580-0488-10', ndc_schedule: 'NC', pack_quantity: 2 });
  await item('noReceipt', 'NoReceipt', { ndc: '00406-0552-01', ndc_schedule: '2', pack_quantity: 1, grams_of_base: 0.44816 });
  await item('today', 'Today', { ndc: '00406-0552-01', ndc_schedule: '2', pack_quantity: 1, lot_number: 'OX-9', grams_of_base: 0.44816 });
});
afterAll(() => t.close());

const get = (url: string, user: string | null = 'clerk') => (user === null ? t.app.inject({ method: 'GET', url: `/3ds/api${url}` }) : t.injectAs(user, { method: 'GET', url: `/3ds/api${url}` }));
const take = (body: unknown, user = 'keeper') => t.injectAs(user, { method: 'POST', url: '/3ds/api/reports/inventory', payload: body as object });
const setRegistration = (on: boolean) =>
  t.db
    .updateTable('settings')
    .set(on ? { registrant_name: 'Tristate Returns LLC', dea_number: 'RT1234563', address_line_1: '100 Industrial Pkwy', city: 'Columbus', state: 'OH', zip: '43215' } : { registrant_name: null })
    .where('id', '=', 1)
    .execute();

describe('GET /reports/on-hand', () => {
  it('lists the line items received and not destroyed, in schedule and drug code order, with Days Left and a summary', async () => {
    const res = await get('/reports/on-hand');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.map((r: { fieldData: { 'Line Item ID': number } }) => r.fieldData['Line Item ID'])).toEqual([ids.open, ids.openPartial, ids.today, ids.alprazolam, ids.apap]);
    const open = body.data[0].fieldData;
    // Received 02/20/2026: 30 − 49 days = 19 days overdue at 04/10/2026.
    expect(open).toMatchObject({ 'NDC Number': '00406-0552-01', Schedule: '2', 'Drug Code': '9143', 'Date Received': '02/20/2026', 'Days Left': -19, 'Job Name': 'Open' });
    expect(body.data[2].fieldData['Days Left']).toBe(30);
    expect(body.dataInfo).toEqual({ foundCount: 5, returnedCount: 5, totalRecordCount: 5 });
    expect(body.summary).toEqual([
      { schedule: '2', drugCode: '9143', lineItems: 3, gramsOfBase: 1.971904 },
      { schedule: '4', drugCode: '2882', lineItems: 1, gramsOfBase: 0 },
      { schedule: 'NC', drugCode: '', lineItems: 1, gramsOfBase: 0 },
    ]);
  });

  it('finds by quick find words, schedule and drug code, and pages', async () => {
    const found = async (query: string) => (await get(`/reports/on-hand?${query}`)).json();
    expect((await found('quickFind=ox%20open')).data.map((r: { recordId: string }) => Number(r.recordId))).toEqual([ids.open, ids.openPartial]);
    expect((await found('quickFind=alpraz')).dataInfo.foundCount).toBe(1);
    expect((await found('quickFind=00406-0552')).dataInfo.foundCount).toBe(3);
    expect((await found('quickFind=%25')).dataInfo.foundCount).toBe(5);
    expect((await found('schedule=4')).data[0].recordId).toBe(String(ids.alprazolam));
    expect((await found('drugCode=9143&limit=2&offset=2')).data.map((r: { recordId: string }) => Number(r.recordId))).toEqual([ids.openPartial, ids.today]);
    expect((await found('quickFind=nothing-like-it')).dataInfo).toEqual({ foundCount: 0, returnedCount: 0, totalRecordCount: 5 });
  });

  it('refuses malformed parameters (400) and a request without a session (401)', async () => {
    for (const query of ['schedule=ABC', 'drugCode=91', 'offset=-1', 'limit=x', 'unknown=1']) expect((await get(`/reports/on-hand?${query}`)).statusCode, query).toBe(400);
    expect((await get('/reports/on-hand', null)).statusCode).toBe(401);
  });

  it('the home screen sums the same line items by schedule (one definition of on hand)', async () => {
    const res = await get('/home/on-hand');
    expect(res.statusCode).toBe(200);
    const summary = res.json() as { schedules: { schedule: string; lineItems: number; yellowBucketLineItems: number; gramsOfBase: number }[] };
    expect(summary.schedules.map((s) => ({ schedule: s.schedule, lineItems: s.lineItems + s.yellowBucketLineItems, gramsOfBase: s.gramsOfBase }))).toEqual([
      { schedule: '2', lineItems: 3, gramsOfBase: 1.972 },
      { schedule: '4', lineItems: 1, gramsOfBase: 0 },
      { schedule: 'NC', lineItems: 1, gramsOfBase: 0 },
    ]);
    const listed = (await get('/reports/on-hand')).json() as { dataInfo: { foundCount: number } };
    expect(summary.schedules.reduce((n, s) => n + s.lineItems + s.yellowBucketLineItems, 0)).toBe(listed.dataInfo.foundCount);
  });
});

describe('POST /reports/inventory', () => {
  it('refuses without MANAGE_SETTINGS (403), a malformed or future moment (422), our registration missing (409); changes nothing', async () => {
    const count = async () => (await t.db.selectFrom('inventories').select('id').execute()).length;
    expect((await take({ asOf: '04/01/2026 17:00' }, 'clerk')).statusCode).toBe(403);
    for (const asOf of ['04/31/2026 17:00', '2026-04-01 17:00', '04/01/2026']) {
      const res = await take({ asOf });
      expect(res.statusCode, asOf).toBe(400);
      expect(res.json().message).toContain('As of must be a real date and time, written MM/DD/YYYY HH:MM (24-hour)');
    }
    expect((await take({ asOf: '04/11/2026 09:00' })).statusCode).toBe(422);
    expect((await take({ asOf: '04/11/2026 09:00' })).json().message).toBe('As of must not be in the future: an inventory counts what is on hand');
    expect((await take({})).statusCode).toBe(400);
    expect((await take({ asOf: '04/01/2026 17:00', extra: 1 })).statusCode).toBe(400);
    await setRegistration(false);
    const res = await take({ asOf: '04/01/2026 17:00' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Enter our registration in Settings first');
    expect(await count()).toBe(0);
  });

  it('takes the inventory as of a moment: controlled substances on hand, counted as the rule allows, kept as PDF and xlsx, audited', async () => {
    await setRegistration(true);
    // 03/20/2026 at the close of business: the Open job (oxycodone, 3 sealed + one opened at 40 %) only;
    // the March job arrives on 03/25 and the Across job was destroyed on 03/10.
    const res = await take({ asOf: '03/20/2026 17:30' });
    expect(res.statusCode, res.body).toBe(200);
    const record = res.json().data[0];
    expect(record.fieldData).toMatchObject({ 'As Of': '03/20/2026 17:30', 'Line Items': 2, 'Created By': 'keeper', 'File Name': 'inventory-20260320-1730.pdf' });
    const pdf = await t.app.inject({ method: 'GET', url: record.fieldData.Container });
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const file = join(dir, 'inventory.pdf');
    await writeFile(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    for (const value of ['INVENTORY OF CONTROLLED SUBSTANCES', 'Tristate Returns LLC', 'RT1234563', '03/20/2026 17:30', 'Close of business', 'OXYCODONE HCL', 'OX-1', 'Exact count', 'Kim Keeper', 'Signature']) expect(text).toContain(value);
    // Made on 04/10/2026, three weeks after its moment: a reconstruction from the records, said on the
    // page, in the list and in the workbook; and when and by whom it was made.
    expect(text).toContain('RECONSTRUCTED FROM THE RECORDS ON 04/10/2026: NOT A COUNT TAKEN AT THAT MOMENT');
    expect(text).toMatch(/Generated:\s+04\/10\/2026 10:00 by keeper/);
    expect(record.fieldData.Reconstructed).toBe('Reconstructed from the records on 04/10/2026: not a count taken at that moment');
    // 3 sealed bottles of 100 and 40 tablets of an opened one: 340 tablets.
    expect(text.split('\n').some((l) => l.includes('00406-0552-01') && l.includes('340 tablets'))).toBe(true);
    expect(text).not.toContain('ACETAMINOPHEN');

    const xlsx = await t.app.inject({ method: 'GET', url: record.fieldData['Container Xlsx'] });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Schedule', 'NDC or DEA Code', 'Batch Number', 'Name of Substance', 'Strength', 'Form', 'Units per Container', 'Sealed Containers', 'Units in Opened Containers', 'Total on Hand', 'Count', 'Line Items']);
    expect(rows.slice(1)).toEqual([['2', '00406-0552-01', 'OX-1', 'OXYCODONE HCL 5 MG TABLET', '5 MG', 'TABLET', '100', '3', '40', '340 tablets', 'Exact count', 2]]);

    const audit = await t.db.selectFrom('audit_log').selectAll().where('entity', '=', 'inventory').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ username: 'keeper', action: 'take-inventory', record_id: record.recordId });
  });

  it('at the opening of business the day’s receipts are not yet counted; Schedule IV opened containers are estimated', async () => {
    const opening = (await take({ asOf: '03/25/2026 08:00' })).json().data[0].fieldData;
    expect(opening['Line Items']).toBe(2);
    const close = (await take({ asOf: '03/25/2026 18:00' })).json().data[0];
    expect(close.fieldData['Line Items']).toBe(3);
    const xlsx = await t.app.inject({ method: 'GET', url: close.fieldData['Container Xlsx'] });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows.find((r) => r[1] === '00093-0832-01')?.[10]).toBe('Estimated count');
  });

  it('lists the inventories kept, newest first; the clean-up never removes them', async () => {
    const res = await get('/reports/inventory');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { fieldData: { 'As Of': string } }) => r.fieldData['As Of'])).toEqual(['03/25/2026 18:00', '03/25/2026 08:00', '03/20/2026 17:30']);
    const { deleteExpiredExports, removeUnindexedObjects } = await import('../../src/files/stored-files.ts');
    await deleteExpiredExports(t.db, t.fileStore, new Date('2100-01-01'));
    await removeUnindexedObjects(t.db, t.fileStore, new Date('2100-01-01'));
    for (const r of (await get('/reports/inventory')).json().data) {
      expect((await t.app.inject({ method: 'GET', url: r.fieldData.Container })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: r.fieldData['Container Xlsx'] })).statusCode).toBe(200);
    }
    expect((await get('/reports/inventory', null)).statusCode).toBe(401);
  });

  it('is a count, not a reconstruction, when made within a day of its moment', async () => {
    const record = (await take({ asOf: '04/10/2026 08:00' })).json().data[0];
    expect(record.fieldData.Reconstructed).toBe('');
    const file = join(dir, 'inventory-today.pdf');
    await writeFile(file, (await t.app.inject({ method: 'GET', url: record.fieldData.Container })).rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).not.toContain('RECONSTRUCTED');
    expect(text).toMatch(/Generated:\s+04\/10\/2026 10:00 by keeper/);
  });
});

describe('GET /reports/accountability', () => {
  it('opening + received − destroyed = closing for a drug code over a period, each figure with its line items, and what cannot be placed', async () => {
    const res = await get('/reports/accountability?from=03/01/2026&to=03/31/2026&drugCode=9143');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const idsOf = (figure: { items: { recordId: number }[] }) => figure.items.map((i) => i.recordId);
    // Opening (close of 02/28): Across and Open (received 02/20). Received in March: none of 9143.
    // Destroyed in March: Across (03/10). Closing: Open. The one destroyed without a receipt is unplaced.
    expect(idsOf(body.opening)).toEqual([ids.across, ids.open, ids.openPartial]);
    expect(idsOf(body.received)).toEqual([]);
    expect(idsOf(body.destroyed)).toEqual([ids.across]);
    expect(idsOf(body.closing)).toEqual([ids.open, ids.openPartial]);
    expect(body.opening.lineItems + body.received.lineItems - body.destroyed.lineItems).toBe(body.closing.lineItems);
    expect(body.opening.gramsOfBase).toBe(2.420064);
    expect(body.closing.gramsOfBase).toBe(1.523744);
    expect(body.unplaced.map((u: { recordId: number; reason: string }) => [u.recordId, u.reason.slice(0, 40)])).toEqual([
      [ids.open, 'Received more than 30 days before the en'],
      [ids.openPartial, 'Received more than 30 days before the en'],
      [ids.noReceipt, 'Destroyed, but its job has no Date Recei'],
    ]);
  });

  it('gives the same figures per NDC in packages and dosage units, balanced', async () => {
    // The Reporting Qty each save computes: 2 bottles of 100, 3 of 100, one at 40 %.
    for (const [name, qty] of [['across', 200], ['open', 300], ['openPartial', 40], ['noReceipt', 100]] as const) {
      await t.db.updateTable('line_items').set({ reporting_qty: qty, reporting_uom: 'U' }).where('id', '=', ids[name]!).execute();
    }
    const body = (await get('/reports/accountability?from=03/01/2026&to=03/31/2026&drugCode=9143')).json();
    expect(body.byNdc).toEqual([
      {
        ndc: '00406-0552-01',
        description: expect.any(String),
        unit: 'dosage units',
        opening: { packages: 6, units: 540 },
        received: { packages: 0, units: 0 },
        destroyed: { packages: 2, units: 200 },
        closing: { packages: 4, units: 340 },
        balanced: true,
        uncounted: 0,
      },
    ]);
  });

  it('refuses a malformed period or drug code and From after To (400)', async () => {
    for (const query of ['from=03/01/2026&to=03/31/2026', 'from=3-1-2026&to=03/31/2026&drugCode=9143', 'from=03/01/2026&to=03/31/2026&drugCode=91', 'from=03/31/2026&to=03/01/2026&drugCode=9143']) {
      expect((await get(`/reports/accountability?${query}`)).statusCode, query).toBe(400);
    }
    expect((await get('/reports/accountability?from=03/01/2026&to=03/31/2026&drugCode=9143', null)).statusCode).toBe(401);
  });
});
