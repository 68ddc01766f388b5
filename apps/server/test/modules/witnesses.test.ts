import { randomUUID } from 'node:crypto';
import { PRIVILEGES, WITNESS_MESSAGES } from '@3ds/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createContainer, createJob, createLineItem, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Witnesses who sign for themselves (rules/witnesses.ts): GET /job/{id}/witnesses, POST
 * /job/{id}/witnesses/{role}, POST …/{role}/withdraw; the voids a change of the destruction record or an
 * approved correction brings; the refusals (privilege, credentials, lockout, day, same person, printed).
 */
let t: TestApp;
const PASSWORD = 'correct horse 1';

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'clerk', privileges: ['CREATE_JOB', 'CREATE_LINE_ITEM'] });
  await createUser(t.db, { username: 'boss', privileges: [...PRIVILEGES] });
  await createUser(t.db, { username: 'viewer' });
  for (const [username, name] of [['dana', 'Dana Whitfield'], ['marcus', 'Marcus Okafor'], ['elena', 'Elena Sandoval'], ['locky', 'Lock Y'], ['dana2', 'Dana Whitfield']]) {
    const user = await createUser(t.db, { username });
    await t.db.updateTable('users').set({ display_name: name }).where('id', '=', user.id).execute();
  }
  await createUser(t.db, { username: 'gone', disabled: true });
  await t.db.insertInto('value_lists').values([{ list_name: 'Disposal Method', value: 'Incineration', display_value: 'Incineration', sort_order: 1 }, { list_name: 'Disposal Method', value: 'Chemical Digestion', display_value: 'Chemical Digestion', sort_order: 2 }]).execute();
});
afterAll(() => t.close());

const api = (user: string | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers: Record<string, string> = {}) => {
  const options = { method, url: `/3ds/api${url}`, headers, ...(payload === undefined ? {} : { payload }) };
  return user === null ? t.app.inject(options) : t.injectAs(user, options);
};
const confirm = (jobId: number, role: string, username: string, password = PASSWORD, as = 'clerk') =>
  api(as, 'POST', `/job/${jobId}/witnesses/${role}`, { username, password }, { 'user-agent': 'Warehouse terminal 3' });
const withdraw = (jobId: number, role: string, reason: unknown, as = 'clerk') => api(as, 'POST', `/job/${jobId}/witnesses/${role}/withdraw`, { reason });
const read = async (jobId: number) => (await api('viewer', 'GET', `/job/${jobId}/witnesses`)).json();
const witness = async (jobId: number, role: string) => (await read(jobId)).witnesses.find((w: { role: string }) => w.role === role);
const job = (id: number) => t.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const confirmations = (jobId: number) => t.db.selectFrom('witness_confirmations').selectAll().where('job_id', '=', jobId).orderBy('id').execute();
const audits = (jobId: number, action: string) =>
  t.db.selectFrom('audit_log').selectAll().where('entity', '=', 'job').where('record_id', '=', String(jobId)).where('action', '=', action).orderBy('id').execute();

/** A job transferred, received and destroyed, with the record a destruction witness attests. */
function destroyedJob(extra: Record<string, unknown> = {}) {
  return createJob(t.db, {
    date_transfer: '2026-11-02',
    date_received: '2026-11-03',
    date_destroyed: '2026-11-20',
    disposal_method: 'Incineration',
    destruction_facility: 'Clean Harbors Deer Park',
    destruction_facility_address: '2027 Independence Pkwy S, La Porte, TX 77571',
    ...extra,
  });
}

