import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { ELF_BYTES, multipartBody, TINY_PNG } from '../support/multipart.ts';
import { createContainer, createJob, createLineItem } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { NOTIFY_TO: 'ops@example.test' } });
  await createUser(t.db, { username: 'boss', privileges: ['CREATE_JOB', 'MOVE_CONTAINER', 'LOCK_JOB', 'UNLOCK_JOB'] });
  await createUser(t.db, { username: 'nobody' });
});
afterAll(() => t.close());

const as = (user: string, method: 'PATCH' | 'POST', url: string, payload?: unknown) =>
  t.injectAs(user, { method, url: `/3ds/api${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('rename (PATCH /job/{id})', () => {
  it('renames, raises modId and audits', async () => {
    const job = await createJob(t.db, { name: 'Old name' });
    const res = await as('boss', 'PATCH', `/job/${job.id}`, { fieldData: { 'Job Name': 'New name' }, modId: '0' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ recordId: String(job.id), modId: '1' });
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'rename').where('record_id', '=', String(job.id)).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ before: { name: 'Old name' }, after: { name: 'New name' }, username: 'boss' });
  });

  it('refuses without CREATE_JOB (403), on a locked job (409), a bad name (422), a stale modId (409), an unknown job (404)', async () => {
    const job = await createJob(t.db, { name: 'Keep' });
    const lockedJob = await createJob(t.db, { name: 'Locked', locked: true });
    expect((await as('nobody', 'PATCH', `/job/${job.id}`, { fieldData: { 'Job Name': 'x' } })).statusCode).toBe(403);
    expect((await as('boss', 'PATCH', `/job/${lockedJob.id}`, { fieldData: { 'Job Name': 'x' } })).statusCode).toBe(409);
    const empty = await as('boss', 'PATCH', `/job/${job.id}`, { fieldData: { 'Job Name': ' ' } });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().details).toEqual(['Job Name is required']);
    const stale = await as('boss', 'PATCH', `/job/${job.id}`, { fieldData: { 'Job Name': 'x' }, modId: '7' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed by someone else/);
    expect((await as('boss', 'PATCH', '/job/999999', { fieldData: { 'Job Name': 'x' } })).statusCode).toBe(404);
    const after = await t.db.selectFrom('jobs').select(['name', 'mod_id']).where('id', '=', job.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ name: 'Keep', mod_id: 0 });
  });
});

describe('lock and unlock', () => {
  it('locks and unlocks with the privileges, refusing a repeat', async () => {
    const job = await createJob(t.db);
    expect((await as('nobody', 'PATCH', `/job/lock/${job.id}`)).statusCode).toBe(403);
    const lockedRes = await as('boss', 'PATCH', `/job/lock/${job.id}`);
    expect(lockedRes.statusCode).toBe(200);
    expect(lockedRes.json().data[0].fieldData['Locked Job']).toBe('Yes');
    expect((await as('boss', 'PATCH', `/job/lock/${job.id}`)).statusCode).toBe(409);
    expect((await as('boss', 'PATCH', `/job/unlock/${job.id}`, { reason: 'A count to correct' })).json().data[0].fieldData['Locked Job']).toBe('No');
  });
});

describe('Job Ready e-mail', () => {
  it('goes to the file outbox without SMTP and is recorded', async () => {
    const job = await createJob(t.db, { name: 'Outbox job' });
    const res = await as('boss', 'POST', '/sendJobReadyNotification', { fieldData: { __PKJobID: job.id, 'Job Name': 'Outbox job' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().messages[0].message).toBe('A notification has been sent that your job is ready');
    const files = await readdir(join(t.dataDir, 'outbox'));
    const mail = await readFile(join(t.dataDir, 'outbox', files.at(-1)!), 'utf8');
    expect(mail).toContain('To: ops@example.test');
    expect(mail).toContain(`Subject: Job ${job.id} is ready: Outbox job`);
    const row = await t.db.selectFrom('notifications').selectAll().where('job_id', '=', job.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', kind: 'job-ready', recipient: 'ops@example.test' });
  });

  it('arrives at a real SMTP server with the job, company, registration and counts', async () => {
    const received: { from?: string; to: string[]; data: string }[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (c: Buffer) => (data += c.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as { port: number }).port;
    const smtp = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, NOTIFY_TO: 'dispatch@example.test', MAIL_FROM: '3DS <robot@example.test>' } });
    try {
      await createUser(smtp.db, { username: 'boss', privileges: ['CREATE_JOB'] });
      const job = await createJob(smtp.db, { name: 'Ready job' });
      const container = await createContainer(smtp.db, { job_id: job.id });
      await createLineItem(smtp.db, { container_id: container.id });
      await createLineItem(smtp.db, { container_id: container.id });
      const res = await smtp.injectAs('boss', { method: 'POST', url: '/3ds/api/sendJobReadyNotification', payload: { fieldData: { __PKJobID: String(job.id) } } });
      expect(res.statusCode, res.body).toBe(200);
      expect(received).toHaveLength(1);
      expect(received[0]!.to).toEqual(['dispatch@example.test']);
      const body = received[0]!.data;
      expect(body).toContain(`Subject: Job ${job.id} is ready: Ready job`);
      expect(body).toContain('Company:');
      expect(body).toContain('Registration:  BA1234563');
      expect(body).toContain('Containers:    1 standard, 0 Yellow Bucket');
      expect(body).toContain('Line items:    2 standard, 0 Yellow Bucket');
      // It carries no link: nothing in it stops working, so it need not say until when anything works.
      expect(body).not.toMatch(/https?:|\/3ds\/|sig=/);
    } finally {
      await smtp.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('says "Notification Could Not Be Sent" when the mail server is unreachable, and records the failure', async () => {
    const broken = await buildTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      await createUser(broken.db, { username: 'boss', privileges: ['CREATE_JOB'] });
      const job = await createJob(broken.db);
      const res = await broken.injectAs('boss', { method: 'POST', url: '/3ds/api/sendJobReadyNotification', payload: { fieldData: { __PKJobID: job.id } } });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe('Notification Could Not Be Sent');
      const row = await broken.db.selectFrom('notifications').selectAll().where('job_id', '=', job.id).executeTakeFirstOrThrow();
      expect(row.status).toBe('failed');
    } finally {
      await broken.close();
    }
  });

  it('needs CREATE_JOB: without it 403 naming the privilege, and nothing is sent or recorded', async () => {
    const job = await createJob(t.db, { name: 'Not yours to announce' });
    const outbox = async () => (await readdir(join(t.dataDir, 'outbox')).catch(() => [])).length;
    const mails = await outbox();
    const res = await as('nobody', 'POST', '/sendJobReadyNotification', { fieldData: { __PKJobID: job.id } });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have the CREATE_JOB privilege needed to send the Job Ready notification.');
    expect(await t.db.selectFrom('notifications').select('id').where('job_id', '=', job.id).execute()).toEqual([]);
    expect(await outbox()).toBe(mails);
  });

  it('sends at most 20 a user an hour, whatever the jobs: the 21st is 429 saying when the next can go; others are not held back', async () => {
    const sender = await buildTestApp({ env: { NOTIFY_TO: 'ops@example.test' } });
    try {
      await createUser(sender.db, { username: 'eager', privileges: ['CREATE_JOB'] });
      await createUser(sender.db, { username: 'calm', privileges: ['CREATE_JOB'] });
      const send = (user: string, id: number) => sender.injectAs(user, { method: 'POST', url: '/3ds/api/sendJobReadyNotification', payload: { fieldData: { __PKJobID: id } } });
      const jobs = [];
      for (let i = 0; i < 22; i++) jobs.push(await createJob(sender.db, { name: `Ready ${i}` }));
      // Twenty over twenty minutes, then one more at once.
      for (let i = 0; i < 20; i++) {
        expect((await send('eager', jobs[i]!.id)).statusCode).toBe(200);
        sender.clock.advance(60_000);
      }
      const refused = await send('eager', jobs[20]!.id);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('You have sent 20 Job Ready notifications in the last hour, the most one person may send; the next can go in 40 minutes.');
      expect(Number(refused.headers['retry-after'])).toBe(40 * 60);
      expect(await sender.db.selectFrom('notifications').select('id').where('job_id', '=', jobs[20]!.id).execute()).toEqual([]);
      // Another user is not held back by it.
      expect((await send('calm', jobs[20]!.id)).statusCode).toBe(200);
      // Once the first of the twenty is an hour old, one more goes.
      sender.clock.advance(40 * 60_000);
      expect((await send('eager', jobs[21]!.id)).statusCode).toBe(200);
      expect((await send('eager', jobs[0]!.id)).statusCode).toBe(429);
      const audited = await sender.db.selectFrom('audit_log').select('id').where('action', '=', 'job-ready').where('username', '=', 'eager').execute();
      expect(audited).toHaveLength(21);
    } finally {
      await sender.close();
    }
  });

  it('counts toward the limit only what went out: a send that failed does not', async () => {
    const broken = await buildTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      await createUser(broken.db, { username: 'boss', privileges: ['CREATE_JOB'] });
      for (let i = 0; i < 21; i++) {
        const job = await createJob(broken.db);
        expect((await broken.injectAs('boss', { method: 'POST', url: '/3ds/api/sendJobReadyNotification', payload: { fieldData: { __PKJobID: job.id } } })).statusCode).toBe(502);
      }
    } finally {
      await broken.close();
    }
  });

  it('answers 404 for an unknown job and 400 without a job id', async () => {
    expect((await as('boss', 'POST', '/sendJobReadyNotification', { fieldData: { __PKJobID: 999999 } })).statusCode).toBe(404);
    expect((await as('boss', 'POST', '/sendJobReadyNotification', { fieldData: {} })).statusCode).toBe(400);
  });
});

describe('move to Yellow Bucket', () => {
  async function jobWithContainer(overrides: { jobLocked?: boolean; containerLocked?: boolean } = {}) {
    const job = await createJob(t.db, { locked: overrides.jobLocked ?? false });
    const container = await createContainer(t.db, { job_id: job.id, name: 'Tote 7', pallet: 'P-1', net_weight: 10, package_weight: 2, locked: overrides.containerLocked ?? false });
    const items = [];
    for (let i = 0; i < 3; i++) items.push(await createLineItem(t.db, { container_id: container.id, lot_number: `LOT${i}` }));
    return { job, container, items };
  }

  it('makes a Yellow Bucket container with the data and line items, and deletes the original', async () => {
    const { job, container, items } = await jobWithContainer();
    const res = await as('boss', 'POST', `/job/move-container-to-yb/${job.id}`, { containerId: container.id });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const result = JSON.parse(body.scriptResult);
    expect(result.succeeded).toBe(true);
    expect(body.data[0].portalData.Containers).toEqual([]);
    expect(body.data[0].portalData.YellowBuckets).toHaveLength(1);
    const yellow = await t.db.selectFrom('containers').selectAll().where('id', '=', result.containerId).executeTakeFirstOrThrow();
    expect(yellow).toMatchObject({ kind: 'yellow_bucket', job_id: job.id, name: 'Tote 7', pallet: 'P-1', gross_weight: 12 });
    const moved = await t.db.selectFrom('line_items').selectAll().where('id', 'in', items.map((i) => i.id)).orderBy('id').execute();
    expect(moved.map((m) => [m.container_id, m.kind, m.lot_number])).toEqual(items.map((_, i) => [yellow.id, 'yellow_bucket', `LOT${i}`]));
    expect(await t.db.selectFrom('containers').select('id').where('id', '=', container.id).executeTakeFirst()).toBeUndefined();
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'move-to-yellow-bucket').where('record_id', '=', String(container.id)).executeTakeFirstOrThrow();
    expect((audit.before as { lineItems: unknown[] }).lineItems).toHaveLength(3);
  });

  it('is refused without MOVE_CONTAINER (403) and when the job or container is locked (409)', async () => {
    const open = await jobWithContainer();
    expect((await as('nobody', 'POST', `/job/move-container-to-yb/${open.job.id}`, { containerId: open.container.id })).statusCode).toBe(403);
    const lockedJob = await jobWithContainer({ jobLocked: true });
    expect((await as('boss', 'POST', `/job/move-container-to-yb/${lockedJob.job.id}`, { containerId: lockedJob.container.id })).statusCode).toBe(409);
    const lockedContainer = await jobWithContainer({ containerLocked: true });
    expect((await as('boss', 'POST', `/job/move-container-to-yb/${lockedContainer.job.id}`, { containerId: lockedContainer.container.id })).statusCode).toBe(409);
    const other = await createJob(t.db);
    expect((await as('boss', 'POST', `/job/move-container-to-yb/${other.id}`, { containerId: open.container.id })).statusCode).toBe(404);
  });

  it('is atomic: a failure after the insert changes nothing and loses no line item', async () => {
    const { job, container, items } = await jobWithContainer();
    const before = await t.db.selectFrom('containers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    await sql`CREATE FUNCTION fail_move() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected failure'; END $$`.execute(t.db);
    await sql`CREATE TRIGGER fail_move BEFORE UPDATE ON line_items FOR EACH ROW WHEN (NEW.kind = 'yellow_bucket') EXECUTE FUNCTION fail_move()`.execute(t.db);
    try {
      const res = await as('boss', 'POST', `/job/move-container-to-yb/${job.id}`, { containerId: container.id });
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`DROP TRIGGER fail_move ON line_items`.execute(t.db);
      await sql`DROP FUNCTION fail_move()`.execute(t.db);
    }
    const after = await t.db.selectFrom('containers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toEqual(before.n);
    const still = await t.db.selectFrom('line_items').select(['id', 'container_id', 'kind']).where('id', 'in', items.map((i) => i.id)).execute();
    expect(still.every((i) => i.container_id === container.id && i.kind === 'standard')).toBe(true);
    expect(still).toHaveLength(3);
  });
});

