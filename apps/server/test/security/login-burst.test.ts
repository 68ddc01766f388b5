import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStore } from '../../src/files/file-store.ts';
import { fileLinkFor, saveFile } from '../../src/files/stored-files.ts';
import { MESSAGES } from '@3ds/domain';
import { hashesRunning, hashesWaiting, hashPassword, MAX_CONCURRENT_HASHES, MAX_WAITING_SIGN_INS } from '../../src/security/password.ts';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '../support/test-app.ts';

/**
 * Password hashing runs in Node's small thread pool, which file reads share. A burst of failed
 * logins (each a full-cost scrypt against the decoy hash) must leave threads for a signed-file
 * download: it is served while the logins are still being hashed, not after them. And the line of
 * sign-ins waiting for a hash is short: a burst cannot keep a person signing in after it waiting.
 */
let t: TestApp;
let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), '3ds-files-'));
  t = await buildTestApp({ fileStore: new LocalFileStore(root) });
});
afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

describe('a burst of logins', () => {
  it('never hashes more than two at once, and a file download is served in the middle of twelve logins', async () => {
    const file = await saveFile(t.db, new LocalFileStore(root), {
      key: `exports/${randomUUID()}/export.xlsx`,
      name: 'export.xlsx',
      contentType: 'application/octet-stream',
      body: Buffer.alloc(256 * 1024, 7),
      createdBy: 'admin',
    });
    const login = (n: number) => t.app.inject({ method: 'POST', url: '/3ds/api/login', payload: { username: `nobody-${n}`, password: 'wrong password 1' } });
    // The decoy hash an unknown user is checked against is made once; make it before the burst.
    expect((await login(0)).statusCode).toBe(401);

    const finished: string[] = [];
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, hashesRunning())), 1);
    const logins = Array.from({ length: 12 }, (_, i) => login(i + 1).then((res) => finished.push(`login ${res.statusCode}`)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const download = t.app.inject({ method: 'GET', url: fileLinkFor(TEST_JWT_SECRET, file, t.clock.now, { session: null }) }).then((res) => {
      finished.push(`download ${res.statusCode}`);
      return res;
    });
    await Promise.all([...logins, download]);
    clearInterval(watch);

    expect((await download).rawPayload.length).toBe(256 * 1024);
    expect(most).toBeLessThanOrEqual(MAX_CONCURRENT_HASHES);
    expect(most).toBeGreaterThan(0);
    // Served while the burst was still being hashed: those beyond the line were refused at once,
    // and at most the first two hashed were answered before it.
    const before = finished.slice(0, finished.indexOf('download 200'));
    expect(before.filter((answer) => answer === 'login 401').length, finished.join(', ')).toBeLessThanOrEqual(MAX_CONCURRENT_HASHES);
    expect(finished.filter((answer) => answer === 'login 429').length, finished.join(', ')).toBeGreaterThan(0);
  }, 60_000);

  it('keeps at most eight sign-ins waiting, the newest checked first: a real login during a burst of 100 wrong passwords from other addresses answers within 2 s', async () => {
    // A real account with a real-cost hash, as a person's would be.
    await t.db.insertInto('users').values({ username: 'dispatcher', password_hash: await hashPassword('dispatch desk 42'), privileges: [], parent_organization: null, disabled: false }).execute();
    const login = (username: string, password: string, address: string) =>
      t.app.inject({ method: 'POST', url: '/3ds/api/login', remoteAddress: address, payload: { username, password } });
    expect((await login('nobody', 'wrong password 1', '10.1.0.1')).statusCode).toBe(401);
    // The same login with nobody else signing in: what a password check costs on this machine now.
    const aloneStarted = performance.now();
    expect((await login('dispatcher', 'dispatch desk 42', '192.168.7.7')).statusCode).toBe(200);
    const alone = performance.now() - aloneStarted;

    let mostWaiting = 0;
    let mostRunning = 0;
    const watch = setInterval(() => {
      mostWaiting = Math.max(mostWaiting, hashesWaiting());
      mostRunning = Math.max(mostRunning, hashesRunning());
    }, 1);
    // 100 wrong passwords, each from an address of its own (past any per-address throttle), at
    // unknown names and at the real one: each would cost a full hash.
    const burstStarted = performance.now();
    const burst = Array.from({ length: 100 }, (_, i) =>
      login(i % 10 === 0 ? 'dispatcher' : `guess-${i}`, `wrong password ${i}`, `10.2.${Math.floor(i / 250)}.${(i % 250) + 1}`).then((res) => ({
        status: res.statusCode,
        message: res.json().message as string,
        retryAfter: res.headers['retry-after'],
        ms: performance.now() - burstStarted,
      })),
    );
    // The burst is being hashed: two running, others waiting.
    while (hashesRunning() < MAX_CONCURRENT_HASHES || hashesWaiting() < 2) await new Promise((resolve) => setTimeout(resolve, 2));

    const started = performance.now();
    const real = await login('dispatcher', 'dispatch desk 42', '192.168.7.7');
    const took = performance.now() - started;
    const answers = await Promise.all(burst);
    clearInterval(watch);
    const refused = answers.filter((a) => a.status === 429);
    console.log(
      `a real login during a burst of 100 wrong passwords: ${real.statusCode} in ${took.toFixed(0)} ms (alone: ${alone.toFixed(0)} ms); ` +
        `the burst: ${answers.filter((a) => a.status === 401).length} checked (401), ${refused.length} refused at once (429), ` +
        `last answer after ${Math.max(...answers.map((a) => a.ms)).toFixed(0)} ms`,
    );
    expect(real.statusCode, real.body).toBe(200);
    // Within 2 s; on a machine too busy for that (one sign-in alone takes 0.3–1.1 s at a load of 20,
    // and a check beside the burst's runs two or three times slower), within eight times what one
    // sign-in alone takes: it waits for the end of one running check, then is checked beside another.
    // In line behind the burst it took 25 s, some fifty checks, eighty times one alone.
    expect(took).toBeLessThan(Math.max(2000, 8 * alone));
    expect(mostWaiting).toBeLessThanOrEqual(MAX_WAITING_SIGN_INS);
    expect(mostRunning).toBeLessThanOrEqual(MAX_CONCURRENT_HASHES);
    // Everything beyond the line was answered at once, and said what to do.
    expect(refused.length).toBeGreaterThan(80);
    for (const answer of refused) {
      expect(answer.message).toBe(MESSAGES.signInsBusy);
      expect(answer.retryAfter).toBe('2');
    }
    expect(answers.every((a) => a.status === 401 || a.status === 429)).toBe(true);
    // A refusal for a full line is no failed attempt: only the checked wrong passwords count toward
    // the account's lockout (the real sign-in cleared those before it), so more than a lockout's worth
    // of wrong passwords at the account did not lock it.
    const atDispatcher = answers.filter((_, i) => i % 10 === 0);
    const failures = await t.db.selectFrom('login_failures').select('id').where('username', '=', 'dispatcher').execute();
    expect(failures.length).toBeLessThanOrEqual(atDispatcher.filter((a) => a.status === 401).length);
    expect(atDispatcher.filter((a) => a.status === 429).length).toBeGreaterThan(5);
    expect((await login('dispatcher', 'dispatch desk 42', '192.168.7.7')).statusCode).toBe(200);
  }, 60_000);
});
