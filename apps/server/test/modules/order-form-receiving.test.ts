import { formatIsoDate, RECEIVED_FORM_MESSAGES, RECEIVING_MESSAGES } from '@3ds/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createCompany, createContainer, createJob, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';
import { multipartBody } from '../support/multipart.ts';
import { fromLineItems, lineItemColumns } from '../../src/db/repositories/line-item-facts.repository.ts';

/**
 * Receiving on the Form 222 register (rules/order-forms.ts `receivingProblem`, docs/dea-paperwork.md
 * "Receiving on a Form 222"): a Schedule I/II line item names its form and line; the line's packages
 * received and their date follow from its items; each refusal is a 422 naming the form and the line,
 * and changes nothing.
 */

let t: TestApp;
let today: string;
let registrationId: number;
let otherRegistrationId: number;
let containerId: number;
let otherContainerId: number;

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'clerk', privileges: ['CREATE_JOB', 'CREATE_LINE_ITEM', 'EDIT_LINE_ITEM'] });
  await createUser(t.db, { username: 'chief', privileges: ['CREATE_JOB', 'UNLOCK_JOB'] });
  await t.db
    .insertInto('ndc_dictionary')
    .values([
      { ndc: '00406-0552-01', schedule: '2', trade_name: 'OXYCODONE HCL 5 MG', package_size: 100, package_size_uom: 'U', trade_package: true },
      { ndc: '00406-8530-01', schedule: '2', trade_name: 'OXYCODONE-ACETAMINOPHEN 5-325', package_size: 100, package_size_uom: 'U', trade_package: true },
      { ndc: '00591-0385-01', schedule: '4', trade_name: 'DIAZEPAM 5 MG', package_size: 100, package_size_uom: 'U', trade_package: true },
    ] as never)
    .execute();
  const company = await createCompany(t.db, { name: 'Riverside Community Pharmacy' });
  const flags = { schedule_2: true, schedule_2n: false, schedule_4: true, expiration_date: '2099-01-01' };
  registrationId = (await createRegistration(t.db, { company_id: company.id, registration_number: 'BR1234563', ...flags })).id;
  otherRegistrationId = (await createRegistration(t.db, { company_id: company.id, registration_number: 'BR7654329', ...flags })).id;
  containerId = (await createContainer(t.db, { job_id: (await createJob(t.db, { registration_id: registrationId })).id })).id;
  otherContainerId = (await createContainer(t.db, { job_id: (await createJob(t.db, { registration_id: otherRegistrationId })).id })).id;
  today = (await sql<{ d: string }>`SELECT tds_today()::text AS d`.execute(t.db)).rows[0]!.d;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH';
const as = (user: string, method: Method, url: string, payload?: object) =>
  t.injectAs(user, { method, url: `/3ds/api${url}`, ...(payload === undefined ? {} : { payload }) });

