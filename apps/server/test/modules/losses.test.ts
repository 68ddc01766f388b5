import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addBusinessDays, addCalendarDays, deadlineCell, LOSS_MESSAGES, RECONCILIATION_MESSAGES } from '@3ds/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createCompany, createContainer, createJob, createLineItem, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Losses reported on time (rules/losses.ts; docs/dea-paperwork.md "Losses reported on time"): a
 * difference resolved as a theft or a loss in transit opens a loss with its two deadlines (business
 * days by the holidays in Settings), listed through the records engine; its reports are recorded with
 * their refusals, and its Form 106 worksheet is printed.
 */

let t: TestApp;
let registrationId: number;
let today: string;
const DIAZEPAM = '00591-0385-01';

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'clerk', privileges: ['CREATE_JOB', 'CREATE_LINE_ITEM'] });
  await createUser(t.db, { username: 'chief', privileges: ['CREATE_JOB', 'LOCK_JOB'] });
  await createUser(t.db, { username: 'viewer', privileges: [] });
  await t.db.insertInto('ndc_dictionary').values([{ ndc: DIAZEPAM, schedule: '4', trade_name: 'DIAZEPAM 5 MG', strength: '5 MG', form: 'TABLET', package_size: 100, package_size_uom: 'U', trade_package: true }] as never).execute();
  await t.db
    .updateTable('settings')
    .set({ registrant_name: 'Tristate Returns LLC', dea_number: 'RT1234563', address_line_1: '100 Industrial Pkwy', city: 'Columbus', state: 'OH', zip: '43215' })
    .where('id', '=', 1)
    .execute();
  const company = await createCompany(t.db, { name: 'Riverside Community Pharmacy' });
  registrationId = (await createRegistration(t.db, { company_id: company.id, registration_number: 'BR1234563', schedule_4: true, expiration_date: '2099-01-01' })).id;
  today = (await sql<{ d: string }>`SELECT tds_today()::text AS d`.execute(t.db)).rows[0]!.d;
});
afterAll(() => t.close());

