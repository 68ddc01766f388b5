import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { LAYOUTS } from '../apps/server/src/records/layouts/index.ts';
import { fromWith } from '../apps/server/src/records/layout.ts';
import { prepareFind, type FindParts } from '../apps/server/src/records/records.repository.ts';
import type { Database } from '../apps/server/src/db/schema.ts';
import { API } from './cases.ts';
import { drawFinds } from './finds.ts';
import { fmt, percentile, printTable, processCpuMs, random, ROOT, round1, sleep, startServer } from './support.ts';

const USAGE = `A working day at scale: people reading varied screens while intake saves line items (issue: fast while people work).

  DATABASE_URL=postgres://… npm run bench -- --working-day [--seconds 20] [--readers 8] [--saves 4] [--out bench/results.json]

  --seconds N   measured seconds per scenario (default 20), after a warm-up of 3 s
  --readers N   concurrent readers (default 8)
  --saves N     line items saved per second through the API while writing (default 4)
  --out FILE    where to write the results, under "working_day" (default bench/results.json; other keys are kept)
  --only TEXT   only the scenarios of phases 2–4 whose name holds TEXT (e.g. "varied mix, 4", "team"), for trying a setting;
                no first-time finds, no exactness check, nothing written

Phases, each on the same server (pool of 10, LOG_LEVEL=warn, as npm start runs it):
  1. first-time quick finds: one client asks the line-item list for distinct words, each once (words drawn from the
     data: drug names, lots, NDCs, source and Form 222 numbers, ids; one and two characters too), then words that
     match nothing;
  2. the same 5 list screens, read by every reader, without and then with saves;
  3. the varied mix (quick finds with hundreds of words on pages 1–200, list pages 1–200, finds on lot and on NDC,
     container and job details, container and job quick finds), without and then with saves;
  4. the team: 16 readers open records (30%), pages of whole lists (15%), finds of the grammar each asked once (30%,
     drawn as --finds draws them), sorts with pages 1–100 (10%) and quick finds (15%), while intake saves 8 line
     items a second, an editor edits or deletes 2 a second and a supervisor locks or unlocks a container and moves
     another between two jobs every 5 s;
  5. the exactness check: once the saves have stopped, every find the readers asked (a sample of 60 and the hot screens)
     is asked again and its found and total counts compared with count(*) of the same find tested row by row.
Runs on the data of npm run seed:scale (users admin/demo); the saves add line items to that database.`;

const POOL_SIZE = 10;
const PAGE = 50;

interface Stats {
  requests: number;
  rps: number;
  p50_ms: number | null;
  p95_ms: number | null;
  p99_ms: number | null;
  errors: number;
}

/** Latencies of one group of requests, and its failures. */
class Tally {
  readonly latencies: number[] = [];
  errors = 0;
  readonly samples: string[] = [];
  add(ms: number, ok: boolean) {
    if (ok) this.latencies.push(ms);
    else this.errors += 1;
  }
  stats(seconds: number): Stats {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const at = (p: number) => {
      const v = percentile(sorted, p);
      return v === null ? null : round1(v);
    };
    return { requests: sorted.length, rps: round1(sorted.length / seconds), p50_ms: at(50), p95_ms: at(95), p99_ms: at(99), errors: this.errors };
  }
}

// ---------------------------------------------------------------------------------------------- HTTP

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

interface Answer {
  status: number;
  body: string;
  ms: number;
}

