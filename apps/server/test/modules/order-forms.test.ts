import { formatIsoDate, ORDER_FORM_STATUSES, orderFormStatusText, orderFormValidUntil, type OrderFormStatus } from '@3ds/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createCompany, createOrderForm, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The Form 222 register (rules/order-forms.ts, docs/dea-paperwork.md "The Form 222 register"):
 * issuing a form to a client's registration with its lines, finding it in the list, changing its
 * lines and note, marking it executed, void or lost — each change audited, each refusal a 4xx with
 * a message that changes nothing.
 */

let t: TestApp;
let today: string;
let registrationId: number;
let companyName: string;

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'clerk', privileges: ['CREATE_JOB'] });
  await createUser(t.db, { username: 'chief', privileges: ['CREATE_JOB', 'UNLOCK_JOB'] });
  await createUser(t.db, { username: 'reader', privileges: [] });
  await t.db
    .insertInto('ndc_dictionary')
    .values([{ ndc: '00406-0552-01', schedule: '2', trade_name: 'OXYCODONE HCL 5 MG', package_size: 100, package_size_uom: 'U', trade_package: true }] as never)
    .execute();
  const company = await createCompany(t.db, { name: 'Riverside Community Pharmacy' });
  companyName = company.name;
  registrationId = (await createRegistration(t.db, { company_id: company.id, registration_number: 'BR1234563', schedule_2: true, schedule_2n: false })).id;
  // 3DS's today: the day in the Settings' time zone, as the server counts it.
  today = (await sql<{ d: string }>`SELECT tds_today()::text AS d`.execute(t.db)).rows[0]!.d;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH';
const as = (user: string, method: Method, url: string, payload?: object) =>
  t.injectAs(user, { method, url: `/3ds/api${url}`, ...(payload === undefined ? {} : { payload }) });

