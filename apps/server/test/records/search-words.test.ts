import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.ts';
import { AppError } from '../../src/errors/app-error.ts';
import { LAYOUTS } from '../../src/records/layouts/index.ts';
import { prepareFind, type FindParts, type PreparedFind } from '../../src/records/records.repository.ts';
import { findAnswers } from '../support/find-answers.ts';
import { createContainer, createJob, createLineItem } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The word index (015_search_words.sql) against what it stands for: its entries against the rows they
 * were made from, and finds answered through it against the same finds tested row by row.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const INDEXED = ['line-items', 'yb-line-items', 'containers', 'yb-containers', 'jobs'] as const;

/** The entries the index holds, as `space field record word prev field_prev` lines, sorted. */
async function stored(db: Kysely<Database>): Promise<string[]> {
  const result = await sql<{ line: string }>`
    SELECT concat_ws(' ', space, field, record_id, word, coalesce(prev, '-'), coalesce(field_prev, '-')) AS line FROM search_words`.execute(db);
  return result.rows.map((r) => r.line).sort();
}

/** The entries the rows call for now, made by the migration's function from each table. */
async function calledFor(db: Kysely<Database>): Promise<string[]> {
  const result = await sql<{ line: string }>`
    SELECT concat_ws(' ', e.space, e.field, e.record_id, e.word, coalesce(e.prev, '-'), coalesce(e.field_prev, '-')) AS line
    FROM (
      SELECT e.* FROM line_items n CROSS JOIN LATERAL search_entries(line_item_search_space(n), n.id, line_item_search_values(n)) e
      UNION ALL SELECT e.* FROM containers n CROSS JOIN LATERAL search_entries(container_search_space(n), n.id, container_search_values(n)) e
      UNION ALL SELECT e.* FROM jobs n CROSS JOIN LATERAL search_entries(job_search_space(n), n.id, job_search_values(n)) e
    ) e`.execute(db);
  return result.rows.map((r) => r.line).sort();
}

/** Every place a word begins, as the find grammar's regex sees it (the row-by-row form), for one value. */
async function wordStartsOf(db: Kysely<Database>, value: string): Promise<string[]> {
  const result = await sql<{ w: string }>`SELECT w FROM search_word_starts(${value}) AS w`.execute(db);
  return result.rows.map((r) => r.w).sort();
}