const as = (user: string, method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.injectAs(user, { method, url: `/3ds/api${url}`, ...(payload === undefined ? {} : { payload }) });

/** A job whose client declared 3 packages of diazepam and 2 arrived: one line short by 1. */
async function shortJob() {
  const job = (await createJob(t.db, { registration_id: registrationId })).id;
  expect((await as('clerk', 'PUT', `/job/${job}/declared`, { items: [{ ndc: DIAZEPAM, packages: 3 }] })).statusCode).toBe(200);
  const container = (await createContainer(t.db, { job_id: job })).id;
  await createLineItem(t.db, { container_id: container, ndc: DIAZEPAM, ndc_schedule: '4', ndc_description: 'DIAZEPAM 5 MG', form_222_number: null, pack_quantity: 2, lot_number: 'D1' });
  return { job, container };
}

const resolve = (job: number, reason: string, extra: object = {}) =>
  as('chief', 'POST', `/job/${job}/reconciliation/resolve`, { key: `ndc:${DIAZEPAM}:*`, declared: 3, received: 2, reason, note: 'Carton seal broken on arrival', ...extra });

async function lossOf(job: number) {
  return t.db.selectFrom('losses').selectAll().where('job_id', '=', job).executeTakeFirst();
}

describe('opening a loss', () => {
  it('follows a theft, with its deadlines counted over the holidays kept in Settings', async () => {
    const next = addBusinessDays(today, 1, new Set());
    await t.db.insertInto('holidays').values({ day: next, name: 'Company holiday', created_by: 'test' }).execute();
    const { job } = await shortJob();
    const resolved = await resolve(job, 'theft');
    expect(resolved.statusCode, resolved.body).toBe(200);
    const loss = (await lossOf(job))!;
    expect(loss).toMatchObject({ kind: 'theft', ndc: DIAZEPAM, name: 'DIAZEPAM 5 MG', schedule: '4', circumstances: 'Carton seal broken on arrival', created_by: 'chief' });
    expect(Number(loss.quantity)).toBe(1);
    expect(String(loss.discovered_on)).toBe(today);
    expect(String(loss.notice_due)).toBe(addBusinessDays(today, 1, new Set([next])));
    expect(String(loss.form_106_due)).toBe(addCalendarDays(today, 45));
    expect(resolved.json().lines[0].lossId).toBe(loss.id);
    const audit = await t.db.selectFrom('audit_log').selectAll().where('entity', '=', 'loss').where('record_id', '=', String(loss.id)).execute();
    expect(audit.map((row) => row.action)).toEqual(['open']);
    await t.db.deleteFrom('holidays').execute();
  });

  it('follows a loss in transit, but not a client’s counting error; a line resolved again keeps its one loss', async () => {
    const transit = await shortJob();
    expect((await resolve(transit.job, 'in-transit-loss')).statusCode).toBe(200);
    expect((await lossOf(transit.job))!.kind).toBe('in-transit');
    expect((await resolve(transit.job, 'theft')).statusCode).toBe(200);
    expect(await t.db.selectFrom('losses').select('id').where('job_id', '=', transit.job).execute()).toHaveLength(1);
    const counted = await shortJob();
    expect((await resolve(counted.job, 'client-counted-wrong')).statusCode).toBe(200);
    expect(await lossOf(counted.job)).toBeUndefined();
  });

  it('is refused for a line that is not short: nothing was lost', async () => {
    const { job, container } = await shortJob();
    await createLineItem(t.db, { container_id: container, ndc: DIAZEPAM, ndc_schedule: '4', form_222_number: null, pack_quantity: 2 });
    const refused = await as('chief', 'POST', `/job/${job}/reconciliation/resolve`, { key: `ndc:${DIAZEPAM}:*`, declared: 3, received: 4, reason: 'theft' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(RECONCILIATION_MESSAGES.lossNotShort('Theft'));
    expect(await lossOf(job)).toBeUndefined();
  });
});

describe('the losses list', () => {
  it('lists each loss with where its deadlines stand, as the rules word them', async () => {
    const { job } = await shortJob();
    await resolve(job, 'theft');
    const loss = (await lossOf(job))!;
    // Its notice already late: discovered three weeks ago.
    const discovered = addCalendarDays(today, -21);
    await t.db.updateTable('losses').set({ discovered_on: discovered, notice_due: addCalendarDays(discovered, 1), form_106_due: addCalendarDays(discovered, 45) }).where('id', '=', loss.id).execute();
    const read = await as('viewer', 'GET', `/loss/${loss.id}`);
    expect(read.statusCode, read.body).toBe(200);
    const fields = read.json().data[0].fieldData;
    expect(fields).toMatchObject({ Kind: 'Theft', Item: 'DIAZEPAM 5 MG', 'Company Name': 'Riverside Community Pharmacy', 'Registration Number': 'BR1234563', 'Job ID': job });
    expect(fields.Notice).toBe(deadlineCell(addCalendarDays(discovered, 1), null, today));
    expect(fields.Notice).toMatch(/^Missed /);
    expect(fields['Form 106']).toBe(deadlineCell(addCalendarDays(discovered, 45), null, today));
    const found = await as('viewer', 'GET', `/losses?_find=${encodeURIComponent(JSON.stringify([{ 'Notice Sent': '=' }]))}`);
    expect(found.statusCode, found.body).toBe(200);
  });
});

describe('recording the reports', () => {
  it('keeps the days and the Form 106 number, audited; the same again changes nothing', async () => {
    const { job } = await shortJob();
    await resolve(job, 'theft');
    const loss = (await lossOf(job))!;
    const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
    const recorded = await as('chief', 'PATCH', `/loss/${loss.id}`, { noticeSentOn: us(today), form106FiledOn: us(today), form106Number: 'TLR-2026-1', modId: String(loss.mod_id) });
    expect(recorded.statusCode, recorded.body).toBe(200);
    const after = (await lossOf(job))!;
    expect(after).toMatchObject({ notice_sent_on: today, form_106_filed_on: today, form_106_number: 'TLR-2026-1', modified_by: 'chief' });
    const again = await as('chief', 'PATCH', `/loss/${loss.id}`, { noticeSentOn: us(today) });
    expect(again.json().modId).toBe(recorded.json().modId);
    const audit = await t.db.selectFrom('audit_log').select('action').where('entity', '=', 'loss').where('record_id', '=', String(loss.id)).execute();
    expect(audit.map((row) => row.action)).toEqual(['open', 'record-report']);
    const fields = (await as('viewer', 'GET', `/loss/${loss.id}`)).json().data[0].fieldData;
    expect(fields.Notice).toBe(deadlineCell(String(after.notice_due), today, today));
    expect(fields.Notice).toMatch(/^Done /);
  });

  it('refuses without LOCK_JOB (403), an unknown loss (404), a stale modId (409) and bad days (422), changing nothing', async () => {
    const { job } = await shortJob();
    await resolve(job, 'theft');
    const loss = (await lossOf(job))!;
    expect((await as('clerk', 'PATCH', `/loss/${loss.id}`, { noticeSentOn: '01/01/2026' })).statusCode).toBe(403);
    expect((await as('chief', 'PATCH', '/loss/999999', { noticeSentOn: '01/01/2026' })).statusCode).toBe(404);
    expect((await as('chief', 'PATCH', `/loss/${loss.id}`, { noticeSentOn: '', modId: '99' })).statusCode).toBe(409);
    const bad = await as('chief', 'PATCH', `/loss/${loss.id}`, { noticeSentOn: '13/45/2026', form106Number: 'TLR-1' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().details).toEqual([LOSS_MESSAGES.date('Notice Sent')]);
    const withoutDay = await as('chief', 'PATCH', `/loss/${loss.id}`, { form106Number: 'TLR-1' });
    expect(withoutDay.json().message).toBe(LOSS_MESSAGES.numberWithoutDate);
    expect((await as('chief', 'PATCH', `/loss/${loss.id}`, { noticeSentOn: 5 })).statusCode).toBe(400);
    expect(await lossOf(job)).toEqual(loss);
  });
});

describe('the Form 106 worksheet', () => {
  it('prints the filer by the kind of loss, the deadlines and the item', async () => {
    const { job } = await shortJob();
    await resolve(job, 'in-transit-loss');
    const loss = (await lossOf(job))!;
    expect((await as('viewer', 'POST', `/loss/${loss.id}/worksheet`)).statusCode).toBe(403);
    expect((await as('clerk', 'POST', '/loss/999999/worksheet')).statusCode).toBe(404);
    const made = await as('clerk', 'POST', `/loss/${loss.id}/worksheet`);
    expect(made.statusCode, made.body).toBe(200);
    const fetched = await t.app.inject({ method: 'GET', url: made.json().data[0].fieldData.Container });
    expect(fetched.statusCode).toBe(200);
    const dir = mkdtempSync(join(tmpdir(), 'form-106-'));
    writeFileSync(join(dir, 'w.pdf'), fetched.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'w.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('DEA FORM 106 WORKSHEET');
    // A loss in transit is the supplier's to report: the client files, we are the consignee.
    expect(text).toMatch(/Riverside Community Pharmacy/);
    expect(text).toMatch(/Tristate Returns LLC/);
    expect(text).toContain(DIAZEPAM);
    expect(text).toContain('DIAZEPAM 5 MG');
    const audit = await t.db.selectFrom('audit_log').select(['action', 'after']).where('entity', '=', 'loss').where('record_id', '=', String(loss.id)).where('action', '=', 'generate-document').execute();
    expect(audit).toHaveLength(1);
  });
});