const usDate = (iso: string) => formatIsoDate(iso);
const daysAgo = (n: number) => {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

let numbers = 0;
/** A paper form's number not used before in this file. */
const nextNumber = () => String(231_000_000 + ++numbers);

const twoLines = [
  { lineNo: 1, ndc: '00406-0552-01', packages: 2, packageSize: '100 tablets' },
  { lineNo: 2, ndc: null, item: 'Fentanyl citrate 50 mcg/mL vials', packages: 1, packageSize: '25 x 2 mL' },
];

async function issue(extra: Record<string, unknown> = {}, user = 'clerk') {
  return as(user, 'POST', '/order-form/new', { registrationId, formNumber: nextNumber(), formKind: 'paper', issuedOn: usDate(today), lines: twoLines, ...extra });
}

async function issued(extra: Record<string, unknown> = {}) {
  const res = await issue(extra);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { recordId: string; modId: string; formNumber: string; status: OrderFormStatus };
}

const record = async (id: string) => {
  const res = await as('reader', 'GET', `/order-form/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data[0] as { recordId: string; modId: string; fieldData: Record<string, string | number>; portalData: { Line: Record<string, string | number>[] } };
};

const formCount = async () => Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM order_forms`.execute(t.db)).rows[0]!.n);
const lineCount = async () => Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM order_form_lines`.execute(t.db)).rows[0]!.n);
const auditOf = (id: string) => t.db.selectFrom('audit_log').selectAll().where('entity', '=', 'order-form').where('record_id', '=', id).orderBy('id').execute();

function expectRefused(res: { statusCode: number; body: string; json(): { message: string } }, status: number, message: string | RegExp) {
  expect(res.statusCode, res.body).toBe(status);
  if (typeof message === 'string') expect(res.json().message).toBe(message);
  else expect(res.json().message).toMatch(message);
}

describe('issuing a Form 222', () => {
  it('records the form and its lines, audited, and answers its id, number and status', async () => {
    const number = nextNumber();
    const res = await as('clerk', 'POST', '/order-form/new', { registrationId, formNumber: ` ${number} `, formKind: 'Paper', issuedOn: usDate(today), note: 'Annual return', lines: twoLines });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toEqual({ recordId: expect.stringMatching(/^\d+$/), modId: '0', formNumber: number, status: 'issued' });

    const form = await record(answer.recordId);
    expect(form.fieldData).toMatchObject({
      'Order Form ID': Number(answer.recordId),
      'Form Number': number,
      'Form Kind': 'Paper',
      'Issue Date': usDate(today),
      'Valid Until': usDate(orderFormValidUntil(today)),
      Status: 'Issued',
      'Status Code': 'issued',
      'Registration Number': 'BR1234563',
      'Registration ID': registrationId,
      'Company Name': companyName,
      'Lines Completed': 2,
      Note: 'Annual return',
      'Created By': 'clerk',
    });
    // The NDC line names its item by the dictionary's trade name; the described one as described.
    expect(form.portalData.Line).toEqual([
      expect.objectContaining({ 'Line::Line': 1, 'Line::NDC': '00406-0552-01', 'Line::Item': 'OXYCODONE HCL 5 MG', 'Line::Packages': 2, 'Line::Package Size': '100 tablets' }),
      expect.objectContaining({ 'Line::Line': 2, 'Line::NDC': '', 'Line::Item': 'Fentanyl citrate 50 mcg/mL vials', 'Line::Packages': 1, 'Line::Package Size': '25 x 2 mL' }),
    ]);
    const audit = await auditOf(answer.recordId);
    expect(audit.map((a) => [a.action, a.username])).toEqual([['issue', 'clerk']]);
    expect(JSON.stringify(audit[0]!.after)).toContain(number);
  });

  it('takes an electronic (CSOS) order number in capitals, and a form with no lines yet', async () => {
    const res = await as('clerk', 'POST', '/order-form/new', { registrationId, formNumber: '26xab1234', formKind: 'electronic', issuedOn: usDate(daysAgo(3)) });
    expect(res.statusCode, res.body).toBe(200);
    const form = await record(res.json().recordId);
    expect(form.fieldData).toMatchObject({ 'Form Number': '26XAB1234', 'Form Kind': 'Electronic (CSOS)', 'Lines Completed': 0 });
    expect(form.portalData.Line).toEqual([]);
  });

  it('refuses a number of neither shape, or of the other kind, saying what a number looks like', async () => {
    const before = [await formCount(), await lineCount()];
    expectRefused(await issue({ formNumber: '12345' }), 422, 'Form 222 number 12345 must be 9 digits (paper) or like 26X123456 (electronic).');
    expectRefused(await issue({ formNumber: '26X123456' }), 422, /^Form 222 number 26X123456 is an electronic \(CSOS\) order number, but the form is marked Paper: choose Electronic/);
    expectRefused(await issue({ formNumber: '123456789', formKind: 'electronic' }), 422, /is a paper form's number, but the form is marked Electronic: choose Paper/);
    expectRefused(await issue({ formKind: 'carbon' }), 422, 'Kind must be paper or electronic.');
    expect([await formCount(), await lineCount()]).toEqual(before);
  });

  it('refuses an issue date that is not a date or is after today, and bad lines, naming each', async () => {
    expectRefused(await issue({ issuedOn: '2026-01-01' }), 422, 'Issue Date must be a date as MM/DD/YYYY.');
    const tomorrow = new Date(`${today}T00:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    expectRefused(await issue({ issuedOn: usDate(tomorrow.toISOString().slice(0, 10)) }), 422, /is after today/);
    const res = await issue({
      lines: [
        { lineNo: 1, ndc: '00406-0552-01', packages: 0 },
        { lineNo: 1, ndc: '00406-0552-01', packages: 1 },
        { lineNo: 21, item: 'x', packages: 1 },
        { lineNo: 3, ndc: 'oxy', packages: 1 },
        { lineNo: 4, packages: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().details).toEqual([
      'Line 1: Packages must be a whole number from 1 to 999,999.',
      'Line 1 is listed twice: only one item may be entered on each numbered line (21 CFR 1305.12(b)).',
      'Line 3 of the list: its line number (21) must be a whole number from 1 to 20.',
      'Line 3: "oxy" is not an NDC or a barcode 3DS reads: an NDC has 10 or 11 digits (with or without hyphens).',
      "Line 4: give the item's NDC, or describe the item.",
    ]);
    expectRefused(
      await issue({ lines: Array.from({ length: 21 }, (_, i) => ({ lineNo: i + 1, item: 'x', packages: 1 })) }),
      422,
      'A Form 222 has 20 lines; this one lists 21. Put the rest on another form.',
    );
  });

  it('refuses a registration that does not exist, is not a DEA registration for Schedule 2, or has expired', async () => {
    expectRefused(await issue({ registrationId: 999_999 }), 422, 'There is no registration 999999: choose the client\'s registration.');
    const noTwo = await createRegistration(t.db, { registration_number: 'BR1234563', schedule_2: false, schedule_2n: false, schedule_3: true });
    expectRefused(await issue({ registrationId: noTwo.id }), 422, /^Registration BR1234563 is not registered for Schedule 2 or 2N/);
    const twoN = await createRegistration(t.db, { registration_number: 'BR1234563', schedule_2: false, schedule_2n: true });
    expect((await issue({ registrationId: twoN.id })).statusCode).toBe(200);
    const state = await createRegistration(t.db, { registration_number: 'OH-TDDD-1234', license_type: 'State', schedule_2: true });
    expectRefused(await issue({ registrationId: state.id }), 422, /^Registration OH-TDDD-1234 is a State licence, not a DEA registration/);
    const expired = await createRegistration(t.db, { registration_number: 'BR1234563', expiration_date: '2020-06-30', schedule_2: true });
    expectRefused(await issue({ registrationId: expired.id }), 422, 'Registration BR1234563 expired on 06/30/2020: a Form 222 is issued to a current registration only.');
  });

  it('refuses a number already in the register, naming that form and its client', async () => {
    const first = await issued();
    const res = await issue({ formNumber: first.formNumber });
    expectRefused(res, 422, `Form 222 ${first.formNumber} is already in the register: form ${first.recordId}, issued ${usDate(today)} to BR1234563 (${companyName}). A form number is used once.`);
  });

  it('is refused without CREATE_JOB, before the body is read', async () => {
    const before = await formCount();
    expectRefused(await issue({}, 'reader'), 403, 'You do not have the CREATE_JOB privilege needed to issue a Form 222.');
    expectRefused(await as('reader', 'POST', '/order-form/new', { nonsense: true }), 403, /CREATE_JOB/);
    expect(await formCount()).toBe(before);
  });

  it('refuses a malformed body with 400 naming the field', async () => {
    const res = await as('clerk', 'POST', '/order-form/new', { registrationId: 'x', formNumber: '123456789', formKind: 'paper', issuedOn: usDate(today) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('body.registrationId');
    const extra = await as('clerk', 'POST', '/order-form/new', { registrationId, formNumber: nextNumber(), formKind: 'paper', issuedOn: usDate(today), colour: 'green' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toContain('colour');
  });
});

describe('the register as a list', () => {
  it('lists, counts and finds forms by number, client and registration, through the records engine', async () => {
    const before = await as('reader', 'GET', '/order-forms');
    expect(before.statusCode, before.body).toBe(200);
    const counted = before.json().dataInfo.foundCount as number;
    const other = await createCompany(t.db, { name: 'Lakeside Veterinary Clinic' });
    const otherRegistration = await createRegistration(t.db, { company_id: other.id, registration_number: 'AL1234563', schedule_2: true });
    const form = await issued({ registrationId: otherRegistration.id });

    const all = await as('reader', 'GET', '/order-forms');
    expect(all.json().dataInfo.foundCount).toBe(counted + 1);
    const byNumber = await as('reader', 'GET', `/order-forms?quickFind=true&quickFindCriteria=${form.formNumber}`);
    expect(byNumber.json().data.map((r: { recordId: string }) => r.recordId)).toEqual([form.recordId]);
    const byClient = await as('reader', 'GET', `/order-forms?quickFind=true&quickFindCriteria=${encodeURIComponent('lakeside vet')}`);
    expect(byClient.json().data.map((r: { recordId: string }) => r.recordId)).toEqual([form.recordId]);
    const byRegistration = await as('reader', 'GET', '/order-forms?quickFind=true&quickFindCriteria=AL1234563');
    expect(byRegistration.json().data.map((r: { recordId: string }) => r.recordId)).toEqual([form.recordId]);
    const row = byNumber.json().data[0].fieldData;
    expect(row).toMatchObject({ 'Form Number': form.formNumber, Status: 'Issued', 'Company Name': 'Lakeside Veterinary Clinic', 'Lines Completed': 2 });
    // A find by field, and sorted.
    const found = await as('reader', 'GET', `/order-forms?searchCriteria=${encodeURIComponent(JSON.stringify([{ criteria: { 'Company Name': 'lakeside' } }]))}&sort=${encodeURIComponent(JSON.stringify([{ fieldName: 'Issue Date', sortOrder: 'descend' }]))}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.map((r: { recordId: string }) => r.recordId)).toEqual([form.recordId]);
    expect((await as('reader', 'GET', '/order-form/999999')).statusCode).toBe(404);
  });

  it("keeps a user's saved finds and chosen columns of the register, as of every list", async () => {
    const saved = await as('reader', 'POST', '/saved-finds', { entity: 'order-forms', name: 'Expired forms', requests: [{ omit: false, criteria: { Status: 'expired' } }] });
    expect(saved.statusCode, saved.body).toBe(201);
    const columns = await t.injectAs('reader', { method: 'PUT', url: '/3ds/api/list-columns/order-forms', payload: { hidden: ['Date Created', 'Created By'] } });
    expect(columns.statusCode, columns.body).toBe(200);
    const identifying = await t.injectAs('reader', { method: 'PUT', url: '/3ds/api/list-columns/order-forms', payload: { hidden: ['Form Number'] } });
    expect(identifying.statusCode).toBe(400);
    expect(identifying.json().message).toMatch(/Form Number identifies each row/);
    const exported = await as('reader', 'POST', '/order-forms/export', { fileType: 'xlsx' });
    expect(exported.statusCode, exported.body).toBe(200);
  });

  it('shows the status as the domain words it: ", expired" on an open form past its 60 days', async () => {
    const cases: [OrderFormStatus, number][] = ORDER_FORM_STATUSES.flatMap((status) => [0, 60, 61, 400].map((age) => [status, age] as [OrderFormStatus, number]));
    const ids: { id: number; status: OrderFormStatus; issuedOn: string }[] = [];
    for (const [status, age] of cases) {
      const issuedOn = daysAgo(age);
      const form = await createOrderForm(t.db, { registration_id: registrationId, status, issued_on: issuedOn, status_reason: status === 'void' || status === 'lost' ? 'Test' : null });
      ids.push({ id: form.id, status, issuedOn });
    }
    for (const { id, status, issuedOn } of ids) {
      const form = await record(String(id));
      expect(form.fieldData.Status, `${status} issued ${issuedOn}`).toBe(orderFormStatusText(status, issuedOn, today));
      expect(form.fieldData['Valid Until']).toBe(usDate(orderFormValidUntil(issuedOn)));
    }
    // Found by the word.
    const expired = await as('reader', 'GET', `/order-forms?limit=1000&searchCriteria=${encodeURIComponent(JSON.stringify([{ criteria: { Status: 'expired' } }]))}`);
    const expiredIds = new Set(expired.json().data.map((r: { recordId: string }) => Number(r.recordId)));
    for (const { id, status, issuedOn } of ids) expect(expiredIds.has(id), `${status} ${issuedOn}`).toBe(orderFormStatusText(status, issuedOn, today).endsWith('expired'));
  });
});

describe('changing a form', () => {
  it('replaces its lines and note, raising its modId, audited with what changed', async () => {
    const form = await issued();
    const res = await as('clerk', 'PATCH', `/order-form/${form.recordId}`, {
      lines: [{ ...twoLines[0], packages: 3 }, twoLines[1], { lineNo: 3, ndc: '00406055201', item: 'Oxycodone, second lot', packages: 1 }],
      note: 'Counted again',
      modId: form.modId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(Number(res.json().modId)).toBeGreaterThan(Number(form.modId));
    const after = await record(form.recordId);
    expect(after.fieldData).toMatchObject({ 'Lines Completed': 3, Note: 'Counted again', 'Modified By': 'clerk' });
    expect(after.portalData.Line.map((l) => [l['Line::Line'], l['Line::NDC'], l['Line::Packages']])).toEqual([
      [1, '00406-0552-01', 3],
      [2, '', 1],
      [3, '00406-0552-01', 1],
    ]);
    const audit = await auditOf(form.recordId);
    expect(audit.map((a) => a.action)).toEqual(['issue', 'edit']);
    expect(JSON.stringify(audit[1]!.after)).toContain('Counted again');
    // The same again changes nothing: same modId, no audit row.
    const same = await as('clerk', 'PATCH', `/order-form/${form.recordId}`, { note: 'Counted again' });
    expect(same.json().modId).toBe(res.json().modId);
    expect(await auditOf(form.recordId)).toHaveLength(2);
    // An empty note clears it.
    await as('clerk', 'PATCH', `/order-form/${form.recordId}`, { note: '' });
    expect((await record(form.recordId)).fieldData.Note).toBe('');
  });

  it('changes its number and kind while issued, never to a number in the register', async () => {
    const form = await issued();
    const other = await issued();
    expectRefused(await as('clerk', 'PATCH', `/order-form/${form.recordId}`, { formNumber: other.formNumber }), 422, new RegExp(`^Form 222 ${other.formNumber} is already in the register: form ${other.recordId}`));
    expectRefused(await as('clerk', 'PATCH', `/order-form/${form.recordId}`, { formNumber: '26X000111' }), 422, /marked Paper: choose Electronic/);
    const res = await as('clerk', 'PATCH', `/order-form/${form.recordId}`, { formNumber: '26X000111', formKind: 'electronic' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().formNumber).toBe('26X000111');
    expect((await record(form.recordId)).fieldData['Form Kind']).toBe('Electronic (CSOS)');
  });

  it('refuses a stale modId, an unknown form, bad lines, and without CREATE_JOB', async () => {
    const form = await issued();
    expectRefused(await as('clerk', 'PATCH', `/order-form/${form.recordId}`, { note: 'x', modId: '99' }), 409, `Form 222 ${form.formNumber} was changed by someone else since you opened it. Reload it and try again.`);
    expectRefused(await as('clerk', 'PATCH', '/order-form/999999', { note: 'x' }), 404, 'There is no Form 222 999999 in the register.');
    expectRefused(await as('clerk', 'PATCH', `/order-form/${form.recordId}`, { lines: [{ lineNo: 1, packages: 1 }] }), 422, "Line 1: give the item's NDC, or describe the item.");
    expectRefused(await as('clerk', 'PATCH', `/order-form/${form.recordId}`, { note: 'a\tb' }), 422, 'Note may hold line breaks, but no tabs or other control characters.');
    expectRefused(await as('reader', 'PATCH', `/order-form/${form.recordId}`, { note: 'x' }), 403, 'You do not have the CREATE_JOB privilege needed to change a Form 222.');
    expect(await auditOf(form.recordId)).toHaveLength(1);
  });
});

describe('executed, void and lost', () => {
  it('executes an issued form, then keeps its number and kind but not its lines', async () => {
    const form = await issued();
    const res = await as('chief', 'POST', `/order-form/${form.recordId}/status`, { status: 'executed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('executed');
    const after = await record(form.recordId);
    expect(after.fieldData).toMatchObject({ Status: 'Executed', 'Status Code': 'executed', 'Status Changed By': 'chief' });
    expectRefused(await as('chief', 'POST', `/order-form/${form.recordId}/status`, { status: 'executed' }), 409, `Form 222 ${form.formNumber} is already executed.`);
    expectRefused(await as('clerk', 'PATCH', `/order-form/${form.recordId}`, { formNumber: nextNumber() }), 409, /is executed: its number and kind are those of the signed form/);
    expect((await as('clerk', 'PATCH', `/order-form/${form.recordId}`, { lines: [twoLines[0]] })).statusCode).toBe(200);
    // An executed form may still be lost.
    expect((await as('chief', 'POST', `/order-form/${form.recordId}/status`, { status: 'lost', reason: 'Not in the shipment; client has no copy' })).statusCode).toBe(200);
    expect((await record(form.recordId)).fieldData).toMatchObject({ Status: 'Lost', 'Status Reason': 'Not in the shipment; client has no copy' });
  });

  it('voids a form with its reason; a void form is kept as it is', async () => {
    const form = await issued();
    expectRefused(await as('chief', 'POST', `/order-form/${form.recordId}/status`, { status: 'void' }), 422, `Say why Form 222 ${form.formNumber} is void: the reason is kept with the form.`);
    expectRefused(await as('chief', 'POST', `/order-form/${form.recordId}/status`, { status: 'void', reason: '   ' }), 422, /^Say why/);
    const res = await as('chief', 'POST', `/order-form/${form.recordId}/status`, { status: 'void', reason: 'Quantity misprinted on line 2', modId: form.modId });
    expect(res.statusCode, res.body).toBe(200);
    const after = await record(form.recordId);
    expect(after.fieldData).toMatchObject({ Status: 'Void', 'Status Reason': 'Quantity misprinted on line 2' });
    const voided = `Form 222 ${form.formNumber} is void: a void form is kept as it is and never used again. Issue a new form.`;
    expectRefused(await as('chief', 'POST', `/order-form/${form.recordId}/status`, { status: 'executed' }), 409, voided);
    expectRefused(await as('chief', 'POST', `/order-form/${form.recordId}/status`, { status: 'lost', reason: 'x' }), 409, voided);
    expectRefused(await as('clerk', 'PATCH', `/order-form/${form.recordId}`, { note: 'later' }), 409, voided);
    const audit = await auditOf(form.recordId);
    expect(audit.map((a) => a.action)).toEqual(['issue', 'void']);
    expect(audit[1]!.after).toEqual({ status: 'void', reason: 'Quantity misprinted on line 2' });
  });

  it('executes only a form with a line, within its 60 days', async () => {
    const empty = await issued({ lines: [] });
    expectRefused(await as('chief', 'POST', `/order-form/${empty.recordId}/status`, { status: 'executed' }), 422, /lists no item: a form is executed with at least one line completed/);
    const old = await createOrderForm(t.db, { registration_id: registrationId, issued_on: daysAgo(61) });
    expectRefused(await as('chief', 'POST', `/order-form/${old.id}/status`, { status: 'executed' }), 422, /is expired: it is not executed now/);
    // An expired form may still be voided.
    expect((await as('chief', 'POST', `/order-form/${old.id}/status`, { status: 'void', reason: 'Expired unused' })).statusCode).toBe(200);
  });

  it('needs UNLOCK_JOB, a known form, a known status and a current modId', async () => {
    const form = await issued();
    expectRefused(await as('clerk', 'POST', `/order-form/${form.recordId}/status`, { status: 'void', reason: 'x' }), 403, 'You do not have the UNLOCK_JOB privilege needed to mark a Form 222 executed, void or lost.');
    expectRefused(await as('chief', 'POST', '/order-form/999999/status', { status: 'void', reason: 'x' }), 404, 'There is no Form 222 999999 in the register.');
    expect((await as('chief', 'POST', `/order-form/${form.recordId}/status`, { status: 'received' })).statusCode).toBe(400);
    expectRefused(await as('chief', 'POST', `/order-form/${form.recordId}/status`, { status: 'executed', modId: '42' }), 409, /changed by someone else/);
    expect((await record(form.recordId)).fieldData['Status Code']).toBe('issued');
  });
});

describe('live updates', () => {
  it('announces the audit rows of a form as changes of an order-form', async () => {
    const { rows } = await sql<{ def: string }>`
      SELECT pg_get_triggerdef(t.oid) AS def FROM pg_trigger t WHERE t.tgname = 'audit_log_announce_record'`.execute(t.db);
    expect(rows[0]!.def).toContain("'order-form'");
  });
});
