import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredExports, scheduleExportCleanup, saveFile } from '../../src/files/stored-files.ts';
import { writeAudit } from '../../src/db/audit.repository.ts';
import { createJob } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Records that stay: the audit trail cannot be changed or removed through the server's database role
 * (010_records_that_stay.sql; this file runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL), and
 * the hourly clean-up of exports never removes a file a job slot holds.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('audit_log is append-only', () => {
  it('takes new rows', async () => {
    await writeAudit(t.db, { username: 'tester', action: 'probe', entity: 'job', recordId: 1, after: { ok: true } });
    const rows = await t.db.selectFrom('audit_log').select('action').where('username', '=', 'tester').execute();
    expect(rows).toEqual([{ action: 'probe' }]);
  });

  it('refuses UPDATE, DELETE and TRUNCATE, and the row stays as it was', async () => {
    await writeAudit(t.db, { username: 'keeper', action: 'create', entity: 'job', recordId: 2, after: { name: 'first' } });
    const before = await t.db.selectFrom('audit_log').selectAll().where('username', '=', 'keeper').executeTakeFirstOrThrow();
    await expect(t.db.updateTable('audit_log').set({ action: 'forged' }).where('id', '=', before.id).execute()).rejects.toThrow(/audit_log is append-only: UPDATE/);
    await expect(t.db.deleteFrom('audit_log').where('id', '=', before.id).execute()).rejects.toThrow(/audit_log is append-only: DELETE/);
    await expect(t.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_log`.execute(t.db)).rejects.toThrow(/audit_log is append-only: TRUNCATE/);
    const after = await t.db.selectFrom('audit_log').selectAll().where('id', '=', before.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('refuses inside a transaction too, which then changes nothing', async () => {
    const count = async () => Number((await t.db.selectFrom('audit_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const n = await count();
    await expect(
      t.db.transaction().execute(async (trx) => {
        await writeAudit(trx, { username: 'sneaky', action: 'create', entity: 'job', recordId: 3 });
        await trx.deleteFrom('audit_log').where('username', '=', 'keeper').execute();
      }),
    ).rejects.toThrow(/append-only/);
    expect(await count()).toBe(n);
  });
});

describe('the export clean-up keeps job documents', () => {
  const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');

  it('removes an old export, but not an equally old file held by a job slot (a generated Form 41 stored among exports, or a job document)', async () => {
    const job = await createJob(t.db);
    const save = (key: string) => saveFile(t.db, t.fileStore, { key, name: 'form-41.pdf', contentType: 'application/pdf', body: pdf, createdBy: 'test' });
    const plainExport = await save(`exports/${randomUUID()}/jobs.pdf`);
    const form41 = await save(`exports/${randomUUID()}/form-41.pdf`);
    const document = await save(`jobs/${job.id}/41-insert-${randomUUID()}.pdf`);
    await t.db.insertInto('job_files').values([
      { job_id: job.id, slot: 'Supporting Files', file_id: form41.id, created_by: 'test' },
      { job_id: job.id, slot: '41 Insert', file_id: document.id, created_by: 'test' },
    ]).execute();
    const longAgo = new Date(t.clock.now.getTime() - 30 * 24 * 3600_000);
    await t.db.updateTable('files').set({ created_at: longAgo }).where('id', 'in', [plainExport.id, form41.id, document.id]).execute();

    const cutOff = new Date(t.clock.now.getTime() - 3600_000);
    const result = await deleteExpiredExports(t.db, t.fileStore, cutOff);
    expect(result).toEqual({ deleted: 1, failed: [] });
    const left = await t.db.selectFrom('files').select(['id', 'storage_key']).where('id', 'in', [plainExport.id, form41.id, document.id]).execute();
    expect(left.map((f) => f.id).sort()).toEqual([form41.id, document.id].sort());
    for (const file of left) expect(await t.fileStore.stat(file.storage_key)).toEqual({ size: pdf.length });

    // The scheduled sweep (the hourly one) leaves them too, and so does the removal of objects without a row.
    const lines: string[] = [];
    const log = { info: (_o: unknown, msg: string) => lines.push(msg), warn: (_o: unknown, msg: string) => lines.push(msg), error: (_o: unknown, msg: string) => lines.push(msg) };
    const stop = scheduleExportCleanup(t.db, t.fileStore, log as never, { now: () => t.clock.now });
    await stop();
    expect(lines).not.toContain('export clean-up failed');
    for (const file of left) expect(await t.fileStore.stat(file.storage_key)).toEqual({ size: pdf.length });
    expect(await t.db.selectFrom('files').select('id').where('id', 'in', [form41.id, document.id]).execute()).toHaveLength(2);
  });
});
