import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRIVILEGES } from '@3ds/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createContainer, createJob, createLineItem, createRegistration } from '../support/record-factories.ts';
import { ApiClient, type ApiAnswer } from './support/api-client.ts';
import { createReliabilityDatabase, withApplicationName, type ReliabilityDatabase } from './support/database.ts';
import { sleep, startLoad, tally, waitFor, type TimedAnswer } from './support/load.ts';
import { ServerProcess } from './support/server-process.ts';
import { TcpProxy } from './support/tcp-proxy.ts';

const PASSWORD = 'fault password 1';
const UNAVAILABLE = {
  title: 'Service Unavailable',
  message: 'The database is not reachable right now. Try again in a moment.',
  code: 'UNAVAILABLE',
};

let database: ReliabilityDatabase;
let dataDir: string;
const started: ServerProcess[] = [];
let registrationId: number;

beforeAll(async () => {
  database = await createReliabilityDatabase();
  dataDir = await mkdtemp(join(tmpdir(), '3ds-faults-'));
  await createUser(database.db, { username: 'operator', password: PASSWORD, privileges: [...PRIVILEGES] });
  registrationId = (await createRegistration(database.db)).id;
});

afterAll(async () => {
  for (const server of started) await server.kill();
  await database?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A server process on the test database, its connections named `name` in pg_stat_activity. */
async function startServer(name: string, url = database.url): Promise<ServerProcess> {
  const server = await ServerProcess.start({ name, databaseUrl: withApplicationName(url, name), dataDir });
  started.push(server);
  return server;
}

/** The backends of one server process (by application name), as pg_stat_activity shows them. */
function backendsOf(name: string) {
  return database.query<{ pid: number; state: string; wait_event: string | null; query: string }>(
    'SELECT pid, state, wait_event, query FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
    [name],
  );
}

/** Every file under a directory, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1)).sort();
}

/** What a half-done move to the Yellow Bucket would change. */
async function recordsOf(jobId: number) {
  const [containers, lineItems, audit, files] = await Promise.all([
    database.query('SELECT * FROM containers WHERE job_id = $1 ORDER BY id', [jobId]),
    database.query('SELECT * FROM line_items WHERE job_id = $1 ORDER BY id', [jobId]),
    database.query("SELECT * FROM audit_log WHERE action <> 'login' ORDER BY id"),
    database.query('SELECT count(*)::int AS n FROM containers'),
  ]);
  return { containers, lineItems, audit, containerTotal: files[0] };
}

describe('SIGKILL in the middle of a move to the Yellow Bucket', () => {
  it('leaves nothing half-done, and the same move succeeds after a restart', async () => {
    const job = await createJob(database.db, { registration_id: registrationId, name: 'Kill during move' });
    const container = await createContainer(database.db, { job_id: job.id, name: 'Box to move' });
    for (let i = 0; i < 5; i++) await createLineItem(database.db, { container_id: container.id, lot_number: `L${i}` });
    // The move's last statement is its audit row: there it sleeps, with everything else done but not committed.
    await database.query(`
      CREATE FUNCTION slow_move_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(2); RETURN NEW; END $$;
      CREATE TRIGGER slow_move_audit BEFORE INSERT ON audit_log FOR EACH ROW
        WHEN (NEW.action = 'move-to-yellow-bucket') EXECUTE FUNCTION slow_move_audit();`);

    const server = await startServer('fault-yb-1');
    const client = await ApiClient.signIn(server.baseUrl, 'operator', PASSWORD);
    const before = await recordsOf(job.id);
    expect(before.containers).toHaveLength(1);
    expect(before.lineItems).toHaveLength(5);

    const moving = client.request('POST', `/job/move-container-to-yb/${job.id}`, { body: { containerId: container.id } });
    const sleeping = await waitFor('the move to sleep in its audit insert', async () =>
      (await backendsOf('fault-yb-1')).find((b) => b.state === 'active' && b.wait_event === 'PgSleep'),
    );
    expect(sleeping.query).toMatch(/insert into "audit_log"/i);
    await server.kill('SIGKILL');
    const answer: ApiAnswer = await moving;
    expect(answer.status).toBe(0);

    // PostgreSQL ends the orphaned backend once the sleep is over and it finds its client gone.
    await waitFor('PostgreSQL to end the killed server’s backends', async () => (await backendsOf('fault-yb-1')).length === 0, 30_000, 100);
    const after = await recordsOf(job.id);
    expect(after).toEqual(before);
    console.log(`move to Yellow Bucket: killed backend ${sleeping.pid} mid-transaction; containers, ${after.lineItems.length} line items and the audit log are as before`);

    await database.query('DROP TRIGGER slow_move_audit ON audit_log; DROP FUNCTION slow_move_audit()');
    const restarted = await startServer('fault-yb-2');
    const again = await client.on(restarted.baseUrl).request('POST', `/job/move-container-to-yb/${job.id}`, { body: { containerId: container.id } });
    expect(again.status, again.text).toBe(200);
    const { containerId } = JSON.parse(again.body.scriptResult);
    const moved = await recordsOf(job.id);
    expect(moved.containers).toEqual([expect.objectContaining({ id: containerId, kind: 'yellow_bucket', name: 'Box to move' })]);
    expect(moved.lineItems.map((li) => [li.id, li.kind, li.container_id])).toEqual(
      before.lineItems.map((li) => [li.id, 'yellow_bucket', containerId]),
    );
    const audit = moved.audit.filter((row) => row.action === 'move-to-yellow-bucket');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ entity: 'container', record_id: String(container.id) });
    await restarted.stop();
  });
});