describe('pictures and documents (POST /job/{id}/upload)', () => {
  const upload = (user: string, jobId: number, field: string, bytes: Buffer, name = 'file.png') =>
    t.injectAs(user, { method: 'POST', url: `/3ds/api/job/${jobId}/upload?field=${encodeURIComponent(field)}`, ...multipartBody([{ name, bytes }]) });
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

  it('adds a picture to an empty slot and attaches documents; the record links them', async () => {
    const job = await createJob(t.db);
    const res = await upload('boss', job.id, 'P3', TINY_PNG);
    expect(res.statusCode, res.body).toBe(200);
    const link = res.json().data[0].fieldData.P3 as string;
    expect(link).toMatch(/^\/3ds\/api\/files\//);
    expect((await t.app.inject({ method: 'HEAD', url: link })).statusCode).toBe(200);
    expect(res.json().data[0].fieldData.P4).toBe('');
    const doc = await upload('boss', job.id, 'CWF Files', pdf, 'cwf.pdf');
    expect(doc.statusCode, doc.body).toBe(200);
    expect(doc.json().data[0].fieldData['CWF Files']).toMatch(/\.pdf\?/);
    // A document can be replaced; a picture slot cannot be overwritten.
    expect((await upload('boss', job.id, 'CWF Files', pdf, 'cwf2.pdf')).statusCode).toBe(200);
    expect((await upload('boss', job.id, 'P3', TINY_PNG)).statusCode).toBe(409);
  });

  it('shows the sister job’s pictures and refuses pictures on the job itself', async () => {
    const sister = await createJob(t.db);
    await upload('boss', sister.id, 'R1', TINY_PNG);
    const job = await createJob(t.db, { sister_job_id: sister.id });
    const view = await t.injectAs('boss', { method: 'GET', url: `/3ds/api/job/${job.id}` });
    expect(view.json().data[0].fieldData.R1).toMatch(/^\/3ds\/api\/files\//);
    const res = await upload('boss', job.id, 'R2', TINY_PNG);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/sister job/);
  });

  it('refuses: no privilege 403, locked job 409, unknown slot 400, wrong type 415', async () => {
    const job = await createJob(t.db);
    const lockedJob = await createJob(t.db, { locked: true });
    expect((await upload('nobody', job.id, 'P1', TINY_PNG)).statusCode).toBe(403);
    expect((await upload('boss', lockedJob.id, 'P1', TINY_PNG)).statusCode).toBe(409);
    expect((await upload('boss', job.id, 'P13', TINY_PNG)).statusCode).toBe(400);
    expect((await upload('boss', job.id, 'P1', pdf, 'x.png')).statusCode).toBe(415);
    expect((await upload('boss', job.id, 'CWF Files', ELF_BYTES, 'x.pdf')).statusCode).toBe(415);
    expect((await upload('boss', job.id, '41 Insert', pdf, 'x.pdf')).statusCode).toBe(422);
  });
});
