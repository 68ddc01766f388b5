import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdf } from '../support/pdf-text.ts';
import { createUser } from '../support/factories.ts';
import { createContainer, createJob, createLineItem, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let regId: number;
const ALL = ['CREATE_LINE_ITEM', 'LOCK_LINE_ITEM', 'UNLOCK_LINE_ITEM', 'MOVE_LINE_ITEM', 'DELETE_LINE_ITEM'];

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'all', privileges: ALL, parentOrganization: 'Northwind Laboratories' });
  await createUser(t.db, { username: 'none' });
  await t.db
    .insertInto('ndc_dictionary')
    .values([
      { ndc: '00406-0552-01', schedule: '2', trade_name: 'OXYCODONE HCL 5 MG', strength: '5 MG', form: 'Tablet', package_size: 100, package_size_uom: 'U', ingredient_base_weight: 0.44816, trade_package: true, uom_value_list: 'U\rD\rK' },
      { ndc: '00591-0385-01', schedule: '4', trade_name: 'DIAZEPAM 5 MG', package_size: 100, package_size_uom: 'U', trade_package: true },
      { ndc: '12345-0001-**', schedule: '2', trade_name: 'OXYCODONE HCL POWDER', bulk_raw_powder: true, labeler_organization: 'Northwind Laboratories' },
      { ndc: '12345-0002-**', schedule: '2', trade_name: 'OXYCODONE HCL 5 MG TABLETS (BULK)', bulk_dosage_formulation: true, ingredient_base_weight: 0.0044816, avg_tablet_weight: 0.1, labeler_organization: 'Northwind Laboratories' },
      { ndc: '54321-0001-**', schedule: '2', trade_name: 'SOUTHGATE POWDER', bulk_raw_powder: true, labeler_organization: 'Southgate Pharma' },
    ] as never)
    .execute();
  regId = (await createRegistration(t.db, { schedule_2: true, schedule_2n: true, schedule_4: false, expiration_date: '2099-01-01' })).id;
});
afterAll(() => t.close());

