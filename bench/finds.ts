import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { EntityName } from '@3ds/domain';
import { Kysely, PostgresDialect, sql, type RawBuilder, type SqlBool } from 'kysely';
import pg from 'pg';
import { LAYOUTS } from '../apps/server/src/records/layouts/index.ts';
import { fromWith, type Layout, type LayoutField } from '../apps/server/src/records/layout.ts';
import { prepareFind, type FindParts } from '../apps/server/src/records/records.repository.ts';
import type { Database } from '../apps/server/src/db/schema.ts';
import { API, listPath, PAGE_SIZE } from './cases.ts';
import { fmt, percentile, printTable, random, ROOT, round1, startServer } from './support.ts';

const USAGE = `The find-grammar bench: every list, every operator of docs/finds.md on every family of field, each find
asked for the first time, one at a time (issue: every find a person can write is fast).

  DATABASE_URL=postgres://… npm run bench -- --finds [--per-row 12] [--check 3] [--lists line-items,jobs] [--out bench/results.json]

  --per-row N   finds per row (default 12): each a field of the row's family and a value drawn from the data at random
  --check N     finds of each row whose found count is asked again of PostgreSQL as count(*) of the find tested row
                by row, with index scans off (default 3; 0 for none)
  --lists a,b   only these lists (default all eight)
  --seed N      the random seed (default 1): the same seed asks the same finds of the same data
  --out FILE    where to write the results, under "finds" (default bench/results.json; other keys are kept)

On the data of npm run seed:scale (user admin, password demo), one server as npm start runs it, started fresh.
A row is a list × an operator × a family of fields (own text, NDC, number, date, yes/no, a related record's
field), the quick find, a find then an omit, two criteria, and sorts with pages 1–100. Each find is the list's
first page (50 records) with its found count, as the list screen asks it.
Targets (1,000,000 line items, 2 cores): every row p95 ≤ 150 ms, every find ≤ 1 s, a find that matches nothing ≤ 20 ms.`;

const TARGETS = { rowP95: 150, anyMax: 1000, nothingP95: 20 } as const;

const ALL_LISTS: readonly EntityName[] = ['line-items', 'yb-line-items', 'containers', 'yb-containers', 'jobs', 'companies', 'registrations', 'dictionaries'];

type Family = 'text' | 'ndc' | 'number' | 'date' | 'yesno' | 'related text' | 'related date';

/** A find as the list screen asks it. */
export interface Ask {
  quickFind?: string;
  requests?: { omit?: boolean; criteria: Record<string, string> }[];
  sort?: { fieldName: string; sortOrder: 'ascend' | 'descend' }[];
  offset: number;
}

interface Row {
  list: EntityName;
  family: string;
  operator: string;
  /** Whether the row's finds are made to match nothing. */
  nothing: boolean;
  make: (draw: Draw) => Promise<Ask | undefined>;
}

interface RowResult {
  list: EntityName;
  family: string;
  operator: string;
  finds: number;
  p50_ms: number | null;
  p95_ms: number | null;
  max_ms: number | null;
  /** The slowest find, as asked. */
  slowest?: string;
  errors: number;
  checked: number;
  mismatches: string[];
  met: boolean;
}

// ---------------------------------------------------------------------------------------------- random values from the data

/** Draws fields and values of one list from its data. */
class Draw {
  readonly #pick: () => number;
  readonly #db: Kysely<Database>;
  readonly layout: Layout;
  #range: { min: number; max: number } | undefined;

  constructor(db: Kysely<Database>, layout: Layout, next: () => number) {
    this.#db = db;
    this.layout = layout;
    this.#pick = next;
  }

  next(): number {
    return this.#pick();
  }

