import { DECLARED_MESSAGES, DECLARED_TEMPLATE_CSV } from '@3ds/domain';
import ExcelJS from 'exceljs';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { multipartBody, TINY_PNG } from '../support/multipart.ts';
import { createCompany, createContainer, createJob, createLineItem, createOrderForm, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A job's declared inventory (rules/declared-inventory.ts; docs/dea-paperwork.md "What the client
 * declared"): typed or uploaded (xlsx, CSV), read back with the Form 222s that count as declared;
 * every refusal (privilege, lock, finality, a stale modId, any row's problem, a file of another
 * type) changes nothing.
 */

let t: TestApp;
let registrationId: number;
let jobId: number;

const OXYCODONE = '00406-0552-01';
const DIAZEPAM = '00591-0385-01';

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'clerk', privileges: ['CREATE_JOB', 'CREATE_LINE_ITEM'] });
  await createUser(t.db, { username: 'intake', privileges: ['CREATE_LINE_ITEM'] });
  await t.db
    .insertInto('ndc_dictionary')
    .values([
      { ndc: OXYCODONE, schedule: '2', trade_name: 'OXYCODONE HCL 5 MG', package_size: 100, package_size_uom: 'U', trade_package: true },
      { ndc: DIAZEPAM, schedule: '4', trade_name: 'DIAZEPAM 5 MG', package_size: 100, package_size_uom: 'U', trade_package: true },
    ] as never)
    .execute();
  const company = await createCompany(t.db, { name: 'Riverside Community Pharmacy' });
  registrationId = (await createRegistration(t.db, { company_id: company.id, registration_number: 'BR1234563', schedule_2: true, expiration_date: '2099-01-01' })).id;
  jobId = (await createJob(t.db, { registration_id: registrationId })).id;
});
afterAll(() => t.close());

const as = (user: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.injectAs(user, { method, url: `/3ds/api${url}`, ...(payload === undefined ? {} : { payload }) });

const upload = (user: string, url: string, file: { name: string; bytes: Buffer }) =>
  t.injectAs(user, { method: 'POST', url: `/3ds/api${url}`, ...multipartBody([file]) } as InjectOptions);

/** Every row of the declaration's tables and their audit rows: a refusal leaves it as it was. */
async function digest(): Promise<string> {
  const { rows } = await sql<{ d: string }>`SELECT concat_ws(',',
      (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY job_id), '')) FROM declared_inventories t),
      (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY job_id, row_no), '')) FROM declared_items t),
      (SELECT count(*)::text FROM audit_log WHERE action = 'declare')) AS d`.execute(t.db);
  return rows[0]!.d;
}

async function newJob() {
  return (await createJob(t.db, { registration_id: registrationId })).id;
}

describe('reading', () => {
  it('answers an empty declaration for a job that declared nothing, and 404 for no job', async () => {
    const read = await as('intake', 'GET', `/job/${jobId}/declared`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ jobId, modId: '', source: null, items: [], forms: [] });
    expect((await as('intake', 'GET', '/job/999999/declared')).statusCode).toBe(404);
  });
});