type Method = 'POST' | 'PATCH' | 'DELETE' | 'GET';
const call = (user: string, method: Method, url: string, payload?: unknown) =>
  t.injectAs(user, { method, url: `/3ds/api${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });

async function container(options: { kind?: 'standard' | 'yellow_bucket'; locked?: boolean; jobLocked?: boolean; registrationId?: number } = {}) {
  const job = await createJob(t.db, { registration_id: options.registrationId ?? regId, locked: options.jobLocked ?? false });
  return createContainer(t.db, { job_id: job.id, kind: options.kind ?? 'standard', locked: options.locked ?? false });
}
const row = (id: number) => t.db.selectFrom('line_items').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('GET /ndc/lookup/{ndc}', () => {
  it('answers what the form needs', async () => {
    const res = await call('all', 'GET', '/ndc/lookup/00406-0552-01');
    expect(res.json()).toMatchObject({ hasFactor: false, packQtyUoms: ['U', 'D', 'K'], showUnitConverter: false, showStageUnitConverter: false, packSizeLookup: 100, packSizeUoMLookup: 'U', schedule: '2' });
    const bulk = await call('all', 'GET', `/ndc/lookup/${encodeURIComponent('12345-0001-**')}`);
    expect(bulk.json()).toMatchObject({ showUnitConverter: true, showStageUnitConverter: true, schedule: '2' });
    expect(bulk.json().stages.length).toBeGreaterThan(0);
  });
  it('404 for an NDC the user may not see', async () => {
    expect((await call('all', 'GET', `/ndc/lookup/${encodeURIComponent('54321-0001-**')}`)).statusCode).toBe(404);
  });
});

describe('create', () => {
  it('creates with the NDC snapshot and computed quantities', async () => {
    const c = await container();
    const res = await call('all', 'POST', '/line-item/new', { containerId: c.id, ndc: '00406-0552-01', packQuantity: '3', packSize: '100', packSizeUoM: 'U', percentFill: 1, source: 'Pharmacy', cause: 'Expired' });
    expect(res.statusCode, res.body).toBe(200);
    const item = await row(Number(res.json().recordId));
    expect(item).toMatchObject({ kind: 'standard', job_id: c.job_id, ndc_description: 'OXYCODONE HCL 5 MG', ndc_schedule: '2', strength: '5 MG', form: 'Tablet', reporting_qty: 300, reporting_uom: 'U', source: 'Pharmacy', created_by: 'all' });
    expect(item.grams_of_base).toBeCloseTo(1.34448, 6);
  });

  it('a Yellow Bucket line item starts with pack quantity 1', async () => {
    const c = await container({ kind: 'yellow_bucket' });
    const res = await call('all', 'POST', '/yb-line-item/new', { containerId: c.id, ndc: '00406-0552-01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(Number(res.json().recordId))).toMatchObject({ kind: 'yellow_bucket', pack_quantity: 1, percent_fill: 1, pack_size: 100 });
  });

  it('answers the spec’s messages with 422', async () => {
    const c = await container();
    const decimal = await call('all', 'POST', '/line-item/new', { containerId: c.id, ndc: '00406-0552-01', packQuantity: '1.5' });
    expect(decimal.statusCode).toBe(422);
    expect(decimal.json().details).toEqual(['Pack Quantity For Complete NDCs Cannot Be Entered With A Decimal.']);
    const bulk = await call('all', 'POST', '/line-item/new', { containerId: c.id, ndc: '12345-0001-**', packSize: '123456789', packSizeUoM: '' });
    expect(bulk.json().details).toEqual(['UoM is required', "Can't report more than 8 digits."]);
    const ml = await call('all', 'POST', '/line-item/new', { containerId: c.id, ndc: '12345-0001-**', packSize: '2.5', packSizeUoM: 'mL' });
    expect(ml.json().details).toEqual(['Quantity Reporting In mL Cannot Be Entered With A Decimal.']);
    const unsupported = await call('all', 'POST', '/line-item/new', { containerId: c.id, ndc: '00591-0385-01', packQuantity: 1 });
    expect(unsupported.json().details).toEqual(['The current registration does not support the selected NDC: registration BA1234563 is not registered for Schedule 4.']);
  });

  it('refuses: no privilege 403, locked container or job 409, expired registration 422, unknown NDC 422', async () => {
    const c = await container();
    expect((await call('none', 'POST', '/line-item/new', { containerId: c.id, ndc: '00406-0552-01' })).statusCode).toBe(403);
    expect((await call('all', 'POST', '/line-item/new', { containerId: (await container({ locked: true })).id, ndc: '00406-0552-01' })).statusCode).toBe(409);
    expect((await call('all', 'POST', '/line-item/new', { containerId: (await container({ jobLocked: true })).id, ndc: '00406-0552-01' })).statusCode).toBe(409);
    const expiredReg = await createRegistration(t.db, { expiration_date: '2001-01-01' });
    const expired = await call('all', 'POST', '/line-item/new', { containerId: (await container({ registrationId: expiredReg.id })).id, ndc: '00406-0552-01' });
    expect(expired.statusCode).toBe(422);
    expect((await call('all', 'POST', '/line-item/new', { containerId: c.id, ndc: '99999-9999-99' })).statusCode).toBe(422);
    expect((await call('all', 'POST', '/line-item/new', { containerId: c.id, ndc: '00406-0552-01', packSize: 'many' })).statusCode).toBe(422);
  });
});

describe('only DEA registrants (registrants.ts): a controlled substance needs a DEA registration that holds its schedule', () => {
  const stateLicence = () => createRegistration(t.db, { registration_number: 'AR-HPH-246583', license_type: 'State', federal_agency: null, state_agency: 'Arkansas Board of Pharmacy', activity: 'Hospital Pharmacy', schedule_2: true, schedule_2n: true, schedule_3: true, schedule_4: true });

  it('refuses a controlled line item in a job on a State licence, naming the licence (422), and writes nothing', async () => {
    const licence = await stateLicence();
    const count = async (table: 'line_items' | 'audit_log') => Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = { items: await count('line_items'), audit: await count('audit_log') };
    for (const kind of ['line-item', 'yb-line-item'] as const) {
      const target = await container({ kind: kind === 'line-item' ? 'standard' : 'yellow_bucket', registrationId: licence.id });
      const res = await call('all', 'POST', `/${kind}/new`, { containerId: target.id, ndc: '00406-0552-01', packQuantity: 1 });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().message).toBe(
        "Registration AR-HPH-246583 is a State licence, not a DEA registration: a Schedule 2 controlled substance is taken back only from a DEA registrant (21 CFR 1317.10, 1317.15). Put it in a job on the client's DEA registration.",
      );
    }
    expect({ items: await count('line_items'), audit: await count('audit_log') }).toEqual(before);
  });

  it('refuses a controlled line item when the Federal registration’s number fails the DEA check digit', async () => {
    const typo = await createRegistration(t.db, { registration_number: 'BA1234564' });
    const res = await call('all', 'POST', '/line-item/new', { containerId: (await container({ registrationId: typo.id })).id, ndc: '00406-0552-01', packQuantity: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('Registration BA1234564 does not hold a valid DEA number');
  });

  it('refuses an edit or a change of NDC that puts a controlled NDC on a State licence, leaving the item as it was', async () => {
    const c = await container({ registrationId: (await stateLicence()).id });
    // An item left from before the rule: editing it must not carry it further.
    const item = await createLineItem(t.db, { container_id: c.id, ndc: '00406-0552-01', ndc_schedule: '2', pack_quantity: 1, pack_size: 100, pack_size_uom: 'U' });
    const edit = await call('all', 'PATCH', `/line-item/${item.id}`, { fieldData: { 'Pack Quantity': 2 } });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().details).toContain(
      "Registration AR-HPH-246583 is a State licence, not a DEA registration: a Schedule 2 controlled substance is taken back only from a DEA registrant (21 CFR 1317.10, 1317.15). Put it in a job on the client's DEA registration.",
    );
    const change = await call('all', 'PATCH', `/line-item/edit/${item.id}`, { ndc: '00591-0385-01', packSize: '100', packSizeUoM: 'U' });
    expect(change.statusCode).toBe(422);
    expect(change.json().message).toContain('AR-HPH-246583 is a State licence');
    expect(await row(item.id)).toMatchObject({ ndc: '00406-0552-01', pack_quantity: 1 });
  });
});

describe('change NDC (PATCH /line-item/edit/{id})', () => {
  it('changes the NDC when the initial values match, and refuses stale ones with 409', async () => {
    const c = await container();
    const item = await createLineItem(t.db, { container_id: c.id, ndc: '00406-0552-01', pack_size: 100, pack_size_uom: 'U' });
    const stale = await call('all', 'PATCH', `/line-item/edit/${item.id}`, { ndc: '12345-0002-**', packSize: '500', packSizeUoM: 'U', initial: { ndc: '00406-0552-01', packSize: '90', packSizeUoM: 'U' } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed by someone else/);
    expect((await row(item.id)).ndc).toBe('00406-0552-01');
    const ok = await call('all', 'PATCH', `/line-item/edit/${item.id}`, { ndc: '12345-0002-**', packSize: '500', packSizeUoM: 'U', initial: { ndc: '00406-0552-01', packSize: '100', packSizeUoM: 'U' } });
    expect(ok.statusCode, ok.body).toBe(200);
    const after = await row(item.id);
    expect(after).toMatchObject({ ndc: '12345-0002-**', ndc_description: 'OXYCODONE HCL 5 MG TABLETS (BULK)', pack_size: 500, pack_quantity: 1 });
    expect(after.grams_of_base).toBeCloseTo(2.2408, 4);
  });

  it('checks the bulk rules on a new bulk NDC', async () => {
    const c = await container();
    const item = await createLineItem(t.db, { container_id: c.id });
    const res = await call('all', 'PATCH', `/line-item/edit/${item.id}`, { ndc: '12345-0001-**', packSize: '', packSizeUoM: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().details).toEqual(['Pack Size is required', 'UoM is required']);
  });
});

describe('edit (PATCH /{entity}/update-line-item/{id} and /{entity}/{id})', () => {
  it('edits fields and recomputes; refuses the edit rules with their texts', async () => {
    const c = await container();
    const item = await createLineItem(t.db, { container_id: c.id, ndc: '00406-0552-01', pack_quantity: 1, pack_size: 100, pack_size_uom: 'U' });
    const res = await call('all', 'PATCH', `/line-items/update-line-item/${item.id}`, { fieldData: { 'Pack Quantity': 2, 'Percent Fill': 0.5, 'Lot Number': 'L-77' }, needsUnitConversion: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(item.id)).toMatchObject({ pack_quantity: 2, percent_fill: 0.5, lot_number: 'L-77', reporting_qty: 100 });
    // 13 is not the NDC's package of 100 either: with its reason, only the dozen rule speaks.
    const dozen = await call('all', 'PATCH', `/line-item/${item.id}`, { fieldData: { 'Pack Size': 13, 'Pack Size UoM': 'D', 'Pack Size Reason': 'Loose tablets counted by the dozen' } });
    expect(dozen.statusCode).toBe(422);
    expect(dozen.json().details).toEqual(['Pack Size must be a multiple of 12 when the UoM is D.']);
    const stale = await call('all', 'PATCH', `/line-item/${item.id}`, { fieldData: { 'Lot Number': 'X' }, modId: '0' });
    expect(stale.statusCode).toBe(409);
  });
});

describe('percent fill and purity (at most 100 %; a raw powder\'s purity 105 %, spec 2 §5)', () => {
  const FILL_OVER = 'Percent fill cannot exceed 100%: a package is at most full.';
  const count = async () => Number((await t.db.selectFrom('line_items').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it.each([
    // "150" typed for 150 % reaches the API as the fraction 150: it multiplied the quantity by 150.
    ['150 as the fill of a package', '/line-item/new', { ndc: '00406-0552-01', packQuantity: 1, percentFill: 150 }, [FILL_OVER]],
    ['150 % of a package', '/line-item/new', { ndc: '00406-0552-01', packQuantity: 1, percentFill: '1.5' }, [FILL_OVER]],
    ['150 % in a Yellow Bucket', '/yb-line-item/new', { ndc: '00406-0552-01', percentFill: 1.5 }, [FILL_OVER]],
    ['a raw powder 106 % pure', '/line-item/new', { ndc: '12345-0001-**', packSize: '10', packSizeUoM: 'g', percentFill: 1.06 }, ['Percent purity of a bulk raw powder cannot exceed 105%.']],
  ])('refuses %s with 422 and creates nothing', async (_what, url, body, details) => {
    const c = await container({ kind: url.startsWith('/yb') ? 'yellow_bucket' : 'standard' });
    const before = await count();
    const res = await call('all', 'POST', url, { containerId: c.id, ...body });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().details).toEqual(details);
    expect(await count()).toBe(before);
  });

  it('takes a full package, a part of one, and a raw powder 105 % pure', async () => {
    const c = await container();
    for (const body of [
      { ndc: '00406-0552-01', packQuantity: 1, percentFill: 1 },
      { ndc: '00406-0552-01', packQuantity: 1, percentFill: 0.4 },
      { ndc: '12345-0001-**', packSize: '10', packSizeUoM: 'g', percentFill: 1.05 },
    ]) {
      const res = await call('all', 'POST', '/line-item/new', { containerId: c.id, ...body });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('refuses an edit to 150 % of a package (any schedule), and leaves the item as it was', async () => {
    const c = await container();
    const item = await createLineItem(t.db, { container_id: c.id, ndc: '00406-0552-01', pack_quantity: 1, pack_size: 100, pack_size_uom: 'U', percent_fill: 1, reporting_qty: 100 });
    for (const fill of [150, '1.5']) {
      const res = await call('all', 'PATCH', `/line-items/update-line-item/${item.id}`, { fieldData: { 'Percent Fill': fill } });
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().details).toEqual([FILL_OVER]);
    }
    expect(await row(item.id)).toMatchObject({ percent_fill: 1, reporting_qty: 100, mod_id: 0 });
  });

  it('refuses a change of NDC that would leave a package over 100 % full', async () => {
    const c = await container();
    const item = await createLineItem(t.db, { container_id: c.id, ndc: '12345-0001-**', ndc_schedule: '2', pack_quantity: 1, pack_size: 10, pack_size_uom: 'g', percent_fill: 1.05 });
    const res = await call('all', 'PATCH', `/line-item/edit/${item.id}`, { ndc: '00406-0552-01', packSize: '100', packSizeUoM: 'U' });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().details).toEqual([FILL_OVER]);
    expect((await row(item.id)).ndc).toBe('12345-0001-**');
  });
});

describe('lock, move, delete, label', () => {
  it('locks and unlocks; never under a locked container or job', async () => {
    const c = await container();
    const item = await createLineItem(t.db, { container_id: c.id });
    const res = await call('all', 'PATCH', `/line-item/lock/${item.id}`);
    expect(res.json().data[0].fieldData['Locked Container Line Item']).toBe('Yes');
    expect((await call('all', 'PATCH', `/line-item/${item.id}`, { fieldData: { 'Lot Number': 'X' } })).statusCode).toBe(409);
    expect((await call('all', 'PATCH', `/line-item/unlock/${item.id}`)).statusCode).toBe(200);
    expect((await call('none', 'PATCH', `/line-item/lock/${item.id}`)).statusCode).toBe(403);
    const lockedContainer = await container({ locked: true });
    const inside = await createLineItem(t.db, { container_id: lockedContainer.id, locked: true });
    expect((await call('all', 'PATCH', `/line-item/unlock/${inside.id}`)).statusCode).toBe(409);
  });

  it('moves to another unlocked container of the same job, answering the moved record', async () => {
    const c = await container();
    const other = await createContainer(t.db, { job_id: c.job_id, name: 'Other' });
    const item = await createLineItem(t.db, { container_id: c.id });
    const res = await call('all', 'POST', `/line-item/move/${item.id}`, { container: other.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0].fieldData.id_container).toBe(other.id);
    const elsewhere = await container();
    expect((await call('all', 'POST', `/line-item/move/${item.id}`, { container: elsewhere.id })).statusCode).toBe(422);
    const lockedTarget = await createContainer(t.db, { job_id: c.job_id, locked: true });
    expect((await call('all', 'POST', `/line-item/move/${item.id}`, { container: lockedTarget.id })).statusCode).toBe(422);
    expect((await call('all', 'POST', `/line-item/move/${item.id}`, { container: other.id })).statusCode).toBe(422);
    expect((await call('none', 'POST', `/line-item/move/${item.id}`, { container: c.id })).statusCode).toBe(403);
  });

  it('deletes an unlocked line item, keeping it in the audit', async () => {
    const c = await container();
    const item = await createLineItem(t.db, { container_id: c.id });
    expect((await call('none', 'DELETE', `/line-item/${item.id}`)).statusCode).toBe(403);
    const res = await call('all', 'DELETE', `/line-item/${item.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().containerId).toBe(String(c.id));
    const audit = await t.db.selectFrom('audit_log').selectAll().where('entity', '=', 'line-item').where('action', '=', 'delete').where('record_id', '=', String(item.id)).executeTakeFirstOrThrow();
    expect((audit.before as { ndc: string }).ndc).toBe(item.ndc);
    const lockedItem = await createLineItem(t.db, { container_id: c.id, locked: true });
    expect((await call('all', 'DELETE', `/line-item/${lockedItem.id}`)).statusCode).toBe(409);
  });

  it('makes a one-page 4×2 inch label with the id and the facts', async () => {
    const c = await container();
    const item = await createLineItem(t.db, { container_id: c.id, ndc: '00406-0552-01', ndc_description: 'OXYCODONE HCL 5 MG' });
    const res = await call('none', 'GET', `/label/${item.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const link = res.json().data[0].fieldData.GlobalContainer as string;
    expect(link).toMatch(/\/label\.pdf\?/);
    const pdf = await t.app.inject({ method: 'GET', url: link });
    const read = readPdf(pdf.rawPayload);
    expect(read.pages).toBe(1);
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 288 144\]/);
    const text = read.texts.join(' ');
    for (const part of [`#${item.id}`, '00406-0552-01', 'OXYCODONE HCL 5 MG', 'BA1234563']) expect(text).toContain(part);
    expect((await call('none', 'GET', `/label/yb/${item.id}`)).statusCode).toBe(404);
  });
});
