import { createHash, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStore, type FileStore } from '../../src/files/file-store.ts';
import { signFileLink } from '../../src/files/signed-link.ts';
import { deleteExpiredExports, fileLinkFor, removeUnindexedObjects, saveFile, scheduleExportCleanup } from '../../src/files/stored-files.ts';
import { PRIVILEGES } from '@3ds/domain';
import { createUser } from '../support/factories.ts';
import { buildTestApp, TEST_JWT_SECRET, type TestApp } from '../support/test-app.ts';

/** The session id (`sid`) of a bearer token. */
const sessionOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sid: string }).sid;

let t: TestApp;
let root: string;
let store: LocalFileStore;
/** The session the links below are made for (a live one of 'admin'). */
let session: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), '3ds-files-'));
  store = new LocalFileStore(root);
  t = await buildTestApp({ fileStore: store });
  await createUser(t.db, { username: 'admin', privileges: [...PRIVILEGES] });
  session = sessionOf(await t.tokenFor('admin'));
});
afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const exportKey = () => `exports/${randomUUID()}/export.xlsx`;

function save(overrides: Partial<Parameters<typeof saveFile>[2]> = {}) {
  return saveFile(t.db, store, { key: exportKey(), name: 'Line Items.xlsx', contentType: XLSX, body: Buffer.from('xlsx bytes'), createdBy: 'admin', ...overrides });
}

const linkFor = (file: { id: string; name: string }) => fileLinkFor(TEST_JWT_SECRET, file, t.clock.now, { session });

describe('GET /files/:id/:name', () => {
  it('streams the file of a valid link, without a bearer token, with download headers', async () => {
    const file = await save();
    const link = linkFor(file);
    expect(link).toMatch(new RegExp(`^/3ds/api/files/${file.id}/Line%20Items\\.xlsx\\?exp=\\d+&sid=${session}&sig=[\\w-]{43}$`));

    const res = await t.app.inject({ method: 'GET', url: link });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('xlsx bytes');
    expect(res.headers['content-type']).toBe(XLSX);
    expect(res.headers['content-length']).toBe('10');
    // A download of a session: never kept by the browser, which would hand it out after the session ended.
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Line Items.xlsx"');
  });

  it('serves pictures inline, and streams larger bodies whole', async () => {
    const bytes = Buffer.alloc(300_000, 7);
    const file = await save({ key: `pictures/${randomUUID()}.jpg`, name: 'R1.jpg', contentType: 'image/jpeg', body: Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]) });
    const res = await t.app.inject({ method: 'GET', url: linkFor(file) });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(bytes)).toBe(true);
    expect(res.headers['content-length']).toBe('300000');
    expect(res.headers['content-disposition']).toBe('inline; filename="R1.jpg"');
  });

  it('keeps names with quotes and non-ASCII characters intact and the header safe', async () => {
    const file = await save({ name: 'Café "Nord" 03/01.pdf', contentType: 'application/pdf' });
    const res = await t.app.inject({ method: 'GET', url: linkFor(file) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Caf_ _Nord_ 03/01.pdf"; filename*=UTF-8''Caf%C3%A9%20%22Nord%22%2003%2F01.pdf`,
    );
  });

  it.each([
    ['id', (u: URL) => u.pathname.replace(/files\/[0-9a-f-]{36}/, `files/${randomUUID()}`)],
    ['name', (u: URL) => u.pathname.replace('Line%20Items.xlsx', 'Other.xlsx')],
    ['exp', (u: URL) => u.searchParams.set('exp', String(Number(u.searchParams.get('exp')) + 86_400))],
    ['sig', (u: URL) => u.searchParams.set('sig', 'A'.repeat(43))],
    ['sig (missing)', (u: URL) => u.searchParams.delete('sig')],
    ['exp (missing)', (u: URL) => u.searchParams.delete('exp')],
    ['sid', (u: URL) => u.searchParams.set('sid', randomUUID())],
    ['sid (missing: a link of no session)', (u: URL) => u.searchParams.delete('sid')],
  ])('refuses a link with a tampered %s with 403', async (_what, tamper) => {
    const file = await save();
    const url = new URL(linkFor(file), 'http://localhost');
    const changed = tamper(url);
    const path = typeof changed === 'string' ? `${changed}${url.search}` : `${url.pathname}${url.search}`;
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ title: 'Forbidden', message: 'This download link is not valid.', code: 'FORBIDDEN' });
  });

  it('refuses an expired link with 403 "Link Expired"', async () => {
    const file = await save();
    const link = fileLinkFor(TEST_JWT_SECRET, file, t.clock.now, { session, ttlSeconds: 60 });
    t.clock.advance(61_000);
    const res = await t.app.inject({ method: 'GET', url: link });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ title: 'Link Expired', message: 'This download link has expired. Export again.', code: 'FORBIDDEN' });
    expect((await t.app.inject({ method: 'HEAD', url: link })).statusCode).toBe(403);
  });

  it('answers 404 when the row or the stored object is missing', async () => {
    const noRow = await t.app.inject({ method: 'GET', url: linkFor({ id: randomUUID(), name: 'gone.xlsx' }) });
    expect(noRow.statusCode).toBe(404);
    expect(noRow.json()).toMatchObject({ title: 'Not Found', code: 'NOT_FOUND', message: 'The file no longer exists.' });

    const file = await save();
    const row = await t.db.selectFrom('files').select('storage_key').where('id', '=', file.id).executeTakeFirstOrThrow();
    await store.delete(row.storage_key);
    expect((await t.app.inject({ method: 'GET', url: linkFor(file) })).statusCode).toBe(404);
  });

  it('answers 400 for an id that is not a uuid', async () => {
    const res = await t.app.inject({ method: 'GET', url: signFileLink(TEST_JWT_SECRET, { id: 'not-a-uuid', name: 'x' }, new Date(t.clock.now.getTime() + 60_000)) });
    expect(res.statusCode).toBe(400);
  });
});

