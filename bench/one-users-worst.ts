import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request, type ClientRequest } from 'node:http';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { API } from './cases.ts';
import { fmt, percentile, printTable, ROOT, round1, sleep, startServer } from './support.ts';
import { saveTargets } from './working-day.ts';

const USAGE = `One user's worst: does one person's expensive finds slow another person's screens? (issue: nobody waits behind someone else's find)

  DATABASE_URL=postgres://… npm run bench -- --worst [--seconds 20] [--parallel 20] [--out bench/results.json]

  --seconds N    measured seconds per attack (default 20)
  --parallel N   the hostile session's finds in flight at once (default 20)
  --saves N      line items saved per second through the API by a third session meanwhile (default 4)
  --out FILE     where to write the results, under "one_users_worst" (default bench/results.json; other keys are kept)

On the data of npm run seed:scale (users admin and viewer, password demo), one server as npm start runs it:
  1. alone: admin opens job and container records, each for the first time, one after another, while clerk saves
     --saves line items a second (the writes go on through every step);
  2. the same while viewer keeps --parallel leading-wildcard finds in flight (*one, *ine, … drawn from the data,
     each asked for the first time);
  3. the same while viewer keeps --parallel quick finds of 500 words in flight;
  4. after each attack the hostile requests are dropped (their sockets closed, as a closed tab does) and the
     time until PostgreSQL runs none of the server's statements is measured.
Targets: another user's record open p95 ≤ 100 ms under attack; nothing left running 1 s after the client has gone.`;

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

interface Answer {
  status: number;
  ms: number;
}

function get(base: string, path: string, token: string, open?: Set<ClientRequest>): Promise<Answer> {
  const t0 = performance.now();
  return new Promise((resolveAnswer, reject) => {
    const req = request(new URL(path, base), { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => {
        open?.delete(req);
        resolveAnswer({ status: res.statusCode ?? 0, ms: performance.now() - t0 });
      });
      res.on('error', reject);
    });
    open?.add(req);
    req.on('error', (error) => {
      open?.delete(req);
      reject(error);
    });
    req.end();
  });
}

