import fc from 'fast-check';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ndcWordsBeginWith, wordsBeginWith } from '../../src/records/find-criterion.ts';
import { createUser } from '../support/factories.ts';
import { createContainer, createJob, createLineItem, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A words-begin find on an NDC column compiles to prefix matches at the NDC's word starts
 * (ndcWordsBeginWith). It must find exactly the rows the general form (a word-start regex) finds,
 * and its SQL must be one the btree indexes of 005_ndc_prefix_indexes.sql can serve.
 */

let t: TestApp;
const NDCS: string[] = [];
const ids = new Map<string, number[]>();

/** Labeler, product and package codes that share digits, so prefixes of one part match others. */
const LABELERS = ['00406', '04060', '12345', '00000', '40605'];
const PRODUCTS = ['0512', '0406', '0040', '1234', '0000'];
const PACKAGES = ['01', '05', '40', '**', '00'];

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'reader' });
  const registration = await createRegistration(t.db);
  const job = await createJob(t.db, { registration_id: registration.id });
  const container = await createContainer(t.db, { job_id: job.id });
  for (const labeler of LABELERS) {
    for (const [i, product] of PRODUCTS.entries()) {
      const ndc = `${labeler}-${product}-${PACKAGES[(i + LABELERS.indexOf(labeler)) % PACKAGES.length]}`;
      const item = await createLineItem(t.db, { container_id: container.id, ndc });
      NDCS.push(ndc);
      ids.set(ndc, [...(ids.get(ndc) ?? []), item.id]);
    }
  }
});
afterAll(() => t.close());

async function matching(condition: RawBuilder<SqlBool>): Promise<string[]> {
  const result = await sql<{ ndc: string }>`SELECT li.ndc FROM line_items li WHERE ${condition} ORDER BY li.id`.execute(t.db);
  return result.rows.map((r) => r.ndc);
}

const NDC = sql.raw('li.ndc');

describe('NDC words-begin finds the same rows as the general words-begin', () => {
  it.each([
    '00406-05',
    '00406',
    '0406',
    '04',
    '0512-01',
    '40',
    '*',
    '**',
    '\\*',
    '\\*\\*',
    '00406*',
    '0406**',
    '00406-0512-05',
    '00406-0512-055',
    '"00406-0512"',
    '"0512 01"',
    '00406 0512',
    '0406 40',
    'abc',
    '0040a',
    '-0512',
    '5-0',
    '004#6',
    '00@06',
    '*0512',
    '0*12',
    '\\0406',
    '0406\\',
  ])('%s', async (value) => {
    const expected = await matching(wordsBeginWith(NDC, value));
    expect(await matching(ndcWordsBeginWith(NDC, value))).toEqual(expected);
  });

  it('finds what is there: a prefix of each part of an NDC', async () => {
    expect(await matching(ndcWordsBeginWith(NDC, '00406-05'))).toEqual(['00406-0512-01']);
    expect(await matching(ndcWordsBeginWith(NDC, '0406'))).toEqual(
      NDCS.filter((n) => n.startsWith('0406') || n.slice(6).startsWith('0406')),
    );
    expect(await matching(ndcWordsBeginWith(NDC, '\\*\\*'))).toEqual(NDCS.filter((n) => n.endsWith('-**')));
    expect(await matching(ndcWordsBeginWith(NDC, 'abc'))).toEqual([]);
  });

  it('any term of digits, dashes, stars, escapes, quotes, spaces and letters (400 runs)', async () => {
    const somePart = fc
      .tuple(fc.constantFrom(...NDCS), fc.constantFrom(0, 6, 11, 12), fc.integer({ min: 1, max: 13 }))
      .map(([ndc, start, length]) => ndc.slice(start, start + length));
    const noise = fc
      .array(fc.constantFrom('0', '4', '6', '5', '1', '-', '*', '\\', '"', ' ', 'a', 'A', '@', '#', '…'), { maxLength: 15 })
      .map((chars) => chars.join(''));
    const value = fc.oneof(somePart, noise, fc.tuple(somePart, noise).map(([a, b]) => a + b), fc.tuple(somePart, somePart).map(([a, b]) => `${a} ${b}`));
    await fc.assert(
      fc.asyncProperty(value, async (v) => {
        expect(await matching(ndcWordsBeginWith(NDC, v))).toEqual(await matching(wordsBeginWith(NDC, v)));
      }),
      { numRuns: 400 },
    );
  });
});