let numbers = 0;
const nextNumber = () => String(232_000_000 + ++numbers);
const daysAgo = (n: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

/** A form of the register, issued (and executed unless told) to `registration`, its first line 3 packages of oxycodone, its second a described item. */
async function form(options: { registration?: number; issuedDaysAgo?: number; execute?: boolean } = {}) {
  const formNumber = nextNumber();
  const issued = await as('clerk', 'POST', '/order-form/new', {
    registrationId: options.registration ?? registrationId,
    formNumber,
    formKind: 'paper',
    issuedOn: formatIsoDate(daysAgo(options.issuedDaysAgo ?? 0)),
    lines: [
      { lineNo: 1, ndc: '00406-0552-01', packages: 3 },
      { lineNo: 2, item: 'Oxycodone combinations, assorted', packages: 1 },
    ],
  });
  expect(issued.statusCode, issued.body).toBe(200);
  const id = issued.json().recordId as string;
  if (options.execute !== false) {
    // A form past its 60 days cannot be executed now: mark it executed in the database, as when it was.
    if ((options.issuedDaysAgo ?? 0) > 60) await t.db.updateTable('order_forms').set({ status: 'executed' }).where('id', '=', Number(id)).execute();
    else expect((await as('chief', 'POST', `/order-form/${id}/status`, { status: 'executed' })).statusCode).toBe(200);
  }
  return { id, formNumber };
}

const receive = (fields: Record<string, unknown>, container = containerId) =>
  as('clerk', 'POST', '/line-item/new', { containerId: container, ndc: '00406-0552-01', packQuantity: 1, ...fields });

async function received(fields: Record<string, unknown>) {
  const res = await receive(fields);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().recordId as string;
}

const record = async (id: string) => {
  const res = await as('chief', 'GET', `/order-form/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0] as { fieldData: Record<string, string | number>; portalData: { Line: Record<string, string | number>[] } };
};
const itemCount = async () => Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM line_items`.execute(t.db)).rows[0]!.n);

function expectRefused(res: { statusCode: number; body: string; json(): { message: string } }, status: number, message: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toBe(message);
}

describe('receiving a Schedule II item on a Form 222 line', () => {
  it('names the form and line; the line shows what arrived and when, and the form reads Partly received, then Received', async () => {
    const { id, formNumber } = await form();
    const first = await received({ form222Number: ` ${formNumber} `, form222Line: 1, packQuantity: 2 });
    const stored = await t.db.selectFrom('line_items').selectAll().where('id', '=', Number(first)).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ form_222_number: formNumber, order_form_id: Number(id), order_form_line: 1 });
    let shown = await record(id);
    expect(shown.fieldData.Status).toBe('Partly received');
    expect(shown.portalData.Line.map((l) => [l['Line::Line'], l['Line::Packages Received'], l['Line::Date Received']])).toEqual([
      [1, 2, formatIsoDate(today)],
      [2, 0, ''],
    ]);
    // The generic create names the line by its FileMaker name; a described line takes any Schedule II NDC.
    const generic = await as('clerk', 'POST', '/line-item', { fieldData: { id_container: containerId, 'NDC Number': '00406-8530-01', 'Pack Quantity': 1, 'Form 222 Number': formNumber, 'Form 222 Line': 2 } });
    expect(generic.statusCode, generic.body).toBe(200);
    await received({ form222Number: formNumber, form222Line: 1, packQuantity: 1 });
    shown = await record(id);
    expect(shown.fieldData.Status).toBe('Received');
    // Its registration's screen lists it with the same status.
    const registration = (await as('chief', 'GET', `/registration/${registrationId}`)).json().data[0];
    expect(registration.portalData['Order Form']).toContainEqual(
      expect.objectContaining({ 'Order Form::Order Form ID': Number(id), 'Order Form::Form Number': formNumber, 'Order Form::Status': 'Received' }),
    );
    expect(shown.portalData.Line.map((l) => l['Line::Packages Received'])).toEqual([3, 1]);
  });

  it('refuses, naming the form and line, and writes nothing', async () => {
    const { formNumber } = await form();
    const before = await itemCount();
    expectRefused(await receive({ form222Number: '999999999', form222Line: 1 }), 422, RECEIVING_MESSAGES.notInRegister('999999999'));
    expectRefused(await receive({ form222Number: formNumber }), 422, RECEIVING_MESSAGES.lineNeeded(formNumber, [1, 2]));
    expectRefused(await receive({ form222Number: formNumber, form222Line: 7 }), 422, RECEIVING_MESSAGES.noSuchLine(formNumber, 7, [1, 2]));
    expectRefused(await receive({ form222Number: formNumber, form222Line: 21 }), 422, 'Form 222 Line must be a whole number from 1 to 20.');
    expectRefused(await receive({ form222Line: 1 }), 422, RECEIVING_MESSAGES.lineWithoutForm);
    expectRefused(await receive({ form222Number: formNumber, form222Line: 1, ndc: '00406-8530-01' }), 422, RECEIVING_MESSAGES.otherNdc(formNumber, 1, '00406-0552-01', '00406-8530-01'));
    expectRefused(await receive({ form222Number: formNumber, form222Line: 1, packQuantity: 4 }), 422, RECEIVING_MESSAGES.lineFull(formNumber, 1, 3, 0, 4));
    expectRefused(await receive({ form222Number: formNumber, form222Line: 1, ndc: '00591-0385-01' }), 422, RECEIVING_MESSAGES.notOnOrderForm('4', formNumber));
    // One form names one supplier: another client's job cannot receive on it.
    expectRefused(await receive({ form222Number: formNumber, form222Line: 1 }, otherContainerId), 422, RECEIVING_MESSAGES.otherClient(formNumber, 'BR1234563', 'BR7654329'));
    expect(await itemCount()).toBe(before);
  });

  it('refuses a form not executed, void, or past its 60 days', async () => {
    const issuedOnly = await form({ execute: false });
    expectRefused(await receive({ form222Number: issuedOnly.formNumber, form222Line: 1 }), 422, RECEIVING_MESSAGES.notExecuted(issuedOnly.formNumber));
    const voided = await form();
    expect((await as('chief', 'POST', `/order-form/${voided.id}/status`, { status: 'void', reason: 'Torn' })).statusCode).toBe(200);
    expect((await receive({ form222Number: voided.formNumber, form222Line: 1 })).json().message).toMatch(new RegExp(`^Form 222 ${voided.formNumber} is void`));
    const old = await form({ issuedDaysAgo: 61 });
    const res = await receive({ form222Number: old.formNumber, form222Line: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(new RegExp(`^Form 222 ${old.formNumber} was valid until .* \\(60 days from its issue\\): goods received on ${formatIsoDate(today).replace(/\//g, '\\/')}`));
  });

  it('reads the receipt again when an item changes: more packages than the line has left are refused, another line taken', async () => {
    const { id, formNumber } = await form();
    const item = await received({ form222Number: formNumber, form222Line: 1, packQuantity: 2 });
    const edit = (fieldData: Record<string, unknown>) => as('clerk', 'PATCH', `/line-item/${item}`, { fieldData });
    const more = await edit({ 'Pack Quantity': 4 });
    expectRefused(more, 422, RECEIVING_MESSAGES.lineFull(formNumber, 1, 3, 0, 4));
    const three = await edit({ 'Pack Quantity': 3 });
    expect(three.statusCode, three.body).toBe(200);
    expect((await record(id)).portalData.Line[0]!['Line::Packages Received']).toBe(3);
    const cleared = await edit({ 'Form 222 Number': null, 'Form 222 Line': null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await t.db.selectFrom('line_items').select(['form_222_number', 'order_form_id', 'order_form_line']).where('id', '=', Number(item)).executeTakeFirst()).toEqual({
      form_222_number: null,
      order_form_id: null,
      order_form_line: null,
    });
    expect((await record(id)).fieldData.Status).toBe('Executed');
  });

  it("keeps an item typed before the register: its number stays while nobody changes it", async () => {
    const legacy = await received({});
    await t.db.updateTable('line_items').set({ form_222_number: '123123123' }).where('id', '=', Number(legacy)).execute();
    const res = await as('clerk', 'PATCH', `/line-item/${legacy}`, { fieldData: { 'Lot Number': 'L-1' } });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.db.selectFrom('line_items').select('form_222_number').where('id', '=', Number(legacy)).executeTakeFirst())?.form_222_number).toBe('123123123');
  });
});

