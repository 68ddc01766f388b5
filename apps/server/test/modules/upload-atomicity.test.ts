import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalFileStore, type FileStore } from '../../src/files/file-store.ts';
import { createUser } from '../support/factories.ts';
import { multipartBody, TINY_PNG } from '../support/multipart.ts';
import { createJob, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * An upload is checked, its bytes stored, then its row written and linked. Another user may lock
 * the job or remove the record while the bytes are being stored; the upload is then refused and
 * leaves neither a file row nor a stored object behind.
 */
let t: TestApp;
let root: string;
let duringPut: (() => Promise<void>) | undefined;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), '3ds-atomic-'));
  const local = new LocalFileStore(root);
  const store: FileStore = {
    put: async (key, body, type) => {
      const stored = await local.put(key, body, type);
      await duringPut?.();
      return stored;
    },
    get: (key) => local.get(key),
    stat: (key) => local.stat(key),
    delete: (key) => local.delete(key),
    removeAbandonedWrites: () => local.removeAbandonedWrites(),
    list: (prefix) => local.list(prefix),
  };
  t = await buildTestApp({ fileStore: store });
  await createUser(t.db, { username: 'clerk', privileges: ['UPDATE_REGISTRATION', 'CREATE_JOB'] });
});
afterAll(() => t.close());

async function storedObjects(): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}
const fileRows = async () => (await t.db.selectFrom('files').select('id').execute()).length;

describe('an upload refused after its bytes are stored', () => {
  it('leaves nothing when the job is locked meanwhile (409)', async () => {
    const job = await createJob(t.db);
    duringPut = async () => {
      await t.db.updateTable('jobs').set({ locked: true }).where('id', '=', job.id).execute();
    };
    const before = { rows: await fileRows(), objects: await storedObjects() };
    const res = await t.injectAs('clerk', { method: 'POST', url: `/3ds/api/job/${job.id}/upload?field=P1`, ...multipartBody([{ name: 'a.png', bytes: TINY_PNG }]) });
    duringPut = undefined;
    expect(res.statusCode).toBe(409);
    expect(await fileRows()).toBe(before.rows);
    expect(await storedObjects()).toEqual(before.objects);
    expect(await t.db.selectFrom('job_files').select('id').where('job_id', '=', job.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('audit_log').select('id').where('entity', '=', 'job').where('record_id', '=', String(job.id)).where('action', '=', 'upload-file').execute()).toEqual([]);
  });

  it('leaves nothing when the picture slot is taken meanwhile (409), and keeps the winner', async () => {
    const job = await createJob(t.db);
    let winner: number | undefined;
    duringPut = async () => {
      duringPut = undefined; // the competing upload stores its own bytes through the same store
      winner = (await t.injectAs('clerk', { method: 'POST', url: `/3ds/api/job/${job.id}/upload?field=P2`, ...multipartBody([{ name: 'b.png', bytes: TINY_PNG }]) })).statusCode;
    };
    const rowsBefore = await fileRows();
    const res = await t.injectAs('clerk', { method: 'POST', url: `/3ds/api/job/${job.id}/upload?field=P2`, ...multipartBody([{ name: 'a.png', bytes: TINY_PNG }]) });
    expect(winner).toBe(200);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Picture P2 of job ${job.id} is already taken; choose an empty slot.`);
    expect(await fileRows()).toBe(rowsBefore + 1);
    const linked = await t.db.selectFrom('job_files').select('file_id').where('job_id', '=', job.id).execute();
    expect(linked).toHaveLength(1);
  });

  it('leaves nothing when the registration is deleted meanwhile (404, not 500)', async () => {
    const reg = await createRegistration(t.db);
    duringPut = async () => {
      await t.db.deleteFrom('registrations').where('id', '=', reg.id).execute();
    };
    const before = { rows: await fileRows(), objects: await storedObjects() };
    const res = await t.injectAs('clerk', { method: 'POST', url: `/3ds/api/registration/${reg.id}/upload?field=Registration_Picture`, ...multipartBody([{ name: 'a.png', bytes: TINY_PNG }]) });
    duringPut = undefined;
    expect(res.statusCode).toBe(404);
    expect(await fileRows()).toBe(before.rows);
    expect(await storedObjects()).toEqual(before.objects);
  });
});
