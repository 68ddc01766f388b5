import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChangeFeed, FeedListener } from '../../src/db/change-feed.ts';
import { ANNOUNCED_TABLES, AnswerCache } from '../../src/records/answer-cache.ts';
import { DataVersions } from '../../src/records/data-versions.ts';
import { layoutTables } from '../../src/records/layout.ts';
import { LAYOUTS } from '../../src/records/layouts/index.ts';
import { createUser } from '../support/factories.ts';
import { createCompany, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/** A feed the test drives: notices, resets and whether it listens. */
class FakeFeed implements ChangeFeed {
  listening = true;
  readonly #listeners = new Set<FeedListener>();
  subscribe(listener: FeedListener) {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
  changed(table: string) {
    for (const l of this.#listeners) l.notice?.('tds_changes', table);
  }
  reset() {
    for (const l of this.#listeners) l.reset?.();
  }
  async sync() {}
  async close() {}
}

function setUp(options: { maxBytes?: number; maxAgeMs?: number } = {}) {
  const feed = new FakeFeed();
  const clock = { now: 1_000_000 };
  const cache = new AnswerCache(new DataVersions(feed), { maxBytes: options.maxBytes ?? 1024 * 1024, maxAgeMs: options.maxAgeMs ?? 60_000, now: () => clock.now });
  let reads = 0;
  const answer = async (key: string, tables: string[], value?: unknown) => {
    const before = reads;
    const body = await cache.answer(key, tables, async () => {
      reads += 1;
      return value ?? { read: reads };
    });
    return { json: JSON.parse(body.toString('utf8')), read: reads > before };
  };
  return { feed, clock, cache, answer };
}

describe('answers kept in memory', () => {
  it('are served again while the tables they read are unchanged, and read again after a change to one of them', async () => {
    const { feed, answer } = setUp();
    expect(await answer('companies p1', ['companies'])).toEqual({ json: { read: 1 }, read: true });
    expect(await answer('companies p1', ['companies'])).toEqual({ json: { read: 1 }, read: false });
    feed.changed('line_items'); // a table the answer does not read
    expect((await answer('companies p1', ['companies'])).read).toBe(false);
    feed.changed('companies');
    expect(await answer('companies p1', ['companies'])).toEqual({ json: { read: 2 }, read: true });
    expect((await answer('companies p1', ['companies'])).read).toBe(false);
  });

  it('are never kept across a change that happened while they were read', async () => {
    const { feed, cache } = setUp();
    let reads = 0;
    const first = await cache.answer('k', ['jobs'], async () => {
      reads += 1;
      feed.changed('jobs'); // committed while the database was being read
      return { v: 'maybe before, maybe after the change' };
    });
    expect(JSON.parse(first.toString())).toEqual({ v: 'maybe before, maybe after the change' });
    await cache.answer('k', ['jobs'], async () => {
      reads += 1;
      return { v: 'after' };
    });
    expect(reads).toBe(2);
  });

  it('are neither served nor kept while the feed does not listen, and all forgotten when it resets', async () => {
    const { feed, answer } = setUp();
    await answer('k', ['jobs']);
    feed.listening = false;
    expect((await answer('k', ['jobs'])).read).toBe(true);
    expect((await answer('k', ['jobs'])).read).toBe(true);
    feed.listening = true;
    expect((await answer('k', ['jobs'])).read).toBe(false); // kept from before: no notice was missed yet…
    feed.reset(); // …until the feed says some may have been
    expect((await answer('k', ['jobs'])).read).toBe(true);
  });

  it('are not served older than their maximum age', async () => {
    const { clock, answer } = setUp({ maxAgeMs: 60_000 });
    await answer('k', ['jobs']);
    clock.now += 60_000;
    expect((await answer('k', ['jobs'])).read).toBe(false);
    clock.now += 1;
    expect((await answer('k', ['jobs'])).read).toBe(true);
  });

  it('stay within their bytes, the least recently used leaving first', async () => {
    const { cache, answer } = setUp({ maxBytes: 4000 });
    const big = { text: 'x'.repeat(600) };
    for (const key of ['a', 'b', 'c', 'd']) await answer(key, ['jobs'], big);
    await answer('a', ['jobs'], big); // a is used again: b is now the oldest
    await answer('e', ['jobs'], big);
    expect(cache.bytes).toBeLessThanOrEqual(4000);
    expect((await answer('a', ['jobs'], big)).read).toBe(false);
    expect((await answer('b', ['jobs'], big)).read).toBe(true);
  });

  it('are not kept at all with no memory given (ANSWER_CACHE_MB=0)', async () => {
    const { answer } = setUp({ maxBytes: 0 });
    await answer('k', ['jobs']);
    expect((await answer('k', ['jobs'])).read).toBe(true);
  });

  it('are read once for concurrent requests of the same missing answer', async () => {
    const { cache } = setUp();
    const produce = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { one: true };
    });
    const bodies = await Promise.all(Array.from({ length: 8 }, () => cache.answer('k', ['jobs'], produce)));
    expect(produce).toHaveBeenCalledTimes(1);
    expect(new Set(bodies.map((b) => b.toString())).size).toBe(1);
  });

  it('are not kept when reading them failed', async () => {
    const { cache } = setUp();
    await expect(cache.answer('k', ['jobs'], async () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    const produce = vi.fn(async () => ({ ok: true }));
    await cache.answer('k', ['jobs'], produce);
    expect(produce).toHaveBeenCalledTimes(1);
  });
});

describe('what an answer depends on', () => {
  it('every table every layout reads is announced, so every list and record may be kept', () => {
    for (const layout of Object.values(LAYOUTS)) {
      const tables = layoutTables(layout);
      expect(tables, layout.entity).toContain(layout.table);
      expect(AnswerCache.canKeep(tables), `${layout.entity} reads ${tables.join(', ')}`).toBe(true);
    }
    // A container's answer counts its line items in a subquery: that table counts too.
    expect(layoutTables(LAYOUTS.containers)).toEqual(expect.arrayContaining(['containers', 'jobs', 'registrations', 'companies', 'line_items']));
    expect(AnswerCache.canKeep(['companies', 'users'])).toBe(false);
  });
});

describe('answers through the API', () => {
  let t: TestApp;
  let registration: number;
  beforeAll(async () => {
    t = await buildTestApp();
    await createUser(t.db, { username: 'writer', privileges: ['CREATE_JOB'] });
    registration = (await createRegistration(t.db, { expiration_date: '2099-01-01' })).id;
  });
  afterAll(() => t.close());

  it('the database announces exactly the tables the cache trusts', async () => {
    const { rows } = await sql<{ table_name: string }>`
      SELECT DISTINCT c.relname AS table_name FROM pg_trigger tr
      JOIN pg_class c ON c.oid = tr.tgrelid JOIN pg_proc p ON p.oid = tr.tgfoid
      WHERE p.proname = 'record_table_change' AND NOT tr.tgisinternal ORDER BY 1`.execute(t.db);
    expect(rows.map((r) => r.table_name)).toEqual([...ANNOUNCED_TABLES].sort());
  });

  it('a list read twice asks the database once; a write through the API is read back at once, every time', async () => {
    const statements: string[] = [];
    const list = async () => {
      const res = await t.injectAs('writer', { method: 'GET', url: '/3ds/api/jobs?limit=1000' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      return res.json() as { data: { recordId: string; modId: string; fieldData: Record<string, unknown> }[]; dataInfo: { foundCount: number } };
    };
    const before = await list();
    const executor = t.appDb.getExecutor();
    const real = executor.executeQuery.bind(executor);
    const spy = vi.spyOn(executor, 'executeQuery').mockImplementation((query, ...rest) => {
      statements.push(query.sql);
      return real(query, ...rest);
    });
    try {
      expect(await list()).toEqual(before);
    } finally {
      spy.mockRestore();
    }
    // Kept on PostgreSQL only (app.ts): the embedded database reads every answer.
    if (t.database.kind === 'postgres') expect(statements.filter((text) => !/\bsessions\b/.test(text))).toEqual([]);
    else expect(statements.length).toBeGreaterThan(0);
    for (let i = 0; i < 5; i++) {
      const created = await t.injectAs('writer', {
        method: 'POST',
        url: '/3ds/api/job',
        payload: { fieldData: { _fkRegistration_Record_Number: registration, 'Job Name': `Kept answers ${i}` } },
      });
      expect(created.statusCode).toBe(200);
      const after = await list();
      expect(after.dataInfo.foundCount).toBe(before.dataInfo.foundCount + i + 1);
      expect(after.data.map((r) => r.fieldData['Job Name'])).toContain(`Kept answers ${i}`);
    }
    const one = (await list()).data.find((r) => r.fieldData['Job Name'] === 'Kept answers 0')!;
    const record = async () => (await t.injectAs('writer', { method: 'GET', url: `/3ds/api/job/${one.recordId}` })).json().data[0];
    expect((await record()).fieldData['Job Name']).toBe('Kept answers 0');
    const renamed = await t.injectAs('writer', {
      method: 'PATCH',
      url: `/3ds/api/job/${one.recordId}`,
      payload: { fieldData: { 'Job Name': 'Kept answers, renamed' }, modId: (await record()).modId },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await record()).fieldData['Job Name']).toBe('Kept answers, renamed');
    expect((await list()).data.map((r) => r.fieldData['Job Name'])).toContain('Kept answers, renamed');
  });

  it('a write by another connection is seen once its notice has arrived', async () => {
    const path = '/3ds/api/companies?quickFind=true&quickFindCriteria=Elsewhere';
    const found = async () => (await t.injectAs('writer', { method: 'GET', url: path })).json().dataInfo.foundCount as number;
    expect(await found()).toBe(0);
    await createCompany(t.db, { name: 'Elsewhere Pharmacy' }); // not through this server's API
    const deadline = Date.now() + 1000;
    let seen = await found();
    while (seen === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      seen = await found();
    }
    expect(seen).toBe(1);
  });
});
