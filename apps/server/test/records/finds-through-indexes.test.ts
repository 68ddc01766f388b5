import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/errors/app-error.ts';
import { LAYOUTS } from '../../src/records/layouts/index.ts';
import { countFound, countStatement, keyedPageIds, prepareFind, selectPage, SORT_MATCHES_UP_TO, type FindParts, type PreparedFind } from '../../src/records/records.repository.ts';
import { fromWith, type Layout } from '../../src/records/layout.ts';
import { compileCriterion } from '../../src/records/find-criterion.ts';
import { keyedCount } from '../../src/records/find-request.ts';
import { EMPTY_COUNTED_COLUMNS } from '../../src/records/layouts/line-items.layout.ts';
import { findAnswers } from '../support/find-answers.ts';
import { createCompany, createContainer, createJob, createLineItem, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The finds the 070 migration's indexes answer (records/find-request.ts `compileOne`), against the same
 * finds tested row by row, on random data and random finds: a text find on a column of few values
 * (over its values), a related record's field (as the keys of the related records), a word that
 * begins with a wildcard (the contains index first), timestamps by their day, and omits of them.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const FORMS = ['Tablet', 'tablet', 'TABLET', 'Capsule', 'Oral Solution', 'tab-let', 'Patch 72h', 'É-form', 'ǅ x', '', ' ', null] as const;
const SOURCES = ['Pharmacy', 'Hospital', 'Distributor', 'pharmacy west', null] as const;
const SCHEDULES = ['2', '2N', '3', '3N', '4', '5', null] as const;
const USERS = ['admin', 'clerk', 'Dana', null] as const;
/** Letters, digits, separators, wildcards, LIKE's characters and awkward cases, for the text a contains find reads. */
const ALPHABET = [...'abcxyzABC0123456789', ' ', '-', '-', '.', '/', '*', '@', '#', '%', '_', '\\', '"', 'é', 'É', 'ß', 'İ', 'ǅ', 'Σ', 'ς'];
const textArb = (max: number) => fc.array(fc.constantFrom(...ALPHABET), { minLength: 1, maxLength: max }).map((cs) => cs.join('').trim() || 'x');

const lineItemKinds = ['line-items', 'yb-line-items'] as const;

/** A plan read in a transaction that must not keep what it did. */
class PlanRead extends Error {
  readonly plan: string;
  constructor(plan: string) {
    super('plan read');
    this.plan = plan;
  }
}

/**
 * The plan of a find's count with `index` the only index (or indexes) of `tables` (but their keys) and the `off`
 * plan kinds disabled, read in a transaction that ends by throwing its plan, so that it rolls back.
 * A unique constraint's index goes with its constraint (and what refers to it).
 */
async function planWithOnly(layout: Layout, find: PreparedFind, tables: readonly string[], index: string | readonly string[], off: readonly string[]): Promise<string> {
  const kept = typeof index === 'string' ? [index] : [...index];
  return t.db
    .transaction()
    .execute(async (trx) => {
      const others = await sql<{ table: string; name: string; constraint: boolean }>`
        SELECT i.tablename AS table, i.indexname AS name, EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname) AS constraint
        FROM pg_indexes i WHERE i.tablename = ANY(${[...tables]}) AND NOT (i.indexname = ANY(${kept})) AND i.indexname NOT LIKE '%pkey'`.execute(trx);
      for (const o of others.rows) {
        await (o.constraint ? sql`ALTER TABLE ${sql.ref(o.table)} DROP CONSTRAINT ${sql.ref(o.name)} CASCADE` : sql`DROP INDEX ${sql.ref(o.name)}`).execute(trx);
      }
      for (const setting of off) await sql`SELECT set_config(${setting}, 'off', true)`.execute(trx);
      const r = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT count(*) FROM ${fromWith(layout, find.rowFields)} WHERE ${find.where}`.execute(trx);
      throw new PlanRead(r.rows.map((row) => row['QUERY PLAN']).join('\n'));
    })
    .then(
      () => '',
      (error: unknown) => (error instanceof PlanRead ? error.plan : String(error)),
    );
}

/** A find's condition as SQL text (its parameters as $n). */
const compiledText = (find: PreparedFind) => find.where.compile(t.db).sql;

/** Every value one property draws from, by field name. */
const values = new Map<string, string[]>();
const keep = (name: string, value: string | null | undefined) => {
  if (value) values.set(name, [...(values.get(name) ?? []), value]);
};

/** A value as people type one of a stored text: a part of it, in some case, with an operator of docs/finds.md. */
function valueArb(name: string) {
  return fc
    .tuple(
      fc.integer({ min: 0, max: 10_000 }),
      fc.integer({ min: 0, max: 20 }),
      fc.integer({ min: 1, max: 12 }),
      fc.constantFrom('same', 'upper', 'lower'),
      fc.constantFrom('', '', '==', '=', '*lead', 'mid@', '#', 'quote', '<', '>=', '...', 'empty', 'any', 'star-end'),
    )
    .map(([which, from, length, casing, operator]) => {
      const pool = values.get(name) ?? ['x'];
      const whole = pool[which % pool.length]!;
      let part = [...whole].slice(from % Math.max(1, [...whole].length), (from % Math.max(1, [...whole].length)) + length).join('').trim() || whole;
      if (casing === 'upper') part = part.toUpperCase();
      if (casing === 'lower') part = part.toLowerCase();
      switch (operator) {
        case '==':
          return `==${casing === 'same' ? whole : part}`;
        case '=':
          return `=${part.split(/\s+/)[0]}`;
        case '*lead':
          return `*${part}`;
        case 'mid@':
          return [...part].length > 2 ? `${[...part].slice(0, 1).join('')}@${[...part].slice(2).join('')}` : `${part}@`;
        case '#':
          return `${part}#`;
        case 'quote':
          return `"${part}"`;
        case '<':
        case '>=':
          return `${operator}${part}`;
        case '...':
          return `${part}...${whole}`;
        case 'empty':
          return '=';
        case 'any':
          return '*';
        case 'star-end':
          return `${part}*`;
        default:
          return part;
      }
    });
}