function post(base: string, path: string, token: string, body: unknown): Promise<Answer> {
  const payload = JSON.stringify(body);
  const t0 = performance.now();
  return new Promise((resolveAnswer, reject) => {
    const req = request(
      new URL(path, base),
      { method: 'POST', agent, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        res.resume();
        res.on('end', () => resolveAnswer({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Saves line items at `perSecond` until stopped; the latencies of those that answered, and the failures. */
function saving(base: string, token: string, targets: { containerId: number; ndc: string }[], perSecond: number) {
  const ms: number[] = [];
  let failed = 0;
  let stop = !perSecond || !targets.length;
  const done = (async () => {
    let due = performance.now();
    for (let i = 0; !stop; i++) {
      due += 1000 / perSecond;
      const target = targets[i % targets.length]!;
      // Not awaited before the next is due: a slow save must not lower the rate.
      void post(base, `${API}/line-item/new`, token, { ...target, packQuantity: 1, percentFill: 1, source: 'Pharmacy', cause: 'Expired' })
        .then((a) => (a.status === 200 ? ms.push(a.ms) : (failed += 1)))
        .catch(() => (failed += 1));
      await sleep(Math.max(0, due - performance.now()));
    }
  })();
  return {
    /** Stops saving; the figures since the last call. */
    async take() {
      await sleep(300);
      const sorted = ms.splice(0).sort((a, b) => a - b);
      const figures = { saved: sorted.length, p50_ms: percentile(sorted, 50), p95_ms: percentile(sorted, 95), failed };
      failed = 0;
      return figures;
    },
    async stop() {
      stop = true;
      await done;
    },
  };
}

async function signIn(base: string, username: string): Promise<string> {
  const login = await fetch(`${base}${API}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'demo' }) });
  if (!login.ok) throw new Error(`login as ${username}/demo failed (${login.status}): was the database seeded with npm run seed:scale?`);
  return ((await login.json()) as { token: string }).token;
}

interface Opens {
  opened: number;
  p50_ms: number | null;
  p95_ms: number | null;
  max_ms: number | null;
  errors: number;
}

/** Opens records one after another, each for the first time, for `seconds` (or `count` of them). */
async function openRecords(base: string, token: string, paths: string[], until: () => boolean): Promise<Opens> {
  const ms: number[] = [];
  let errors = 0;
  for (const path of paths) {
    if (until()) break;
    const answer = await get(base, path, token).catch(() => ({ status: 0, ms: 0 }));
    if (answer.status === 200) ms.push(answer.ms);
    else errors += 1;
    await sleep(50);
  }
  const sorted = ms.sort((a, b) => a - b);
  const at = (p: number) => {
    const v = percentile(sorted, p);
    return v === null ? null : round1(v);
  };
  return { opened: sorted.length, p50_ms: at(50), p95_ms: at(95), max_ms: at(100), errors };
}

/** The server's statements PostgreSQL is running now that began before `since` (the bench's own connection aside). */
async function runningStatements(db: pg.Client, since: Date): Promise<number> {
  const result = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
     WHERE datname = current_database() AND state = 'active' AND backend_type = 'client backend' AND pid <> pg_backend_pid()
       AND query_start < $1`,
    [since],
  );
  return result.rows[0]!.n;
}

interface Attack {
  name: string;
  victim: Opens;
  saves?: { saved: number; p50_ms: number | null; p95_ms: number | null; failed: number };
  hostile: { answered: Record<string, number>; p50_ms: number | null; max_ms: number | null };
  /** From the hostile sockets closed to no statement of the server running in PostgreSQL. */
  gone_after_ms: number | null;
}

async function attack(
  name: string,
  base: string,
  db: pg.Client,
  tokens: { victim: string; hostile: string },
  records: string[],
  hostilePath: () => string,
  parallel: number,
  seconds: number,
): Promise<Attack> {
  const open = new Set<ClientRequest>();
  const answered: Record<string, number> = {};
  const hostileMs: number[] = [];
  let stop = false;
  const loops = Array.from({ length: parallel }, async () => {
    while (!stop) {
      try {
        const answer = await get(base, hostilePath(), tokens.hostile, open);
        answered[answer.status] = (answered[answer.status] ?? 0) + 1;
        hostileMs.push(answer.ms);
      } catch {
        if (!stop) answered.dropped = (answered.dropped ?? 0) + 1;
      }
    }
  });
  // The finds fill the database before the victim comes.
  await sleep(1500);
  const end = Date.now() + seconds * 1000;
  const victim = await openRecords(base, tokens.victim, records, () => Date.now() > end);
  stop = true;
  // Saves that begin after the sockets closed are not the hostile session's.
  const closedAtDb = (await db.query<{ now: Date }>('SELECT clock_timestamp() AS now')).rows[0]!.now;
  const closedAt = performance.now();
  for (const req of open) req.destroy();
  let gone: number | null = null;
  while (performance.now() - closedAt < 10_000) {
    if ((await runningStatements(db, closedAtDb)) === 0) {
      gone = round1(performance.now() - closedAt);
      break;
    }
    await sleep(10);
  }
  await Promise.allSettled(loops);
  const sorted = hostileMs.sort((a, b) => a - b);
  return { name, victim, hostile: { answered, p50_ms: percentile(sorted, 50), max_ms: percentile(sorted, 100) }, gone_after_ms: gone };
}

export async function oneUsersWorst(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv.filter((a) => a !== '--worst'),
    options: {
      seconds: { type: 'string', default: '20' },
      parallel: { type: 'string', default: '20' },
      saves: { type: 'string', default: '4' },
      out: { type: 'string', default: 'bench/results.json' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const seconds = Number(values.seconds);
  const parallel = Number(values.parallel);
  const savesPerSecond = Number(values.saves);
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('Set DATABASE_URL to the scale database (see bench/README.md).');
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const server = await startServer(url);
  const { base } = server;
  try {
    const rows = Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM line_items')).rows[0]!.n);
    const ids = async (from: string, n: number) => (await db.query<{ id: number }>(`SELECT id FROM ${from} ORDER BY random() LIMIT ${n}`)).rows.map((r) => r.id);
    // Standard containers: a Yellow Bucket container is read at /yb-container/:id.
    const [jobs, containers] = await Promise.all([ids('jobs', 3000), ids(`containers WHERE kind = 'standard'`, 3000)]);
    const records = jobs.flatMap((id, i) => [`${API}/job/${id}`, `${API}/container/${containers[i]}`]);
    // Pieces of words from the data: what "contains" finds are made of.
    const pieces = (
      await db.query<{ w: string }>(
        `SELECT DISTINCT substr(lower(w), 1 + (length(w) - 3) / 2, 3) AS w
         FROM ndc_dictionary, regexp_split_to_table(trade_name, '[^[:alpha:]]+') w WHERE length(w) >= 5`,
      )
    ).rows.map((r) => r.w);
    const victim = await signIn(base, 'admin');
    const hostile = await signIn(base, 'viewer');
    const tokens = { victim, hostile };
    // Intake goes on throughout: line items saved by a third person into containers that accept them.
    const intake = await signIn(base, 'clerk');
    const targets: { containerId: number; ndc: string }[] = [];
    for (const target of (await saveTargets(db)).slice(0, 40)) {
      const answer = await post(base, `${API}/line-item/new`, intake, { ...target, packQuantity: 1, percentFill: 1, source: 'Pharmacy', cause: 'Expired' });
      if (answer.status === 200) targets.push(target);
    }
    if (savesPerSecond && !targets.length) throw new Error('The server accepted no test save: see the answers of POST /line-item/new.');
    const saves = saving(base, intake, targets, savesPerSecond);
    console.log(
      `One user's worst on ${rows.toLocaleString('en-US')} line items: ${parallel} hostile finds in flight, ${seconds} s per attack, ${savesPerSecond} saves/s throughout.`,
    );

    let next = 0;
    const fresh = () => records.splice(0, 400);
    await saves.take();
    const alone = await openRecords(base, victim, fresh(), () => false);
    const aloneSaves = await saves.take();
    console.log(`  alone: record open p50 ${fmt(alone.p50_ms)} ms, p95 ${fmt(alone.p95_ms)} ms (${alone.opened} records); saves p95 ${fmt(aloneSaves.p95_ms)} ms`);

    const wildcard = () => {
      next += 1;
      const piece = pieces[next % pieces.length]!;
      return `${API}/line-items?quickFindCriteria=${encodeURIComponent(`*${piece}`)}&offset=${1 + (next % 40) * 50}&limit=50`;
    };
    const manyWords = () => {
      next += 1;
      const letter = String.fromCharCode(97 + (next % 26));
      const words = Array.from({ length: 500 }, (_, i) => (i % 2 ? letter : `${letter}${String.fromCharCode(97 + ((next + i) % 26))}`)).join(' ');
      return `${API}/line-items?quickFindCriteria=${encodeURIComponent(words.slice(0, 1000))}&offset=${1 + (next % 40) * 50}&limit=50`;
    };
    const attacks: Attack[] = [];
    for (const [name, path] of [
      [`${parallel} leading-wildcard finds in flight`, wildcard],
      [`${parallel} quick finds of 500 words in flight`, manyWords],
    ] as const) {
      await saves.take();
      const result = { ...(await attack(name, base, db, tokens, records.splice(0, 2000), path, parallel, seconds)), saves: await saves.take() };
      attacks.push(result);
      console.log(
        `  ${name}: record open p50 ${fmt(result.victim.p50_ms)} ms, p95 ${fmt(result.victim.p95_ms)} ms, max ${fmt(result.victim.max_ms)} ms ` +
          `(${result.victim.opened}, ${result.victim.errors} failed); hostile answers ${JSON.stringify(result.hostile.answered)}; ` +
          `nothing running ${fmt(result.gone_after_ms)} ms after the sockets closed; saves p95 ${fmt(result.saves.p95_ms)} ms (${result.saves.failed} failed)`,
      );
    }
    await saves.stop();
    printTable(
      ['while', 'record open p50 ms', 'p95 ms', 'max ms', 'hostile answers', 'gone after ms', 'saves p95 ms'],
      [
        ['intake alone', fmt(alone.p50_ms), fmt(alone.p95_ms), fmt(alone.max_ms), '–', '–', fmt(aloneSaves.p95_ms)],
        ...attacks.map((a) => [
          a.name,
          fmt(a.victim.p50_ms),
          fmt(a.victim.p95_ms),
          fmt(a.victim.max_ms),
          JSON.stringify(a.hostile.answered),
          fmt(a.gone_after_ms),
          fmt(a.saves?.p95_ms),
        ]),
      ],
    );
    const out = resolve(ROOT, values.out);
    const earlier = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as Record<string, unknown>) : {};
    const results = {
      ...earlier,
      one_users_worst: {
        measured_at: new Date().toISOString(),
        line_items: rows,
        parallel,
        seconds,
        saves_per_second: savesPerSecond,
        targets: { record_open_p95_ms: 100, gone_after_ms: 1000, saves_p95_ms: 150 },
        alone,
        alone_saves: aloneSaves,
        attacks,
      },
    };
    writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`\nWritten to ${relative(process.cwd(), out)} (one_users_worst).`);
  } finally {
    await server.stop();
    await db.end();
    agent.destroy();
  }
}