describe('typing', () => {
  it('keeps the items in order with the dictionary name, and audits the change', async () => {
    const job = await newJob();
    const saved = await as('clerk', 'PUT', `/job/${job}/declared`, {
      items: [
        { ndc: '0591-0385-01', lot: 'D1', packages: 2, packageSize: '100', partialFill: '40%' },
        {},
        { description: 'Unlabelled tablets', packages: '1' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      source: 'typed',
      modifiedBy: 'clerk',
      items: [
        { rowNo: 1, ndc: DIAZEPAM, lot: 'D1', packages: 2, packageSize: '100', partialFill: 0.4, dictionaryName: 'DIAZEPAM 5 MG', schedule: '4' },
        { rowNo: 2, ndc: null, description: 'Unlabelled tablets', packages: 1, partialFill: null, dictionaryName: null },
      ],
    });
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'declare').where('record_id', '=', String(job)).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity: 'job', username: 'clerk' });
  });

  it('changes nothing when the same list is sent again', async () => {
    const job = await newJob();
    const items = [{ ndc: DIAZEPAM, packages: 1 }];
    const first = (await as('clerk', 'PUT', `/job/${job}/declared`, { items })).json();
    const before = await digest();
    const again = await as('clerk', 'PUT', `/job/${job}/declared`, { items, modId: first.modId });
    expect(again.statusCode).toBe(200);
    expect(again.json().modId).toBe(first.modId);
    expect(await digest()).toBe(before);
  });

  it('removes the declaration when no item is left', async () => {
    const job = await newJob();
    const first = (await as('clerk', 'PUT', `/job/${job}/declared`, { items: [{ ndc: DIAZEPAM, packages: 1 }] })).json();
    const cleared = await as('clerk', 'PUT', `/job/${job}/declared`, { items: [], modId: first.modId });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ modId: '', items: [], source: null });
  });

  it('refuses every row problem at once with 422, keeping nothing', async () => {
    const before = await digest();
    const refused = await as('clerk', 'PUT', `/job/${jobId}/declared`, {
      items: [{ ndc: DIAZEPAM, packages: 1 }, { ndc: 'not an ndc', packages: 1 }, { description: 'Tablets', packages: 'two', partialFill: '150' }],
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().details).toEqual([expect.stringMatching(/^Row 2: /), DECLARED_MESSAGES.packages('Row 3'), DECLARED_MESSAGES.partialFill('Row 3')]);
    expect(await digest()).toBe(before);
  });

  it('refuses a Schedule II item: it is declared by its Form 222', async () => {
    const before = await digest();
    const refused = await as('clerk', 'PUT', `/job/${jobId}/declared`, { items: [{ ndc: DIAZEPAM, packages: 1 }, { ndc: OXYCODONE, packages: 2 }] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(DECLARED_MESSAGES.scheduleTwo('Row 2', OXYCODONE, 'OXYCODONE HCL 5 MG', '2'));
    expect(await digest()).toBe(before);
  });

  it('refuses without CREATE_JOB (403), on a locked job and on a destroyed one (409), and a stale modId (409)', async () => {
    const items = [{ ndc: DIAZEPAM, packages: 1 }];
    const before = await digest();
    expect((await as('intake', 'PUT', `/job/${jobId}/declared`, { items })).statusCode).toBe(403);
    const lockedJob = (await createJob(t.db, { registration_id: registrationId, locked: true })).id;
    const locked = await as('clerk', 'PUT', `/job/${lockedJob}/declared`, { items });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toMatch(/declared inventory cannot be changed/);
    const destroyed = (await createJob(t.db, { registration_id: registrationId, date_destroyed: '2026-01-05' })).id;
    const final = await as('clerk', 'PUT', `/job/${destroyed}/declared`, { items });
    expect(final.statusCode).toBe(409);
    expect(final.json().message).toMatch(/final/);
    expect((await as('clerk', 'PUT', '/job/999999/declared', { items })).statusCode).toBe(404);
    expect(await digest()).toBe(before);

    const job = await newJob();
    const first = (await as('clerk', 'PUT', `/job/${job}/declared`, { items })).json();
    await as('clerk', 'PUT', `/job/${job}/declared`, { items: [{ ndc: DIAZEPAM, packages: 2 }], modId: first.modId });
    const stale = await as('clerk', 'PUT', `/job/${job}/declared`, { items: [{ ndc: DIAZEPAM, packages: 3 }], modId: first.modId });
    expect(stale.statusCode).toBe(409);
    expect((await as('clerk', 'GET', `/job/${job}/declared`)).json().items[0].packages).toBe(2);
  });

  it('refuses a malformed body with 400', async () => {
    expect((await as('clerk', 'PUT', `/job/${jobId}/declared`, { items: [{ ndc: DIAZEPAM, packages: 1, strength: '5 mg' }] })).statusCode).toBe(400);
    expect((await as('clerk', 'PUT', `/job/${jobId}/declared`, { items: 'all of them' })).statusCode).toBe(400);
  });
});

describe('uploading', () => {
  it('reads the template as CSV, from the file name', async () => {
    const job = await newJob();
    const read = await upload('clerk', `/job/${job}/declared/file`, { name: 'pickup.csv', bytes: Buffer.from(DECLARED_TEMPLATE_CSV) });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ source: 'pickup.csv', ignoredColumns: [], items: [{ ndc: '00591-0405-01', lot: 'AB1234', packages: 2, partialFill: 0.4 }] });
  });

  it('reads a workbook, leaving out columns it does not keep, and adds to the list when asked', async () => {
    const job = await newJob();
    await as('clerk', 'PUT', `/job/${job}/declared`, { items: [{ description: 'Typed first', packages: 1 }] });
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Inventory');
    sheet.addRow(['Item NDC', 'Drug Name', 'Lot Number', 'Qty', 'Strength', '% Fill']);
    sheet.addRow(['00591-0385-01', 'Diazepam 5 mg', 'LX-9', 3, '5 mg', 0.25]);
    sheet.getCell('F2').numFmt = '0%';
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const modId = (await as('clerk', 'GET', `/job/${job}/declared`)).json().modId;
    const read = await upload('clerk', `/job/${job}/declared/file?mode=append&modId=${modId}`, { name: 'client list.xlsx', bytes });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({
      source: 'client list.xlsx',
      ignoredColumns: ['Strength'],
      items: [{ description: 'Typed first' }, { ndc: DIAZEPAM, description: 'Diazepam 5 mg', lot: 'LX-9', packages: 3, partialFill: 0.25 }],
    });
  });

  it('names the sheet row of each problem and keeps nothing', async () => {
    const job = await newJob();
    const before = await digest();
    const csv = 'NDC,Packages\r\n00591-0385-01,1\r\n\r\n591038501,2\r\n00406-0552-01,1\r\n';
    const refused = await upload('clerk', `/job/${job}/declared/file`, { name: 'list.csv', bytes: Buffer.from(csv) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().details).toEqual([DECLARED_MESSAGES.ndcShort('Row 4', '591038501')]);
    const schedule = await upload('clerk', `/job/${job}/declared/file`, { name: 'list.csv', bytes: Buffer.from('NDC,Packages\r\n00406-0552-01,1\r\n') });
    expect(schedule.json().message).toBe(DECLARED_MESSAGES.scheduleTwo('Row 1', OXYCODONE, 'OXYCODONE HCL 5 MG', '2'));
    expect(await digest()).toBe(before);
  });

  it('reads a CSV a spreadsheet saved as Windows-1252', async () => {
    const job = await newJob();
    const quoted = Buffer.concat([Buffer.from('Description,Packages\r\n"Cr'), Buffer.from([0xe8]), Buffer.from('me",1\r\n')]);
    const ok = await upload('clerk', `/job/${job}/declared/file`, { name: 'list.csv', bytes: quoted });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().items[0].description).toBe('Crème');
  });

  it('refuses another type (415), a damaged workbook (422), a file too large (413) and no privilege (403)', async () => {
    const before = await digest();
    expect((await upload('clerk', `/job/${jobId}/declared/file`, { name: 'p.png', bytes: TINY_PNG })).statusCode).toBe(415);
    const zipHeader = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(200)]);
    const damaged = await upload('clerk', `/job/${jobId}/declared/file`, { name: 'd.xlsx', bytes: zipHeader });
    expect([415, 422]).toContain(damaged.statusCode);
    expect((await upload('clerk', `/job/${jobId}/declared/file`, { name: 'big.csv', bytes: Buffer.alloc(2 * 1024 * 1024 + 10, 'a') })).statusCode).toBe(413);
    expect((await upload('intake', `/job/${jobId}/declared/file`, { name: 'l.csv', bytes: Buffer.from(DECLARED_TEMPLATE_CSV) })).statusCode).toBe(403);
    expect((await upload('clerk', `/job/${jobId}/declared/file?mode=merge`, { name: 'l.csv', bytes: Buffer.from(DECLARED_TEMPLATE_CSV) })).statusCode).toBe(400);
    expect(await digest()).toBe(before);
  });
});