  int(from: number, to: number): number {
    return from + Math.floor(this.#pick() * (to - from + 1));
  }

  one<T>(items: readonly T[]): T | undefined {
    return items.length ? items[Math.floor(this.#pick() * items.length)] : undefined;
  }

  /** A value of `field` on a record drawn at random (one with a value), or undefined. */
  async value(field: LayoutField): Promise<unknown> {
    const layout = this.layout;
    if (!this.#range) {
      const r = await sql<{ min: number; max: number }>`SELECT min(${sql.raw(layout.idSql)})::int AS min, max(${sql.raw(layout.idSql)})::int AS max FROM ${sql.raw(layout.from)} ${layout.baseWhere ? sql`WHERE ${sql.raw(layout.baseWhere)}` : sql``}`.execute(this.#db);
      this.#range = r.rows[0]!;
    }
    for (let attempt = 0; attempt < 6; attempt++) {
      const from = this.int(this.#range.min, this.#range.max);
      const conditions: RawBuilder<SqlBool>[] = [sql<SqlBool>`${sql.raw(layout.idSql)} >= ${from}`, sql<SqlBool>`(${sql.raw(field.sql)}) IS NOT NULL`];
      if (layout.baseWhere) conditions.push(sql<SqlBool>`${sql.raw(layout.baseWhere)}`);
      if (field.type === 'text') conditions.push(sql<SqlBool>`(${sql.raw(field.sql)}) <> ''`);
      const r = await sql<{ v: unknown }>`SELECT ${sql.raw(field.sql)} AS v FROM ${fromWith(layout, [field])}
        WHERE ${sql.join(conditions, sql` AND `)} ORDER BY ${sql.raw(layout.idSql)} LIMIT 1`.execute(this.#db);
      if (r.rows.length) return r.rows[0]!.v;
    }
    return undefined;
  }

  /** A text value drawn at random from one of `fields` (a field picked at random each attempt). */
  async text(fields: readonly LayoutField[]): Promise<{ field: LayoutField; value: string } | undefined> {
    for (let attempt = 0; attempt < 8; attempt++) {
      const field = this.one(fields);
      if (!field) return undefined;
      const value = await this.value(field);
      if (typeof value === 'string' && value.trim()) return { field, value };
      if (typeof value === 'number') return { field, value: String(value) };
    }
    return undefined;
  }
}

/** The words of a text: runs of letters and digits (where "begins a word" can begin). */
const wordsOf = (text: string) => text.match(/[\p{L}\p{N}]+/gu) ?? [];
/** Characters the value grammar reads as operators are escaped. */
const escape = (text: string) => text.replace(/[\\*@#"=<>!~/….]/g, (c) => `\\${c}`);

const usDate = (d: Date) => `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
function asDate(value: unknown): Date | undefined {
  if (value instanceof Date) return value;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return undefined;
}
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

// ---------------------------------------------------------------------------------------------- the rows

function families(layout: Layout): Record<Family, LayoutField[]> {
  const findable = layout.listFields.filter((f) => !f.fileLink && !f.sql.includes('SELECT'));
  const own = findable.filter((f) => !f.joins?.length);
  const related = findable.filter((f) => f.joins?.length);
  return {
    text: own.filter((f) => f.type === 'text' && !f.ndcFormat),
    ndc: own.filter((f) => f.ndcFormat),
    number: own.filter((f) => f.type === 'number'),
    date: own.filter((f) => f.type === 'date' || f.type === 'timestamp'),
    yesno: own.filter((f) => f.type === 'yesno'),
    'related text': related.filter((f) => f.type === 'text'),
    'related date': related.filter((f) => f.type === 'date' || f.type === 'timestamp'),
  };
}

const one = (name: string, value: string): Ask => ({ requests: [{ criteria: { [name]: value } }], offset: 1 });

/** The operators on text (own, NDC or related): each makes a value from a value of the data. */
const TEXT_OPERATORS: { operator: string; nothing?: boolean; make: (d: Draw, v: string) => string | undefined }[] = [
  { operator: 'begins (ab)', make: (d, v) => d.one(wordsOf(v))?.slice(0, d.int(2, 4)) },
  {
    operator: 'two words',
    make: (d, v) => {
      const words = wordsOf(v);
      if (words.length < 2) return undefined;
      const a = d.int(0, words.length - 2);
      return `${words[a]!.slice(0, d.int(2, 5))} ${words[a + 1]!.slice(0, d.int(1, 4))}`;
    },
  },
  { operator: '==whole', make: (_, v) => `==${escape(v)}` },
  { operator: '=word', make: (d, v) => (wordsOf(v).length ? `=${d.one(wordsOf(v))}` : undefined) },
  { operator: '= (empty)', make: () => '=' },
  { operator: '* (not empty)', make: () => '*' },
  {
    operator: '*contains (leading *)',
    make: (d, v) => {
      const text = v.replace(/[^\p{L}\p{N}]/gu, '');
      if (text.length < 3) return undefined;
      const len = d.int(3, Math.min(5, text.length));
      const at = d.int(0, text.length - len);
      return `*${text.slice(at, at + len)}`;
    },
  },
  {
    operator: 'wildcards (a@c, #)',
    make: (d, v) => {
      const word = d.one(wordsOf(v).filter((w) => w.length >= 3));
      if (!word) return undefined;
      const len = d.int(3, Math.min(6, word.length));
      const at = d.int(1, len - 1);
      const c = word[at]!;
      return `${word.slice(0, at)}${/\d/.test(c) ? '#' : '@'}${word.slice(at + 1, len)}`;
    },
  },
  {
    operator: '"phrase"',
    make: (d, v) => {
      const starts = [...v.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => m.index);
      const at = d.one(starts);
      if (at === undefined) return undefined;
      const phrase = v.slice(at, at + d.int(4, 10)).replace(/"/g, '');
      return phrase.trim().length >= 2 ? `"${phrase}"` : undefined;
    },
  },
  { operator: '<, >= (comparison)', make: (d, v) => `${d.next() < 0.5 ? '<' : '>='}${escape(v.slice(0, d.int(2, 6)))}` },
  {
    operator: 'a...b (range)',
    make: (d, v) => {
      const a = v.slice(0, d.int(1, 3)).toLowerCase();
      const next = String.fromCodePoint(Math.min(0x7a, (a.codePointAt(a.length - 1) ?? 0x61) + d.int(0, 2)));
      return `${escape(a)}...${escape(a.slice(0, -1) + next)}`;
    },
  },
  { operator: 'nothing matches', nothing: true, make: (d) => `qzx${d.int(100, 999)}j` },
];

function rowsFor(list: EntityName): Row[] {
  const layout = LAYOUTS[list];
  const fam = families(layout);
  const rows: Row[] = [];
  const add = (family: string, operator: string, make: Row['make'], nothing = false) => rows.push({ list, family, operator, make, nothing });

  for (const family of ['text', 'ndc', 'related text'] as const) {
    const fields = fam[family];
    if (!fields.length) continue;
    for (const op of TEXT_OPERATORS) {
      add(
        family,
        op.operator,
        async (d) => {
          const drawn = await d.text(fields);
          if (!drawn) return undefined;
          const value = op.make(d, drawn.value);
          return value === undefined ? undefined : one(drawn.field.name, value);
        },
        op.nothing,
      );
    }
  }

  if (fam.number.length) {
    const num = async (d: Draw) => {
      const field = d.one(fam.number)!;
      const v = await d.value(field);
      return v === undefined || v === null ? undefined : { field, v: Number(v) };
    };
    add('number', '=n', async (d) => ((x) => x && one(x.field.name, String(x.v)))(await num(d)));
    add('number', '<n, >=n', async (d) => ((x) => x && one(x.field.name, `${d.next() < 0.5 ? '<' : '>='}${x.v}`))(await num(d)));
    add('number', 'a...b', async (d) => ((x) => x && one(x.field.name, `${x.v}...${x.v + d.int(0, 10)}`))(await num(d)));
    add('number', '= (empty)', async (d) => one(d.one(fam.number)!.name, '='));
    add('number', '* (not empty)', async (d) => one(d.one(fam.number)!.name, '*'));
    add('number', 'nothing matches', async (d) => one(d.one(fam.number)!.name, `-${d.int(900_000_000, 999_999_999)}`), true);
  }

  for (const family of ['date', 'related date'] as const) {
    const fields = fam[family];
    if (!fields.length) continue;
    const day = async (d: Draw) => {
      const field = d.one(fields)!;
      const v = asDate(await d.value(field));
      return v && { field, v };
    };
    add(family, 'a day', async (d) => ((x) => x && one(x.field.name, usDate(x.v)))(await day(d)));
    add(family, 'a month (5/2025)', async (d) => ((x) => x && one(x.field.name, `${x.v.getUTCMonth() + 1}/${x.v.getUTCFullYear()}`))(await day(d)));
    add(family, 'a...b (range)', async (d) => ((x) => x && one(x.field.name, `${usDate(x.v)}...${usDate(addDays(x.v, d.int(7, 90)))}`))(await day(d)));
    add(family, '<, > (comparison)', async (d) => ((x) => x && one(x.field.name, `${d.next() < 0.5 ? '<' : '>'}${usDate(x.v)}`))(await day(d)));
    add(family, '// (today)', async (d) => one(d.one(fields)!.name, '//'));
    add(family, '= (empty)', async (d) => one(d.one(fields)!.name, '='));
    add(family, 'nothing matches', async (d) => one(d.one(fields)!.name, `${d.int(1, 12)}/${d.int(1, 28)}/1901`), true);
  }

  if (fam.yesno.length) add('yes/no', 'yes, no', async (d) => one(d.one(fam.yesno)!.name, d.next() < 0.5 ? 'yes' : 'no'));

  // Two criteria, a find then an omit, a related field with an own one.
  const texts = [...fam.text, ...fam.ndc];
  if (texts.length >= 2) {
    add('two fields', 'begins AND ==value', async (d) => {
      const a = await d.text(texts);
      const b = await d.text(texts.filter((f) => f !== a?.field));
      if (!a || !b) return undefined;
      return { requests: [{ criteria: { [a.field.name]: d.one(wordsOf(a.value))?.slice(0, 2) ?? '', [b.field.name]: `==${escape(b.value)}` } }], offset: 1 };
    });
    add('find, omit', 'begins, omit ==value', async (d) => {
      const a = await d.text(texts);
      const b = await d.text(texts.filter((f) => f !== a?.field));
      if (!a || !b) return undefined;
      return { requests: [{ criteria: { [a.field.name]: d.one(wordsOf(a.value))?.slice(0, 3) ?? '' } }, { omit: true, criteria: { [b.field.name]: `==${escape(b.value)}` } }], offset: 1 };
    });
  }
  if (fam['related date'].length && texts.length) {
    add('related + own', 'related date empty AND ==value', async (d) => {
      const b = await d.text(texts);
      if (!b) return undefined;
      return { requests: [{ criteria: { [d.one(fam['related date'])!.name]: '=', [b.field.name]: `==${escape(b.value)}` } }], offset: 1 };
    });
  }

  // The quick find.
  const quick = layout.quickFind.map((name) => layout.fields.find((f) => f.name === name)!).filter(Boolean);
  const quickWord = async (d: Draw, len: [number, number]) => {
    const drawn = await d.text(quick);
    const word = drawn && d.one(wordsOf(drawn.value));
    return word?.slice(0, d.int(...len));
  };
  add('quick find', 'one word', async (d) => ((w) => (w ? { quickFind: w, offset: 1 } : undefined))(await quickWord(d, [2, 5])));
  add('quick find', 'two words', async (d) => {
    const drawn = await d.text(quick);
    const words = drawn ? wordsOf(drawn.value) : [];
    if (words.length < 2) return undefined;
    const a = d.int(0, words.length - 2);
    return { quickFind: `${words[a]!.slice(0, d.int(2, 4))} ${words[a + 1]!.slice(0, d.int(1, 3))}`, offset: 1 };
  });
  add('quick find', '*contains (leading *)', async (d) => {
    const drawn = await d.text(quick);
    const text = drawn?.value.replace(/[^\p{L}\p{N}]/gu, '') ?? '';
    if (text.length < 3) return undefined;
    const len = d.int(3, Math.min(5, text.length));
    const at = d.int(0, text.length - len);
    return { quickFind: `*${text.slice(at, at + len)}`, offset: 1 };
  });
  add('quick find', 'nothing matches', async (d) => ({ quickFind: `qzx${d.int(100, 999)}j`, offset: 1 }), true);

  // Sorts on the columns the list offers, pages 1–100.
  const sortable = layout.listFields.filter((f) => !f.fileLink);
  for (const [family, types] of [
    ['sort', ['text']],
    ['sort', ['number', 'date', 'timestamp']],
  ] as const) {
    const fields = sortable.filter((f) => (types as readonly string[]).includes(f.type));
    if (!fields.length) continue;
    add(family, `by ${types[0] === 'text' ? 'text' : 'number or date'}, page 1–100`, async (d) => ({
      sort: [{ fieldName: d.one(fields)!.name, sortOrder: d.next() < 0.5 ? 'ascend' : 'descend' }],
      offset: (d.int(1, 100) - 1) * PAGE_SIZE + 1,
    }));
  }
  return rows;
}

/** A find of the grammar, drawn from the data: the team of `--working-day` asks these. */
export interface DrawnFind {
  list: EntityName;
  family: string;
  operator: string;
  ask: Ask;
}

/**
 * `count` distinct finds of the grammar on `lists`, each of a row drawn at random (every row of those lists
 * as often as the others) with its field and value drawn from the data, as `--finds` draws them.
 */
export async function drawFinds(db: Kysely<Database>, lists: readonly EntityName[], count: number, seed: number): Promise<DrawnFind[]> {
  const next = random(seed);
  const rows = lists.flatMap((list) => rowsFor(list).map((row) => ({ row, draw: new Draw(db, LAYOUTS[list], next) })));
  const seen = new Set<string>();
  const finds: DrawnFind[] = [];
  for (let attempt = 0; finds.length < count && attempt < count * 4; attempt++) {
    const { row, draw } = rows[Math.floor(next() * rows.length)]!;
    const ask = await row.make(draw);
    if (!ask) continue;
    const path = askPath(row.list, ask);
    if (seen.has(path)) continue;
    seen.add(path);
    finds.push({ list: row.list, family: row.family, operator: row.operator, ask });
  }
  return finds;
}

// ---------------------------------------------------------------------------------------------- asking and checking

/** The path the list screen asks for a find (cases.ts `listPath`). */
const askPath = (list: EntityName, ask: Ask): string => listPath({ entity: list, ...ask });

interface Asked {
  path: string;
  ask: Ask;
  ms: number;
  status: number;
  found?: number;
  message?: string;
}

async function askOnce(base: string, token: string, list: EntityName, ask: Ask): Promise<Asked> {
  const path = askPath(list, ask);
  const t0 = performance.now();
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) return { path, ask, ms, status: res.status, message: body.slice(0, 200) };
  const info = (JSON.parse(body) as { dataInfo: { foundCount: number } }).dataInfo;
  return { path, ask, ms, status: 200, found: info.foundCount };
}

/** count(*) of the find tested row by row (the grammar as written, `PreparedFind.plain`), index scans off. */
async function plainCount(db: Kysely<Database>, list: EntityName, ask: Ask, scope: RawBuilder<SqlBool> | undefined): Promise<number> {
  const layout = LAYOUTS[list];
  const parts: FindParts = { ...(ask.quickFind ? { quickFind: ask.quickFind } : {}), ...(ask.requests ? { requests: ask.requests.map((r) => ({ omit: r.omit ?? false, criteria: r.criteria })) } : {}) };
  const find = prepareFind(layout, parts, scope);
  return db.connection().execute(async (c) => {
    await sql`SET enable_indexscan = off`.execute(c);
    await sql`SET enable_bitmapscan = off`.execute(c);
    await sql`SET enable_indexonlyscan = off`.execute(c);
    try {
      const r = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${fromWith(layout, find.fields)} WHERE ${find.plain}`.execute(c);
      return r.rows[0]!.n;
    } finally {
      await sql`RESET enable_indexscan; RESET enable_bitmapscan; RESET enable_indexonlyscan`.execute(c);
    }
  });
}

// ---------------------------------------------------------------------------------------------- the run

export async function findsBench(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv.filter((a) => a !== '--finds'),
    options: {
      'per-row': { type: 'string', default: '12' },
      check: { type: 'string', default: '3' },
      lists: { type: 'string' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string', default: 'bench/results.json' },
      help: { type: 'boolean', default: false },
    },
    allowPositionals: false,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith('postgres')) throw new Error('Set DATABASE_URL to the PostgreSQL database of npm run seed:scale.');
  const perRow = Number(values['per-row']);
  const checks = Number(values.check);
  const lists = values.lists ? (values.lists.split(',') as EntityName[]) : ALL_LISTS;
  for (const list of lists) if (!LAYOUTS[list]) throw new Error(`Unknown list "${list}" (one of ${ALL_LISTS.join(', ')}).`);
  const out = resolve(ROOT, values.out);

  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const lineItems = Number((await pool.query<{ n: string }>('SELECT count(*) AS n FROM line_items')).rows[0]!.n);
  const org = (await pool.query<{ o: string | null }>(`SELECT parent_organization AS o FROM users WHERE username = 'admin'`)).rows[0]?.o ?? null;
  const dictionaryScope = org ? sql<SqlBool>`(d.labeler_organization IS NULL OR d.labeler_organization = ${org})` : sql<SqlBool>`d.labeler_organization IS NULL`;

  console.log(`The find-grammar bench at ${lineItems.toLocaleString('en-US')} line items: ${lists.length} lists, ${perRow} finds a row, each asked for the first time …`);
  // First time asked, the count too: the counts an earlier run kept in the database (count_cache, the
  // same finds under the same seed) are forgotten, as a migration forgets them (db/migrate.ts `forgetCounts`).
  await pool.query(`UPDATE record_changes_floor SET snapshot = pg_current_snapshot(); DELETE FROM count_cache;`);
  const server = await startServer(url);
  const results: RowResult[] = [];
  try {
    const login = await fetch(`${server.base}${API}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'demo' }) });
    if (!login.ok) throw new Error(`login as admin/demo failed (${login.status}): was the database seeded with npm run seed:scale?`);
    const { token } = (await login.json()) as { token: string };
    // The server's first statements (its pool's connections, the plans of its catalogue) are not a find's.
    for (const list of lists) await askOnce(server.base, token, list, { offset: 1 });

    const seen = new Set<string>();
    const next = random(Number(values.seed));
    for (const list of lists) {
      const draw = new Draw(db, LAYOUTS[list], next);
      for (const row of rowsFor(list)) {
        const asked: Asked[] = [];
        for (let attempt = 0; asked.length < perRow && attempt < perRow * 4; attempt++) {
          const ask = await row.make(draw);
          if (!ask) continue;
          const path = askPath(list, ask);
          // First time asked: a find the server has answered before is not asked again.
          if (seen.has(path)) continue;
          seen.add(path);
          asked.push(await askOnce(server.base, token, list, ask));
        }
        const ms = asked.filter((a) => a.status === 200).map((a) => a.ms).sort((a, b) => a - b);
        const errors = asked.filter((a) => a.status !== 200);
        const slowest = [...asked].sort((a, b) => b.ms - a.ms)[0];
        const mismatches: string[] = [];
        let checked = 0;
        for (const a of asked.filter((x) => x.status === 200).slice(0, checks)) {
          const expected = await plainCount(db, list, a.ask, list === 'dictionaries' ? dictionaryScope : undefined);
          checked += 1;
          if (expected !== a.found) mismatches.push(`${decodeURIComponent(a.path)}: API ${a.found}, count(*) ${expected}`);
        }
        const p95 = percentile(ms, 95);
        const max = ms.length ? ms[ms.length - 1]! : null;
        const limit = row.nothing ? TARGETS.nothingP95 : TARGETS.rowP95;
        const result: RowResult = {
          list,
          family: row.family,
          operator: row.operator,
          finds: asked.length,
          p50_ms: ms.length ? round1(percentile(ms, 50)!) : null,
          p95_ms: p95 === null ? null : round1(p95),
          max_ms: max === null ? null : round1(max),
          ...(slowest ? { slowest: `${decodeURIComponent(slowest.path.replace(/^.*\?/, ''))} (${round1(slowest.ms)} ms)` } : {}),
          errors: errors.length,
          checked,
          mismatches,
          met: errors.length === 0 && mismatches.length === 0 && (p95 === null || p95 <= limit) && (max === null || max <= TARGETS.anyMax),
        };
        results.push(result);
        for (const e of errors) console.log(`  ${e.status} ${decodeURIComponent(e.path)}: ${e.message}`);
        console.log(
          `  ${list.padEnd(14)} ${row.family.padEnd(14)} ${row.operator.padEnd(30)} n=${String(asked.length).padStart(2)}  p50 ${fmt(result.p50_ms).padStart(7)}  p95 ${fmt(result.p95_ms).padStart(7)}  max ${fmt(result.max_ms).padStart(7)} ms${result.met ? '' : '  ✗'}${mismatches.length ? `  ${mismatches.length} counts differ` : ''}`,
        );
      }
    }
  } finally {
    await server.stop();
    await db.destroy();
  }

  const all = results.flatMap((r) => (r.p95_ms === null ? [] : [r]));
  console.log('');
  printTable(
    ['list', 'family', 'operator', 'finds', 'p50 ms', 'p95 ms', 'max ms', 'errors', 'counts', ''],
    results.map((r) => [r.list, r.family, r.operator, String(r.finds), fmt(r.p50_ms), fmt(r.p95_ms), fmt(r.max_ms), String(r.errors), `${r.checked - r.mismatches.length}/${r.checked}`, r.met ? 'met' : 'MISSED']),
    new Set([0, 1, 2]),
  );
  const missed = results.filter((r) => !r.met);
  const summary = {
    line_items: lineItems,
    per_row: perRow,
    rows: results.length,
    finds: results.reduce((n, r) => n + r.finds, 0),
    worst_p95_ms: all.length ? Math.max(...all.map((r) => r.p95_ms!)) : null,
    worst_max_ms: all.length ? Math.max(...all.map((r) => r.max_ms!)) : null,
    nothing_worst_p95_ms: Math.max(0, ...results.filter((r) => r.operator === 'nothing matches' && r.p95_ms !== null).map((r) => r.p95_ms!)),
    counts_checked: results.reduce((n, r) => n + r.checked, 0),
    counts_differ: results.reduce((n, r) => n + r.mismatches.length, 0),
    targets: { row_p95_ms: TARGETS.rowP95, any_find_ms: TARGETS.anyMax, nothing_p95_ms: TARGETS.nothingP95, met: missed.length === 0, missed: missed.map((r) => `${r.list} · ${r.family} · ${r.operator}`) },
    measured_at: new Date().toISOString(),
    table: results,
  };
  console.log(
    `\n${summary.finds} finds in ${summary.rows} rows: worst row p95 ${fmt(summary.worst_p95_ms)} ms, slowest find ${fmt(summary.worst_max_ms)} ms, nothing-matches p95 ≤ ${fmt(summary.nothing_worst_p95_ms)} ms; counts ${summary.counts_checked - summary.counts_differ}/${summary.counts_checked} exact; targets ${missed.length ? `missed in ${missed.length} rows` : 'met'}.`,
  );
  const earlier = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>) : {};
  // Each size's row p95s are kept beside the others (how cost grows: bench/README.md).
  const bySize = { ...((earlier.finds_by_size as Record<string, unknown> | undefined) ?? {}) };
  bySize[String(lineItems)] = {
    worst_p95_ms: summary.worst_p95_ms,
    worst_max_ms: summary.worst_max_ms,
    nothing_worst_p95_ms: summary.nothing_worst_p95_ms,
    rows: Object.fromEntries(results.map((r) => [`${r.list} · ${r.family} · ${r.operator}`, r.p95_ms])),
  };
  writeFileSync(out, `${JSON.stringify({ ...earlier, finds: summary, finds_by_size: bySize }, null, 2)}\n`);
  console.log(`Results: ${relative(ROOT, out)} ("finds"; "finds_by_size" keeps each size's row p95s).`);
  if (summary.counts_differ) process.exitCode = 1;
}