describe('the word index', () => {
  it("holds each layout's indexed fields under the codes the layout gives them", async () => {
    const job = await createJob(t.db, { name: 'Zulu Yankee-job' });
    const container = await createContainer(t.db, { job_id: job.id, name: 'Tote Alpha/7', pallet: 'PAL-9 east' });
    const yb = await createContainer(t.db, { job_id: job.id, kind: 'yellow_bucket', name: 'Bucket Bravo', pallet: 'P2' });
    const item = await createLineItem(t.db, {
      container_id: container.id,
      ndc: '12345-6789-01',
      ndc_description: 'Oxycodone HCl 5 mg',
      lot_number: 'LOT-77A',
      serial_number: 'SN 0042',
      form_222_number: '222-333',
      source_number: 'RA-1001',
    });
    const ybItem = await createLineItem(t.db, { container_id: yb.id, ndc: '54321-0001-**', ndc_description: 'Morphine', lot_number: 'Y1', source_number: 'WO-5' });
    const ids: Record<(typeof INDEXED)[number], number> = {
      'line-items': item.id,
      'yb-line-items': ybItem.id,
      containers: container.id,
      'yb-containers': yb.id,
      jobs: job.id,
    };
    for (const entity of INDEXED) {
      const layout = LAYOUTS[entity];
      const search = layout.search!;
      for (const [i, name] of search.fields.entries()) {
        const field = layout.fields.find((f) => f.name === name)!;
        const value = await sql<{ v: string | null }>`
          SELECT (${sql.raw(field.sql)})::text AS v FROM ${sql.raw(layout.from)} WHERE ${sql.raw(layout.idSql)} = ${ids[entity]}`.execute(t.db);
        const expected = value.rows[0]!.v === null ? [] : await wordStartsOf(t.db, value.rows[0]!.v);
        const entries = await sql<{ word: string }>`
          SELECT word FROM search_words WHERE space = ${search.space} AND field = ${i + 1} AND record_id = ${ids[entity]}`.execute(t.db);
        expect(entries.rows.map((r) => r.word).sort(), `${entity} ${name}`).toEqual(expected);
        if (value.rows[0]!.v) expect(expected.length, `${entity} ${name} has entries`).toBeGreaterThan(0);
      }
    }
  });

  it('cuts entries to 16 characters and finds a word wherever it begins', async () => {
    expect(await wordStartsOf(t.db, 'Hydrocodone Bitartrate-Acetaminophen')).toEqual(['acetaminophen', 'bitartrate-aceta', 'hydrocodone bita']);
    expect(await wordStartsOf(t.db, 'a  b')).toEqual([' b', 'a  b', 'b']);
    expect(await wordStartsOf(t.db, '00406-0512-**')).toEqual(['*', '**', '00406-0512-**', '0512-**']);
    expect(await wordStartsOf(t.db, '')).toEqual([]);
  });

  it('stays equal to the rows through inserts, updates, moves to the Yellow Bucket, bulk statements and deletes', async () => {
    const job = await createJob(t.db, { name: 'Index upkeep' });
    const box = await createContainer(t.db, { job_id: job.id, name: 'Upkeep box' });
    const bucket = await createContainer(t.db, { job_id: job.id, kind: 'yellow_bucket', name: 'Upkeep bucket' });
    const made = [];
    for (let i = 0; i < 30; i++) {
      made.push(await createLineItem(t.db, { container_id: box.id, lot_number: `L${i} x-${i % 4}`, ndc_description: i % 2 ? 'Alpha beta' : 'Gamma', source_number: i % 3 ? null : `S${i}` }));
    }
    expect(await stored(t.db)).toEqual(await calledFor(t.db));
    // One statement over many rows; a column the index does not hold; the kind (and space) of a row.
    await t.db.updateTable('line_items').set({ lot_number: sql`lot_number || ' more'` }).where('container_id', '=', box.id).execute();
    await t.db.updateTable('line_items').set({ locked: true, locked_own: true }).where('id', '=', made[0]!.id).execute();
    await t.db.updateTable('line_items').set({ container_id: bucket.id, kind: 'yellow_bucket' }).where('id', 'in', made.slice(0, 5).map((m) => m.id)).execute();
    await t.db.updateTable('containers').set({ name: 'Renamed box', pallet: 'PX' }).where('id', '=', box.id).execute();
    await t.db.updateTable('jobs').set({ name: 'Index upkeep, renamed' }).where('id', '=', job.id).execute();
    await t.db.deleteFrom('line_items').where('id', 'in', made.slice(10, 20).map((m) => m.id)).execute();
    await t.db.updateTable('line_items').set({ ndc_description: null, serial_number: 'SER 1' }).where('id', '=', made[25]!.id).execute();
    const kept = await stored(t.db);
    expect(kept).toEqual(await calledFor(t.db));
    // The bulk fill of a migration or a scale seed makes the same entries as the triggers.
    await sql`DELETE FROM search_words`.execute(t.db);
    await sql`SELECT fill_search_words('SELECT line_item_search_space(n), n.id, line_item_search_values(n) FROM line_items n')`.execute(t.db);
    await sql`SELECT fill_search_words('SELECT container_search_space(n), n.id, container_search_values(n) FROM containers n')`.execute(t.db);
    await sql`SELECT fill_search_words('SELECT job_search_space(n), n.id, job_search_values(n) FROM jobs n')`.execute(t.db);
    expect(await stored(t.db)).toEqual(kept);
  });
});