/** Asks one find three ways and holds them to each other; a find the grammar refuses is a 400, never a wrong answer. */
async function same(entity: keyof typeof LAYOUTS, parts: FindParts): Promise<number | undefined> {
  const layout = LAYOUTS[entity];
  let find: PreparedFind;
  try {
    find = prepareFind(layout, parts);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return undefined;
  }
  const a = await findAnswers(t.db, layout, find);
  const what = `${entity} ${JSON.stringify(parts)}`;
  expect(a.indexed, what).toEqual(a.plain);
  expect(a.set, what).toEqual(a.plain);
  expect(a.count, what).toBe(a.plain.length);
  if (find.keyed) await keyedReadsAre(layout, find, a.plain, what);
  return a.plain.length;
}

/**
 * A find on a related record's field reads its pages one of three ways (`keyedPageIds`): related
 * record by related record, the matches sorted, or a walk of the id order; and counts its rows one of
 * two ways (`keyedCount`): related record by related record, or every count hashed. Each gives what
 * the find tested row by row gives: the first page and a later one, the count.
 */
async function keyedReadsAre(layout: (typeof LAYOUTS)[keyof typeof LAYOUTS], find: PreparedFind, plain: number[], what: string) {
  if (layout.valueCounts) {
    const keyColumn = find.keyed!.key.split('.')[1]!;
    for (const byKeyUpTo of [1_000_000, 0]) {
      const n = await sql<{ n: number }>`SELECT (${keyedCount(layout, keyColumn, find.keyed!.keys, byKeyUpTo)})::int AS n`.execute(t.db);
      expect(Number(n.rows[0]!.n), `${what} counted, by key up to ${byKeyUpTo}`).toBe(plain.length);
    }
  }
  for (const offset of [1, 4]) {
    const expected = plain.slice(offset - 1, offset - 1 + 3);
    for (const [found, byKeyUpTo] of [[plain.length, 1_000_000], [plain.length, 0], [SORT_MATCHES_UP_TO + 1, 0]] as const) {
      const page = { offset, limit: 3, found };
      const got = await sql<{ id: number }>`SELECT __pid AS id FROM (${keyedPageIds(layout, find.keyed!, page, byKeyUpTo)}) __q`.execute(t.db);
      expect(got.rows.map((r) => Number(r.id)), `${what} page at ${offset}, ${found} found, by key up to ${byKeyUpTo}`).toEqual(expected);
    }
  }
}

/** The value counts (071) as sums by key, and the same counted from the rows. */
async function valueCounts() {
  const kept = await sql<{ line: string }>`
    SELECT concat_ws('|', kind, col, coalesce(value, '<null>'), sum(rows)) AS line FROM value_counts WHERE tab = 'line_items'
    GROUP BY kind, col, value HAVING sum(rows) <> 0`.execute(t.db);
  const rows = await sql<{ line: string }>`
    SELECT concat_ws('|', li.kind, c.col, coalesce(c.value, '<null>'), count(*)) AS line
    FROM line_items li CROSS JOIN LATERAL line_item_counted_values(li) c GROUP BY li.kind, c.col, c.value`.execute(t.db);
  return { kept: kept.rows.map((r) => r.line).sort(), rows: rows.rows.map((r) => r.line).sort() };
}

