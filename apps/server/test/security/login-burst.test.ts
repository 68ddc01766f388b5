import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStore } from '../../src/files/file-store.ts';
import { fileLinkFor, saveFile } from '../../src/modules/files/files.service.ts';
import { hashesRunning, MAX_CONCURRENT_HASHES } from '../../src/security/password.ts';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '../support/test-app.ts';

/**
 * Password hashing runs in Node's small thread pool, which file reads share. A burst of failed
 * logins (each a full-cost scrypt against the decoy hash) must leave threads for a signed-file
 * download: it is served while the logins are still being hashed, not after them.
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
  it('never hashes more than two at once, and a file download is served in the middle of twelve', async () => {
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
    const download = t.app.inject({ method: 'GET', url: fileLinkFor(TEST_JWT_SECRET, file, t.clock.now) }).then((res) => {
      finished.push(`download ${res.statusCode}`);
      return res;
    });
    await Promise.all([...logins, download]);
    clearInterval(watch);

    expect((await download).rawPayload.length).toBe(256 * 1024);
    expect(most).toBeLessThanOrEqual(MAX_CONCURRENT_HASHES);
    expect(most).toBeGreaterThan(0);
    // Served while most of the burst was still waiting for its hashes.
    expect(finished.indexOf('download 200'), finished.join(', ')).toBeLessThan(6);
  }, 60_000);
});
