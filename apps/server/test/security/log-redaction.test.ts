import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/** Everything the server logs at its most verbose level, as text. */
const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    lines.push(chunk.toString('utf8'));
    callback();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ logger: { level: 'trace', stream: sink } });
  await createUser(t.db, { username: 'logged', password: 'a-secret-password-9' });
});
afterAll(() => t.close());

describe('log lines', () => {
  it('never hold a bearer token or a password, whatever the request did', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/3ds/api/login', payload: { username: 'logged', password: 'a-secret-password-9' } });
    expect(login.statusCode).toBe(200);
    const token: string = login.json().token;
    const auth = { authorization: `Bearer ${token}` };
    // A read, a refused mutation, a bad body, an unknown route, a wrong password and a forged token.
    expect((await t.app.inject({ method: 'GET', url: '/3ds/api/companies', headers: auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/3ds/api/job', headers: auth, payload: { fieldData: {} } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/3ds/api/companies/search', headers: auth, payload: { query: 'nope' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/3ds/api/nowhere', headers: auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/3ds/api/login', payload: { username: 'logged', password: 'wrong-password-77' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/3ds/api/companies', headers: { authorization: `Bearer ${token}x` } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/3ds/api/logout', headers: auth })).statusCode).toBe(200);

    const text = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    expect(text).toContain('"url":"/3ds/api/companies"');
    const signature = token.split('.')[2]!;
    expect(text).not.toContain(signature);
    expect(text).not.toContain(token.split('.')[1]!);
    expect(text).not.toContain('a-secret-password-9');
    expect(text).not.toContain('wrong-password-77');
  });

  it('carry the request id the server made, and the X-Request-Id a client sent only beside it, as clientRequestId', async () => {
    const from = lines.length;
    const res = await t.app.inject({ method: 'GET', url: '/3ds/api/health', headers: { 'x-request-id': 'client-says-42' } });
    const serverId = res.headers['x-request-id'];
    expect(serverId).toMatch(/^[0-9a-f-]{36}$/);
    const logged = lines.slice(from).map((line) => JSON.parse(line) as { reqId?: string; clientRequestId?: string });
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.map((l) => l.reqId === serverId), JSON.stringify(logged)).not.toContain(false);
    expect(logged.map((l) => l.clientRequestId), JSON.stringify(logged)).toEqual(logged.map(() => 'client-says-42'));
    // Anything that does not look like a correlation id is not logged at all.
    const at = lines.length;
    await t.app.inject({ method: 'GET', url: '/3ds/api/health', headers: { 'x-request-id': 'a"b\u0007c'.repeat(20) } });
    expect(lines.slice(at).some((line) => line.includes('clientRequestId'))).toBe(false);
  });
});