describe('a link made for a session', () => {
  const ended = { title: 'Link Expired', message: 'This download link ended with the session it was made in (signed out, or the account was changed). Sign in and make the file again.', code: 'FORBIDDEN' };
  async function linkOfNewSession(username = 'admin') {
    const token = await t.tokenFor(username);
    const file = await save();
    return { token, sid: sessionOf(token), link: fileLinkFor(TEST_JWT_SECRET, file, t.clock.now, { session: sessionOf(token) }) };
  }
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  /**
   * The link's answer once the server has heard of a change written straight to the database (the
   * change notice takes some milliseconds; a change made through the API is heard before its answer).
   */
  async function refusedWithinASecond(link: string) {
    const started = performance.now();
    let res = await get(link);
    while (res.statusCode === 200 && performance.now() - started < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      res = await get(link);
    }
    return res;
  }

  it('stops working when the session signs out, though it has not expired; the same file through another session’s link still works', async () => {
    const { token, link } = await linkOfNewSession();
    const other = linkFor({ id: new URL(link, 'http://x').pathname.split('/')[4]!, name: 'Line Items.xlsx' });
    expect((await get(link)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/3ds/api/logout', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(200);
    const res = await get(link);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(ended);
    expect((await t.app.inject({ method: 'HEAD', url: link })).statusCode).toBe(403);
    expect((await get(other)).statusCode).toBe(200);
  });

  it('stops working when the session is revoked, the user disabled or the session expires', async () => {
    const revoked = await linkOfNewSession();
    await t.db.updateTable('sessions').set({ revoked_at: t.clock.now }).where('id', '=', revoked.sid).execute();
    expect((await refusedWithinASecond(revoked.link)).json()).toEqual(ended);

    await createUser(t.db, { username: 'leaver' });
    const disabled = await linkOfNewSession('leaver');
    expect((await get(disabled.link)).statusCode).toBe(200);
    expect((await t.injectAs('admin', { method: 'PATCH', url: '/3ds/api/users/leaver', payload: { disabled: true } })).statusCode).toBe(200);
    expect((await get(disabled.link)).json()).toEqual(ended);

    const expiring = await linkOfNewSession();
    expect((await get(expiring.link)).statusCode).toBe(200);
    await t.db.updateTable('sessions').set({ expires_at: new Date(t.clock.now.getTime() + 60_000) }).where('id', '=', expiring.sid).execute();
    t.clock.advance(61_000);
    expect((await refusedWithinASecond(expiring.link)).json()).toEqual(ended);
  });

  it('is what an export answers: its link dies with the session that asked for it', async () => {
    const token = await t.tokenFor('admin');
    const exported = await t.app.inject({
      method: 'POST',
      url: '/3ds/api/jobs/export',
      headers: { authorization: `Bearer ${token}` },
      payload: { fileType: 'xlsx', recordType: 'cn', searchCriteria: [], sort: [] },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    const link = exported.json().data[0].fieldData.Container as string;
    expect(new URL(link, 'http://x').searchParams.get('sid')).toBe(sessionOf(token));
    expect((await get(link)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/3ds/api/logout', headers: { authorization: `Bearer ${token}` } });
    expect((await get(link)).json()).toEqual(ended);
  });

  it('a link of no session (a picture in a record answer) lasts its hour whatever becomes of sessions', async () => {
    const file = await save({ key: `registrations/${randomUUID()}.png`, name: 'R.png', contentType: 'image/png' });
    const link = fileLinkFor(TEST_JWT_SECRET, file, t.clock.now, { session: null, ttlSeconds: 3600 });
    expect(new URL(link, 'http://x').searchParams.has('sid')).toBe(false);
    const res = await get(link);
    expect(res.statusCode).toBe(200);
    // Shown in pages again and again: the browser may keep it a while.
    expect(res.headers['cache-control']).toBe('private, max-age=300');
  });
});

describe('HEAD /files/:id/:name', () => {
  it('answers 200 with the headers and no body when the file exists', async () => {
    const file = await save({ key: `pictures/${randomUUID()}.png`, name: 'R2.png', contentType: 'image/png', body: Buffer.alloc(1234) });
    const res = await t.app.inject({ method: 'HEAD', url: linkFor(file) });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect(res.headers['content-length']).toBe('1234');
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('answers 404 without a body when the row or the object is missing', async () => {
    const noRow = await t.app.inject({ method: 'HEAD', url: linkFor({ id: randomUUID(), name: 'R3.png' }) });
    expect(noRow.statusCode).toBe(404);
    expect(noRow.body).toBe('');

    const file = await save();
    const row = await t.db.selectFrom('files').select('storage_key').where('id', '=', file.id).executeTakeFirstOrThrow();
    await store.delete(row.storage_key);
    expect((await t.app.inject({ method: 'HEAD', url: linkFor(file) })).statusCode).toBe(404);
  });

  it('refuses a tampered link with 403', async () => {
    const file = await save();
    const res = await t.app.inject({ method: 'HEAD', url: linkFor(file).replace(/sig=[\w-]+/, `sig=${'B'.repeat(43)}`) });
    expect(res.statusCode).toBe(403);
  });
});

describe('files service', () => {
  it('records size and SHA-256 of what it stores, from a buffer or a stream', async () => {
    const bytes = Buffer.from('some picture bytes');
    const fromStream = await save({ body: Readable.from([bytes.subarray(0, 5), bytes.subarray(5)]) });
    const row = await t.db.selectFrom('files').selectAll().where('id', '=', fromStream.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ size_bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), created_by: 'admin', content_type: XLSX });
    expect((await store.stat(row.storage_key))?.size).toBe(bytes.length);
  });

  it('removes the stored object when the row cannot be inserted', async () => {
    const key = exportKey();
    // original_name is limited to 255 characters by the table.
    await expect(save({ key, name: `${'x'.repeat(300)}.xlsx` })).rejects.toThrow();
    expect(await store.stat(key)).toBeUndefined();
  });

  it('refuses a key that is already in use without touching its object', async () => {
    const key = exportKey();
    await save({ key, body: Buffer.from('first') });
    await expect(save({ key, body: Buffer.from('second') })).rejects.toMatchObject({ status: 409 });
    expect(await store.stat(key)).toEqual({ size: 5 });
  });

  it('deletes exports created before the cut-off, object and row, and nothing else', async () => {
    const old = await save();
    const recent = await save();
    const picture = await save({ key: `pictures/${randomUUID()}.jpg`, name: 'P1.jpg', contentType: 'image/jpeg' });
    const twoHoursAgo = new Date(t.clock.now.getTime() - 2 * 3600_000);
    await t.db.updateTable('files').set({ created_at: twoHoursAgo }).where('id', 'in', [old.id, picture.id]).execute();
    const keyOf = async (id: string) => (await t.db.selectFrom('files').select('storage_key').where('id', '=', id).executeTakeFirst())?.storage_key;
    const oldKey = (await keyOf(old.id))!;

    const cutOff = new Date(t.clock.now.getTime() - 3600_000);
    const result = await deleteExpiredExports(t.db, store, cutOff);
    expect(result.failed).toEqual([]);
    expect(result.deleted).toBeGreaterThanOrEqual(1);
    expect(await keyOf(old.id)).toBeUndefined();
    expect(await store.stat(oldKey)).toBeUndefined();
    expect(await keyOf(recent.id)).toBeDefined();
    expect(await keyOf(picture.id)).toBeDefined();
  });

  it('keeps the row when the object cannot be deleted, and reports it', async () => {
    const file = await save();
    await t.db.updateTable('files').set({ created_at: new Date(t.clock.now.getTime() - 3 * 3600_000) }).where('id', '=', file.id).execute();
    const failingStore: FileStore = {
      put: (key, body, contentType) => store.put(key, body, contentType),
      get: (key) => store.get(key),
      stat: (key) => store.stat(key),
      list: (prefix) => store.list(prefix),
      delete: async () => {
        throw new Error('store down');
      },
      removeAbandonedWrites: () => store.removeAbandonedWrites(),
    };
    const result = await deleteExpiredExports(t.db, failingStore, new Date(t.clock.now.getTime() - 3600_000));
    expect(result.deleted).toBe(0);
    expect(result.failed).toHaveLength(1);
    expect(await t.db.selectFrom('files').select('id').where('id', '=', file.id).executeTakeFirst()).toBeDefined();
    await deleteExpiredExports(t.db, store, new Date(t.clock.now.getTime() - 3600_000));
  });

  it('runs the clean-up at once on schedule and stops when asked', async () => {
    const file = await save();
    await t.db.updateTable('files').set({ created_at: new Date(t.clock.now.getTime() - 5 * 3600_000) }).where('id', '=', file.id).execute();
    const lines: string[] = [];
    const log = { info: (_o: unknown, msg: string) => lines.push(msg), warn: (_o: unknown, msg: string) => lines.push(msg), error: (_o: unknown, msg: string) => lines.push(msg) };
    const stop = scheduleExportCleanup(t.db, store, log as never, { now: () => t.clock.now });
    await stop();
    expect(lines).toEqual(['expired exports removed']);
    expect(await t.db.selectFrom('files').select('id').where('id', '=', file.id).executeTakeFirst()).toBeUndefined();
  });
});

describe('objects without a row (a server killed between storing a file and committing its row)', () => {
  /** Writes an object straight into the store's directory, as a killed server would have left it. */
  async function leave(key: string, ageMs: number) {
    const path = join(root, ...key.split('/'));
    await mkdir(join(path, '..'), { recursive: true });
    await writeFile(path, 'orphan');
    const then = new Date(Date.now() - ageMs);
    await utimes(path, then, then);
  }

  it('removes old objects under 3DS prefixes that no row names, and nothing else', async () => {
    const indexed = await save();
    const indexedKey = (await t.db.selectFrom('files').select('storage_key').where('id', '=', indexed.id).executeTakeFirstOrThrow()).storage_key;
    const orphanExport = `exports/${randomUUID()}/export.xlsx`;
    const orphanPicture = `jobs/7/p1-${randomUUID()}.png`;
    const fresh = `registrations/3/${randomUUID()}.png`;
    const foreign = `backups/${randomUUID()}.tar`;
    await leave(orphanExport, 2 * 3600_000);
    await leave(orphanPicture, 2 * 3600_000);
    await leave(fresh, 60_000);
    await leave(foreign, 2 * 3600_000);
    await leave(`.incoming/elsewhere-1-${randomUUID()}.part`, 2 * 3600_000);
    await utimes(join(root, ...indexedKey.split('/')), new Date(0), new Date(0));

    const removed = await removeUnindexedObjects(t.db, store, new Date(Date.now() - 3600_000));
    expect(removed.sort()).toEqual([orphanExport, orphanPicture].sort());
    expect(await store.stat(orphanExport)).toBeUndefined();
    expect(await store.stat(orphanPicture)).toBeUndefined();
    expect(await store.stat(indexedKey)).toEqual({ size: 10 });
    expect(await store.stat(fresh)).toBeDefined();
    expect(await store.stat(foreign)).toBeDefined();
    expect(await removeUnindexedObjects(t.db, store, new Date(Date.now() - 3600_000))).toEqual([]);
  });

  it('runs with the scheduled clean-up and says what it removed', async () => {
    const orphan = `exports/${randomUUID()}/export.pdf`;
    await leave(orphan, 3 * 3600_000);
    const lines: string[] = [];
    const log = { info: (_o: unknown, msg: string) => lines.push(msg), warn: (_o: unknown, msg: string) => lines.push(msg), error: (_o: unknown, msg: string) => lines.push(msg) };
    await scheduleExportCleanup(t.db, store, log as never)();
    expect(lines).toContain('stored files without a record removed');
    expect(await store.stat(orphan)).toBeUndefined();
  });

  it('lists keys with slashes, under a prefix, without unfinished writes', async () => {
    const key = `jobs/42/t1-${randomUUID()}.png`;
    await leave(key, 0);
    const listed: string[] = [];
    for await (const object of store.list('jobs/42/')) listed.push(object.key);
    expect(listed).toContain(key);
    expect(listed.every((k) => k.startsWith('jobs/42/'))).toBe(true);
    const all: string[] = [];
    for await (const object of store.list('')) all.push(object.key);
    expect(all.some((k) => k.startsWith('.incoming'))).toBe(false);
    const none: string[] = [];
    for await (const object of new LocalFileStore(join(root, 'missing')).list('')) none.push(object.key);
    expect(none).toEqual([]);
  });
});