describe('the value counts', () => {
  it('stay equal to the rows through inserts, updates, moves, bulk statements, deletes and compaction', async () => {
    const job = await createJob(t.db, { name: 'Counts job' });
    const box = await createContainer(t.db, { job_id: job.id, name: 'Counts box' });
    const other = await createContainer(t.db, { job_id: (await createJob(t.db, { name: 'Other counts job' })).id, name: 'Other box' });
    const bucket = await createContainer(t.db, { job_id: job.id, kind: 'yellow_bucket', name: 'Counts bucket' });
    const made = [];
    for (let i = 0; i < 24; i++) made.push(await createLineItem(t.db, { container_id: box.id, form: i % 3 ? 'Tablet' : null, source: `S${i % 4}`, cwf_form_number: i % 5 ? `CWF-${i % 2}` : null } as never));
    let c = await valueCounts();
    expect(c.kept).toEqual(c.rows);
    await t.db.updateTable('line_items').set({ form: 'Capsule' }).where('container_id', '=', box.id).where('form', 'is', null).execute();
    await t.db.updateTable('line_items').set({ locked: true, locked_own: true }).where('id', '=', made[0]!.id).execute();
    await t.db.updateTable('line_items').set({ container_id: other.id, job_id: other.job_id }).where('id', 'in', made.slice(1, 4).map((m) => m.id)).execute();
    await t.db.updateTable('line_items').set({ container_id: bucket.id, kind: 'yellow_bucket' }).where('id', 'in', made.slice(4, 8).map((m) => m.id)).execute();
    await t.db.deleteFrom('line_items').where('id', 'in', made.slice(10, 16).map((m) => m.id)).execute();
    c = await valueCounts();
    expect(c.kept).toEqual(c.rows);
    const before = Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM value_counts`.execute(t.db)).rows[0]!.n);
    await sql`SELECT compact_value_counts()`.execute(t.db);
    const after = Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM value_counts`.execute(t.db)).rows[0]!.n);
    expect(after).toBeLessThan(before);
    c = await valueCounts();
    expect(c.kept).toEqual(c.rows);
    // Each key one row after compaction.
    const keys = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (SELECT 1 FROM value_counts GROUP BY tab, kind, col, value HAVING count(*) > 1) k`.execute(t.db);
    expect(keys.rows[0]!.n).toBe(0);
    // A list's every record (its total) is counted from them, and is its count of rows.
    for (const entity of lineItemKinds) {
      const layout = LAYOUTS[entity];
      const all = prepareFind(layout, {});
      expect(countStatement(layout, all).compile(t.db).sql, entity).toContain('value_counts');
      const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM line_items li WHERE ${sql.raw(layout.baseWhere!)}`.execute(t.db);
      expect(await countFound(t.db, layout, all), entity).toBe(rows.rows[0]!.n);
      // A scope narrows beyond the kind: counted from the rows.
      expect(countStatement(layout, prepareFind(layout, {}, sql`li.locked`)).compile(t.db).sql, entity).not.toContain('value_counts');
    }
    // The columns counted are the layouts' columns of few values and the keys of their related records.
    const counted = await sql<{ col: string }>`SELECT DISTINCT col FROM value_counts`.execute(t.db);
    for (const entity of lineItemKinds) {
      const layout = LAYOUTS[entity];
      const few = layout.fields.filter((f) => f.fewValues).map((f) => f.sql.replace(/^li\./, ''));
      for (const col of [...few, 'container_id', 'job_id']) expect(counted.rows.map((r) => r.col), `${entity} ${col}`).toContain(col);
    }
  });
});