/** Ten clients asking for lists and records of the test data. */
function readLoad(clients: ApiClient[], ids: { jobs: number[]; containers: number[]; lineItems: number[] }) {
  const pick = (list: number[], n: number) => list[n % list.length]!;
  return startLoad(clients, (i, n) => {
    switch ((i + n) % 5) {
      case 0:
        return { label: 'job list', path: '/jobs?limit=10' };
      case 1:
        return { label: 'job detail', path: `/jobs/${pick(ids.jobs, n)}` };
      case 2:
        return { label: 'line item list', path: `/line-items?limit=20&sort=${encodeURIComponent(JSON.stringify([{ fieldName: 'Lot Number', sortOrder: 'ascend' }]))}` };
      case 3:
        return { label: 'container detail', path: `/containers/${pick(ids.containers, n)}` };
      default:
        return { label: 'line item detail', path: `/line-items/${pick(ids.lineItems, n)}` };
    }
  });
}

async function readTargets(count = 3) {
  const ids = { jobs: [] as number[], containers: [] as number[], lineItems: [] as number[] };
  for (let j = 0; j < count; j++) {
    const job = await createJob(database.db, { registration_id: registrationId, name: `Read job ${j}` });
    ids.jobs.push(job.id);
    for (let c = 0; c < 2; c++) {
      const container = await createContainer(database.db, { job_id: job.id, name: `Read box ${j}.${c}` });
      ids.containers.push(container.id);
      for (let l = 0; l < 3; l++) ids.lineItems.push((await createLineItem(database.db, { container_id: container.id, lot_number: `R${j}${c}${l}` })).id);
    }
  }
  return ids;
}

function expectUnavailable(answer: TimedAnswer) {
  expect(answer.status, `${answer.label} sent at ${Math.round(answer.sentAt)} ms: ${answer.text || answer.networkError}`).toBe(503);
  expect(answer.body).toEqual(UNAVAILABLE);
}