describe('two clerks at once', () => {
  it('receive the last packages of a line one after the other: one item is saved, the other refused', async () => {
    const { id, formNumber } = await form();
    // Line 1 orders 3 packages; each clerk's item takes 2.
    const answers = await Promise.all([1, 2].map(() => receive({ form222Number: formNumber, form222Line: 1, packQuantity: 2 })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((a) => a.statusCode === 422)!.json().message).toBe(RECEIVING_MESSAGES.lineFull(formNumber, 1, 3, 2, 2));
    expect((await record(id)).portalData.Line[0]!['Line::Packages Received']).toBe(2);
  });
});

describe('a form goods arrived on', () => {
  it('keeps its received lines, and cannot be void or lost', async () => {
    const { id, formNumber } = await form();
    await received({ form222Number: formNumber, form222Line: 1, packQuantity: 2 });
    const modId = async () => String((await as('chief', 'GET', `/order-form/${id}`)).json().data[0].modId);
    expectRefused(await as('clerk', 'PATCH', `/order-form/${id}`, { modId: await modId(), lines: [{ lineNo: 2, item: 'Oxycodone combinations, assorted', packages: 1 }] }), 422, RECEIVED_FORM_MESSAGES.lineRemoved(formNumber, 1, 2));
    expectRefused(await as('clerk', 'PATCH', `/order-form/${id}`, { modId: await modId(), lines: [{ lineNo: 1, ndc: '00406-0552-01', packages: 1 }] }), 422, RECEIVED_FORM_MESSAGES.fewerThanReceived(formNumber, 1, 2));
    expectRefused(await as('chief', 'POST', `/order-form/${id}/status`, { status: 'void', reason: 'Wrong client' }), 409, RECEIVED_FORM_MESSAGES.voidReceived(formNumber, 'void'));
    expectRefused(await as('chief', 'POST', `/order-form/${id}/status`, { status: 'lost', reason: 'Misplaced' }), 409, RECEIVED_FORM_MESSAGES.voidReceived(formNumber, 'lost'));
    // A line goods did not arrive on may still change.
    const res = await as('clerk', 'PATCH', `/order-form/${id}`, {
      modId: await modId(),
      lines: [
        { lineNo: 1, ndc: '00406-0552-01', packages: 2 },
        { lineNo: 2, item: 'Oxycodone combinations, assorted', packages: 4 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe("a form's jobs and its number in the reports", () => {
  it("lists the jobs goods on the form arrived with, each with its Digital 222 file as a link", async () => {
    const { id, formNumber } = await form();
    await received({ form222Number: formNumber, form222Line: 1, packQuantity: 2 });
    const jobId = (await t.db.selectFrom('containers').select('job_id').where('id', '=', containerId).executeTakeFirstOrThrow()).job_id;
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const upload = await t.injectAs('chief', { method: 'POST', url: `/3ds/api/job/${jobId}/upload?field=${encodeURIComponent('Digital 222 Files')}`, ...multipartBody([{ name: 'form-222.pdf', bytes: pdf }]) });
    expect(upload.statusCode, upload.body).toBe(200);
    const jobs = (await as('chief', 'GET', `/order-form/${id}`)).json().data[0].portalData.Job as Record<string, string | number>[];
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ 'Job::Job ID': jobId, 'Job::Line Items': 1, 'Job::Packages': 2 });
    const link = String(jobs[0]!['Job::Digital 222 Files']);
    expect(link).toMatch(/^\/3ds\/api\/files\/[0-9a-f-]{36}\/.*\.pdf\?/);
    expect((await t.app.inject({ method: 'HEAD', url: link })).statusCode).toBe(200);
  });

  it("gives Form 41, ARCOS and the reports the register's number of the form an item was received on", async () => {
    const { formNumber } = await form();
    const item = Number(await received({ form222Number: formNumber, form222Line: 1 }));
    // Whatever the item's own copy says, the facts read the register's.
    await t.db.updateTable('line_items').set({ form_222_number: '000000000' }).where('id', '=', item).execute();
    const facts = await fromLineItems(t.db, {}).select(lineItemColumns('id', 'form_222_number')).where('li.id', '=', item).executeTakeFirstOrThrow();
    expect(facts.form_222_number).toBe(formNumber);
  });
});
