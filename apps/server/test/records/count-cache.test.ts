import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compactChangeLog, CountCache } from '../../src/records/count-cache.ts';
import { createUser } from '../support/factories.ts';
import { createContainer, createJob, createLineItem } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let jobId: number;
let containerA: number;
let containerB: number;

beforeAll(async () => {
  // What the database is asked on a miss; answers kept in memory: answer-cache.test.ts.
  t = await buildTestApp({ env: { ANSWER_CACHE_MB: '0' } });
  await createUser(t.db, { username: 'reader' });
  const job = await createJob(t.db, { name: 'Counting job' });
  jobId = job.id;
  containerA = (await createContainer(t.db, { job_id: jobId, name: 'A' })).id;
  containerB = (await createContainer(t.db, { job_id: jobId, name: 'B' })).id;
  for (let i = 0; i < 5; i++) await createLineItem(t.db, { container_id: containerA });
  for (let i = 0; i < 2; i++) await createLineItem(t.db, { container_id: containerB });
});
afterAll(() => t.close());

async function counts(criteria?: Record<string, string>) {
  const query = criteria ? `?searchCriteria=${encodeURIComponent(JSON.stringify([{ criteria }]))}` : '';
  const res = await t.injectAs('reader', { method: 'GET', url: `/3ds/api/line-items${query}` });
  expect(res.statusCode).toBe(200);
  return res.json().dataInfo as { foundCount: number; totalRecordCount: number };
}
const inA = () => counts({ id_container: `==${containerA}` });
const inB = () => counts({ id_container: `==${containerB}` });

describe('cached found counts stay exact', () => {
  it('right after an insert, a move and a delete', async () => {
    expect((await inA()).foundCount).toBe(5);
    expect((await inB()).foundCount).toBe(2);
    expect((await inA()).totalRecordCount).toBe(7);

    const added = await createLineItem(t.db, { container_id: containerA });
    expect(await inA()).toMatchObject({ foundCount: 6, totalRecordCount: 8 });

    await t.db.updateTable('line_items').set({ container_id: containerB }).where('id', '=', added.id).execute();
    expect((await inA()).foundCount).toBe(5);
    expect((await inB()).foundCount).toBe(3);

    await t.db.deleteFrom('line_items').where('id', '=', added.id).execute();
    expect(await inB()).toMatchObject({ foundCount: 2, totalRecordCount: 7 });
    expect((await counts()).foundCount).toBe(7);
  });

  it('when a related table the find reads changes', async () => {
    const find = { 'Job::Job Name': 'renamed' };
    expect((await counts(find)).foundCount).toBe(0);
    await t.db.updateTable('jobs').set({ name: 'Renamed job' }).where('id', '=', jobId).execute();
    expect((await counts(find)).foundCount).toBe(7);
  });

  it('after the change log is compacted (versions keep their values)', async () => {
    const cache = new CountCache(t.db);
    const before = await cache.versions(['line_items', 'jobs']);
    await compactChangeLog(t.db);
    expect(await cache.versions(['line_items', 'jobs'])).toBe(before);
    expect((await t.db.selectFrom('table_changes' as never).select(sql`count(*)`.as('n')).executeTakeFirstOrThrow()) as { n: unknown }).toMatchObject({ n: expect.anything() });
    await createLineItem(t.db, { container_id: containerA });
    expect(await cache.versions(['line_items', 'jobs'])).not.toBe(before);
    expect((await inA()).foundCount).toBe(6);
  });
});

describe('CountCache', () => {
  it('counts once per find and data version, then serves from memory or the shared table', async () => {
    const compute = vi.fn(async () => 42);
    const cache = new CountCache(t.db);
    const versions = await cache.versions(['line_items']);
    expect(await cache.count('k1', versions, compute)).toBe(42);
    expect(await cache.count('k1', versions, compute)).toBe(42);
    expect(compute).toHaveBeenCalledTimes(1);
    // Another server (a new cache) finds it in the shared table.
    const other = new CountCache(t.db);
    expect(await other.count('k1', versions, compute)).toBe(42);
    expect(compute).toHaveBeenCalledTimes(1);
    // A write makes new versions: counted again.
    await createLineItem(t.db, { container_id: containerB });
    const newer = await cache.versions(['line_items']);
    expect(newer).not.toBe(versions);
    await cache.count('k1', newer, compute);
    expect(compute).toHaveBeenCalledTimes(2);
  });

  it('records one change per table per transaction, however many statements', async () => {
    const cache = new CountCache(t.db);
    const before = await cache.versions(['line_items']);
    await t.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 3; i++) await trx.updateTable('line_items').set({ lot_number: `L${i}` }).where('container_id', '=', containerA).execute();
    });
    const after = await cache.versions(['line_items']);
    const n = (v: string) => Number(v.split(':')[1]);
    expect(n(after) - n(before)).toBe(1);
  });
});

describe('a list whose count this server keeps', () => {
  it('reads the versions in the page statement, and alone only when the page is empty', async () => {
    const versions = vi.spyOn(CountCache.prototype, 'versions');
    try {
      const find = { id_container: `==${containerB}`, 'Lot Number': 'versions-with-page' };
      await t.db.updateTable('line_items').set({ lot_number: 'versions-with-page' }).where('container_id', '=', containerB).execute();
      const first = await counts(find);
      expect(versions).toHaveBeenCalledTimes(1); // a new find: versions, then the count, beside the page
      expect((await counts(find)).foundCount).toBe(first.foundCount);
      expect(versions).toHaveBeenCalledTimes(1); // remembered: with the page
      await createLineItem(t.db, { container_id: containerB, lot_number: 'versions-with-page' });
      expect((await counts(find)).foundCount).toBe(first.foundCount + 1); // new versions: counted again
      expect(versions).toHaveBeenCalledTimes(1);

      const none = { id_container: `==${containerB}`, 'Lot Number': 'nothing-has-this' };
      expect((await counts(none)).foundCount).toBe(0);
      expect((await counts(none)).foundCount).toBe(0);
      expect(versions).toHaveBeenCalledTimes(3); // no rows to carry them
    } finally {
      versions.mockRestore();
    }
  });

  it('reads the same versions either way, and refuses versions that do not name every table it read', async () => {
    const cache = new CountCache(t.db);
    const alone = await cache.versions(['line_items', 'jobs']);
    expect(alone).toMatch(/^jobs:\d+,line_items:\d+$/);
    const column = await sql<{ v: string }>`SELECT ${cache.versionsColumn(['line_items', 'jobs', 'line_items'])} AS v`.execute(t.db);
    expect(cache.checkedVersions(['jobs', 'line_items'], column.rows[0]!.v)).toBe(alone);
    expect(() => cache.checkedVersions(['jobs', 'line_items'], 'line_items:9')).toThrow('No change tracking for jobs');
    expect(() => cache.checkedVersions(['jobs'], null)).toThrow('No change tracking for jobs');
    await expect(cache.versions(['line_items', 'no_such_table'])).rejects.toThrow('No change tracking for no_such_table');
  });
});