describe('the emptiness counts (075)', () => {
  it('mark, column by column, what a find of = finds, and count = and * as the rows do, through writes', async () => {
    const job = await createJob(t.db, { name: 'Empty counts job' });
    const box = await createContainer(t.db, { job_id: job.id, name: 'Empty counts box' });
    const bucket = await createContainer(t.db, { job_id: job.id, kind: 'yellow_bucket', name: 'Empty counts bucket' });
    for (let i = 0; i < 18; i++) await createLineItem(t.db, { container_id: i % 4 ? box.id : bucket.id });
    // Each nullable column empty on some rows (NULL, and '' for text), filled on others; yes/no both ways.
    const columns = await sql<{ name: string; type: string; nullable: string }>`
      SELECT column_name AS name, data_type AS type, is_nullable AS nullable FROM information_schema.columns WHERE table_name = 'line_items'`.execute(t.db);
    const shape = new Map(columns.rows.map((c) => [c.name, c]));
    for (const [k, column] of EMPTY_COUNTED_COLUMNS.entries()) {
      const c = shape.get(column)!;
      const ref = sql.ref(column);
      if (c.type === 'boolean') continue;
      if (c.nullable === 'YES') {
        await sql`UPDATE line_items SET ${ref} = NULL WHERE job_id = ${job.id} AND (id + ${k}) % 3 = 0`.execute(t.db);
        // (Where a column's check allows '': a serial number's does not.)
        if (c.type === 'text') await sql`UPDATE line_items SET ${ref} = '' WHERE job_id = ${job.id} AND (id + ${k}) % 3 = 1`.execute(t.db).catch(() => undefined);
      }
    }
    // Locked on its own only where locked.
    await sql`UPDATE line_items SET locked = (id % 3 = 0), locked_own = (id % 6 = 0) WHERE job_id = ${job.id}`.execute(t.db);
    await sql`DELETE FROM line_items WHERE job_id = ${job.id} AND id % 5 = 0`.execute(t.db);
    for (const entity of lineItemKinds) {
      const layout = LAYOUTS[entity];
      expect(layout.valueCounts?.emptyColumns).toEqual(EMPTY_COUNTED_COLUMNS);
      for (const [k, column] of EMPTY_COUNTED_COLUMNS.entries()) {
        const field = layout.fields.find((f) => f.sql === `li.${column}` && !f.joins?.length)!;
        expect(field, column).toBeDefined();
        // The mask's character at the column's place is the find's own `=`, on every row.
        const differ = await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM line_items li
          WHERE (substr(line_item_empty_mask(li), ${k + 1}, 1) = '1') IS DISTINCT FROM coalesce(${compileCriterion(field, '=')}, false)`.execute(t.db);
        expect(differ.rows[0]!.n, column).toBe(0);
        for (const value of ['=', '*', ...(field.type === 'yesno' ? ['yes', 'No', '==y', '0'] : [])]) {
          const find = prepareFind(layout, { requests: [{ omit: false, criteria: { [field.name]: value } }] });
          expect(countStatement(layout, find).compile(t.db).sql, `${column} ${value}`).toContain('value_counts');
          const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM line_items li WHERE ${find.plain}`.execute(t.db);
          expect(await countFound(t.db, layout, find), `${entity} ${column} ${value}`).toBe(rows.rows[0]!.n);
        }
      }
    }
  });
});