describe('the database going away under load', () => {
  it('answers 503 while PostgreSQL is unreachable, then recovers without a restart', async () => {
    const ids = await readTargets();
    const proxy = await TcpProxy.start({ host: database.host, port: database.port });
    const proxied = new URL(database.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const server = await startServer('fault-outage', proxied.toString());
    const signedIn = await ApiClient.signIn(server.baseUrl, 'operator', PASSWORD);
    const clients = Array.from({ length: 10 }, () => signedIn);

    const load = readLoad(clients, ids);
    await sleep(2000);
    const cutAt = load.elapsed();
    await proxy.cut();
    await sleep(3000);
    const restoredAt = load.elapsed();
    const acceptedBefore = proxy.accepted;
    await proxy.restore();
    await sleep(8000);
    const answers = await load.stop();
    await proxy.close();

    const table = tally(answers.map((a) => ({ ...a, label: `${a.sentAt < cutAt ? '1 before' : a.sentAt < restoredAt ? '2 during' : '3 after'} ${a.label}` })));
    console.log(`database outage (connections cut at ${Math.round(cutAt)} ms, refused until ${Math.round(restoredAt)} ms):\n${table.text}`);

    // No crash, no 500, no 401: every answer is a success or a clean 503.
    expect(server.exited).toBe(false);
    for (const answer of answers) {
      if (answer.status !== 200) expectUnavailable(answer);
    }
    // Everything asked while the database was away failed at once, and cleanly.
    const during = answers.filter((a) => a.sentAt > cutAt + 50 && a.answeredAt < restoredAt);
    expect(during.length).toBeGreaterThan(20);
    for (const answer of during) {
      expectUnavailable(answer);
      expect(answer.answeredAt - answer.sentAt).toBeLessThan(2000);
    }
    // Once it is back, the same process serves again within a few seconds.
    const firstSuccess = answers.find((a) => a.sentAt >= restoredAt && a.status === 200);
    expect(firstSuccess).toBeDefined();
    expect(firstSuccess!.answeredAt - restoredAt).toBeLessThan(5000);
    const settled = answers.filter((a) => a.sentAt > restoredAt + 5000);
    expect(settled.length).toBeGreaterThan(20);
    expect(settled.every((a) => a.status === 200)).toBe(true);
    expect(proxy.accepted).toBeGreaterThan(acceptedBefore);
    console.log(
      `outage: ${during.length} requests during it, all 503; first success ${Math.round(firstSuccess!.answeredAt - restoredAt)} ms after the restore; server pid ${server.pid} still running`,
    );
    await server.stop();
  });

  it('recovers on the next requests when PostgreSQL terminates every connection of the server (57P01, as in a restart)', async () => {
    const ids = await readTargets(2);
    const server = await startServer('fault-terminate');
    const signedIn = await ApiClient.signIn(server.baseUrl, 'operator', PASSWORD);
    const load = readLoad(Array.from({ length: 10 }, () => signedIn), ids);

    const rounds: { at: number; terminated: number }[] = [];
    for (let round = 0; round < 3; round++) {
      await sleep(1500);
      const at = load.elapsed();
      const killed = await database.query<{ terminated: boolean }>(
        "SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'fault-terminate'",
      );
      rounds.push({ at, terminated: killed.filter((k) => k.terminated).length });
    }
    await sleep(4000);
    const lastAt = rounds.at(-1)!.at;
    const answers = await load.stop();

    console.log(
      `pg_terminate_backend: ${rounds.map((r) => `${r.terminated} connections at ${Math.round(r.at)} ms`).join(', ')}\n${tally(answers).text}`,
    );
    expect(server.exited).toBe(false);
    expect(rounds.every((r) => r.terminated > 0)).toBe(true);
    for (const answer of answers) {
      if (answer.status !== 200) expectUnavailable(answer);
    }
    const later = answers.filter((a) => a.sentAt > lastAt + 1000);
    expect(later.length).toBeGreaterThan(20);
    expect(later.every((a) => a.status === 200)).toBe(true);
    await server.stop();
  });
});

describe('SIGKILL in the middle of a large export', () => {
  it('leaves no file, no row and no audit entry once the server has restarted', async () => {
    const job = await createJob(database.db, { registration_id: registrationId, name: 'Large export' });
    const container = await createContainer(database.db, { job_id: job.id, name: 'Big box' });
    await database.query(
      `INSERT INTO line_items (kind, container_id, job_id, ndc, ndc_description, ndc_schedule, pack_quantity, pack_size, pack_size_uom,
                               percent_fill, reporting_qty, reporting_uom, source, cause, lot_number, created_by)
       SELECT 'standard', $1, $2, '00406-0552-01', 'OXYCODONE HCL 5 MG TABLET', '2', 1 + g % 5, 100, 'U',
              1, (1 + g % 5) * 100, 'U', 'Pharmacy', 'Expired', 'LOT' || g, 'seed'
       FROM generate_series(1, 150000) AS g`,
      [container.id, job.id],
    );
    await database.query('ANALYZE line_items');
    const filesDir = join(dataDir, 'files');
    const exportAudit = () => database.query("SELECT * FROM audit_log WHERE action = 'export'");
    const fileRows = () => database.query('SELECT * FROM files');
    expect(await fileRows()).toEqual([]);

    const server = await startServer('fault-export-1');
    const client = await ApiClient.signIn(server.baseUrl, 'operator', PASSWORD);
    const sentAt = Date.now();
    const exporting = client.request('POST', '/line-items/export', { body: { fileType: 'xlsx' } });
    // Killed a second in, while the file is being written.
    const partial = await waitFor('the export to be writing its file', async () => {
      if (Date.now() - sentAt < 1000) return undefined;
      const names = await readdir(join(filesDir, '.incoming')).catch(() => [] as string[]);
      for (const name of names) {
        const info = await stat(join(filesDir, '.incoming', name)).catch(() => undefined);
        if (info && info.size > 0) return { name, size: info.size };
      }
      return undefined;
    });
    await server.kill('SIGKILL');
    const killedAfter = Date.now() - sentAt;
    expect((await exporting).status).toBe(0);
    await waitFor('PostgreSQL to end the killed server’s backends', async () => (await backendsOf('fault-export-1')).length === 0, 30_000, 100);

    // What the killed process left: a partial write under .incoming, and nothing else.
    expect(await filesUnder(filesDir)).toEqual([`.incoming/${partial.name}`]);
    expect(partial.name).toContain(`-${server.pid}-`);
    expect(await fileRows()).toEqual([]);
    expect(await exportAudit()).toEqual([]);

    const restarted = await startServer('fault-export-2');
    expect(await filesUnder(filesDir)).toEqual([]);
    expect(await fileRows()).toEqual([]);
    expect(await exportAudit()).toEqual([]);
    console.log(
      `large export: killed ${killedAfter} ms in with ${partial.size} bytes written to .incoming/${partial.name}; after the restart no file, no files row, no export audit row`,
    );

    // The store works after the restart: a small export is written, indexed and audited whole.
    const small = await client.on(restarted.baseUrl).request('POST', '/line-items/export', {
      body: { fileType: 'xlsx', search: true, searchCriteria: [{ criteria: { 'Lot Number': '==LOT7' } }] },
    });
    expect(small.status, small.text).toBe(200);
    const [row] = await fileRows();
    expect(await filesUnder(filesDir)).toEqual([row!.storage_key]);
    expect(await exportAudit()).toEqual([expect.objectContaining({ record_id: row!.id, after: expect.objectContaining({ rows: 1 }) })]);
    const download = await fetch(new URL(small.body.data[0].fieldData.Container, restarted.baseUrl));
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).subarray(0, 2).toString()).toBe('PK');
    await restarted.stop();
  });
});
