import fc from 'fast-check';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileCriterion, ndcWholeWordOf, ndcWordsBeginWith, wordsBeginWith } from '../../src/records/find-criterion.ts';
import { fieldByName } from '../../src/records/layout.ts';
import { LAYOUTS } from '../../src/records/layouts/index.ts';
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
    '0#0',
    '#0512',
    '@0512',
    '0406-@',
    '00406-####-#',
    '00406-0512-##',
    '4#',
    '0@',
    '@',
    '#',
    '@@',
    '##-',
    '1@3*',
    '0#0 00406',
    '#@#@#-',
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

describe('an NDC whole word (=word) finds the same rows as the general whole word', () => {
  const ndcField = fieldByName(LAYOUTS['line-items'], 'NDC Number')!;
  // The general form: the word-start regex any text field's =word is.
  const general = (value: string) => compileCriterion({ ...ndcField, ndcFormat: false }, value);
  const fromBtrees = (value: string) => compileCriterion(ndcField, value);

  it.each(['=00406', '=0406', '=0512', '=40', '=01', '=00', '=00406-0512', '=0512-01', '=00406-0512-05', '=0406-05', '=4', '=004060', '=5-0', '= 0406 '])(
    '%s',
    async (value) => {
      expect(ndcWholeWordOf(value)).toBeDefined();
      expect(await matching(fromBtrees(value))).toEqual(await matching(general(value)));
    },
  );

  it('finds what is there: each part of an NDC as a whole, not a part that begins so', async () => {
    expect(await matching(fromBtrees('=40'))).toEqual(NDCS.filter((n) => n.endsWith('-40')));
    expect(await matching(fromBtrees('=0406'))).toEqual(NDCS.filter((n) => n.slice(6, 10) === '0406'));
    expect(await matching(fromBtrees('=04060'))).toEqual(NDCS.filter((n) => n.startsWith('04060-')));
    expect(await matching(fromBtrees('=040'))).toEqual([]);
  });

  it('leaves a word with other characters to the regex (a star, a letter, a wildcard)', () => {
    for (const value of ['=**', '=*', '=0a', '=04#6', '==0406', '=', '0406', '=0000-', '=-0512']) expect(ndcWholeWordOf(value), value).toBeUndefined();
  });

  it('any word of digits and dashes (400 runs; those the btrees do not read go to the regex)', async () => {
    const somePart = fc
      .tuple(fc.constantFrom(...NDCS), fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 13 }))
      .map(([ndc, start, length]) => ndc.slice(start, start + length).replace(/\*/g, ''));
    const noise = fc.array(fc.constantFrom('0', '4', '6', '5', '1', '-'), { minLength: 1, maxLength: 14 }).map((chars) => chars.join(''));
    const word = fc.oneof(somePart, noise).filter((w) => /^[0-9-]+$/.test(w));
    await fc.assert(
      fc.asyncProperty(word, async (w) => {
        expect(await matching(fromBtrees(`=${w}`))).toEqual(await matching(general(`=${w}`)));
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

  it('a whole word and a word with # and @ are found, and counted, from the btrees as the regex finds them', async () => {
    const packaged = NDCS.filter((n) => n.endsWith('-40'));
    expect(await list({ searchCriteria: JSON.stringify([{ criteria: { 'NDC Number': '=40' } }]) })).toEqual({ foundCount: packaged.length, ndcs: packaged });
    const expected = NDCS.filter((n) => /(^|-)0[0-9]0/.test(n));
    expect(expected.length).toBeGreaterThan(0);
    expect(await list({ searchCriteria: JSON.stringify([{ criteria: { 'NDC Number': '0#0' } }]) })).toEqual({ foundCount: expected.length, ndcs: expected });
    const both = NDCS.filter((n) => /(^|-)0[0-9]0/.test(n) && /(^|-)40/.test(n));
    expect(await list({ searchCriteria: JSON.stringify([{ criteria: { 'NDC Number': '0#0 40' } }]) })).toEqual({ foundCount: both.length, ndcs: both });
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
    // A product code alone (its dash after it: no labeler code has one there) is read from its index alone.
    const count = await plan(sql`count(*)`, 'line_items li', standard(ndcWordsBeginWith(NDC, '0406-')));
    expect(count).toMatch(/Index Only Scan using line_items_kind_product_code_idx/);
  });

  it('a term with # and @ is a LIKE at each word start, read from the btrees, not the word index or the trigrams', async () => {
    const count = await plan(sql`count(*)`, 'line_items li', standard(ndcWordsBeginWith(NDC, '0499#')));
    expect(count).toMatch(/line_items_kind_(ndc_pattern|product_code)_idx/);
    expect(count).not.toContain('trgm');
    expect(count).not.toContain('Seq Scan');
  });

  it('a package code is a range of its own index (074), for a words-begin and a whole word', async () => {
    const begins = await plan(sql`li.id`, 'line_items li', standard(ndcWordsBeginWith(NDC, '40')));
    expect(begins).toMatch(/on line_items_kind_package_code_idx\s+\(.*\)\s+Index Cond: .*substr\(ndc, 12\) ~>=~ '40'/);
    const whole = await plan(sql`count(*)`, 'line_items li', standard(compileCriterion(fieldByName(LAYOUTS['line-items'], 'NDC Number')!, '=40')));
    // Index only: the index holds the NDC, which an index on an expression needs for that.
    expect(whole).toMatch(/Index Only Scan using line_items_kind_package_code_idx/);
    expect(whole).not.toContain('Seq Scan');
    expect(whole).not.toContain('trgm');
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
