import { get as httpGet, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PRIVILEGES } from '@3ds/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EventStreamReader } from '../support/event-stream.ts';
import { createUser } from '../support/factories.ts';
import { createContainer, createJob, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * GET /3ds/api/events over real HTTP (app.inject cannot stream): the app listens on a free port and
 * the tests read the stream with fetch, as the web does.
 */
let t: TestApp;
let baseUrl: string;
let admin: string;
let regId: number;
const open: EventStreamReader[] = [];
let closed = false;

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'admin', privileges: [...PRIVILEGES] });
  await createUser(t.db, { username: 'clerk', password: 'clerk password 1', privileges: ['CREATE_JOB'] });
  await t.db
    .insertInto('ndc_dictionary')
    .values([{ ndc: '00406-0552-01', schedule: '2', trade_name: 'OXYCODONE HCL 5 MG', strength: '5 MG', form: 'Tablet', package_size: 100, package_size_uom: 'U', trade_package: true }] as never)
    .execute();
  regId = (await createRegistration(t.db, { schedule_2: true, expiration_date: '2099-01-01' })).id;
  admin = await t.tokenFor('admin');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const stream of open) stream.close();
  if (!closed) await t.close();
});

async function stream(options: Parameters<typeof EventStreamReader.open>[1] = { token: admin }) {
  const reader = await EventStreamReader.open(baseUrl, options);
  open.push(reader);
  return reader;
}
const api = async (token: string, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${baseUrl}/3ds/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  expect(res.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return text ? JSON.parse(text) : undefined;
};
const newestAuditId = async () => String((await sql<{ id: string | null }>`SELECT max(id)::text AS id FROM audit_log`.execute(t.db)).rows[0]?.id ?? '0');
const ready = (reader: EventStreamReader) => reader.waitFor('ready', (e) => e.event === 'ready');

describe('GET /3ds/api/events', () => {
  it('answers an event stream, not kept, not buffered, starting with retry and ready (the newest audit id)', async () => {
    const newest = await newestAuditId();
    const reader = await stream();
    expect(reader.status).toBe(200);
    expect(reader.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(reader.headers.get('cache-control')).toBe('no-store');
    expect(reader.headers.get('x-accel-buffering')).toBe('no');
    const first = await ready(reader);
    expect(reader.events[0]).toBe(first);
    expect(first.retry).toBe(3000);
    expect(JSON.parse(first.data)).toEqual({ lastEventId: newest });
    reader.close();
  });

  it('sends a ping comment every 25 s (the first stream starts the clock)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const reader = await stream();
      await ready(reader);
      expect(reader.comments).toEqual([]);
      vi.advanceTimersByTime(24_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(reader.comments).toEqual([]);
      vi.advanceTimersByTime(1_000);
      await reader.waitFor('a ping', () => reader.comments.length === 1, 1000);
      expect(reader.comments).toEqual(['ping']);
      vi.advanceTimersByTime(25_000);
      await reader.waitFor('a second ping', () => reader.comments.length === 2, 1000);
      reader.close();
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends every change made through the API within a second: a job created, a container locked, a line item created', async () => {
    const reader = await stream();
    await ready(reader);
    const expectEvent = async (entity: string, recordId: string, action: string, change: () => Promise<unknown>) => {
      const started = performance.now();
      await change();
      const event = await reader.waitFor(`${entity} ${recordId} ${action}`, (e) => e.event === 'change' && JSON.parse(e.data).entity === entity && JSON.parse(e.data).recordId === recordId && JSON.parse(e.data).action === action, 1000);
      expect(event.receivedAt - started).toBeLessThan(1000);
      const data = JSON.parse(event.data);
      expect(data).toEqual({ id: event.id, entity, recordId, action, user: 'admin', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) });
      const row = await t.db.selectFrom('audit_log').selectAll().where('id', '=', event.id!).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ entity, record_id: recordId, action, username: 'admin' });
      expect(Math.abs(new Date(data.at).getTime() - new Date(row.at).getTime())).toBeLessThan(2);
      return data;
    };
    // A created record's id is known from the answer only: wait for an event naming it.
    const jobStarted = performance.now();
    const jobId: string = (await api(admin, 'POST', '/job', { fieldData: { _fkRegistration_Record_Number: regId, 'Job Name': 'Live job' } })).recordId;
    const job = await reader.waitFor('the job', (e) => e.event === 'change' && JSON.parse(e.data).entity === 'job' && JSON.parse(e.data).recordId === jobId, 1000);
    expect(job.receivedAt - jobStarted).toBeLessThan(1000);
    expect(JSON.parse(job.data)).toMatchObject({ id: job.id, action: 'create', user: 'admin' });
    const container = await createContainer(t.db, { job_id: Number(jobId), kind: 'standard' });
    await expectEvent('container', String(container.id), 'lock', () => api(admin, 'PATCH', `/container/lock/${container.id}`));
    const other = await createContainer(t.db, { job_id: Number(jobId), kind: 'standard' });
    const started = performance.now();
    const itemId: string = (await api(admin, 'POST', '/line-item/new', { containerId: other.id, ndc: '00406-0552-01', packQuantity: '1', packSize: '100', packSizeUoM: 'U' })).recordId;
    const item = await reader.waitFor('the line item', (e) => e.event === 'change' && JSON.parse(e.data).entity === 'line-item' && JSON.parse(e.data).recordId === itemId, 1000);
    expect(item.receivedAt - started).toBeLessThan(1000);
    expect(JSON.parse(item.data)).toMatchObject({ action: 'create', user: 'admin' });
    await expectEvent('job', jobId, 'rename', async () => {
      const modId = (await api(admin, 'GET', `/job/${jobId}`)).data[0].modId;
      await api(admin, 'PATCH', `/job/${jobId}`, { fieldData: { 'Job Name': 'Live job renamed' }, modId });
    });
    // Ids come in the order their transactions committed, each once.
    const ids = reader.changes().map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    reader.close();
  });

  it('sends nothing for sign-ins, users, settings or saved finds', async () => {
    const reader = await stream();
    await ready(reader);
    const signIn = await fetch(`${baseUrl}/3ds/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'clerk', password: 'clerk password 1' }) });
    expect(signIn.status).toBe(200);
    await api(admin, 'PATCH', '/users/clerk', { displayName: 'Clerk Kent' });
    await api(admin, 'PATCH', '/settings', { fieldData: { 'Registrant Name': 'Events Test' } });
    await api(admin, 'POST', '/saved-finds', { entity: 'jobs', name: 'Mine', quickFind: 'live' });
    const audited = await t.db.selectFrom('audit_log').select(['entity']).where('id', '>', JSON.parse(reader.events[0]!.data).lastEventId).execute();
    expect(new Set(audited.map((a) => a.entity))).toEqual(new Set(['session', 'user', 'settings', 'saved_find']));
    // Then a record change: it is the first and only event after ready.
    const job = await api(admin, 'POST', '/job', { fieldData: { _fkRegistration_Record_Number: regId, 'Job Name': 'After the others' } });
    await reader.waitFor('the job', (e) => e.event === 'change' && JSON.parse(e.data).recordId === job.recordId, 1000);
    expect(reader.events.map((e) => e.event)).toEqual(['ready', 'change']);
    reader.close();
  });

  it('replays the changes after Last-Event-ID (header or query), then goes on live', async () => {
    const from = await newestAuditId();
    const jobs = [];
    for (const name of ['Missed 1', 'Missed 2', 'Missed 3']) jobs.push((await api(admin, 'POST', '/job', { fieldData: { _fkRegistration_Record_Number: regId, 'Job Name': name } })).recordId);
    // A sign-in meanwhile is not replayed either.
    await t.tokenFor('clerk');
    for (const options of [{ token: admin, lastEventId: from }, { token: admin, query: `?lastEventId=${from}` }]) {
      const reader = await stream(options);
      await ready(reader);
      await reader.waitFor('the replay', () => reader.changes().length >= jobs.length, 1000);
      expect(reader.changes().map((c) => [c.entity, c.recordId, c.action])).toEqual(jobs.map((id) => ['job', id, 'create']));
      expect(reader.events.slice(1).map((e) => e.id)).toEqual(reader.changes().map((c) => c.id));
      expect(JSON.parse(reader.events[0]!.data).lastEventId).toBe(await newestAuditId());
      const live = await api(admin, 'POST', '/job', { fieldData: { _fkRegistration_Record_Number: regId, 'Job Name': 'Live again' } });
      await reader.waitFor('the live job', (e) => e.event === 'change' && JSON.parse(e.data).recordId === live.recordId, 1000);
      jobs.push(live.recordId);
      reader.close();
    }
  });

  it('answers reset instead of a replay when more than 1,000 were missed; an open stream receives all of a bulk transaction', async () => {
    const listening = await stream();
    await ready(listening);
    const from = await newestAuditId();
    const job = await createJob(t.db, { registration_id: regId });
    // One transaction writing 1,500 audit rows of records, as a bulk operation does.
    await sql`INSERT INTO audit_log (username, action, entity, record_id) SELECT 'admin', 'edit', 'job', ${String(job.id)} FROM generate_series(1, 1500)`.execute(t.db);
    // What arrives is tested here, not how soon (the latency tests are above): the waits end as soon
    // as it has arrived, and allow a machine busy with other work its time.
    await listening.waitFor('1,500 events', () => listening.changeCount >= 1500, 20_000);
    const ids = listening.changes().map((c) => Number(c.id));
    expect(ids).toHaveLength(1500);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids[0]).toBeGreaterThan(Number(from));

    const late = await stream({ token: admin, lastEventId: from });
    await ready(late);
    await late.waitFor('reset', (e) => e.event === 'reset', 20_000);
    expect(late.events.map((e) => [e.event, e.data])).toEqual([
      ['ready', JSON.stringify({ lastEventId: await newestAuditId() })],
      ['reset', '{}'],
    ]);
    // 1,000 missed exactly: replayed.
    const exactly = await stream({ token: admin, lastEventId: String(ids[499]) });
    await exactly.waitFor('the replay', () => exactly.changes().length >= 1000, 20_000);
    expect(exactly.changes().map((c) => Number(c.id))).toEqual(ids.slice(500));
    expect(exactly.events.some((e) => e.event === 'reset')).toBe(false);
    for (const reader of [listening, late, exactly]) reader.close();
  });

  it('answers 401 at once without a token, with a bad one and with a revoked one; 400 for a Last-Event-ID that is no id', async () => {
    expect((await stream({})).status).toBe(401);
    expect((await stream({ token: 'not.a.token' })).status).toBe(401);
    const token = await t.tokenFor('admin');
    await api(token, 'POST', '/logout');
    const revoked = await stream({ token });
    expect(revoked.status).toBe(401);
    await revoked.ended;
    expect(JSON.parse(revoked.body)).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect((await stream({ token: admin, lastEventId: 'abc' })).status).toBe(400);
    expect((await stream({ token: admin, query: '?lastEventId=-1' })).status).toBe(400);
  });

  it('holds at most 10 streams per session: the 11th answers 429 with a message, another session is not affected, and a closed one frees its place', async () => {
    const token = await t.tokenFor('admin');
    // Asked for all at once: the bound is checked as each begins to open, not once they are open.
    const tabs = await Promise.all(Array.from({ length: 11 }, () => stream({ token })));
    const refused = tabs.filter((reader) => reader.status !== 200);
    expect(tabs.filter((reader) => reader.status === 200)).toHaveLength(10);
    expect(refused).toHaveLength(1);
    const [eleventh] = refused;
    expect(eleventh!.status).toBe(429);
    expect(eleventh!.headers.get('retry-after')).toBe('3');
    await eleventh!.ended;
    expect(JSON.parse(eleventh!.body)).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      message: 'This session already has 10 live update streams open, the most one session may have (one per browser tab); close a tab of 3DS and this one connects again by itself.',
    });
    const open10 = tabs.filter((reader) => reader.status === 200);
    await Promise.all(open10.map(ready));
    // Another session of the same user has its own ten.
    const other = await stream({ token: await t.tokenFor('admin') });
    expect(other.status).toBe(200);
    other.close();
    // A tab closed: its place is free once the server has seen the connection go.
    open10[0]!.close();
    let again: EventStreamReader | undefined;
    for (const started = performance.now(); performance.now() - started < 2000; await new Promise((resolve) => setTimeout(resolve, 20))) {
      again = await stream({ token });
      if (again.status === 200) break;
    }
    expect(again!.status).toBe(200);
    await ready(again!);
    for (const reader of [...open10, again!]) reader.close();
  });

  it('holds at most EVENTS_MAX_STREAMS on a server: beyond, 503 with a message, whoever asks', async () => {
    const small = await buildTestApp({ env: { EVENTS_MAX_STREAMS: '3' } });
    try {
      await createUser(small.db, { username: 'admin', privileges: [...PRIVILEGES] });
      await small.app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(small.app.server.address() as AddressInfo).port}`;
      const readers = [];
      for (let i = 0; i < 3; i++) readers.push(await EventStreamReader.open(base, { token: await small.tokenFor('admin') }));
      expect(readers.map((reader) => reader.status)).toEqual([200, 200, 200]);
      const fourth = await EventStreamReader.open(base, { token: await small.tokenFor('admin') });
      expect(fourth.status).toBe(503);
      expect(fourth.headers.get('retry-after')).toBe('3');
      await fourth.ended;
      expect(JSON.parse(fourth.body)).toMatchObject({ code: 'UNAVAILABLE', message: 'This server has as many live update streams open as it allows; connect again in a moment.' });
      for (const reader of readers) reader.close();
      small.app.server.closeAllConnections();
    } finally {
      await small.close();
    }
  });

  it('ends the stream within a second when its session signs out; other sessions’ streams go on', async () => {
    const token = await t.tokenFor('admin');
    const doomed = await stream({ token });
    const other = await stream();
    await Promise.all([ready(doomed), ready(other)]);
    const started = performance.now();
    await api(token, 'POST', '/logout');
    expect(await doomed.endsWithin(1000)).toBe(true);
    console.log(`stream ended ${(performance.now() - started).toFixed(1)} ms after its session signed out`);
    expect(other.isEnded).toBe(false);
    const job = await api(admin, 'POST', '/job', { fieldData: { _fkRegistration_Record_Number: regId, 'Job Name': 'Still heard' } });
    await other.waitFor('the job', (e) => e.event === 'change' && JSON.parse(e.data).recordId === job.recordId, 1000);
    other.close();
  });

  it('ends the streams of a user within a second when the user is disabled', async () => {
    await createUser(t.db, { username: 'leaver', privileges: [] });
    const [one, two] = [await stream({ token: await t.tokenFor('leaver') }), await stream({ token: await t.tokenFor('leaver') })];
    const other = await stream();
    await Promise.all([ready(one), ready(two), ready(other)]);
    await api(admin, 'PATCH', '/users/leaver', { disabled: true });
    expect(await one.endsWithin(1000)).toBe(true);
    expect(await two.endsWithin(1000)).toBe(true);
    expect(other.isEnded).toBe(false);
    other.close();
  });

  it('ends the stream when its session expires, also when the expiry was moved closer meanwhile', async () => {
    const token = await t.tokenFor('admin');
    const reader = await stream({ token });
    await ready(reader);
    const { sid } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sid: string };
    await t.db.updateTable('sessions').set({ expires_at: new Date(t.clock.now.getTime() + 1500) }).where('id', '=', sid).execute();
    expect(await reader.endsWithin(1000)).toBe(false);
    expect(await reader.endsWithin(2500)).toBe(true);
  });

  it('drops a client that does not read, rather than buffering for it; a reading client receives everything', async () => {
    const stalled = await new Promise<IncomingMessage>((resolve, reject) => {
      const request = httpGet(`${baseUrl}/3ds/api/events`, { agent: false, headers: { authorization: `Bearer ${admin}` } }, resolve);
      request.on('error', reject);
    });
    expect(stalled.statusCode).toBe(200);
    stalled.pause(); // reads nothing: the server's buffers for it fill
    const dropped = new Promise<void>((resolve) => stalled.on('close', () => resolve()));
    stalled.on('error', () => {});
    const reader = await stream();
    await ready(reader);
    // Ten transactions of 12,000 rows (some 2.6 MB of events each, within what a reading client is
    // allowed at once): some 26 MB in all, more than the sockets and the stream's 4 MB allowance hold.
    const job = await createJob(t.db, { registration_id: regId });
    const before = reader.changeCount;
    for (let burst = 1; burst <= 10; burst++) {
      await sql`INSERT INTO audit_log (username, action, entity, record_id) SELECT 'admin', 'edit', 'job', ${String(job.id)} FROM generate_series(1, 12000)`.execute(t.db);
      await reader.waitFor(`burst ${burst}`, () => reader.changeCount >= before + burst * 12_000, 20_000);
    }
    // Reading now, it finds its stream cut short: what was queued for it was dropped with it.
    let received = 0;
    stalled.on('data', (chunk: Buffer) => (received += (chunk.toString('latin1').match(/event: change/g) ?? []).length));
    stalled.resume();
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([dropped.then(() => 'dropped'), new Promise((resolve) => (timer = setTimeout(() => resolve('still open'), 5000)))]);
    clearTimeout(timer);
    expect(outcome).toBe('dropped');
    expect(received).toBeLessThan(120_000);
    reader.close();
  }, 60_000);

  it('ends open streams when the server closes, without waiting for them', async () => {
    // Plain HTTP connections of their own (no pooled client connections to wait for besides the streams).
    const responses = await Promise.all(
      [1, 2].map(
        () =>
          new Promise<IncomingMessage>((resolve, reject) => {
            const request = httpGet(`${baseUrl}/3ds/api/events`, { agent: false, headers: { authorization: `Bearer ${admin}` } }, resolve);
            request.on('error', reject);
          }),
      ),
    );
    const ended = responses.map((response) => {
      expect(response.statusCode).toBe(200);
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      return new Promise<string>((resolve) => response.on('close', () => resolve(text)));
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = performance.now();
    closed = true;
    const closing = t.close();
    const texts = await Promise.all(ended);
    const took = performance.now() - started;
    expect(took).toBeLessThan(1000);
    // The earlier tests' fetch calls leave pooled client sockets that Node's close would wait for
    // (the same as path-spellings.test.ts destroys its agent first); the streams are what is tested here.
    t.app.server.closeAllConnections();
    await closing;
    for (const text of texts) expect(text).toMatch(/^retry: 3000\nevent: ready\ndata: \{"lastEventId":"\d+"\}\n\n/);
  });
});
