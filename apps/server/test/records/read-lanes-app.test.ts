import { PRIVILEGES } from '@3ds/domain';
import { request as httpRequest, type ClientRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createRegistration } from '../support/record-factories.ts';
import { isPageReadOf, SlowStatements } from '../support/slow-statements.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Nobody waits behind someone else's find (records/read-turns.ts, db/cancel.ts), on a real server and
 * PostgreSQL: finds made slow in the database itself (`pg_sleep`) hold the find lane while a record
 * answers at once; a request whose client goes away stops in PostgreSQL within a second; a find past
 * its time limit is stopped with a 422 that says how to narrow it; readiness says when reads are
 * saturated. PostgreSQL only: the embedded database runs one statement at a time and cannot cancel.
 */
const onPostgres = process.env.TEST_DB_KIND === 'postgres';

const SORTED = `sort=${encodeURIComponent(JSON.stringify([{ fieldName: 'Registration Number', sortOrder: 'descend' }]))}`;

describe.runIf(onPostgres)('reads share the database fairly, and stop when nobody waits (PostgreSQL)', () => {
  let t: TestApp;
  let base: string;
  let token: string;
  let otherToken: string;
  let registrationId: number;
  let companyId: number;
  const slow = new SlowStatements();
  const open = new Set<ClientRequest>();

  beforeAll(async () => {
    t = await buildTestApp({ env: { DATABASE_READS_AT_ONCE: '1', FIND_TIME_LIMIT_SECONDS: '2' }, wrapDb: (db) => db.withPlugin(slow) });
    await createUser(t.db, { username: 'searcher', privileges: [...PRIVILEGES] });
    await createUser(t.db, { username: 'colleague', privileges: [] });
    const registration = await createRegistration(t.db);
    registrationId = registration.id;
    companyId = registration.company_id;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/3ds/api`;
    token = await t.tokenFor('searcher');
    otherToken = await t.tokenFor('colleague');
  });
  afterEach(() => {
    slow.clear();
    for (const r of open) r.destroy();
    open.clear();
  });
  afterAll(() => t?.close());

  /** A GET over a real socket, which the test may drop (`request.destroy()`) as a closed tab would. */
  function get(path: string, bearer = token) {
    let req!: ClientRequest;
    const answer = new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
      const started = performance.now();
      req = httpRequest(`${base}${path}`, { headers: { authorization: `Bearer ${bearer}` } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started }));
      });
      req.on('error', reject);
      req.end();
    });
    answer.catch(() => {});
    open.add(req);
    return { answer, req };
  }

  /** The server role's statements running in PostgreSQL now whose text has `pg_sleep(`. */
  async function sleepingStatements(): Promise<number> {
    const result = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND state = 'active' AND query LIKE '%pg_sleep(%' AND pid <> pg_backend_pid()`.execute(t.db);
    return result.rows[0]!.n;
  }

  async function until(condition: () => Promise<boolean>, withinMs: number): Promise<number> {
    const started = performance.now();
    while (performance.now() - started < withinMs) {
      if (await condition()) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`not within ${withinMs} ms`);
  }

  it('a record answers at once while finds hold every turn of the find lane', async () => {
    slow.slow(isPageReadOf('registrations'), 1.5);
    const finds = Array.from({ length: 4 }, () => get(`/registrations?${SORTED}`));
    await until(async () => (await sleepingStatements()) >= 1, 3000);

    const record = await get(`/companies/${companyId}`, otherToken).answer;
    expect(record.status, record.body).toBe(200);
    expect(record.ms).toBeLessThan(500);
    // The same person's finds took their turns one at a time; a quick list is not held either.
    const list = await get('/companies?limit=5', otherToken).answer;
    expect(list.status, list.body).toBe(200);
    expect(list.ms).toBeLessThan(500);
    for (const find of finds) find.req.destroy();
    await until(async () => (await sleepingStatements()) === 0, 2000);
  });

  it('a find whose client goes away stops in PostgreSQL within a second, waiting or running', async () => {
    slow.slow(isPageReadOf('registrations'), 30);
    const running = get(`/registrations?${SORTED}`);
    const waiting = get(`/registrations?${SORTED}&limit=7`);
    await until(async () => (await sleepingStatements()) === 1, 3000);
    waiting.req.destroy();
    running.req.destroy();
    const gone = await until(async () => (await sleepingStatements()) === 0, 1000);
    expect(gone).toBeLessThan(1000);
    // The turns are free again: a find of another user runs at once.
    slow.clear();
    const after = await get(`/registrations?${SORTED}`, otherToken).answer;
    expect(after.status, after.body).toBe(200);
    expect(JSON.parse(after.body).data.map((r: { recordId: string }) => r.recordId)).toContain(String(registrationId));
  });

  it('two people asking the same find at once share one statement; one closing the tab does not stop it for the other', async () => {
    slow.slow(isPageReadOf('registrations'), 1);
    const path = `/registrations?${SORTED}&limit=11`;
    const leaving = get(path);
    await until(async () => (await sleepingStatements()) === 1, 3000);
    const staying = get(path, otherToken);
    await new Promise((resolve) => setTimeout(resolve, 100));
    leaving.req.destroy();
    const answer = await staying.answer;
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body).data.map((r: { recordId: string }) => r.recordId)).toEqual([String(registrationId)]);
    expect(await sleepingStatements()).toBe(0);
  });

  it('a person’s own record opens at once while their own finds wait in line', async () => {
    slow.slow(isPageReadOf('registrations'), 1.5);
    const finds = [get(`/registrations?${SORTED}&limit=12`), get(`/registrations?${SORTED}&limit=13`), get(`/registrations?${SORTED}&limit=14`)];
    await until(async () => (await sleepingStatements()) === 1, 3000);
    const record = await get(`/registrations/${registrationId}`).answer;
    expect(record.status, record.body).toBe(200);
    expect(record.ms).toBeLessThan(500);
    for (const find of finds) find.req.destroy();
    await until(async () => (await sleepingStatements()) === 0, 2000);
  });

  it('a find past its time limit is stopped with a 422 that says how to narrow it, and stops in PostgreSQL', async () => {
    slow.slow(isPageReadOf('registrations'), 30);
    // A find nobody has asked before (a kept answer would be answered from memory).
    const answer = await get(`/registrations?${SORTED}&limit=9`).answer;
    expect(answer.status, answer.body).toBe(422);
    const body = JSON.parse(answer.body);
    expect(body).toMatchObject({ code: 'FIND_TOO_SLOW', title: 'Find Too Slow' });
    expect(body.message).toMatch(/took longer than 2 seconds and was stopped\. Narrow it/);
    expect(answer.ms).toBeGreaterThan(1900);
    expect(answer.ms).toBeLessThan(4000);
    await until(async () => (await sleepingStatements()) === 0, 1000);
  });

  it('readiness reports reads that are saturated, and ready once they are not', async () => {
    // A quick read held in the database, and another waiting for the one quick turn.
    slow.slow(isPageReadOf('companies'), 30);
    const held = get('/companies?limit=3');
    await until(async () => (await sleepingStatements()) === 1, 3000);
    const queued = get('/companies?limit=4', otherToken);
    const ready = async () => {
      const r = await t.app.inject({ method: 'GET', url: '/3ds/api/ready' });
      return { status: r.statusCode, body: JSON.parse(r.body) };
    };
    await until(async () => (await ready()).status === 503, 3000);
    const saturated = await ready();
    expect(saturated.body).toMatchObject({ status: 'saturated', database: 'up', reads: { quick: { running: 1, waiting: 1 } } });
    expect(saturated.body.reads.quick.oldestWaitMs).toBeGreaterThan(1000);
    held.req.destroy();
    queued.req.destroy();
    await until(async () => (await sleepingStatements()) === 0, 1000);
    expect(await ready()).toMatchObject({ status: 200, body: { status: 'ready', reads: { quick: { running: 0, waiting: 0 } } } });
  });
});