describe('GET /job/{id}/witnesses', () => {
  it('answers the four witnesses, empty or typed, and whether each may confirm yet; 404 for an unknown job', async () => {
    const created = await createJob(t.db, { date_transfer: '2026-11-02', transfer_witness_1: 'Maria Lopez' });
    const res = await api('viewer', 'GET', `/job/${created.id}/witnesses`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ jobId: created.id, fixed: false, history: [] });
    expect(body.witnesses.map((w: { role: string; state: string; canConfirm: boolean; name: string | null }) => [w.role, w.state, w.canConfirm, w.name])).toEqual([
      ['transfer-1', 'typed', true, 'Maria Lopez'],
      ['transfer-2', 'empty', true, null],
      ['destruction-1', 'empty', false, null],
      ['destruction-2', 'empty', false, null],
    ]);
    expect(body.witnesses[2].waitingFor).toBe(WITNESS_MESSAGES.needsDay('destruction-1'));
    expect((await api('viewer', 'GET', '/job/999999/witnesses')).statusCode).toBe(404);
    expect((await api(null, 'GET', `/job/${created.id}/witnesses`)).statusCode).toBe(401);
  });
});

describe('a witness confirms with their own password', () => {
  it('keeps who, when, from where and who was signed in; writes the name on the record; audits it; the history says it', async () => {
    const created = await destroyedJob({ locked: true });
    const res = await confirm(created.id, 'destruction-1', ' Dana ');
    expect(res.statusCode, res.body).toBe(200);
    const one = res.json().witnesses.find((w: { role: string }) => w.role === 'destruction-1');
    expect(one).toMatchObject({ state: 'confirmed', name: 'Dana Whitfield', confirmation: { username: 'dana', name: 'Dana Whitfield', recordedBy: 'clerk', userAgent: 'Warehouse terminal 3', voidedAt: null } });
    expect(one.confirmation.address).toBeTruthy();
    // The time in the Settings' zone (the test database's own).
    const { time_zone } = await t.db.selectFrom('settings').select('time_zone').executeTakeFirstOrThrow();
    expect(one.printed).toBe(`Confirmed in 3DS by dana on ${one.printed.match(/on (\S+)/)[1]} at ${one.printed.match(/at (\d\d:\d\d)/)[1]} (${time_zone}) from ${one.confirmation.address}`);
    const row = await job(created.id);
    expect(row).toMatchObject({ destruction_witness_1: 'Dana Whitfield', modified_by: 'clerk', mod_id: created.mod_id + 1 });
    const [stored] = await confirmations(created.id);
    expect(stored).toMatchObject({ role: 'destruction-1', username: 'dana', recorded_by: 'clerk', attested: { dateDestroyed: '2026-11-20', disposalMethod: 'Incineration', facility: 'Clean Harbors Deer Park', facilityAddress: '2027 Independence Pkwy S, La Porte, TX 77571' } });
    const [audit] = await audits(created.id, 'confirm-witness');
    expect(audit).toMatchObject({ username: 'clerk', before: { destruction_witness_1: null }, after: { destruction_witness_1: 'Dana Whitfield', role: 'destruction-1', username: 'dana' } });
    const history = JSON.stringify((await api('viewer', 'GET', `/job/${created.id}/history`)).json());
    expect(history).toContain('Destruction Witness 1 confirmed by dana with their own password from');

    // The second witness, another person; a transfer witness, confirming for the transfer.
    expect((await confirm(created.id, 'destruction-2', 'marcus')).statusCode).toBe(200);
    expect((await confirm(created.id, 'transfer-1', 'dana')).statusCode).toBe(200);
    expect((await read(created.id)).witnesses.map((w: { state: string }) => w.state)).toEqual(['confirmed', 'empty', 'confirmed', 'confirmed']);
  });

  it('refuses without CREATE_JOB (403), without a session (401), a bad role or body (400), an unknown job (404), changing nothing', async () => {
    const created = await destroyedJob();
    expect((await confirm(created.id, 'destruction-1', 'dana', PASSWORD, 'viewer')).statusCode).toBe(403);
    expect((await api(null, 'POST', `/job/${created.id}/witnesses/destruction-1`, { username: 'dana', password: PASSWORD })).statusCode).toBe(401);
    const badRole = await confirm(created.id, 'destruction-3', 'dana');
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().message).toMatch(/transfer-1, transfer-2, destruction-1, destruction-2/);
    expect((await api('clerk', 'POST', `/job/${created.id}/witnesses/destruction-1`, { username: 'dana' })).statusCode).toBe(400);
    expect((await api('clerk', 'POST', `/job/${created.id}/witnesses/destruction-1`, { username: 'dana', password: PASSWORD, name: 'Someone' })).statusCode).toBe(400);
    expect((await confirm(999_999, 'destruction-1', 'dana')).statusCode).toBe(404);
    expect(await confirmations(created.id)).toEqual([]);
    expect(await job(created.id)).toEqual(created);
  });

  it('refuses a wrong password or an unknown user (422, counted as a failed sign-in), a disabled user (422), and a locked-out username (429)', async () => {
    const created = await destroyedJob();
    const wrong = await confirm(created.id, 'destruction-1', 'dana', 'not the password');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(WITNESS_MESSAGES.credentials);
    expect((await confirm(created.id, 'destruction-1', 'nobody-at-all')).json().message).toBe(WITNESS_MESSAGES.credentials);
    const failures = await t.db.selectFrom('login_failures').select('username').where('username', 'in', ['dana', 'nobody-at-all']).execute();
    expect(failures.map((f) => f.username).sort()).toEqual(['dana', 'nobody-at-all']);
    const disabled = await confirm(created.id, 'destruction-1', 'gone');
    expect(disabled.statusCode).toBe(422);
    expect(disabled.json().message).toBe(WITNESS_MESSAGES.disabled('gone'));
    for (let k = 0; k < 5; k++) await confirm(created.id, 'destruction-1', 'locky', 'wrong');
    const locked = await confirm(created.id, 'destruction-1', 'locky');
    expect(locked.statusCode).toBe(429);
    // The sign-in is locked out alike: the two count together.
    expect((await t.app.inject({ method: 'POST', url: '/3ds/api/login', payload: { username: 'locky', password: PASSWORD } })).statusCode).toBe(429);
    expect(await confirmations(created.id)).toEqual([]);
  });

  it('refuses a witness before the day they witness is on record, and the same person twice (422)', async () => {
    const notYet = await createJob(t.db, { date_received: '2026-11-03' });
    const early = await confirm(notYet.id, 'destruction-2', 'dana');
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe('Enter Date Destroyed first: a destruction witness confirms a destruction that is on record');
    expect((await confirm(notYet.id, 'transfer-1', 'dana')).json().message).toMatch(/^Enter Date Transferred first/);

    const created = await destroyedJob();
    expect((await confirm(created.id, 'destruction-1', 'dana')).statusCode).toBe(200);
    const twice = await confirm(created.id, 'destruction-2', 'dana');
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe(WITNESS_MESSAGES.samePerson('destruction-2', 'Dana Whitfield'));
    // Another user who happens to bear the same name is another person.
    expect((await confirm(created.id, 'destruction-2', 'dana2')).statusCode).toBe(200);
    // A typed name is compared as a name.
    const typed = await destroyedJob({ destruction_witness_1: 'marcus  okafor' });
    expect((await confirm(typed.id, 'destruction-2', 'marcus')).json().message).toBe(WITNESS_MESSAGES.samePerson('destruction-2', 'Marcus Okafor'));
  });

  it('lets one of two people confirming the same role at once through; the other is told who did (409), and one confirmation holds', async () => {
    const created = await destroyedJob();
    const [a, b] = await Promise.all([confirm(created.id, 'destruction-1', 'dana'), confirm(created.id, 'destruction-1', 'elena')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((a.statusCode === 409 ? a : b).json().message).toMatch(/^Destruction Witness 1 is confirmed by (Dana Whitfield|Elena Sandoval) already/);
    const rows = await confirmations(created.id);
    expect(rows).toHaveLength(1);
    expect((await job(created.id)).destruction_witness_1).toBe(rows[0]!.name);
  });

  it('refuses a role confirmed already (409) until withdrawn; once the Form 41 printed the witnesses none is withdrawn (409), and one made void since confirms again', async () => {
    const created = await destroyedJob();
    expect((await confirm(created.id, 'destruction-1', 'dana')).statusCode).toBe(200);
    expect((await confirm(created.id, 'destruction-2', 'marcus')).statusCode).toBe(200);
    const again = await confirm(created.id, 'destruction-1', 'elena');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(WITNESS_MESSAGES.confirmed('destruction-1', 'Dana Whitfield'));

    const file = await t.db
      .insertInto('files')
      .values({ storage_key: `test/${randomUUID()}`, original_name: 'x', content_type: 'application/pdf', size_bytes: 1, sha256: '0'.repeat(64), created_by: 'test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('generated_documents').values({ job_id: created.id, slot: '41 Insert', file_id: file.id, generated_by: 'test' }).execute();
    const before = await confirmations(created.id);
    const printed = await withdraw(created.id, 'destruction-1', 'Wrong person');
    expect(printed.statusCode).toBe(409);
    expect(printed.json()).toMatchObject({ code: 'FINAL' });
    expect(printed.json().message).toMatch(new RegExp(`^Job ${created.id} is final: its DEA Form 41 has been generated, so its witnesses stay as its Form 41 printed them`));
    expect((await confirm(created.id, 'destruction-2', 'elena')).statusCode).toBe(409);
    expect(await confirmations(created.id)).toEqual(before);
    expect((await read(created.id)).fixed).toBe(true);

    // A late entry since: what they attested changed; they confirm again, for the Form 41's next version.
    const container = await createContainer(t.db, { job_id: created.id });
    await createLineItem(t.db, { container_id: container.id, job_id: created.id, ndc: '00406-0552-01', ndc_schedule: '2', pack_quantity: 1 });
    expect((await confirm(created.id, 'destruction-1', 'dana')).statusCode).toBe(200);
    expect((await witness(created.id, 'destruction-1')).state).toBe('confirmed');
  });
});

describe('a confirmation is void once what it attests changes', () => {
  it('an edit of the destruction voids the destruction witnesses (audited, with the fields), not the transfer witnesses; they confirm again', async () => {
    const created = await destroyedJob();
    for (const [role, user] of [['transfer-1', 'elena'], ['destruction-1', 'dana'], ['destruction-2', 'marcus']]) expect((await confirm(created.id, role!, user!)).statusCode).toBe(200);
    // The late reason and the facility's own name unchanged: nothing a witness attests.
    const edit = await api('clerk', 'PATCH', `/job/${created.id}/destruction-record`, { fieldData: { 'Disposal Method': 'Chemical Digestion' } });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = await read(created.id);
    expect(after.witnesses.map((w: { state: string }) => w.state)).toEqual(['confirmed', 'empty', 'void', 'void']);
    expect(after.witnesses[2]).toMatchObject({ name: 'Dana Whitfield', printed: null, confirmation: { voidReason: 'The destruction record changed: Disposal Method changed', voidedBy: 'clerk' } });
    expect((await audits(created.id, 'void-witness')).map((a) => (a.before as { role: string }).role)).toEqual(['destruction-1', 'destruction-2']);
    const history = JSON.stringify((await api('viewer', 'GET', `/job/${created.id}/history`)).json());
    expect(history).toContain('The confirmation of Destruction Witness 1 by dana is void: The destruction record changed: Disposal Method changed');

    // The same witness confirms the record as it is now.
    expect((await confirm(created.id, 'destruction-1', 'dana')).statusCode).toBe(200);
    expect((await witness(created.id, 'destruction-1')).state).toBe('confirmed');
    // A change of the transfer's dates voids the transfer witness only.
    expect((await api('clerk', 'PATCH', `/job/${created.id}/destruction-record`, { fieldData: { 'Date Transfer': '11/01/2026' } })).statusCode).toBe(200);
    expect((await read(created.id)).witnesses.map((w: { state: string }) => w.state)).toEqual(['void', 'empty', 'confirmed', 'void']);
    expect((await read(created.id)).history).toHaveLength(4);
  });

  it('a change written past the service (a script) shows the confirmation void all the same, with what changed', async () => {
    const created = await destroyedJob();
    expect((await confirm(created.id, 'destruction-1', 'dana')).statusCode).toBe(200);
    await t.db.updateTable('jobs').set({ date_destroyed: '2026-11-21' }).where('id', '=', created.id).execute();
    expect(await witness(created.id, 'destruction-1')).toMatchObject({ state: 'void', printed: null, confirmation: { voidedAt: null, voidReason: 'Date Destroyed changed' } });
    // Confirming again voids the stale one on record.
    expect((await confirm(created.id, 'destruction-1', 'dana')).statusCode).toBe(200);
    expect((await confirmations(created.id)).map((c) => c.voided_at === null)).toEqual([false, true]);
  });

  it('a line item added to the destroyed job since (a late entry) makes the destruction witnesses void; a lock of the job does not', async () => {
    const created = await destroyedJob();
    const container = await createContainer(t.db, { job_id: created.id });
    await createLineItem(t.db, { container_id: container.id, job_id: created.id, ndc: '00406-0552-01', ndc_schedule: '2', pack_quantity: 1 });
    for (const [role, user] of [['transfer-1', 'elena'], ['destruction-1', 'dana']]) expect((await confirm(created.id, role!, user!)).statusCode).toBe(200);
    // Locking the job (and so its line items) changes nothing they attest.
    await t.db.updateTable('jobs').set({ locked: true }).where('id', '=', created.id).execute();
    await t.db.updateTable('line_items').set({ locked: true }).where('job_id', '=', created.id).execute();
    expect((await witness(created.id, 'destruction-1')).state).toBe('confirmed');
    await createLineItem(t.db, { container_id: container.id, job_id: created.id, ndc: '00406-0552-01', ndc_schedule: '2', pack_quantity: 2, lot_number: 'LATE-1' });
    const after = await read(created.id);
    expect(after.witnesses.map((w: { state: string }) => w.state)).toEqual(['confirmed', 'empty', 'void', 'empty']);
    expect(after.witnesses[2].confirmation.voidReason).toBe(WITNESS_MESSAGES.itemsChanged);
    // Confirmed again, on what the job lists now.
    expect((await confirm(created.id, 'destruction-1', 'dana')).statusCode).toBe(200);
    expect((await confirmations(created.id)).filter((c) => c.role === 'destruction-1').map((c) => c.void_reason)).toEqual([WITNESS_MESSAGES.itemsChanged, null]);
  });

  it('an approved correction of a line item of the destroyed job voids its destruction witnesses', async () => {
    await createUser(t.db, { username: 'approver', privileges: ['APPROVE_CORRECTION'] });
    await t.db.insertInto('ndc_dictionary').values([{ ndc: '00406-0552-01', schedule: '2', trade_name: 'OXYCODONE HCL 5 MG', drug_code: '9143', package_size: 100, package_size_uom: 'U', trade_package: true }] as never).execute();
    const registration = await createRegistration(t.db, { schedule_2: true });
    const created = await destroyedJob({ registration_id: registration.id });
    const container = await createContainer(t.db, { job_id: created.id });
    const item = await createLineItem(t.db, { container_id: container.id, job_id: created.id, ndc: '00406-0552-01', ndc_schedule: '2', pack_quantity: 2, pack_size: 100, pack_size_uom: 'U', percent_fill: 1 });
    for (const [role, user] of [['transfer-1', 'elena'], ['destruction-1', 'dana'], ['destruction-2', 'marcus']]) expect((await confirm(created.id, role!, user!)).statusCode).toBe(200);
    const asked = await api('clerk', 'POST', '/corrections', { lineItemId: item.id, field: 'Pack Quantity', value: '3', reason: 'Counted again' });
    expect(asked.statusCode, asked.body).toBe(201);
    const approved = await api('approver', 'POST', `/correction/${asked.json().data[0].recordId}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const states = await read(created.id);
    expect(states.witnesses.map((w: { state: string }) => w.state)).toEqual(['confirmed', 'empty', 'void', 'void']);
    expect(states.witnesses[2].confirmation.voidReason).toMatch(/^Correction \d+ changed the Pack Quantity of line item \d+$/);
  });
});

describe('withdrawing a confirmation', () => {
  it('keeps it on record, void with the reason; the name leaves the record; a typed name is withdrawn alike', async () => {
    const created = await destroyedJob({ destruction_witness_2: 'Typed Person' });
    expect((await confirm(created.id, 'destruction-1', 'dana')).statusCode).toBe(200);
    const res = await withdraw(created.id, 'destruction-1', 'Dana was not at the incinerator that day');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().witnesses[2]).toMatchObject({ state: 'empty', name: null, confirmation: null });
    expect(res.json().history[0]).toMatchObject({ username: 'dana', voidReason: 'Withdrawn by clerk: Dana was not at the incinerator that day', voidedBy: 'clerk' });
    expect((await job(created.id)).destruction_witness_1).toBeNull();
    expect((await withdraw(created.id, 'destruction-2', 'Typed before confirmations')).statusCode).toBe(200);
    expect((await job(created.id)).destruction_witness_2).toBeNull();
    const words = JSON.stringify((await api('viewer', 'GET', `/job/${created.id}/history`)).json());
    expect(words).toContain('Withdrew Destruction Witness 1: the confirmation of dana — reason: Dana was not at the incinerator that day');
    expect(words).toContain('Withdrew Destruction Witness 2: the typed name — reason: Typed before confirmations');
  });

  it('withdraws a confirmation voided since, saying so in the history', async () => {
    const created = await destroyedJob();
    expect((await confirm(created.id, 'destruction-1', 'dana')).statusCode).toBe(200);
    expect((await api('clerk', 'PATCH', `/job/${created.id}/destruction-record`, { fieldData: { 'Destruction Facility': 'Elsewhere' } })).statusCode).toBe(200);
    expect((await withdraw(created.id, 'destruction-1', 'Not needed again')).statusCode).toBe(200);
    expect((await job(created.id)).destruction_witness_1).toBeNull();
    const words = JSON.stringify((await api('viewer', 'GET', `/job/${created.id}/history`)).json());
    expect(words).toContain('Withdrew Destruction Witness 1: the void confirmation of dana — reason: Not needed again');
  });

  it('prints a user without a display name by their username', async () => {
    await createUser(t.db, { username: 'noname' });
    const created = await destroyedJob();
    expect((await confirm(created.id, 'destruction-2', 'noname')).statusCode).toBe(200);
    expect((await job(created.id)).destruction_witness_2).toBe('noname');
  });

  it('refuses without a reason (400), without CREATE_JOB (403), with nothing to withdraw (422)', async () => {
    const created = await destroyedJob();
    expect((await confirm(created.id, 'destruction-1', 'dana')).statusCode).toBe(200);
    expect((await withdraw(created.id, 'destruction-1', '  ')).statusCode).toBe(400);
    expect((await withdraw(created.id, 'destruction-1', 'x'.repeat(501))).statusCode).toBe(400);
    expect((await withdraw(created.id, 'destruction-1', 'Wrong', 'viewer')).statusCode).toBe(403);
    const nothing = await withdraw(created.id, 'destruction-2', 'Wrong');
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().message).toBe(WITNESS_MESSAGES.nothingToWithdraw('destruction-2'));
    expect((await witness(created.id, 'destruction-1')).state).toBe('confirmed');
  });
});