describe('the Form 222s that count as declared', () => {
  it('are the client’s executed forms awaiting goods and those received in this job, with what arrived here', async () => {
    const company = await createCompany(t.db, { name: 'Lakeside Pharmacy' });
    const registration = (await createRegistration(t.db, { company_id: company.id, registration_number: 'BL1234565', schedule_2: true, expiration_date: '2099-01-01' })).id;
    const other = (await createRegistration(t.db, { company_id: company.id, registration_number: 'BL7654320', schedule_2: true, expiration_date: '2099-01-01' })).id;
    const job = (await createJob(t.db, { registration_id: registration })).id;
    const earlierJob = (await createJob(t.db, { registration_id: registration })).id;
    const awaiting = await createOrderForm(t.db, { registration_id: registration, status: 'executed' }, { ndc: OXYCODONE, packages: 3 });
    const receivedHere = await createOrderForm(t.db, { registration_id: registration, status: 'executed' }, { ndc: OXYCODONE, packages: 2 });
    const receivedElsewhere = await createOrderForm(t.db, { registration_id: registration, status: 'executed' }, { ndc: OXYCODONE, packages: 2 });
    await createOrderForm(t.db, { registration_id: registration, status: 'void', status_reason: 'Misprinted' });
    await createOrderForm(t.db, { registration_id: registration, status: 'issued' });
    await createOrderForm(t.db, { registration_id: other, status: 'executed' });
    const container = (await createContainer(t.db, { job_id: job })).id;
    const earlierContainer = (await createContainer(t.db, { job_id: earlierJob })).id;
    await createLineItem(t.db, { container_id: container, job_id: job, ndc: OXYCODONE, pack_quantity: 1, order_form_id: receivedHere.id, order_form_line: 1 });
    await createLineItem(t.db, { container_id: earlierContainer, job_id: earlierJob, ndc: OXYCODONE, pack_quantity: 1, order_form_id: receivedElsewhere.id, order_form_line: 1 });

    const read = (await as('clerk', 'GET', `/job/${job}/declared`)).json();
    expect(read.forms.map((form: { formId: number }) => form.formId).sort()).toEqual([awaiting.id, receivedHere.id].sort());
    const here = read.forms.find((form: { formId: number }) => form.formId === receivedHere.id);
    expect(here).toMatchObject({ status: 'Partly received', lines: [{ lineNo: 1, ndc: OXYCODONE, packages: 2, receivedHere: 1 }] });
  });
});