describe('through the API', () => {
  async function list(params: Record<string, string>) {
    const res = await t.injectAs('reader', { method: 'GET', url: `/3ds/api/line-items?${new URLSearchParams(params)}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return { foundCount: body.dataInfo.foundCount, ndcs: body.data.map((r: { fieldData: Record<string, string> }) => r.fieldData['NDC Number']) };
  }

  it('a find on NDC Number answers the line items whose NDC has a part beginning so', async () => {
    const expected = NDCS.filter((n) => n.startsWith('0406') || n.slice(6).startsWith('0406'));
    expect(await list({ searchCriteria: JSON.stringify([{ criteria: { 'NDC Number': '0406' } }]) })).toEqual({ foundCount: expected.length, ndcs: expected });
    expect(await list({ searchCriteria: JSON.stringify([{ criteria: { 'NDC Number': '00406-05*' } }]) })).toEqual({ foundCount: 1, ndcs: ['00406-0512-01'] });
  });

  it('a quick find matches NDCs the same way', async () => {
    expect(await list({ quickFindCriteria: '00406-0512' })).toEqual({ foundCount: 1, ndcs: ['00406-0512-01'] });
    const product = NDCS.filter((n) => n.slice(6).startsWith('0512'));
    expect(await list({ quickFindCriteria: '0512' })).toEqual({ foundCount: product.length, ndcs: product });
  });
});

describe('the btree indexes serve an NDC find', () => {
  // 20,000 more line items with 5,000 labeler codes, after the tests above, so that the planner
  // weighs the indexes as it does on real data (on a few rows it rightly reads the table whole).
  beforeAll(async () => {
    const { id, job_id } = await t.db.selectFrom('containers').select(['id', 'job_id']).executeTakeFirstOrThrow();
    await sql`
      INSERT INTO line_items (kind, container_id, job_id, ndc, created_by)
      SELECT 'standard', ${id}, ${job_id},
             lpad((g % 5000)::text, 5, '0') || '-' || lpad((g * 7 % 10000)::text, 4, '0') || '-' || lpad((g % 100)::text, 2, '0'),
             'test'
      FROM generate_series(1, 20000) g`.execute(t.db);
    await sql`ANALYZE line_items`.execute(t.db);
  });

  async function plan(select: RawBuilder<unknown>, from: string, condition: RawBuilder<SqlBool>): Promise<string> {
    const result = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT ${select} FROM ${sql.raw(from)} WHERE ${condition}`.execute(t.db);
    return result.rows.map((r) => r['QUERY PLAN']).join('\n');
  }
  const standard = (condition: RawBuilder<SqlBool>) => sql<SqlBool>`li.kind = 'standard' AND ${condition}`;

  // In a database whose collation is C, the plain (kind, ndc, id) index serves LIKE 'prefix%' as
  // well; in any other, only the text_pattern_ops one does (>= and < become ~>=~ and ~<~).
  const NDC_RANGE = /Index Cond: \(\(kind = 'standard'::text\) AND \(ndc (~>=~|>=) '00406-05'::text\) AND \(ndc (~<~|<) '00406-06'::text\)\)/;
  const NDC_INDEX = /using line_items_kind_ndc_(pattern_)?idx/;

  it('a labeler-code prefix is a btree range, for the page and the count (index only)', async () => {
    const page = await plan(sql`li.id`, 'line_items li', standard(ndcWordsBeginWith(NDC, '00406-05')));
    expect(page).toMatch(NDC_RANGE);
    expect(page).toMatch(NDC_INDEX);
    expect(page).not.toContain('trgm');
    const count = await plan(sql`count(*)`, 'line_items li', standard(ndcWordsBeginWith(NDC, '00406-05')));
    expect(count).toMatch(/Index Only Scan using line_items_kind_ndc_(pattern_)?idx/);
  });

  it('a prefix that can also begin the product code is a range of each index', async () => {
    const text = await plan(sql`li.id`, 'line_items li', standard(ndcWordsBeginWith(NDC, '0406')));
    expect(text).toMatch(/on line_items_kind_ndc_(pattern_)?idx/);
    expect(text).toMatch(/on line_items_kind_product_code_idx\s+\(.*\)\s+Index Cond: .*substr\(ndc, 7\) ~>=~ '0406'/);
    expect(text).not.toContain('trgm');
  });

  it('the dictionary has the same two indexes', async () => {
    await sql`
      INSERT INTO ndc_dictionary (ndc, schedule, trade_name, created_by)
      SELECT lpad(g::text, 5, '0') || '-' || lpad((g * 7 % 10000)::text, 4, '0') || '-01', '2', 'Test', 'test'
      FROM generate_series(1, 5000) g`.execute(t.db);
    await sql`ANALYZE ndc_dictionary`.execute(t.db);
    const text = await plan(sql`d.id`, 'ndc_dictionary d', ndcWordsBeginWith(sql.raw('d.ndc'), '0406'));
    expect(text).toMatch(/on ndc_dictionary_(ndc_pattern_idx|ndc_key)/);
    expect(text).toContain('ndc_dictionary_product_code_idx');
  });
});