describe('finds through the indexes find what the same finds row by row find', () => {
  beforeAll(async () => {
    const data = fc.sample(
      fc.record({
        form: fc.constantFrom(...FORMS),
        source: fc.constantFrom(...SOURCES),
        schedule: fc.constantFrom(...SCHEDULES),
        user: fc.constantFrom(...USERS),
        strength: fc.constantFrom('5 mg', '10 MG', '0.5 mg/mL', null),
        ndc: fc.tuple(fc.integer({ min: 0, max: 99999 }), fc.integer({ min: 0, max: 9999 }), fc.oneof(fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0')), fc.constant('**'))).map(
          ([l, p, k]) => `${String(l).padStart(5, '0')}-${String(p).padStart(4, '0')}-${k}`,
        ),
        description: textArb(30),
        lot: textArb(14),
        serial: fc.option(textArb(12), { nil: null }),
        expiry: fc.option(fc.date({ min: new Date('2023-01-01T00:00:00Z'), max: new Date('2028-12-31T00:00:00Z'), noInvalidDate: true }), { nil: null }),
        quantity: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
        modified: fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2026-12-31T23:59:59Z'), noInvalidDate: true }),
      }),
      { numRuns: 90, seed: 20261128 },
    );
    const jobs = [
      await createJob(t.db, { name: 'Alpha destroyed', date_destroyed: '2026-03-04' }),
      await createJob(t.db, { name: 'Bravo open' }),
      await createJob(t.db, { name: 'Charlie-late É', date_destroyed: '2025-12-31' }),
    ];
    for (const j of jobs) keep('Job::Job Name', j.name);
    for (const [i, d] of data.entries()) {
      const container = await createContainer(t.db, { job_id: jobs[i % 3]!.id, kind: i % 4 === 3 ? 'yellow_bucket' : 'standard', name: `Box ${d.lot}`, pallet: `P${i % 5}` });
      await createLineItem(t.db, {
        container_id: container.id,
        form: d.form,
        source: d.source,
        ndc_schedule: d.schedule,
        created_by: d.user ?? 'test',
        modified_by: d.user,
        strength: d.strength,
        ndc: d.ndc,
        ndc_description: d.description,
        lot_number: d.lot,
        serial_number: d.serial,
        expiration_date: d.expiry ? d.expiry.toISOString().slice(0, 10) : null,
        pack_quantity: d.quantity,
        modified_at: d.modified.toISOString(),
      } as never);
      keep('Form', d.form);
      keep('Source', d.source);
      keep('NDC Schedule', d.schedule);
      keep('Modified By', d.user);
      keep('Strength', d.strength);
      keep('NDC Number', d.ndc);
      keep('NDC Description', d.description);
      keep('Lot Number', d.lot);
      keep('Serial Number', d.serial);
      keep('Container::Container Name', `Box ${d.lot}`);
      keep('Container::Pallet', `P${i % 5}`);
    }
  });

  it('a text find on a column of few values, and on NDC Number compared as it is, every operator (250 runs)', async () => {
    let found = 0;
    const arb = fc.constantFrom('Form', 'Source', 'NDC Schedule', 'Modified By', 'Strength', 'NDC Number').chain((name) => fc.record({ entity: fc.constantFrom(...lineItemKinds), name: fc.constant(name), value: valueArb(name) }));
    await fc.assert(
      fc.asyncProperty(arb, async ({ entity, name, value }) => {
        const n = await same(entity, { requests: [{ omit: false, criteria: { [name]: value } }] });
        if (n) found++;
      }),
      { numRuns: 250, seed: 701 },
    );
    expect(found).toBeGreaterThan(60);
  }, 300_000);

  it("a related record's field, alone, with an own field, and omitted (200 runs)", async () => {
    let found = 0;
    const related = fc.oneof(
      fc.record({ name: fc.constantFrom('Job::Job Name', 'Container::Container Name'), value: fc.constantFrom('Job::Job Name', 'Container::Container Name').chain((n) => valueArb(n)) }),
      fc.record({ name: fc.constant('Container::Pallet'), value: valueArb('Container::Pallet') }),
      fc.record({ name: fc.constant('Job::Date Destroyed'), value: fc.constantFrom('=', '*', '3/4/2026', '2026', '12/2025', '<1/1/2026', '>=3/4/2026', '1/1/2025...12/31/2025', '//') }),
      fc.record({ name: fc.constant('Registration Number'), value: fc.constantFrom('A', 'b*', '=', '*', '==X') }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...lineItemKinds), related, fc.constantFrom('none', 'and', 'omit', 'omit-first'), valueArb('Form'), async (entity, r, shape, form) => {
        const requests =
          shape === 'none'
            ? [{ omit: false, criteria: { [r.name]: r.value } }]
            : shape === 'and'
              ? [{ omit: false, criteria: { [r.name]: r.value, Form: form } }]
              : shape === 'omit'
                ? [{ omit: false, criteria: { Form: form } }, { omit: true, criteria: { [r.name]: r.value } }]
                : [{ omit: true, criteria: { [r.name]: r.value } }, { omit: false, criteria: { Source: 'pharm' } }];
        const n = await same(entity, { requests });
        if (n) found++;
      }),
      { numRuns: 200, seed: 702 },
    );
    expect(found).toBeGreaterThan(40);
  }, 300_000);

  it('words that begin with a wildcard, in the quick find and in a field (250 runs)', async () => {
    let found = 0;
    const word = fc.constantFrom('NDC Description', 'Lot Number', 'Serial Number').chain((name) =>
      fc.record({
        name: fc.constant(name),
        value: fc.tuple(valueArb(name), fc.constantFrom('*', '*', '@', '#', '**')).map(([v, mark]) => `${mark}${v.replace(/^[=<>*"]+/, '')}`),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...lineItemKinds), word, fc.boolean(), fc.boolean(), async (entity, w, quick, second) => {
        const parts: FindParts = quick
          ? { quickFind: second ? `${w.value} ${w.value.slice(1, 3)}` : w.value }
          : { requests: [{ omit: false, criteria: { [w.name]: second ? `${w.value} *${w.value.slice(2, 5)}` : w.value } }] };
        const n = await same(entity, parts);
        if (n) found++;
      }),
      { numRuns: 250, seed: 703 },
    );
    expect(found).toBeGreaterThan(60);
  }, 300_000);

  it('dates and timestamps by their day, and numbers (200 runs)', async () => {
    let found = 0;
    const day = fc.date({ min: new Date('2023-01-01T00:00:00Z'), max: new Date('2028-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`);
    const value = fc.oneof(
      day,
      fc.tuple(day, day).map(([a, b]) => `${a}...${b}`),
      fc.tuple(fc.constantFrom('<', '<=', '>', '>='), day).map(([op, d]) => `${op}${d}`),
      fc.integer({ min: 1, max: 12 }).map((m) => `${m}/2026`),
      fc.constantFrom('2026', '2025', '=', '*', '//'),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...lineItemKinds), fc.constantFrom('Expiration Date', 'Date Modified', 'Date Created', 'Pack Quantity'), value, fc.integer({ min: 0, max: 40 }), async (entity, name, v, n) => {
        const criterion = name === 'Pack Quantity' ? (v.includes('/') ? `>=${n}` : v === '2026' ? `${n}...${n + 5}` : v) : v;
        const found_ = await same(entity, { requests: [{ omit: false, criteria: { [name]: criterion } }] });
        if (found_) found++;
      }),
      { numRuns: 200, seed: 704 },
    );
    expect(found).toBeGreaterThan(60);
  }, 300_000);

  it('a sort descending on every key is its ascending order reversed, ties too (what the btree read backwards gives)', async () => {
    const layout = LAYOUTS['line-items'];
    const find = prepareFind(layout, {});
    const order = async (fields: string[], sortOrder: 'ascend' | 'descend') =>
      (await selectPage(t.db, layout, find, fields.map((fieldName) => ({ fieldName, sortOrder })), { offset: 1, limit: 1000 })).map((r) => r.id);
    for (const fields of [['Form'], ['NDC Schedule'], ['Expiration Date'], ['Source', 'Form'], ['Pack Quantity']]) {
      const ascending = await order(fields, 'ascend');
      expect(ascending.length).toBeGreaterThan(60);
      expect(await order(fields, 'descend'), fields.join(', ')).toEqual([...ascending].reverse());
    }
    // A page of the descending order is the same records as the same stretch of the whole order.
    const all = await order(['Form'], 'descend');
    const page = (await selectPage(t.db, layout, find, [{ fieldName: 'Form', sortOrder: 'descend' }], { offset: 21, limit: 10 })).map((r) => r.id);
    expect(page).toEqual(all.slice(20, 30));
  });

  it("has the btree the layout says each line-item column has", async () => {
    const { rows } = await sql<{ def: string }>`SELECT pg_get_indexdef(indexrelid) AS def FROM pg_index WHERE indrelid = 'line_items'::regclass`.execute(t.db);
    for (const entity of lineItemKinds) {
      const fields = LAYOUTS[entity].fields.filter((f) => f.btree);
      expect(fields.length).toBeGreaterThanOrEqual(40);
      for (const f of fields) {
        const column = f.sql.replace(/^li\./, '');
        const led = rows.some((r) => new RegExp(`USING btree \\((kind, )?${column}[,)]`).test(r.def));
        expect(led, `${entity} ${f.name} (${column})`).toBe(true);
      }
    }
  });

  it('the planner can read each of these finds from its index', async () => {
    // Each index alone (the others dropped in a transaction that is rolled back): the plan reads it.
    const plan = (parts: FindParts, index: string) => planWithOnly(LAYOUTS['line-items'], prepareFind(LAYOUTS['line-items'], parts), ['line_items', 'jobs'], index, ['enable_seqscan']);
    const cases: [FindParts, string][] = [
      [{ quickFind: '*done' }, 'line_items_contains_trgm_idx'],
      [{ requests: [{ omit: false, criteria: { 'Lot Number': '*bc12' } }] }, 'line_items_contains_trgm_idx'],
      [{ requests: [{ omit: false, criteria: { Form: 'tab' } }] }, 'line_items_kind_form_idx'],
      [{ requests: [{ omit: false, criteria: { 'Expiration Date': '3/1/2025...5/28/2025' } }] }, 'line_items_kind_expiration_date_idx'],
      [{ requests: [{ omit: false, criteria: { 'Date Modified': '5/2026' } }] }, 'line_items_kind_modified_at_idx'],
      [{ requests: [{ omit: false, criteria: { 'Job::Date Destroyed': '=' } }] }, 'line_items_job_id_kind_idx'],
      [{ requests: [{ omit: false, criteria: { 'Serial Number': '=' } }] }, 'line_items_kind_serial_number_idx'],
    ];
    for (const [parts, index] of cases) expect(await plan(parts, index), `${JSON.stringify(parts)} through ${index}`).toContain(index);
  });
});

describe('the small lists look a text criterion up in their contains index first (072), and find what row by row finds', () => {
  beforeAll(async () => {
    const data = fc.sample(
      fc.record({ name: textArb(20), type: fc.option(textArb(10), { nil: null }), transporter: fc.option(textArb(16), { nil: null }), user: fc.constantFrom(...USERS), city: textArb(12) }),
      { numRuns: 40, seed: 20261129 },
    );
    for (const [i, d] of data.entries()) {
      const company = await createCompany(t.db, { name: `Co ${d.name}`, city: d.city } as never);
      const registration = await createRegistration(t.db, { company_id: company.id, city: d.city } as never);
      const job = await createJob(t.db, { registration_id: registration.id, name: d.name, transporter: d.transporter, modified_by: d.user } as never);
      await createContainer(t.db, { job_id: job.id, kind: i % 3 === 2 ? 'yellow_bucket' : 'standard', name: `T ${d.name}`, container_type: d.type, pallet: `PLT-${i % 4}`, modified_by: d.user } as never);
      keep('Job Name', d.name);
      keep('Transporter', d.transporter);
      keep('Container Type', d.type);
      keep('Small Name', `T ${d.name}`);
      keep('City', d.city);
      keep('Pallet', `PLT-${i % 4}`);
      keep('Modified By', d.user);
    }
  });

  it('every operator on their text fields, alone, with another field and omitted (300 runs)', async () => {
    let found = 0;
    const criteria = fc.constantFrom(
      ['containers', 'Container Name', 'Small Name'],
      ['yb-containers', 'Container Name', 'Small Name'],
      ['containers', 'Container Type', 'Container Type'],
      ['containers', 'Pallet', 'Pallet'],
      ['containers', 'Modified By', 'Modified By'],
      ['jobs', 'Job Name', 'Job Name'],
      ['jobs', 'Transporter', 'Transporter'],
      ['jobs', 'Modified By', 'Modified By'],
      ['registrations', 'City', 'City'],
      ['companies', 'City', 'City'],
    ).chain(([entity, name, pool]) => fc.record({ entity: fc.constant(entity as keyof typeof LAYOUTS), name: fc.constant(name), value: valueArb(pool), other: valueArb(pool) }));
    await fc.assert(
      fc.asyncProperty(criteria, fc.constantFrom('one', 'and-nothing', 'omit'), async ({ entity, name, value, other }, shape) => {
        const requests =
          shape === 'one'
            ? [{ omit: false, criteria: { [name]: value } }]
            : shape === 'and-nothing'
              ? [{ omit: false, criteria: { [name]: `${value.replace(/^[=<>*"]+/, '')} qzx` } }]
              : [{ omit: false, criteria: { [name]: other } }, { omit: true, criteria: { [name]: value } }];
        const n = await same(entity, { requests });
        if (n) found++;
      }),
      { numRuns: 300, seed: 705 },
    );
    expect(found).toBeGreaterThan(80);
  }, 300_000);

  it('a quick-find word looked up field by field: own text, numbers\' digits, a related record\'s field, an NDC (300 runs)', async () => {
    // Containers and jobs hold a company's name (related) and ids; registrations a company's id and
    // name; companies their own; the dictionary an NDC. Words as typed: parts of stored values, of ids,
    // with a leading wildcard, a phrase, and a word nobody wrote.
    const ids = (await sql<{ id: string }>`SELECT id::text AS id FROM containers UNION SELECT id::text FROM jobs UNION SELECT id::text FROM companies`.execute(t.db)).rows.map((r) => r.id);
    for (const id of ids) keep('Ids', id);
    const pools = ['Job Name', 'Small Name', 'City', 'Pallet', 'Ids'];
    const word = fc
      .tuple(fc.constantFrom(...pools), fc.constantFrom('', '*', '*', '@', '"'), fc.boolean())
      .chain(([pool, mark, nothing]) =>
        valueArb(pool).map((v) => {
          const bare = v.replace(/^[=<>*"#@.]+/, '').replace(/["]+$/, '').split('...')[0]!.trim() || 'x';
          const w = mark === '"' ? `"${bare}"` : `${mark}${bare}`;
          return nothing ? `${w} qzxv` : w;
        }),
      );
    const entities = fc.constantFrom<keyof typeof LAYOUTS>('containers', 'yb-containers', 'jobs', 'registrations', 'companies', 'dictionaries');
    let found = 0;
    await fc.assert(
      fc.asyncProperty(entities, word, fc.option(word, { nil: undefined }), async (entity, first, second) => {
        const n = await same(entity, { quickFind: second ? `${first} ${second}` : first });
        if (n) found++;
      }),
      { numRuns: 300, seed: 706 },
    );
    expect(found).toBeGreaterThan(20);
  }, 300_000);

  it('the planner can read a quick-find word that begins with a wildcard from indexes alone, a related field too', async () => {
    // Each list's table with only the indexes the word needs: the contains index, the digits' (073),
    // the key of the related records; its rows must be read as their bitmaps ORed, not scanned.
    const cases: [keyof typeof LAYOUTS, string, string, string[], string[]][] = [
      ['containers', '*6330', 'containers', ['containers_contains_trgm_idx', 'containers_id_digits_trgm_idx', 'containers_job_id_digits_trgm_idx'], ['containers_job_id_kind_idx']],
      ['jobs', '*qzxwv', 'jobs', ['jobs_contains_trgm_idx', 'jobs_id_digits_trgm_idx'], ['jobs_registration_id_idx']],
      ['registrations', '*qzxwv', 'registrations', ['registrations_contains_trgm_idx', 'registrations_company_id_digits_trgm_idx'], ['registrations_company_id_idx']],
      ['companies', '*1234', 'companies', ['companies_contains_trgm_idx', 'companies_id_digits_trgm_idx'], []],
    ];
    for (const [entity, word, table, read, keys] of cases) {
      const layout = LAYOUTS[entity];
      const find = prepareFind(layout, { quickFind: word });
      const plan = await planWithOnly(layout, find, [table], [...read, ...keys], ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan']);
      expect(plan, `${entity} ${word}`).not.toMatch(new RegExp(`Seq Scan on ${table}\\b`));
      // A handful of test rows: with a key's btree the planner may read them all by it instead (a
      // million line items' worth reads the bitmaps: docs/performance.md); without, the bitmaps it must.
      if (!keys.length) for (const index of read) expect(plan, `${entity} ${word}`).toContain(index);
      // The related records' keys read first, as a bitmap's keys (every field has its index).
      else expect(compiledText(find), `${entity} ${word}`).toContain('= ANY (ARRAY(');
    }
    // The dictionary: its text fields from the contains index, its NDC from the NDC's btrees; a word
    // with a wildcard inside has no index on the NDC, and every row is tested.
    const dictionary = (word: string) =>
      planWithOnly(LAYOUTS.dictionaries, prepareFind(LAYOUTS.dictionaries, { quickFind: word }), [], 'ndc_dictionary_contains_trgm_idx', ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan']);
    expect(await dictionary('qzx921j')).toContain('ndc_dictionary_contains_trgm_idx');
    expect(await dictionary('qzx921j')).not.toMatch(/Seq Scan on ndc_dictionary\b/);
    expect(await dictionary('12@45')).toMatch(/Seq Scan on ndc_dictionary\b/);
  });

  it('the planner can read each small list\'s contains index for a word in a text field', async () => {
    const cases: [keyof typeof LAYOUTS, string, string, string][] = [
      ['containers', 'Container Type', 'containers', 'containers_contains_trgm_idx'],
      ['yb-containers', 'Modified By', 'containers', 'containers_contains_trgm_idx'],
      ['jobs', 'Transporter', 'jobs', 'jobs_contains_trgm_idx'],
      ['registrations', 'City', 'registrations', 'registrations_contains_trgm_idx'],
      ['companies', 'City', 'companies', 'companies_contains_trgm_idx'],
      ['dictionaries', 'Trade Name Final LU', 'ndc_dictionary', 'ndc_dictionary_contains_trgm_idx'],
    ];
    for (const [entity, name, table, index] of cases) {
      const layout = LAYOUTS[entity];
      const find = prepareFind(layout, { requests: [{ omit: false, criteria: { [name]: 'qzxwv' } }] });
      // The table's other indexes are dropped (its tables are small here, and the planner would read the
      // kind's btree and test every row); a trigram index is read as a bitmap: the plain walks of a
      // btree are off too.
      const plan = await planWithOnly(layout, find, [table], index, ['enable_seqscan', 'enable_indexscan', 'enable_indexonlyscan']);
      expect(plan, `${entity} ${name}`).toContain(index);
      // The count reads the index; a page still walks the id order (not `indexed`).
      expect(find.indexed, `${entity} ${name}`).toBeUndefined();
    }
  });
});