function call(base: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, token: string, body?: unknown): Promise<Answer> {
  const url = new URL(path, base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const t0 = performance.now();
  return new Promise((resolveAnswer, reject) => {
    const req = request(
      url,
      {
        method,
        agent,
        headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolveAnswer({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - t0 }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

// ---------------------------------------------------------------------------------------------- what people ask

/** A list request as the web app sends it, with what the exactness check needs to run it again. */
interface ListAsk {
  group: string;
  entity: 'line-items' | 'containers' | 'jobs' | 'yb-line-items';
  parts: FindParts;
  offset: number;
  sort?: { fieldName: string; sortOrder: 'ascend' | 'descend' }[];
}

function listPath(ask: ListAsk): string {
  const q = new URLSearchParams({ offset: String(ask.offset), limit: String(PAGE) });
  if (ask.parts.quickFind) q.set('quickFindCriteria', ask.parts.quickFind);
  if (ask.parts.requests) q.set('searchCriteria', JSON.stringify(ask.parts.requests));
  if (ask.sort?.length) q.set('sort', JSON.stringify(ask.sort));
  return `${API}/${ask.entity}?${q}`;
}

/** Words people type into the line-item quick find, drawn from the data: `count` distinct ones, in a shuffled order. */
async function drawWords(db: pg.Client, count: number, seed: number): Promise<string[]> {
  const rows = async (text: string) => (await db.query<{ w: string }>(text)).rows.map((r) => r.w);
  const drugWords = await rows(`SELECT DISTINCT lower(w) AS w FROM ndc_dictionary, regexp_split_to_table(trade_name || ' ' || coalesce(ingredient_name, ''), '[^[:alnum:]]+') w WHERE length(w) >= 4`);
  const sample = (table: string, column: string) =>
    rows(`SELECT ${column} AS w FROM ${table} TABLESAMPLE SYSTEM (1) REPEATABLE (${seed}) WHERE ${column} IS NOT NULL LIMIT 400`);
  // One client runs one query at a time.
  const lots = await sample('line_items', 'lot_number');
  const sources = await sample('line_items', 'source_number');
  const forms = await sample('line_items', 'form_222_number');
  const ndcs = await sample('line_items', 'ndc');
  const ids = await sample('line_items', 'id::text');
  const next = random(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const cut = (w: string, min: number, max: number) => w.slice(0, min + Math.floor(next() * (max - min + 1)));
  const makers: (() => string)[] = [
    () => cut(pick(drugWords), 3, 7), // the start of a drug's name: "oxyc", "hydroco"
    () => cut(pick(drugWords), 3, 7),
    () => cut(pick(drugWords), 3, 7),
    () => cut(pick(lots), 2, 5), // a lot number's start: "TC27"
    () => pick(lots), // a whole lot number
    () => cut(pick(ndcs), 5, 10), // an NDC's first digits: "00406-05"
    () => pick(ndcs).slice(6, 10), // a product code: "0512"
    () => cut(pick(sources).split('-').pop()!, 3, 6), // a source number's digits
    () => cut(pick(forms), 4, 9), // a Form 222 number's start
    () => cut(pick(ids), 3, 6), // an id's digits
    () => pick('abcdefghijklmnopqrstuvwxyz0123456789'.split('')), // one character
    () => pick(drugWords).slice(0, 2), // two
  ];
  const words = new Set<string>();
  while (words.size < count) words.add(pick(makers)().toLowerCase());
  return [...words];
}

/** Words no record has: each one asked once, they show what a find that finds nothing costs. */
function noMatchWords(count: number, seed: number): string[] {
  const next = random(seed);
  return Array.from({ length: count }, () => `zq${Array.from({ length: 3 }, () => 'jqvxz'[Math.floor(next() * 5)]).join('')}${Math.floor(next() * 100)}`);
}

interface Data {
  rows: number;
  words: string[];
  firstWords: string[];
  nothing: string[];
  lots: string[];
  ndcPrefixes: string[];
  containers: number[];
  jobs: number[];
  /** Where saves go: an unlocked standard container of an unlocked job, and an NDC one of its items has. */
  targets: { containerId: number; ndc: string }[];
}

async function lookUp(db: pg.Client): Promise<Data> {
  const one = async <T>(text: string) => (await db.query(text)).rows[0] as T;
  const { rows } = await one<{ rows: number }>('SELECT count(*)::int AS rows FROM line_items');
  if (!rows) throw new Error('The database has no line items: run npm run seed:scale first (see bench/README.md).');
  const words = await drawWords(db, 400, 11);
  const firstWords = (await drawWords(db, 520, 29)).filter((w) => !words.includes(w)).slice(0, 120);
  const list = async (text: string) => (await db.query<{ v: string | number }>(text)).rows.map((r) => r.v);
  const lots = (await list(`SELECT left(lot_number, 4) AS v FROM line_items TABLESAMPLE SYSTEM (1) REPEATABLE (7) WHERE lot_number IS NOT NULL LIMIT 200`)) as string[];
  const ndcPrefixes = (await list(`SELECT left(ndc, 8) AS v FROM line_items TABLESAMPLE SYSTEM (1) REPEATABLE (8) LIMIT 200`)) as string[];
  const containers = (await list(`SELECT id AS v FROM containers TABLESAMPLE SYSTEM (5) REPEATABLE (9) WHERE kind = 'standard' LIMIT 2000`)).map(Number);
  const jobs = (await list(`SELECT id AS v FROM jobs TABLESAMPLE SYSTEM (10) REPEATABLE (10) LIMIT 1000`)).map(Number);
  const targets = await saveTargets(db);
  return { rows, words, firstWords, nothing: noMatchWords(20, 5), lots, ndcPrefixes, containers, jobs, targets };
}

/**
 * Where line items can be saved through the API: an unlocked standard container of an unlocked job
 * not destroyed (a destroyed job is final) with a registration current for a month, and an NDC (with
 * its pack size) already in it.
 */
export async function saveTargets(db: pg.Client): Promise<{ containerId: number; ndc: string }[]> {
  const { rows } = await db.query<{ container_id: number; ndc: string }>(
    `SELECT DISTINCT ON (ct.id) ct.id AS container_id, li.ndc
     FROM containers ct JOIN jobs j ON j.id = ct.job_id JOIN registrations r ON r.id = j.registration_id
     JOIN line_items li ON li.container_id = ct.id
     WHERE ct.kind = 'standard' AND NOT ct.locked AND NOT j.locked AND j.date_destroyed IS NULL AND r.expiration_date > current_date + 30
       AND li.ndc !~ '\\*' AND li.pack_size IS NOT NULL
     ORDER BY ct.id, li.id LIMIT 400`,
  );
  return rows.map((r) => ({ containerId: Number(r.container_id), ndc: r.ndc }));
}

/** The varied mix: what a team asks in a day, with the shares of a working floor. */
function variedAsk(data: Data, next: () => number): { group: string; path: string; ask?: ListAsk } {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const page = () => (next() < 0.6 ? 1 : 1 + PAGE * Math.floor(next() * 200));
  const r = next();
  const ask = (group: string, entity: ListAsk['entity'], parts: FindParts, offset = page()) => {
    const a: ListAsk = { group, entity, parts, offset };
    return { group, path: listPath(a), ask: a };
  };
  if (r < 0.35) return ask('line-item quick find', 'line-items', { quickFind: pick(data.words) });
  if (r < 0.5) return ask('line-item list page', 'line-items', {}, 1 + PAGE * Math.floor(next() * 200));
  if (r < 0.6) return ask('find by lot', 'line-items', { requests: [{ omit: false, criteria: { 'Lot Number': pick(data.lots) } }] });
  if (r < 0.7) return ask('find by NDC', 'line-items', { requests: [{ omit: false, criteria: { 'NDC Number': pick(data.ndcPrefixes) } }] });
  if (r < 0.8) return { group: 'container detail', path: `${API}/container/${pick(data.containers)}` };
  if (r < 0.9) return { group: 'job detail', path: `${API}/job/${pick(data.jobs)}` };
  if (r < 0.95) return ask('container quick find', 'containers', { quickFind: pick(data.words).slice(0, 4) }, 1);
  return ask('job quick find', 'jobs', { quickFind: pick(data.words).slice(0, 4) }, 1);
}

// ---------------------------------------------------------------------------------------------- the team

/** The team of issue "any find, any moment": what each of its people does. */
const TEAM = { readers: 16, saves: 8, editsOrDeletesPerSecond: 2, supervisorEverySeconds: 5, finds: 2000, pauseMs: [500, 1500] } as const;
const TEAM_LISTS = ['line-items', 'yb-line-items', 'containers', 'jobs'] as const;

interface TeamData {
  /** Finds of the grammar (bench/finds.ts), each asked once, in turn, by whichever reader comes next. */
  finds: ListAsk[];
  /** Sorts on the columns the lists offer, pages 1–100. */
  sorts: ListAsk[];
  /** Line items an editor changes (in the containers the intake saves into). */
  editable: number[];
  /** Containers the supervisor locks and unlocks, and containers moved between two jobs of one registration. */
  lockable: number[];
  movable: { containerId: number; jobs: [number, number] }[];
  /** Each reader's own session: 16 people, not one person's 16 tabs (reads take turns per user). */
  tokens: string[];
}

/** The team's readers: accounts `team01`… (read-only, the admin's organisation), added once, each signed in. */
async function teamSessions(base: string, token: string): Promise<string[]> {
  const me = await call(base, 'GET', `${API}/users`, token);
  if (me.status !== 200) throw new Error(`listing the users as admin failed (${me.status})`);
  const organisation = (JSON.parse(me.body) as { users: { username: string; parentOrganization: string | null }[] }).users.find((u) => u.username === 'admin')?.parentOrganization ?? null;
  const password = 'team-reader-2026';
  const tokens: string[] = [];
  for (let i = 1; i <= TEAM.readers; i++) {
    const username = `team${String(i).padStart(2, '0')}`;
    const added = await call(base, 'POST', `${API}/users`, token, { username, password, displayName: `Team reader ${i}`, privileges: [], parentOrganization: organisation });
    if (added.status !== 201 && added.status !== 409) throw new Error(`adding ${username} failed (${added.status}): ${added.body.slice(0, 200)}`);
    const login = await fetch(`${base}${API}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
    if (!login.ok) throw new Error(`signing in as ${username} failed (${login.status})`);
    tokens.push(((await login.json()) as { token: string }).token);
  }
  return tokens;
}

/** The team's finds and the records its editor and supervisor change, checked against the server once each. */
async function lookUpTeam(db: pg.Client, url: string, base: string, token: string, data: Data): Promise<TeamData> {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  let drawn;
  try {
    drawn = await drawFinds(kysely, TEAM_LISTS, TEAM.finds, 37);
  } finally {
    await kysely.destroy();
  }
  const asks = drawn.map(
    (f): ListAsk => ({
      group: f.ask.sort ? 'sort, pages 1–100' : 'find of the grammar',
      entity: f.list as ListAsk['entity'],
      parts: {
        ...(f.ask.quickFind ? { quickFind: f.ask.quickFind } : {}),
        ...(f.ask.requests ? { requests: f.ask.requests.map((r) => ({ omit: r.omit ?? false, criteria: r.criteria })) } : {}),
      },
      offset: f.ask.offset,
      ...(f.ask.sort ? { sort: f.ask.sort } : {}),
    }),
  );
  const saveContainers = data.targets.map((t) => t.containerId);
  const editable = (
    await db.query<{ id: number }>(`SELECT id FROM line_items WHERE container_id = ANY($1) AND NOT locked ORDER BY id LIMIT 120`, [saveContainers])
  ).rows.map((r) => Number(r.id));
  const accepted: number[] = [];
  for (const id of editable) {
    const answer = await call(base, 'PATCH', `${API}/line-item/${id}`, token, { fieldData: { 'Lot Number': `TEAM${id}` } });
    if (answer.status === 200) accepted.push(id);
    if (accepted.length >= 60) break;
  }
  const { rows: candidates } = await db.query<{ container_id: number; job_id: number; other_job: number | null }>(
    `SELECT ct.id AS container_id, ct.job_id,
            (SELECT j2.id FROM jobs j2 WHERE j2.registration_id = j.registration_id AND j2.id <> j.id AND NOT j2.locked AND j2.date_destroyed IS NULL ORDER BY j2.id LIMIT 1) AS other_job
     FROM containers ct JOIN jobs j ON j.id = ct.job_id JOIN registrations r ON r.id = j.registration_id
     WHERE ct.kind = 'standard' AND NOT ct.locked AND NOT j.locked AND j.date_destroyed IS NULL AND r.expiration_date > current_date + 30
       AND NOT (ct.id = ANY($1))
       AND NOT EXISTS (SELECT 1 FROM line_items li WHERE li.container_id = ct.id AND li.locked)
     ORDER BY ct.id DESC LIMIT 300`,
    [saveContainers],
  );
  const lockable: number[] = [];
  const movable: TeamData['movable'] = [];
  for (const c of candidates) {
    const id = Number(c.container_id);
    if (lockable.length < 6) {
      const locked = await call(base, 'PATCH', `${API}/container/lock/${id}`, token);
      if (locked.status === 200) {
        const unlocked = await call(base, 'PATCH', `${API}/container/unlock/${id}`, token);
        if (unlocked.status === 200) lockable.push(id);
        continue;
      }
    }
    if (movable.length < 6 && c.other_job !== null) {
      const jobs: [number, number] = [Number(c.job_id), Number(c.other_job)];
      const there = await call(base, 'PUT', `${API}/container/move`, token, { containerId: id, jobId: jobs[1] });
      if (there.status !== 200) continue;
      const back = await call(base, 'PUT', `${API}/container/move`, token, { containerId: id, jobId: jobs[0] });
      if (back.status === 200) movable.push({ containerId: id, jobs });
    }
    if (lockable.length >= 6 && movable.length >= 6) break;
  }
  if (!accepted.length || !lockable.length || !movable.length) {
    throw new Error(`The team needs line items to edit (${accepted.length}), containers to lock (${lockable.length}) and to move (${movable.length}): none accepted.`);
  }
  return { finds: asks.filter((a) => !a.sort), sorts: asks.filter((a) => a.sort), editable: accepted, lockable, movable, tokens: await teamSessions(base, token) };
}

/**
 * What one of the team asks next: a record (30%), a page of a whole list (15%, already counted: its count is
 * kept), a find of the grammar never asked before (30%), a sort on a column, pages 1–100 (10%), a quick find
 * (15%, one of the mix's words, page 1 or deep).
 */
function teamAsk(data: Data, team: TeamData, next: () => number, cursor: { find: number; sort: number }): { group: string; path: string; ask?: ListAsk } {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const r = next();
  if (r < 0.15) return { group: 'record open', path: `${API}/container/${pick(data.containers)}` };
  if (r < 0.3) return { group: 'record open', path: `${API}/job/${pick(data.jobs)}` };
  const list = (ask: ListAsk) => ({ group: ask.group, path: listPath(ask), ask });
  if (r < 0.45) {
    const entity = pick(TEAM_LISTS);
    const pages = entity === 'line-items' || entity === 'yb-line-items' ? 200 : 20;
    return list({ group: 'page of a counted list', entity, parts: {}, offset: 1 + PAGE * Math.floor(next() * pages) });
  }
  if (r < 0.75) return list(team.finds[cursor.find++ % team.finds.length]!);
  if (r < 0.85) return list(team.sorts[cursor.sort++ % team.sorts.length]!);
  return list({ group: 'quick find', entity: 'line-items', parts: { quickFind: pick(data.words) }, offset: next() < 0.6 ? 1 : 1 + PAGE * Math.floor(next() * 200) });
}

/** The five list screens a floor keeps open. */
const HOT: ListAsk[] = [
  { group: 'hot', entity: 'line-items', parts: {}, offset: 1 },
  { group: 'hot', entity: 'line-items', parts: { quickFind: 'oxy' }, offset: 1 },
  { group: 'hot', entity: 'yb-line-items', parts: {}, offset: 1 },
  { group: 'hot', entity: 'containers', parts: {}, offset: 1 },
  { group: 'hot', entity: 'jobs', parts: {}, offset: 1 },
];

// ---------------------------------------------------------------------------------------------- running

interface ScenarioResult {
  name: string;
  seconds: number;
  readers: number;
  saves_per_second: number;
  reads: Stats;
  groups: Record<string, Stats>;
  saves: Stats | null;
  /** The team's editor and supervisor (the team scenario only). */
  edits_and_deletes?: Stats;
  locks_and_moves?: Stats;
  server_cpu_us_per_request: number | null;
}

/**
 * Readers ask `next()` in a loop each, while (when `saves` > 0) a writer saves line items at that rate
 * through the API; after `warmup` seconds, `seconds` are measured.
 */
async function scenario(
  name: string,
  base: string,
  token: string,
  pid: number,
  options: {
    readers: number;
    seconds: number;
    warmup: number;
    saves: number;
    data: Data;
    next: (reader: number) => { group: string; path: string; ask?: ListAsk };
    asked: Map<string, ListAsk>;
    /** The team's editor (edits and deletes) and supervisor (locks and moves) work beside the intake. */
    team?: TeamData;
    pause?: () => number;
  },
): Promise<ScenarioResult> {
  const { readers, seconds, warmup, saves, data, team } = options;
  const reads = new Tally();
  const groups = new Map<string, Tally>();
  const saved = new Tally();
  const edited = new Tally();
  const supervised = new Tally();
  /** Line items the intake saved in this scenario: the editor deletes some of them. */
  const savedIds: number[] = [];
  let measuring = false;
  let stop = false;
  const reader = async (i: number) => {
    while (!stop) {
      const { group, path, ask } = options.next(i);
      if (ask && options.asked.size < 100_000) options.asked.set(listPath({ ...ask, offset: 1 }), ask);
      const answer = await call(base, 'GET', path, team?.tokens[i % team.tokens.length] ?? token).catch(() => ({ status: 0, body: '', ms: 0 }));
      if (measuring) {
        const ok = answer.status === 200;
        reads.add(answer.ms, ok);
        if (!groups.has(group)) groups.set(group, new Tally());
        groups.get(group)!.add(answer.ms, ok);
        if (!ok && reads.samples.length < 5) reads.samples.push(`${answer.status} ${path}: ${answer.body.slice(0, 200)}`);
      }
      if (options.pause) await sleep(options.pause());
    }
  };
  const writer = async () => {
    if (!saves) return;
    const next = random(99);
    const interval = 1000 / saves;
    let due = performance.now();
    while (!stop) {
      due += interval;
      const target = data.targets[Math.floor(next() * data.targets.length)]!;
      // Not awaited before the next one is due: a slow save must not lower the rate.
      void call(base, 'POST', `${API}/line-item/new`, token, {
        containerId: target.containerId,
        ndc: target.ndc,
        packQuantity: 1,
        percentFill: 1,
        source: 'Pharmacy',
        cause: 'Expired',
      })
        .then((answer) => {
          if (answer.status === 200 && team) savedIds.push(Number((JSON.parse(answer.body) as { recordId: string }).recordId));
          if (!measuring) return;
          saved.add(answer.ms, answer.status === 200);
          if (answer.status !== 200 && saved.samples.length < 5) saved.samples.push(`${answer.status}: ${answer.body.slice(0, 200)}`);
        })
        .catch(() => {
          if (measuring) saved.add(0, false);
        });
      await sleep(Math.max(0, due - performance.now()));
    }
  };
  /** Line items edited (a new lot number) and deleted in turn, at the team's rate. */
  const editor = async () => {
    if (!team) return;
    const next = random(77);
    const interval = 1000 / TEAM.editsOrDeletesPerSecond;
    let due = performance.now();
    for (let n = 0; !stop; n++) {
      due += interval;
      const deleting = n % 2 === 1 && savedIds.length > 0;
      const id = deleting ? savedIds.shift()! : team.editable[Math.floor(next() * team.editable.length)]!;
      const answer = await (deleting
        ? call(base, 'DELETE', `${API}/line-item/${id}`, token)
        : call(base, 'PATCH', `${API}/line-item/${id}`, token, { fieldData: { 'Lot Number': `TEAM${id}${n % 100}` } })
      ).catch(() => ({ status: 0, body: '', ms: 0 }));
      if (measuring) {
        edited.add(answer.ms, answer.status === 200);
        if (answer.status !== 200 && edited.samples.length < 5) edited.samples.push(`${answer.status} ${deleting ? 'delete' : 'edit'} ${id}: ${answer.body.slice(0, 200)}`);
      }
      await sleep(Math.max(0, due - performance.now()));
    }
  };
  /** Every few seconds a container is locked (and unlocked the next time) and another moved to a second job (and back). */
  const supervisor = async () => {
    if (!team) return;
    const interval = TEAM.supervisorEverySeconds * 1000;
    let due = performance.now();
    for (let n = 0; !stop; n++) {
      due += interval;
      const k = Math.floor(n / 2);
      const container = team.lockable[k % team.lockable.length]!;
      const move = team.movable[k % team.movable.length]!;
      const there = n % 2 === 0;
      const answers = await Promise.all([
        call(base, 'PATCH', `${API}/container/${there ? 'lock' : 'unlock'}/${container}`, token),
        call(base, 'PUT', `${API}/container/move`, token, { containerId: move.containerId, jobId: move.jobs[there ? 1 : 0] }),
      ]).catch(() => [{ status: 0, body: '', ms: 0 }]);
      for (const answer of answers) {
        if (!measuring) continue;
        supervised.add(answer.ms, answer.status === 200);
        if (answer.status !== 200 && supervised.samples.length < 5) supervised.samples.push(`${answer.status}: ${answer.body.slice(0, 200)}`);
      }
      while (!stop && performance.now() < due) await sleep(Math.min(200, due - performance.now()));
      if (stop && there) {
        // As found: the next scenario's supervisor starts with the container unlocked and in its first job.
        await call(base, 'PATCH', `${API}/container/unlock/${container}`, token);
        await call(base, 'PUT', `${API}/container/move`, token, { containerId: move.containerId, jobId: move.jobs[0] });
      }
    }
  };
  const running = [...Array.from({ length: readers }, (_, i) => reader(i)), writer(), editor(), supervisor()];
  await sleep(warmup * 1000);
  measuring = true;
  const cpu0 = processCpuMs(pid);
  const t0 = performance.now();
  await sleep(seconds * 1000);
  measuring = false;
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = processCpuMs(pid) - cpu0;
  stop = true;
  await Promise.all(running);
  await sleep(500); // saves in flight
  const result: ScenarioResult = {
    name,
    seconds: round1(elapsed),
    readers,
    saves_per_second: saves,
    reads: reads.stats(elapsed),
    groups: Object.fromEntries([...groups].sort(([a], [b]) => a.localeCompare(b)).map(([g, t]) => [g, t.stats(elapsed)])),
    saves: saves ? saved.stats(elapsed) : null,
    ...(team ? { edits_and_deletes: edited.stats(elapsed), locks_and_moves: supervised.stats(elapsed) } : {}),
    server_cpu_us_per_request: reads.latencies.length ? Math.round((cpu * 1000) / reads.latencies.length) : null,
  };
  for (const s of [...reads.samples, ...saved.samples, ...edited.samples, ...supervised.samples]) console.log(`    failed: ${s}`);
  return result;
}

/** The hot screens' next ask: the readers cycle through them. */
function hotAsk(i: number) {
  const a = HOT[(i + Math.floor(performance.now())) % HOT.length]!;
  return { group: 'hot screens', path: listPath(a), ask: a };
}

const TEAM_SCENARIO = `a team of ${TEAM.readers}: finds of the grammar, ${TEAM.saves} saves/s, ${TEAM.editsOrDeletesPerSecond} edits or deletes/s, a lock and a move every ${TEAM.supervisorEverySeconds} s`;
const TEAM_PACED = `${TEAM_SCENARIO}; each reader pauses ${TEAM.pauseMs[0] / 1000}–${TEAM.pauseMs[1] / 1000} s between answer and ask`;
const TEAM_UNPAUSED = `${TEAM_SCENARIO}; no pauses (a load test)`;

interface ScenarioPlan {
  name: string;
  next: (reader: number) => { group: string; path: string; ask?: ListAsk };
  saves: number;
  readers?: number;
  team?: TeamData;
  /** A reader's pause between an answer and its next ask, in ms (none when absent). */
  pause?: () => number;
}

/** The scenarios of phases 2–3, in order, named as the results name them; the team's last when its data was looked up. */
function scenarioList(data: Data, readers: number, saves: number, team?: TeamData): ScenarioPlan[] {
  const mixes = Array.from({ length: readers }, (_, i) => random(1000 + i));
  const varied = (i: number) => variedAsk(data, mixes[i]!);
  const plans: ScenarioPlan[] = [
    { name: '5 hot screens, nobody saving', next: hotAsk, saves: 0 },
    { name: `5 hot screens, ${saves} saves/s`, next: hotAsk, saves },
    { name: 'varied mix, nobody saving', next: varied, saves: 0 },
    { name: `varied mix, ${saves} saves/s`, next: varied, saves },
  ];
  if (team) {
    // One cursor through the finds for both: each find of the grammar is asked once.
    const cursor = { find: 0, sort: 0 };
    const pauses = random(3000);
    for (const [name, pause] of [
      [TEAM_PACED, () => TEAM.pauseMs[0] + pauses() * (TEAM.pauseMs[1] - TEAM.pauseMs[0])],
      [TEAM_UNPAUSED, undefined],
    ] as const) {
      const members = Array.from({ length: TEAM.readers }, (_, i) => random(2000 + i));
      plans.push({ name, next: (i) => teamAsk(data, team, members[i]!, cursor), saves: TEAM.saves, readers: TEAM.readers, team, ...(pause ? { pause } : {}) });
    }
  }
  return plans;
}

/** `--only`: some scenarios, printed, for trying a setting of the server (its environment is this process's). */
async function tryScenarios(only: string, base: string, token: string, pid: number, options: { readers: number; seconds: number; saves: number; data: Data; team?: TeamData }) {
  const chosen = scenarioList(options.data, options.readers, options.saves, options.team).filter(({ name }) => name.includes(only));
  if (!chosen.length) throw new Error(`--only ${only}: no scenario's name holds it.`);
  const results: ScenarioResult[] = [];
  for (const plan of chosen) {
    console.log(`\n${plan.name} …`);
    results.push(await scenario(plan.name, base, token, pid, { ...options, readers: plan.readers ?? options.readers, warmup: 3, asked: new Map(), next: plan.next, saves: plan.saves, ...(plan.team ? { team: plan.team } : {}), ...(plan.pause ? { pause: plan.pause } : {}) }));
  }
  printTable(
    ['what the team does', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'saves'],
    results.map((s) => statsRow(s.name, s)),
  );
  for (const s of results) printGroups(s);
}

/** Each kind of request of a scenario on its own, and the team's editor and supervisor. */
function printGroups(s: ScenarioResult) {
  console.log(`\nBy kind of request (${s.name}):`);
  const rows = Object.entries(s.groups).map(([g, t]) => [g, fmt(t.rps), fmt(t.p50_ms), fmt(t.p95_ms), fmt(t.p99_ms), String(t.errors)]);
  for (const [what, t] of [
    ['saves', s.saves],
    ['edits and deletes', s.edits_and_deletes],
    ['locks and moves', s.locks_and_moves],
  ] as const) {
    if (t) rows.push([what, fmt(t.rps), fmt(t.p50_ms), fmt(t.p95_ms), fmt(t.p99_ms), String(t.errors)]);
  }
  printTable(['request', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'], rows);
}

/** One client asks each word once, in turn: the first time the server sees each find. */
async function firstTime(base: string, token: string, words: string[]) {
  const tally = new Tally();
  for (const word of words) {
    const answer = await call(base, 'GET', listPath({ group: '', entity: 'line-items', parts: { quickFind: word }, offset: 1 }), token);
    tally.add(answer.ms, answer.status === 200);
  }
  const stats = tally.stats(1);
  return { words: words.length, p50_ms: stats.p50_ms, p95_ms: stats.p95_ms, p99_ms: stats.p99_ms, max_ms: round1(Math.max(...tally.latencies)), errors: tally.errors };
}

/** Every list the readers asked (a sample) and the hot screens: the API's counts against count(*) of the find row by row. */
async function exactness(base: string, token: string, url: string, asked: Map<string, ListAsk>) {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const next = random(3);
  const all = [...asked.values()];
  const sample = [...HOT, ...Array.from({ length: Math.min(60, all.length) }, () => all[Math.floor(next() * all.length)]!)];
  const mismatches: string[] = [];
  try {
    for (const ask of sample) {
      const answer = await call(base, 'GET', listPath(ask), token);
      const info = (JSON.parse(answer.body) as { dataInfo: { foundCount: number; totalRecordCount: number } }).dataInfo;
      const layout = LAYOUTS[ask.entity];
      const count = async (parts: FindParts) => {
        const find = prepareFind(layout, parts);
        const result = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${fromWith(layout, find.fields)} WHERE ${find.plain}`.execute(db);
        return result.rows[0]!.n;
      };
      const [found, total] = await Promise.all([count(ask.parts), count({})]);
      if (found !== info.foundCount || total !== info.totalRecordCount) {
        mismatches.push(`${listPath(ask)}: API ${info.foundCount}/${info.totalRecordCount}, count(*) ${found}/${total}`);
      }
    }
  } finally {
    await db.destroy();
  }
  return { checked: sample.length, mismatches };
}

// ---------------------------------------------------------------------------------------------- targets and output

const TARGETS = {
  firstTimeP95: 150,
  nothingP95: 20,
  variedReadsP95: 100,
  savesP95: 150,
  hotRps: 1000,
  teamQuickP95: 50,
  teamReadsP95: 300,
};

function statsRow(name: string, s: ScenarioResult): string[] {
  return [
    name,
    fmt(s.reads.rps),
    fmt(s.reads.p50_ms),
    fmt(s.reads.p95_ms),
    fmt(s.reads.p99_ms),
    String(s.reads.errors),
    s.saves ? `${fmt(s.saves.rps)}/s p50 ${fmt(s.saves.p50_ms)} p95 ${fmt(s.saves.p95_ms)} p99 ${fmt(s.saves.p99_ms)}${s.saves.errors ? `, ${s.saves.errors} failed` : ''}` : '–',
  ];
}

export async function workingDay(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv.filter((a) => a !== '--working-day'),
    options: {
      seconds: { type: 'string', default: '20' },
      readers: { type: 'string', default: '8' },
      saves: { type: 'string', default: '4' },
      out: { type: 'string', default: 'bench/results.json' },
      only: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const seconds = Number(values.seconds);
  const readers = Number(values.readers);
  const saves = Number(values.saves);
  if (!(seconds > 0) || !(readers >= 1) || !(saves >= 0)) throw new Error('--seconds and --readers must be positive, --saves zero or more');
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('Set DATABASE_URL to the scale database (see bench/README.md).');
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const server = await startServer(url, { DATABASE_POOL_SIZE: String(POOL_SIZE) });
  const { child, base } = server;
  try {
    const data = await lookUp(db);
    if (!data.targets.length) throw new Error('No unlocked standard container of an unlocked job with a current registration to save line items into.');
    const login = await fetch(`${base}${API}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'demo' }) });
    if (!login.ok) throw new Error(`login as admin/demo failed (${login.status}): was the database seeded with npm run seed:scale?`);
    const { token } = (await login.json()) as { token: string };
    // The save targets the server accepts (a registration may not support an NDC's schedule).
    const accepted: Data['targets'] = [];
    for (const target of data.targets.slice(0, 60)) {
      const answer = await call(base, 'POST', `${API}/line-item/new`, token, { ...target, packQuantity: 1, percentFill: 1, source: 'Pharmacy', cause: 'Expired' });
      if (answer.status === 200) accepted.push(target);
    }
    if (!accepted.length) throw new Error('The server accepted no test save: see the answers of POST /line-item/new.');
    data.targets = accepted;
    console.log(
      `Working day on ${data.rows.toLocaleString('en-US')} line items: ${readers} readers, ${saves} saves/s into ${accepted.length} containers, ` +
        `3 s warm-up + ${seconds} s per scenario; ${data.words.length} quick-find words in the mix.`,
    );

    const wantsTeam = values.only === undefined || TEAM_PACED.includes(values.only) || TEAM_UNPAUSED.includes(values.only);
    const team = wantsTeam ? await lookUpTeam(db, url, base, token, data) : undefined;
    if (team) {
      console.log(
        `The team: ${team.finds.length} finds and ${team.sorts.length} sorts of the grammar drawn from the data, ${team.editable.length} line items to edit, ` +
          `${team.lockable.length} containers to lock, ${team.movable.length} to move.`,
      );
    }

    if (values.only !== undefined) {
      await tryScenarios(values.only, base, token, child.pid!, { readers, seconds, saves, data, ...(team ? { team } : {}) });
      return;
    }

    console.log('\n1. First-time quick finds (one client, each word once) …');
    const first = await firstTime(base, token, data.firstWords);
    const nothing = await firstTime(base, token, data.nothing);
    console.log(`   ${first.words} words: p50 ${fmt(first.p50_ms)} ms, p95 ${fmt(first.p95_ms)} ms, max ${fmt(first.max_ms)} ms; ${nothing.words} that match nothing: p95 ${fmt(nothing.p95_ms)} ms, max ${fmt(nothing.max_ms)} ms`);

    const asked = new Map<string, ListAsk>();
    const scenarios: ScenarioResult[] = [];
    for (const plan of scenarioList(data, readers, saves, team)) {
      console.log(`\n${scenarios.length + 2}. ${plan.name} …`);
      const result = await scenario(plan.name, base, token, child.pid!, {
        readers: plan.readers ?? readers,
        seconds,
        warmup: 3,
        data,
        asked,
        next: plan.next,
        saves: plan.saves,
        ...(plan.team ? { team: plan.team } : {}),
        ...(plan.pause ? { pause: plan.pause } : {}),
      });
      scenarios.push(result);
      console.log(`   ${fmt(result.reads.rps)} req/s, p95 ${fmt(result.reads.p95_ms)} ms${result.saves ? `; saves p95 ${fmt(result.saves.p95_ms)} ms` : ''}`);
    }

    await sleep(1000);
    console.log(`\n${scenarios.length + 2}. Exactness: the found and total counts of the finds asked, against count(*) row by row …`);
    const exact = await exactness(base, token, url, asked);
    console.log(`   ${exact.checked} finds, ${exact.mismatches.length} differ`);
    for (const m of exact.mismatches) console.log(`   DIFFERS ${m}`);

    console.log('\nThe working day:');
    printTable(
      ['what the team does', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'saves'],
      scenarios.map((s) => statsRow(s.name, s)),
    );
    const variedWriting = scenarios[3]!;
    const teamResult = scenarios[4]!;
    printGroups(variedWriting);
    printGroups(teamResult);
    printGroups(scenarios[5]!);
    /** A record opened or a page of a list already counted, in the team. */
    const quickP95 = Math.max(...['record open', 'page of a counted list'].map((g) => teamResult.groups[g]?.p95_ms ?? Infinity));
    const teamErrors =
      teamResult.reads.errors + (teamResult.saves?.errors ?? 0) + (teamResult.edits_and_deletes?.errors ?? 0) + (teamResult.locks_and_moves?.errors ?? 0);
    const verdicts = [
      [`first-time quick find p95 ${fmt(first.p95_ms)} ms ≤ ${TARGETS.firstTimeP95}`, (first.p95_ms ?? Infinity) <= TARGETS.firstTimeP95],
      [`a word that matches nothing p95 ${fmt(nothing.p95_ms)} ms ≤ ${TARGETS.nothingP95}`, (nothing.p95_ms ?? Infinity) <= TARGETS.nothingP95],
      [`varied mix with saves: reads p95 ${fmt(variedWriting.reads.p95_ms)} ms ≤ ${TARGETS.variedReadsP95}`, (variedWriting.reads.p95_ms ?? Infinity) <= TARGETS.variedReadsP95],
      [`varied mix with saves: saves p95 ${fmt(variedWriting.saves?.p95_ms)} ms ≤ ${TARGETS.savesP95}`, (variedWriting.saves?.p95_ms ?? Infinity) <= TARGETS.savesP95],
      [`no errors`, scenarios.every((s) => s.reads.errors === 0 && (s.saves?.errors ?? 0) === 0)],
      [`every count exact (${exact.checked} finds)`, exact.mismatches.length === 0],
      [`5 hot screens with saves: ${fmt(scenarios[1]!.reads.rps)} req/s ≥ ${TARGETS.hotRps}`, scenarios[1]!.reads.rps >= TARGETS.hotRps],
      [`the team: a record or a counted list's page p95 ${fmt(quickP95)} ms ≤ ${TARGETS.teamQuickP95}`, quickP95 <= TARGETS.teamQuickP95],
      [`the team: all reads p95 ${fmt(teamResult.reads.p95_ms)} ms ≤ ${TARGETS.teamReadsP95}`, (teamResult.reads.p95_ms ?? Infinity) <= TARGETS.teamReadsP95],
      [`the team: saves p95 ${fmt(teamResult.saves?.p95_ms)} ms ≤ ${TARGETS.savesP95}`, (teamResult.saves?.p95_ms ?? Infinity) <= TARGETS.savesP95],
      [`the team: no errors (${teamErrors})`, teamErrors === 0],
    ] as const;
    console.log('\nTargets:');
    for (const [what, met] of verdicts) console.log(`  ${met ? 'meets' : 'MISS '}  ${what}`);

    const out = resolve(ROOT, values.out!);
    const workingDayResult = {
      rows: data.rows,
      readers,
      saves_per_second: saves,
      seconds,
      first_time_quick_find: first,
      first_time_no_match: nothing,
      scenarios,
      exactness: exact,
      targets: Object.fromEntries(verdicts.map(([what, met]) => [what, met])),
    };
    // The other benches' keys of the file stay as they are.
    const earlier = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>) : {};
    writeFileSync(out, `${JSON.stringify({ ...earlier, working_day: workingDayResult }, null, 2)}\n`);
    console.log(`\nWrote working_day in ${relative(ROOT, out)}.`);
  } finally {
    await server.stop();
    await db.end();
    agent.destroy();
  }
}
