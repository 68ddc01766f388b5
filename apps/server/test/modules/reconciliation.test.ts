import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RECONCILIATION_MESSAGES } from '@3ds/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createCompany, createContainer, createJob, createLineItem, createOrderForm, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Receiving reconciliation (rules/reconciliation.ts; docs/dea-paperwork.md "Receiving
 * reconciliation"): what the client declared held against what arrived, a job not locked while a
 * controlled difference is open, each difference resolved with its reason (and open again when what
 * it was given for changes), and the PDF for the client. Every refusal changes nothing.
 */

let t: TestApp;
let registrationId: number;

const DIAZEPAM = '00591-0385-01';
const OXYCODONE = '00406-0552-01';

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'clerk', privileges: ['CREATE_JOB', 'CREATE_LINE_ITEM'] });
  await createUser(t.db, { username: 'chief', privileges: ['CREATE_JOB', 'LOCK_JOB', 'UNLOCK_JOB'] });
  await createUser(t.db, { username: 'viewer', privileges: [] });
  await t.db
    .insertInto('ndc_dictionary')
    .values([
      { ndc: OXYCODONE, schedule: '2', trade_name: 'OXYCODONE HCL 5 MG', package_size: 100, package_size_uom: 'U', trade_package: true },
      { ndc: DIAZEPAM, schedule: '4', trade_name: 'DIAZEPAM 5 MG', package_size: 100, package_size_uom: 'U', trade_package: true },
    ] as never)
    .execute();
  await t.db
    .updateTable('settings')
    .set({ registrant_name: 'Tristate Returns LLC', dea_number: 'RT1234563', address_line_1: '100 Industrial Pkwy', city: 'Columbus', state: 'OH', zip: '43215' })
    .where('id', '=', 1)
    .execute();
  const company = await createCompany(t.db, { name: 'Riverside Community Pharmacy' });
  registrationId = (await createRegistration(t.db, { company_id: company.id, registration_number: 'BR1234563', schedule_2: true, schedule_4: true, expiration_date: '2099-01-01' })).id;
});
afterAll(() => t.close());