// ---------------------------------------------------------------------------------------------
// Finds through the index against the same finds row by row, on random data and random words.
// ---------------------------------------------------------------------------------------------

/** Letters, digits, separators, the grammar's wildcards and escapes, LIKE's, and letters whose case is awkward. */
const ALPHABET = [...'abcxyzABCXYZ0123456789', ' ', ' ', '-', '-', '.', '/', ',', '*', '@', '#', '%', '_', '\\', '"', 'é', 'É', 'ß', 'İ', 'ı', 'ǅ', 'Σ', 'ς', '𝔘', '½'];
const textArb = (max: number) => fc.array(fc.constantFrom(...ALPHABET), { minLength: 1, maxLength: max }).map((cs) => cs.join('').trim() || 'x');
const ndcArb = fc.tuple(fc.integer({ min: 0, max: 99999 }), fc.integer({ min: 0, max: 9999 }), fc.oneof(fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0')), fc.constant('**'))).map(
  ([l, p, k]) => `${String(l).padStart(5, '0')}-${String(p).padStart(4, '0')}-${k}`,
);

describe('a find through the word index finds what the same find row by row finds', () => {
  const values: string[] = [];
  const byField = new Map<string, string[]>();
  const keep = (name: string, value: string) => byField.set(name, [...(byField.get(name) ?? []), value]);

  beforeAll(async () => {
    // Random records of every indexed kind, once; the property then asks them random finds.
    const data = fc.sample(
      fc.record({ description: textArb(40), lot: textArb(24), serial: textArb(20), form222: textArb(12), source: textArb(20), ndc: ndcArb, name: textArb(30), pallet: textArb(12) }),
      { numRuns: 80, seed: 20261126 },
    );
    const job = await createJob(t.db, { name: 'Random words job' });
    const jobs = [job.id, (await createJob(t.db, { name: data[0]!.name })).id, (await createJob(t.db, { name: data[1]!.name })).id];
    for (const [i, d] of data.entries()) {
      const container = await createContainer(t.db, { job_id: jobs[i % 3], kind: i % 4 === 3 ? 'yellow_bucket' : 'standard', name: d.name, pallet: d.pallet });
      await createLineItem(t.db, {
        container_id: container.id,
        ndc: d.ndc,
        ndc_description: d.description,
        lot_number: d.lot,
        serial_number: i % 5 === 0 ? null : d.serial,
        form_222_number: i % 3 === 0 ? null : d.form222,
        source_number: d.source,
      });
      values.push(d.description, d.lot, d.serial, d.form222, d.source, d.ndc, d.name, d.pallet);
      for (const [name, value] of Object.entries({ 'NDC Number': d.ndc, 'NDC Description': d.description, 'Lot Number': d.lot, 'Serial Number': d.serial, 'Form 222 Number': d.form222, 'Source Number': d.source, 'Container Name': d.name, Pallet: d.pallet })) {
        keep(name, value);
      }
    }
    for (const name of ['Random words job', data[0]!.name, data[1]!.name]) keep('Job Name', name);
  });

  /** A word as people type one: part of a stored value from some place on, in some case, maybe with a wildcard or quoted. */
  const wordArb = (pool: () => readonly string[] = () => values) =>
    fc.oneof(
      { weight: 6, arbitrary: fc.tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 60 }), fc.integer({ min: 1, max: 22 }), fc.constantFrom('same', 'upper', 'lower'), fc.constantFrom('none', 'none', 'star-end', 'star', 'at', 'hash', 'quote'), fc.boolean()).map(
          ([which, from, length, casing, twist, aligned]) => {
            const drawn = pool();
            const value = drawn[which % drawn.length]!;
            const cps = [...value];
            let start = from % cps.length;
            // Most words people type begin a word: back to where one begins (as near as JavaScript's classes tell).
            if (aligned) while (start > 0 && /[\p{L}\p{N}]/u.test(cps[start - 1]!)) start--;
            let word = cps.slice(start, start + length).join('').trim() || cps[0]!;
            if (casing === 'upper') word = word.toUpperCase();
            if (casing === 'lower') word = word.toLowerCase();
            if (twist === 'star-end') return `${word}*`;
            if (twist === 'quote') return `"${word}"`;
            const at = Math.min(2, [...word].length);
            const mark = twist === 'star' ? '*' : twist === 'at' ? '@' : twist === 'hash' ? '#' : '';
            return mark ? [...word].slice(0, at).join('') + mark + [...word].slice(at + 1).join('') : word.split(/\s+/)[0]!;
          },
        ) },
      { weight: 1, arbitrary: textArb(8) },
    );

  it('quick finds on line items, containers and jobs (300 runs)', async () => {
    let compared = 0;
    let found = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...INDEXED), fc.array(wordArb(), { minLength: 1, maxLength: 2 }), async (entity, words) => {
        const layout = LAYOUTS[entity];
        const parts: FindParts = { quickFind: words.join(' ') };
        let find: PreparedFind;
        try {
          find = prepareFind(layout, parts);
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          return;
        }
        const a = await findAnswers(t.db, layout, find);
        expect(a.indexed, `${entity} ${parts.quickFind}`).toEqual(a.plain);
        expect(a.set).toEqual(a.plain);
        expect(a.count).toBe(a.plain.length);
        compared++;
        if (a.plain.length) found++;
      }),
      { numRuns: 300, seed: 4242 },
    );
    expect(compared).toBeGreaterThan(200);
    expect(found).toBeGreaterThan(50);
  }, 300_000);

  /** The n-th indexed text field of an entity (line items when none is named: the word is drawn before the entity). */
  const textFieldOf = (n: number, entity: (typeof INDEXED)[number] = 'line-items') => {
    const layout = LAYOUTS[entity];
    const names = layout.search!.fields.filter((name) => layout.fields.find((f) => f.name === name)!.type === 'text');
    return names[n % names.length]!;
  };

  it('find requests on the indexed fields, with the operators (300 runs)', async () => {
    let found = 0;
    const arb = fc.constantFrom(...INDEXED).chain((entity) =>
      fc.integer({ min: 0, max: 100 }).chain((n) =>
        fc.record({
          entity: fc.constant(entity),
          n: fc.constant(n),
          operator: fc.constantFrom('', '', '=', '==', '==', '*', '...'),
          word: wordArb(() => byField.get(textFieldOf(n, entity)) ?? values),
          two: fc.boolean(),
        }),
      ),
    );
    await fc.assert(
      fc.asyncProperty(arb, async ({ entity, n, operator, word, two }) => {
        const layout = LAYOUTS[entity];
        const name = textFieldOf(n, entity);
        const value = operator === '...' ? `${word}...${word}` : operator === '*' ? `${word}*` : `${operator}${word}`;
        const criteria: Record<string, string> = { [name]: value };
        const other = textFieldOf(n + 1, entity);
        if (two && other !== name) criteria[other] = word;
        const parts: FindParts = { requests: [{ omit: false, criteria }] };
        let find: PreparedFind;
        try {
          find = prepareFind(layout, parts);
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          return;
        }
        const a = await findAnswers(t.db, layout, find);
        expect(a.indexed, `${entity} ${JSON.stringify(criteria)}`).toEqual(a.plain);
        expect(a.set).toEqual(a.plain);
        expect(a.count).toBe(a.plain.length);
        if (a.plain.length) found++;
      }),
      { numRuns: 300, seed: 777 },
    );
    // The words come from the records' own fields: enough finds find something (a whole-word or
    // whole-value operator, a wildcard in place of a character or a second field's criterion mostly
    // does not), so the comparison is not of empty sets.
    expect(found).toBeGreaterThan(35);
  }, 300_000);
});
