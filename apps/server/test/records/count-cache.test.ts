import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgetCounts } from '../../src/db/migrate.ts';
import type { Database } from '../../src/db/schema.ts';
import { compactChangeLog, CountCache } from '../../src/records/count-cache.ts';
import { fromWith } from '../../src/records/layout.ts';
import { LAYOUTS } from '../../src/records/layouts/index.ts';
import { countForward, prepareFind, tablesRead, type FindParts, type SnapshotCount } from '../../src/records/records.repository.ts';
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

describe('found counts stay exact through the API', () => {
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
});

const layout = LAYOUTS['line-items'];
const prepared = (parts: FindParts) => {
  const find = prepareFind(layout, parts);
  return { find, tables: tablesRead(layout, find) };
};
/** The count as the database gives it now, the find tested on every row. */
async function recount(db: Kysely<Database>, parts: FindParts): Promise<number> {
  const { find } = prepared(parts);
  const result = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${fromWith(layout, find.fields)} WHERE ${find.plain}`.execute(db);
  return result.rows[0]!.n;
}
const forward = (db: Kysely<Database>, parts: FindParts, kept: SnapshotCount, maxChanges = 2000) => {
  const { find, tables } = prepared(parts);
  return countForward(db, layout, find, tables, { kept }, maxChanges);
};
const fresh = (db: Kysely<Database>, parts: FindParts) => {
  const { find, tables } = prepared(parts);
  return countForward(db, layout, find, tables, { sharedKey: `none-${Math.random()}` }, 2000);
};

describe('a count brought forward', () => {
  const inContainer = (id: number): FindParts => ({ requests: [{ omit: false, criteria: { id_container: `==${id}` } }] });

  it('is corrected by the rows that changed, not counted again', async () => {
    const before = await fresh(t.db, inContainer(containerA));
    expect(before.forward).toBe(false);
    const added = await createLineItem(t.db, { container_id: containerA, lot_number: 'FWD-1' });
    await t.db.updateTable('line_items').set({ container_id: containerB }).where('id', '=', added.id).execute();
    await createLineItem(t.db, { container_id: containerA });
    const after = await forward(t.db, inContainer(containerA), before);
    expect(after).toMatchObject({ forward: true, count: before.count + 1 });
    expect(after.count).toBe(await recount(t.db, inContainer(containerA)));
    // An update that leaves the find is a correction too; a delete of a row the find held as well.
    await t.db.deleteFrom('line_items').where('id', '=', added.id).execute();
    const b = await fresh(t.db, inContainer(containerB));
    const moved = await t.db.selectFrom('line_items').select('id').where('container_id', '=', containerA).executeTakeFirstOrThrow();
    await t.db.updateTable('line_items').set({ container_id: containerB }).where('id', '=', moved.id).execute();
    const later = await forward(t.db, inContainer(containerB), b);
    expect(later).toMatchObject({ forward: true, count: b.count + 1 });
  });

  it('is counted again when another table the find reads changed', async () => {
    const byJob: FindParts = { requests: [{ omit: false, criteria: { 'Job::Job Name': 'counting' } }] };
    const before = await fresh(t.db, byJob);
    await t.db.updateTable('jobs').set({ name: 'Counting job again' }).where('id', '=', jobId).execute();
    const after = await forward(t.db, byJob, before);
    expect(after.forward).toBe(false);
    expect(after.count).toBe(await recount(t.db, byJob));
  });

  it('is counted again when more rows changed than a correction is worth', async () => {
    const before = await fresh(t.db, {});
    for (let i = 0; i < 4; i++) await createLineItem(t.db, { container_id: containerB });
    expect(await forward(t.db, {}, before, 3)).toMatchObject({ forward: false, count: before.count + 4 });
    expect(await forward(t.db, {}, before, 4)).toMatchObject({ forward: true, count: before.count + 4 });
  });

  it('is counted again when the log since its snapshot has been removed', async () => {
    const before = await fresh(t.db, {});
    await createLineItem(t.db, { container_id: containerB });
    await compactChangeLog(t.db, 0);
    const after = await forward(t.db, {}, before);
    expect(after).toMatchObject({ forward: false, count: before.count + 1 });
    // A count made after the compaction goes forward again.
    await createLineItem(t.db, { container_id: containerB });
    expect(await forward(t.db, {}, after)).toMatchObject({ forward: true, count: after.count + 1 });
  });

  it('is counted again after a migration (the log holds rows in the shape the tables had before it)', async () => {
    const before = await fresh(t.db, {});
    await createLineItem(t.db, { container_id: containerB });
    await forgetCounts(t.database);
    expect(await forward(t.db, {}, before)).toMatchObject({ forward: false, count: before.count + 1 });
  });

  it('is exact at its own statement: reads and writes side by side, each count against count(*) in the same snapshot', async () => {
    const finds: FindParts[] = [
      {},
      inContainer(containerA),
      inContainer(containerB),
      { quickFind: 'lot' },
      { requests: [{ omit: false, criteria: { 'Lot Number': 'LOT-3' } }] },
      { quickFind: '00406' },
      { requests: [{ omit: false, criteria: { 'NDC Number': '00406-05' } }, { omit: true, criteria: { 'Lot Number': 'LOT-1' } }] },
    ];
    const kept = new Map<number, SnapshotCount>();
    let writing = true;
    let writes = 0;
    // Writers on other connections: inserts, moves between the containers, lot changes and deletes.
    const writer = (async () => {
      let n = 0;
      while (writing) {
        n++;
        const action = n % 4;
        if (action === 0) await createLineItem(t.db, { container_id: n % 3 ? containerA : containerB, lot_number: `LOT-${n % 5} x`, ndc: n % 2 ? '00406-0552-01' : '12345-0552-01' });
        else if (action === 1)
          await t.db.updateTable('line_items').set({ container_id: n % 2 ? containerA : containerB }).where('id', '=', sql<number>`(SELECT min(id) + ${n % 7} FROM line_items)`).execute();
        else if (action === 2) await t.db.updateTable('line_items').set({ lot_number: `LOT-${n % 5}` }).where('container_id', '=', n % 2 ? containerA : containerB).where(sql<boolean>`id % 3 = ${n % 3}`).execute();
        else await t.db.deleteFrom('line_items').where('id', '=', sql<number>`(SELECT max(id) FROM line_items WHERE container_id = ${containerB})`).execute();
        writes++;
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
    })();
    let compared = 0;
    let forwarded = 0;
    try {
      for (let round = 0; round < 30; round++) {
        for (const [i, parts] of finds.entries()) {
          await t.db
            .transaction()
            .setIsolationLevel('repeatable read')
            .execute(async (trx) => {
              const from = kept.get(i);
              const counted = from ? await forward(trx, parts, from) : await fresh(trx, parts);
              expect(counted.count, `find ${i} round ${round}`).toBe(await recount(trx, parts));
              kept.set(i, counted);
              compared++;
              if (counted.forward) forwarded++;
            });
          // The embedded database has one connection: let the writer have it between reads.
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
      }
    } finally {
      writing = false;
      await writer;
    }
    expect(compared).toBe(30 * finds.length);
    expect(writes).toBeGreaterThan(10);
    expect(forwarded).toBeGreaterThan(compared / 2);
  }, 120_000);
});

describe('CountCache', () => {
  it('keeps a count in memory while no change is announced, and brings it forward when one is', async () => {
    let state = 'a';
    const versions = { stamp: () => state } as never;
    const cache = new CountCache(t.db, { versions });
    const parts: FindParts = { requests: [{ omit: false, criteria: { id_container: `==${containerB}` } }] };
    const { find, tables } = prepared(parts);
    const first = await cache.count('kb', layout, find, tables);
    expect(first).toBe(await recount(t.db, parts));
    await createLineItem(t.db, { container_id: containerB });
    // Nothing announced yet: memory.
    expect(await cache.count('kb', layout, find, tables)).toBe(first);
    state = 'b';
    expect(await cache.count('kb', layout, find, tables)).toBe(first + 1);
  });

  it('another server brings forward the count the first one shared', async () => {
    const parts: FindParts = { quickFind: 'lot' };
    const { find, tables } = prepared(parts);
    const one = new CountCache(t.db);
    const counted = await one.count('shared', layout, find, tables);
    await one.shared();
    const sharedCount = async () => (await sql<{ n: number }>`SELECT found_count::int AS n FROM count_cache WHERE cache_key = 'shared'`.execute(t.db)).rows[0]?.n;
    expect(await sharedCount()).toBe(counted);
    await createLineItem(t.db, { container_id: containerA, lot_number: 'LOT new' });
    const other = new CountCache(t.db);
    expect(await other.count('shared', layout, find, tables)).toBe(counted + 1);
    // Brought forward, not made afresh: the shared row is the first server's still.
    expect(await sharedCount()).toBe(counted);
  });

  it('the change log keeps minutes, not history', async () => {
    const logged = async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM record_changes`.execute(t.db)).rows[0]!.n;
    await createLineItem(t.db, { container_id: containerA });
    const before = await logged();
    expect(before).toBeGreaterThan(0);
    await compactChangeLog(t.db, 10);
    expect(await logged()).toBe(before);
    await compactChangeLog(t.db, 0);
    expect(await logged()).toBe(0);
  });
});