const as = (user: string, method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.injectAs(user, { method, url: `/3ds/api${url}`, ...(payload === undefined ? {} : { payload }) });

/** A job whose client declared 3 packages of diazepam (any lot), with an executed Form 222 ordering 2 of oxycodone; 2 diazepam and the 2 oxycodone on the form arrived. */
async function receivedJob() {
  const job = (await createJob(t.db, { registration_id: registrationId })).id;
  const form = await createOrderForm(t.db, { registration_id: registrationId, status: 'executed' }, { ndc: OXYCODONE, packages: 2 });
  const container = (await createContainer(t.db, { job_id: job })).id;
  expect((await as('clerk', 'PUT', `/job/${job}/declared`, { items: [{ ndc: DIAZEPAM, packages: 3 }] })).statusCode).toBe(200);
  await createLineItem(t.db, { container_id: container, ndc: DIAZEPAM, ndc_schedule: '4', ndc_description: 'DIAZEPAM 5 MG', form_222_number: null, pack_quantity: 2, lot_number: 'D1' });
  await createLineItem(t.db, { container_id: container, ndc: OXYCODONE, pack_quantity: 2, order_form_id: form.id, order_form_line: 1, form_222_number: form.form_number });
  return { job, container, form };
}

async function digest(): Promise<string> {
  const { rows } = await sql<{ d: string }>`SELECT concat_ws(',',
      (SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY job_id, line_key), '')) FROM discrepancy_resolutions t),
      (SELECT md5(coalesce(string_agg(j.id || ':' || j.locked, '|' ORDER BY j.id), '')) FROM jobs j),
      (SELECT count(*)::text FROM audit_log WHERE action IN ('resolve-discrepancy', 'lock'))) AS d`.execute(t.db);
  return rows[0]!.d;
}

describe('the reconciliation', () => {
  it('has nothing to reconcile without a declared inventory, and a job with none locks as before', async () => {
    const job = (await createJob(t.db, { registration_id: registrationId })).id;
    await createLineItem(t.db, { container_id: (await createContainer(t.db, { job_id: job })).id, ndc: DIAZEPAM, ndc_schedule: '4', form_222_number: null });
    const read = await as('clerk', 'GET', `/job/${job}/reconciliation`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ jobId: job, declared: false, counts: { lines: 0, matched: 0, discrepancies: 0, open: 0 }, lines: [] });
    expect((await as('chief', 'PATCH', `/job/lock/${job}`)).statusCode).toBe(200);
    expect((await as('clerk', 'GET', '/job/999999/reconciliation')).statusCode).toBe(404);
  });

  it('holds the form line and the declared NDC against what arrived', async () => {
    const { job, form } = await receivedJob();
    // A form awaiting goods is the register's to follow: it is not held against this pickup.
    await createOrderForm(t.db, { registration_id: registrationId, status: 'executed' }, { ndc: OXYCODONE, packages: 5 });
    const read = (await as('clerk', 'GET', `/job/${job}/reconciliation`)).json();
    expect(read.counts).toEqual({ lines: 2, matched: 1, discrepancies: 1, open: 1 });
    expect(read.lines).toMatchObject([
      { key: `222:${form.form_number}:1`, declared: 2, received: 2, status: 'matched', open: false },
      { key: `ndc:${DIAZEPAM}:*`, name: 'DIAZEPAM 5 MG', schedule: '4', declared: 3, received: 2, difference: -1, status: 'short', controlled: true, open: true, resolution: null },
    ]);
  });

  it('keeps the job from being locked while a controlled difference is open, then locks once it is resolved', async () => {
    const { job } = await receivedJob();
    const before = await digest();
    const refused = await as('chief', 'PATCH', `/job/lock/${job}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `Job ${job} cannot be locked for destruction: a controlled substance differs from what the client declared and is not resolved (DIAZEPAM 5 MG: declared 3, received 2). Resolve each on the job's Reconciliation, with its reason.`,
    );
    expect(await digest()).toBe(before);

    const resolved = await as('chief', 'POST', `/job/${job}/reconciliation/resolve`, { key: `ndc:${DIAZEPAM}:*`, declared: 3, received: 2, reason: 'in-transit-loss', note: 'Carrier claim 77' });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().counts.open).toBe(0);
    expect(resolved.json().lines[1].resolution).toMatchObject({ reason: 'in-transit-loss', note: 'Carrier claim 77', resolvedBy: 'chief' });
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'resolve-discrepancy').where('record_id', '=', String(job)).execute();
    expect(audit).toHaveLength(1);
    expect((await as('chief', 'PATCH', `/job/lock/${job}`)).statusCode).toBe(200);
  });

  it('opens a resolved line again when what arrived changes', async () => {
    const { job, container } = await receivedJob();
    await as('chief', 'POST', `/job/${job}/reconciliation/resolve`, { key: `ndc:${DIAZEPAM}:*`, declared: 3, received: 2, reason: 'client-counted-wrong' });
    await createLineItem(t.db, { container_id: container, ndc: DIAZEPAM, ndc_schedule: '4', form_222_number: null, pack_quantity: 0.5, percent_fill: 1 });
    const read = (await as('clerk', 'GET', `/job/${job}/reconciliation`)).json();
    expect(read.lines[1]).toMatchObject({ received: 2.5, open: true, resolution: null });
  });

  it('refuses a resolution without LOCK_JOB, for changed packages, an unknown or matching line, or a client error without its confirmation; nothing changes', async () => {
    const { job, form } = await receivedJob();
    const before = await digest();
    const body = { key: `ndc:${DIAZEPAM}:*`, declared: 3, received: 2, reason: 'theft' };
    expect((await as('clerk', 'POST', `/job/${job}/reconciliation/resolve`, body)).statusCode).toBe(403);
    const stale = await as('chief', 'POST', `/job/${job}/reconciliation/resolve`, { ...body, received: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(RECONCILIATION_MESSAGES.changedSince);
    expect((await as('chief', 'POST', `/job/${job}/reconciliation/resolve`, { ...body, key: 'ndc:00000-0000-00:*' })).statusCode).toBe(422);
    const matched = await as('chief', 'POST', `/job/${job}/reconciliation/resolve`, { ...body, key: `222:${form.form_number}:1`, declared: 2, received: 2 });
    expect(matched.json().message).toBe(RECONCILIATION_MESSAGES.matched);
    const noNote = await as('chief', 'POST', `/job/${job}/reconciliation/resolve`, { ...body, reason: 'client-error-confirmed', note: '  ' });
    expect(noNote.statusCode).toBe(422);
    expect(noNote.json().message).toBe(RECONCILIATION_MESSAGES.noteNeeded);
    expect((await as('chief', 'POST', `/job/${job}/reconciliation/resolve`, { ...body, reason: 'misplaced' })).statusCode).toBe(400);
    expect((await as('chief', 'POST', '/job/999999/reconciliation/resolve', body)).statusCode).toBe(404);
    expect(await digest()).toBe(before);
  });

  it('refuses a resolution on a locked or a destroyed job (409)', async () => {
    const { job } = await receivedJob();
    const body = { key: `ndc:${DIAZEPAM}:*`, declared: 3, received: 2, reason: 'theft' };
    await t.db.updateTable('jobs').set({ locked: true }).where('id', '=', job).execute();
    expect((await as('chief', 'POST', `/job/${job}/reconciliation/resolve`, body)).statusCode).toBe(409);
    await t.db.updateTable('jobs').set({ locked: false, date_destroyed: '2026-01-05' }).where('id', '=', job).execute();
    const final = await as('chief', 'POST', `/job/${job}/reconciliation/resolve`, body);
    expect(final.statusCode).toBe(409);
    expect(final.json().message).toMatch(/final/);
  });
});

describe('the PDF for the client', () => {
  it('prints each line with its result and resolution, and is audited in the job’s history', async () => {
    const { job } = await receivedJob();
    await as('chief', 'POST', `/job/${job}/reconciliation/resolve`, { key: `ndc:${DIAZEPAM}:*`, declared: 3, received: 2, reason: 'client-error-confirmed', note: 'Client e-mail of 11/20' });
    expect((await as('viewer', 'POST', `/job/${job}/reconciliation/pdf`)).statusCode).toBe(403);
    const made = await as('clerk', 'POST', `/job/${job}/reconciliation/pdf`);
    expect(made.statusCode, made.body).toBe(200);
    const fetched = await t.app.inject({ method: 'GET', url: made.json().data[0].fieldData.Container });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = mkdtempSync(join(tmpdir(), 'reconciliation-'));
    writeFileSync(join(dir, 'r.pdf'), fetched.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
    expect(text).toContain('RECEIVING RECONCILIATION');
    expect(text).toContain('Riverside Community Pharmacy');
    expect(text).toContain('BR1234563');
    expect(text).toMatch(/DIAZEPAM 5 MG[\s\S]*Short/);
    expect(text).toMatch(/Client’s error, confirmed\s+in writing \(chief\)/);
    expect(text).toMatch(/2 lines: 1 matched, 1 difference resolved, 0 open/);
    const audit = await t.db.selectFrom('audit_log').select(['action', 'after']).where('record_id', '=', String(job)).where('action', '=', 'generate-document').execute();
    expect(audit[0]!.after).toMatchObject({ document: 'Receiving Reconciliation', lines: 2, open: 0 });
  });
});
