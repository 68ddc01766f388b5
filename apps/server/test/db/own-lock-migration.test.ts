import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type DatabaseHandle } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';

/**
 * 007 splits a line item's own lock from its container's cascade on a database that already holds
 * locked items: those in an unlocked container, and those whose last own lock action was a lock, are
 * locked on their own; the rest were locked by the cascade. Filling the column changes no record.
 */
const DIR = fileURLToPath(new URL('../../src/db/migrations/', import.meta.url));
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openPglite(undefined);
  // The database as it was before 007.
  await handle.execScript('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  for (const file of (await readdir(DIR)).filter((f) => f.endsWith('.sql') && f < '007').sort()) {
    await handle.execScript(await readFile(DIR + file, 'utf8'));
    await handle.execScript(`INSERT INTO schema_migrations (name) VALUES ('${file}')`);
  }
});
afterAll(() => handle.close());

describe('migration 007', () => {
  it('marks the items locked on their own, keeps the cascade apart and changes no modId', async () => {
    const { db } = handle;
    const company = await db.insertInto('companies').values({ name: 'Riverside', created_by: 'test' }).returning('id').executeTakeFirstOrThrow();
    const registration = await db
      .insertInto('registrations')
      .values({ company_id: company.id, registration_number: 'BR1234563', activity: 'A - Pharmacy', created_by: 'test' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const job = await db.insertInto('jobs').values({ registration_id: registration.id, name: 'Job', created_by: 'test' }).returning('id').executeTakeFirstOrThrow();
    const open = await db.insertInto('containers').values({ job_id: job.id, kind: 'standard', locked: false, created_by: 'test' }).returning('id').executeTakeFirstOrThrow();
    const shut = await db.insertInto('containers').values({ job_id: job.id, kind: 'standard', locked: true, created_by: 'test' }).returning('id').executeTakeFirstOrThrow();
    const item = (containerId: number, locked: boolean) =>
      db
        .insertInto('line_items')
        .values({ container_id: containerId, job_id: job.id, kind: 'standard', ndc: '00406-0552-01', ndc_schedule: '2', locked, created_by: 'test' })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((r) => r.id);
    const lockedInOpen = await item(open.id, true);
    const unlockedInOpen = await item(open.id, false);
    const cascaded = await item(shut.id, true);
    const ownInShut = await item(shut.id, true);
    const relockedThenUnlocked = await item(shut.id, true);
    const audit = (id: number, action: string, at: string) =>
      db.insertInto('audit_log').values({ username: 'admin', action, entity: 'line-item', record_id: String(id), at: new Date(at) }).execute();
    await audit(ownInShut, 'lock', '2026-01-01T10:00:00Z');
    await audit(relockedThenUnlocked, 'lock', '2026-01-01T10:00:00Z');
    await audit(relockedThenUnlocked, 'unlock', '2026-01-02T10:00:00Z');
    const modIds = await db.selectFrom('line_items').select(['id', 'mod_id']).orderBy('id').execute();

    expect(await migrate(handle)).toEqual(expect.arrayContaining(['007_own_locks_and_audit_time.sql']));

    const rows = await db.selectFrom('line_items').select(['id', 'locked', 'locked_own', 'mod_id']).orderBy('id').execute();
    const own = Object.fromEntries(rows.map((r) => [r.id, r.locked_own]));
    expect(own).toEqual({ [lockedInOpen]: true, [unlockedInOpen]: false, [cascaded]: false, [ownInShut]: true, [relockedThenUnlocked]: false });
    expect(rows.map((r) => ({ id: r.id, mod_id: r.mod_id }))).toEqual(modIds);
    // An own lock is always a lock.
    await expect(db.updateTable('line_items').set({ locked: false }).where('id', '=', lockedInOpen).execute()).rejects.toMatchObject({ code: '23514' });
  });

  it('stamps audit rows when the change is made, not when the transaction began', async () => {
    const stamps = await handle.db.transaction().execute(async (trx) => {
      await trx.insertInto('audit_log').values({ username: 'a', action: 'first', entity: 'job' }).execute();
      await sql`SELECT pg_sleep(0.05)`.execute(trx);
      await trx.insertInto('audit_log').values({ username: 'a', action: 'second', entity: 'job' }).execute();
      return trx.selectFrom('audit_log').select(['action', 'at']).where('action', 'in', ['first', 'second']).orderBy('id').execute();
    });
    const [first, second] = stamps.map((s) => new Date(s.at as unknown as string).getTime());
    expect(second! - first!).toBeGreaterThanOrEqual(40);
  });
});
