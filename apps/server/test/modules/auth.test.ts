import { LOGIN_FAILURE_WINDOW_MS, MESSAGES, SESSION_TTL_SECONDS } from '@3ds/domain';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'alice', password: 'right-password-1', privileges: ['CREATE_JOB'], parentOrganization: 'Org A' });
  await createUser(t.db, { username: 'dora', password: 'right-password-1', disabled: true });
  for (const name of ['bob', 'carol', 'erin', 'frank']) await createUser(t.db, { username: name, password: 'right-password-1' });
});
afterAll(() => t.close());

const login = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/3ds/api/login', payload: { username, password } });

describe('POST /3ds/api/login', () => {
  it('answers a token carrying the username, organisation, privileges and session id', async () => {
    const res = await login('alice', 'right-password-1');
    expect(res.statusCode).toBe(200);
    const claims = decodeJwt(res.json().token);
    expect(claims).toMatchObject({
      sub: 'alice',
      isDataEntryUser: false,
      access: { parentOrganization: 'Org A', privileges: ['CREATE_JOB'] },
    });
    expect(typeof claims.sid).toBe('string');
    expect(claims.exp! - claims.iat!).toBe(SESSION_TTL_SECONDS);
    const session = await t.db.selectFrom('sessions').selectAll().where('id', '=', claims.sid as string).executeTakeFirst();
    expect(session?.revoked_at).toBeNull();
    const audit = await t.db.selectFrom('audit_log').selectAll().where('action', '=', 'login').where('record_id', '=', claims.sid as string).execute();
    expect(audit).toHaveLength(1);
  });

  it('accepts the username in any case', async () => {
    expect((await login('ALICE', 'right-password-1')).statusCode).toBe(200);
  });

  it('refuses a wrong password or an unknown user with 401 and a message', async () => {
    for (const [u, p] of [['alice', 'wrong'], ['nobody', 'whatever']] as const) {
      const res = await login(u, p);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ title: 'Unauthorized', message: MESSAGES.invalidCredentials, code: 'UNAUTHORIZED' });
    }
  });

  it('refuses a disabled account after a correct password', async () => {
    const res = await login('dora', 'right-password-1');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MESSAGES.accountDisabled);
  });

  it.each([
    ['no body', undefined],
    ['missing password', { username: 'alice' }],
    ['empty username', { username: '', password: 'x' }],
    ['number as username', { username: 12, password: 'x' }],
    ['over-long username', { username: 'a'.repeat(65), password: 'x' }],
    ['over-long password', { username: 'alice', password: 'x'.repeat(257) }],
  ])('answers 400 with a message for %s', async (_name, payload) => {
    const res = await t.app.inject({ method: 'POST', url: '/3ds/api/login', ...(payload === undefined ? {} : { payload }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/\w/);
    expect(res.json().code).toBe('BAD_REQUEST');
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/3ds/api/login', headers: { 'content-type': 'application/json' }, payload: '{"username": "alice",' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The request body is not valid JSON.');
  });

  it('locks a username for 15 minutes after 5 failures within 15 minutes', async () => {
    for (let i = 0; i < 5; i++) expect((await login('bob', 'wrong')).statusCode).toBe(401);
    const locked = await login('bob', 'right-password-1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(MESSAGES.tooManyAttempts);
    // Other usernames are not affected.
    expect((await login('carol', 'right-password-1')).statusCode).toBe(200);
    t.clock.advance(LOGIN_FAILURE_WINDOW_MS - 1000);
    expect((await login('bob', 'right-password-1')).statusCode).toBe(429);
    t.clock.advance(2000);
    expect((await login('bob', 'right-password-1')).statusCode).toBe(200);
  });

  it('throttles one client address to LOGIN_RATE_LIMIT_PER_MINUTE logins a minute, right or wrong, with 429', async () => {
    const throttled = await buildTestApp({ env: { LOGIN_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      await createUser(throttled.db, { username: 'dave', password: 'right-password-1' });
      const attempt = (password: string) => throttled.app.inject({ method: 'POST', url: '/3ds/api/login', payload: { username: 'dave', password } });
      expect((await attempt('wrong')).statusCode).toBe(401);
      expect((await attempt('right-password-1')).statusCode).toBe(200);
      expect((await attempt('right-password-1')).statusCode).toBe(200);
      const refused = await attempt('right-password-1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/\w/);
    } finally {
      await throttled.close();
    }
  });

  it('behind one proxy (TRUST_PROXY=1), takes the address the proxy saw: a forged X-Forwarded-For neither escapes the throttle nor fakes the session address', async () => {
    const proxied = await buildTestApp({ env: { LOGIN_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '1' } });
    try {
      await createUser(proxied.db, { username: 'dave', password: 'right-password-1' });
      // The proxy (10.0.0.2) appends the address it saw; whatever the client wrote comes first.
      const attempt = (forged: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/3ds/api/login',
          remoteAddress: '10.0.0.2',
          headers: { 'x-forwarded-for': `${forged}, 203.0.113.7` },
          payload: { username: 'dave', password: 'right-password-1' },
        });
      for (const forged of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) expect((await attempt(forged)).statusCode).toBe(200);
      expect((await attempt('198.51.100.4')).statusCode).toBe(429);
      const addresses = await proxied.db.selectFrom('sessions').select('ip').execute();
      expect(addresses.map((a) => a.ip)).toEqual(['203.0.113.7', '203.0.113.7', '203.0.113.7']);
    } finally {
      await proxied.close();
    }
  });

  it('does not lock for 4 failures, and a success clears them', async () => {
    for (let i = 0; i < 4; i++) expect((await login('erin', 'wrong')).statusCode).toBe(401);
    expect((await login('erin', 'right-password-1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login('erin', 'wrong')).statusCode).toBe(401);
    expect((await login('erin', 'right-password-1')).statusCode).toBe(200);
  });

  it('forgets failures older than the window', async () => {
    for (let i = 0; i < 4; i++) await login('frank', 'wrong');
    t.clock.advance(LOGIN_FAILURE_WINDOW_MS + 1000);
    await login('frank', 'wrong');
    expect((await login('frank', 'right-password-1')).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  const health = (token?: string) =>
    t.app.inject({ method: 'POST', url: '/3ds/api/logout', ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });

  it('logout revokes the session: the token then answers 401 everywhere', async () => {
    const token = (await login('alice', 'right-password-1')).json().token;
    const out = await health(token);
    expect(out.statusCode).toBe(200);
    const again = await health(token);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ title: 'Unauthorized', message: MESSAGES.unauthorized });
  });

  it('refuses a missing, malformed or forged token with 401', async () => {
    expect((await health()).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/3ds/api/logout', headers: { authorization: 'Basic abc' } })).statusCode).toBe(401);
    expect((await health('not-a-jwt')).statusCode).toBe(401);
    const real = decodeJwt((await login('alice', 'right-password-1')).json().token);
    const forged = await new SignJWT({ ...real })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await health(forged)).statusCode).toBe(401);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(real)).toString('base64url')}.`;
    expect((await health(unsigned)).statusCode).toBe(401);
  });

  it('refuses a token whose session was never made, even when properly signed', async () => {
    const token = await new SignJWT({ sid: '00000000-0000-4000-8000-000000000000', isDataEntryUser: false, access: { parentOrganization: null, privileges: [] } })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('alice')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await health(token)).statusCode).toBe(401);
  });

  it('answers 401 "Session Expired" once the session has run its 8 hours', async () => {
    const token = await t.tokenFor('carol');
    t.clock.advance(SESSION_TTL_SECONDS * 1000 + 1000);
    const res = await health(token);
    expect(res.statusCode).toBe(401);
    expect(res.json().title).toBe('Session Expired');
  });

  describe('kept in memory while the change feed listens', () => {
    const read = (token: string) => t.app.inject({ method: 'GET', url: '/3ds/api/companies', headers: { authorization: `Bearer ${token}` } });
    /** Asks until 401 (every 10 ms); answers how long it took, or fails after a second. */
    async function refusedWithin(token: string): Promise<number> {
      const started = Date.now();
      for (;;) {
        if ((await read(token)).statusCode === 401) return Date.now() - started;
        if (Date.now() - started > 1000) throw new Error('still accepted after 1 s');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }

    it('a kept session is refused at once after its sign-out through this server', async () => {
      const token = (await login('alice', 'right-password-1')).json().token;
      for (let i = 0; i < 3; i++) expect((await read(token)).statusCode).toBe(200);
      expect((await health(token)).statusCode).toBe(200);
      expect((await read(token)).statusCode).toBe(401);
    });

    it('a kept session is refused within a second of its revocation, expiry, deletion or its user’s disabling by another connection', async () => {
      for (const change of [
        (sid: string) => t.db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', sid).execute(),
        (sid: string) => t.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', sid).execute(),
        (sid: string) => t.db.deleteFrom('sessions').where('id', '=', sid).execute(),
        () => t.db.updateTable('users').set({ disabled: true }).where('username', '=', 'frank').execute(),
      ]) {
        await t.db.updateTable('users').set({ disabled: false }).where('username', '=', 'frank').execute();
        const token = await t.tokenFor('frank');
        for (let i = 0; i < 3; i++) expect((await read(token)).statusCode).toBe(200);
        await change(decodeJwt(token).sid as string);
        expect(await refusedWithin(token)).toBeLessThan(1000);
      }
    });

    it('a kept user’s privileges follow a change by another connection within a second', async () => {
      await t.db.updateTable('users').set({ disabled: false, privileges: [] }).where('username', '=', 'frank').execute();
      const token = await t.tokenFor('frank');
      const lock = () => t.app.inject({ method: 'PATCH', url: '/3ds/api/job/lock/999999', headers: { authorization: `Bearer ${token}` } });
      expect((await lock()).statusCode).toBe(403);
      await t.db.updateTable('users').set({ privileges: ['LOCK_JOB'] }).where('username', '=', 'frank').execute();
      const started = Date.now();
      let status = (await lock()).statusCode;
      while (status === 403 && Date.now() - started < 1000) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        status = (await lock()).statusCode;
      }
      expect(status).toBe(404); // allowed now: the job does not exist
    });
  });

  it('ends the sessions of a disabled user at once', async () => {
    const token = await t.tokenFor('erin');
    await t.db.updateTable('users').set({ disabled: true }).where('username', '=', 'erin').execute();
    expect((await health(token)).statusCode).toBe(401);
  });
});
