import { PRIVILEGES, type HistoryEntry, type HistoryResponse } from '@3ds/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { multipartBody, TINY_PNG } from '../support/multipart.ts';
import { createContainer, createJob, createLineItem, createOrderForm, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
let regId: number;
/** Every privilege over records (user administration is not what these histories are about). */
const EVERY_PRIVILEGE = PRIVILEGES.filter((privilege) => privilege !== 'MANAGE_USERS');

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'boss', privileges: EVERY_PRIVILEGE });
  await createUser(t.db, { username: 'clerk', privileges: ['CREATE_JOB', 'CREATE_CONTAINER', 'CREATE_LINE_ITEM'] });
  await createUser(t.db, { username: 'viewer' });
  await t.db
    .insertInto('ndc_dictionary')
    .values([
      { ndc: '00406-0552-01', schedule: '2', trade_name: 'OXYCODONE HCL 5 MG', strength: '5 MG', form: 'Tablet', package_size: 100, package_size_uom: 'U', ingredient_base_weight: 0.44816, trade_package: true },
      { ndc: '00406-0552-02', schedule: '2', trade_name: 'OXYCODONE HCL 5 MG (500)', strength: '5 MG', form: 'Tablet', package_size: 500, package_size_uom: 'U', ingredient_base_weight: 0.44816, trade_package: true },
    ] as never)
    .execute();
  regId = (await createRegistration(t.db, { schedule_2: true, expiration_date: '2099-01-01' })).id;
  // The executed Form 222 the Schedule II items are received on (its line takes them all).
  await createOrderForm(t.db, { registration_id: regId, form_number: '231456700', status: 'executed' }, { packages: 999_999 });
});
afterAll(() => t.close());

type Method = 'POST' | 'PATCH' | 'PUT' | 'DELETE' | 'GET';
const call = (user: string, method: Method, url: string, payload?: unknown) =>
  t.injectAs(user, { method, url: `/3ds/api${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });

async function ok(user: string, method: Method, url: string, payload?: unknown) {
  const res = await call(user, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json();
}

async function historyOf(path: string, user = 'viewer', query = ''): Promise<HistoryResponse> {
  return ok(user, 'GET', `${path}/history${query}`);
}

/** The entries oldest first, as [who, words] pairs: the order things happened in. */
const story = (entries: HistoryEntry[]) => [...entries].reverse().map((e) => [e.username, e.summary]);

const newJob = async () => Number((await ok('boss', 'POST', '/job', { fieldData: { _fkRegistration_Record_Number: regId, 'Job Name': 'History job' } })).recordId);
const newContainer = async (jobId: number, path = 'container', fields: object = { containerName: 'Tote 1', netWeight: 10, packageWeight: 1, grossUoM: 'kg' }) =>
  Number((await ok('boss', 'POST', `/${path}/new`, { jobId, ...fields })).recordId);
const newLineItem = async (containerId: number, path = 'line-item') =>
  Number((await ok('boss', 'POST', `/${path}/new`, { containerId, ndc: '00406-0552-01', packQuantity: 2, lotNumber: 'L-1', form222Number: '231456700', form222Line: 1 })).recordId);

describe('a container’s history', () => {
  it('shows create, edit, lock, unlock and move in order, with who and what changed', async () => {
    const jobId = await newJob();
    const target = await newJob();
    const id = await newContainer(jobId);
    await ok('clerk', 'PATCH', `/container/edit/${id}`, { netWeight: 12.5, pallet: 'PLT-9' });
    await ok('boss', 'PATCH', `/container/lock/${id}`);
    await ok('boss', 'PATCH', `/container/unlock/${id}`);
    await ok('boss', 'PUT', '/container/move', { jobId: target, containerId: id });

    const history = await historyOf(`/container/${id}`);
    expect(history).toMatchObject({ total: 5, offset: 1, limit: 20, deleted: false });
    expect(story(history.data)).toEqual([
      ['boss', 'Created'],
      ['clerk', 'Edited'],
      ['boss', 'Locked'],
      ['boss', 'Unlocked'],
      ['boss', `Moved to job ${target}`],
    ]);
    const [move, unlock, lock, edit, create] = history.data;
    expect(history.data.every((e) => e.own && e.entity === 'container' && e.recordId === String(id))).toBe(true);
    expect(edit!.changes).toEqual([
      { field: 'Pallet', before: null, after: 'PLT-9' },
      { field: 'Net Weight', before: '10', after: '12.5' },
      { field: 'Gross Weight', before: '11', after: '13.5' },
    ]);
    expect(lock!.changes).toEqual([{ field: 'Locked', before: 'No', after: 'Yes' }]);
    expect(unlock!.changes).toEqual([{ field: 'Locked', before: 'Yes', after: 'No' }]);
    expect(move!.changes).toEqual([{ field: 'Job ID', before: String(jobId), after: String(target) }]);
    expect(create!.changes).toEqual(
      expect.arrayContaining([
        { field: 'Job ID', before: null, after: String(jobId) },
        { field: 'Name', before: null, after: 'Tote 1' },
        { field: 'Net Weight', before: null, after: '10' },
      ]),
    );
    // Newest first, and every time a real ISO instant.
    const times = history.data.map((e) => Date.parse(e.at));
    expect(times.every((time) => Number.isFinite(time))).toBe(true);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('a locked container with line items says how many went along', async () => {
    const id = await newContainer(await newJob());
    await newLineItem(id);
    await newLineItem(id);
    await ok('boss', 'PATCH', `/container/lock/${id}`);
    expect((await historyOf(`/container/${id}`)).data[0]!.summary).toBe('Locked with 2 line items');
  });

  it('a Yellow Bucket container answers on its own paths, and only there', async () => {
    const jobId = await newJob();
    const id = await newContainer(jobId, 'yb-container', { containerName: 'Drum' });
    await ok('boss', 'PATCH', `/yb-container/edit/${id}`, { containerType: '55 G Steel' });
    for (const path of [`/yb-container/${id}`, `/yb-containers/${id}`]) {
      const history = await historyOf(path);
      expect(story(history.data)).toEqual([
        ['boss', 'Created'],
        ['boss', 'Edited'],
      ]);
      expect(history.data[0]!.changes).toEqual([{ field: 'Type', before: null, after: '55 G Steel' }]);
    }
    expect((await call('viewer', 'GET', `/container/${id}/history`)).statusCode).toBe(404);
  });
});

describe('a line item’s history', () => {
  it('shows create, edits, NDC change, lock, unlock, move and delete, with the changes', async () => {
    const jobId = await newJob();
    const first = await newContainer(jobId);
    const second = await newContainer(jobId, 'container', { containerName: 'Tote 2' });
    const id = await newLineItem(first);
    await ok('clerk', 'PATCH', `/line-item/${id}`, { fieldData: { 'Lot Number': 'L-2', 'Pack Quantity': 3 } });
    await ok('clerk', 'PATCH', `/line-item/edit/${id}`, { ndc: '00406-0552-02' });
    await ok('boss', 'PATCH', `/line-item/lock/${id}`);
    await ok('boss', 'PATCH', `/line-item/unlock/${id}`);
    await ok('boss', 'POST', `/line-item/move/${id}`, { container: second });

    const history = await historyOf(`/line-item/${id}`);
    expect(history).toMatchObject({ total: 6, deleted: false });
    expect(story(history.data)).toEqual([
      ['boss', 'Created'],
      ['clerk', 'Edited'],
      ['clerk', 'Changed the NDC to 00406-0552-02'],
      ['boss', 'Locked'],
      ['boss', 'Unlocked'],
      ['boss', `Moved to container ${second}`],
    ]);
    const [move, , , ndc, edit] = history.data;
    expect(edit!.changes).toEqual(
      expect.arrayContaining([
        { field: 'Lot Number', before: 'L-1', after: 'L-2' },
        { field: 'Pack Qty', before: '2', after: '3' },
        { field: 'Reporting Qty', before: '200', after: '300' },
      ]),
    );
    expect(edit!.changes.map((c) => c.field)).not.toContain('Modified By');
    expect(ndc!.changes).toEqual(expect.arrayContaining([{ field: 'NDC Number', before: '00406-0552-01', after: '00406-0552-02' }]));
    expect(move!.changes).toEqual([{ field: 'Container ID', before: String(first), after: String(second) }]);

    await ok('boss', 'DELETE', `/line-item/${id}`);
    const deleted = await historyOf(`/line-item/${id}`);
    expect(deleted).toMatchObject({ total: 7, deleted: true });
    expect(deleted.data[0]).toMatchObject({ username: 'boss', action: 'delete', own: true, summary: 'Deleted (NDC 00406-0552-02)', changes: [] });
  });

  it('includes its container’s lock, unlock and move, which carried it along', async () => {
    const jobId = await newJob();
    const target = await newJob();
    const containerId = await newContainer(jobId);
    const id = await newLineItem(containerId);
    const other = await newLineItem(containerId);
    await ok('boss', 'PATCH', `/line-item/lock/${other}`);
    await ok('boss', 'PATCH', `/container/lock/${containerId}`);
    await ok('boss', 'PATCH', `/container/unlock/${containerId}`);
    await ok('boss', 'PATCH', `/line-item/unlock/${other}`);
    await ok('boss', 'PUT', '/container/move', { jobId: target, containerId });
    const history = await historyOf(`/line-item/${id}`);
    expect(story(history.data)).toEqual([
      ['boss', 'Created'],
      ['boss', `Locked with container ${containerId}`],
      ['boss', `Unlocked with container ${containerId}`],
      ['boss', `Moved with container ${containerId} to job ${target}`],
    ]);
    expect(history.data.slice(0, 3).every((e) => !e.own && e.entity === 'container' && e.recordId === String(containerId))).toBe(true);
    expect(history.data[2]!.changes).toEqual([{ field: 'Locked', before: 'No', after: 'Yes' }]);
    // The other item was locked on its own: neither the container's lock nor its unlock changed it.
    expect(story((await historyOf(`/line-item/${other}`)).data)).toEqual([
      ['boss', 'Created'],
      ['boss', 'Locked'],
      ['boss', 'Unlocked'],
      ['boss', `Moved with container ${containerId} to job ${target}`],
    ]);
  });
});

describe('a job’s history', () => {
  it('shows its own changes, and its containers coming and going as related entries', async () => {
    const jobId = await newJob();
    const other = await newJob();
    await ok('clerk', 'PATCH', `/job/${jobId}`, { fieldData: { 'Job Name': 'Renamed job' } });
    const leaving = await newContainer(jobId);
    const deleted = await newContainer(jobId, 'container', { containerName: 'Doomed' });
    await newLineItem(deleted);
    const arriving = await newContainer(other);
    const yellow = await newContainer(jobId, 'yb-container', { containerName: 'Drum' });
    await ok('boss', 'PUT', '/container/move', { jobId: other, containerId: leaving });
    await ok('boss', 'PUT', '/container/move', { jobId, containerId: arriving });
    await ok('boss', 'DELETE', `/container/${deleted}`);
    await ok('boss', 'PATCH', `/job/lock/${jobId}`);
    await ok('boss', 'PATCH', `/job/unlock/${jobId}`, { reason: 'A count to correct' });
    // A container's edit is its own history, not the job's.
    await ok('boss', 'PATCH', `/container/edit/${arriving}`, { pallet: 'P' });

    const history = await historyOf(`/job/${jobId}`);
    expect(story(history.data)).toEqual([
      ['boss', 'Created'],
      ['clerk', 'Renamed'],
      ['boss', `Added container ${leaving}`],
      ['boss', `Added container ${deleted}`],
      ['boss', `Added Yellow Bucket container ${yellow}`],
      ['boss', `Container ${leaving} moved to job ${other}`],
      ['boss', `Container ${arriving} moved in from job ${other}`],
      ['boss', `Deleted container ${deleted} with 1 line item`],
      ['boss', 'Locked'],
      // An unlock says why, and the history keeps it (finality.ts).
      ['boss', 'Unlocked — reason: A count to correct'],
    ]);
    const own = history.data.filter((e) => e.own);
    expect(own.map((e) => e.action)).toEqual(['unlock', 'lock', 'rename', 'create']);
    expect(own[0]!.changes).toEqual([{ field: 'Locked', before: 'Yes', after: 'No' }]);
    expect(own.every((e) => e.entity === 'job' && e.recordId === String(jobId))).toBe(true);
    expect(own[2]!.changes).toEqual([{ field: 'Name', before: 'History job', after: 'Renamed job' }]);
    expect(own[3]!.changes).toEqual(expect.arrayContaining([{ field: 'Name', before: null, after: 'History job' }]));
    expect(history.data.filter((e) => !e.own).every((e) => e.entity === 'container' && e.changes.length === 0)).toBe(true);
    // The other job sees the same moves from its side; singular and plural paths agree.
    expect(story((await historyOf(`/jobs/${other}`)).data)).toEqual([
      ['boss', 'Created'],
      ['boss', `Added container ${arriving}`],
      ['boss', `Container ${leaving} moved in from job ${jobId}`],
      ['boss', `Container ${arriving} moved to job ${jobId}`],
    ]);
  });

  it('names files, the Job Ready notification and the move of a container to the Yellow Bucket', async () => {
    const jobId = await newJob();
    const containerId = await newContainer(jobId);
    const itemId = await newLineItem(containerId);
    const upload = await t.injectAs('boss', { method: 'POST', url: `/3ds/api/job/${jobId}/upload?field=P3`, ...multipartBody([{ name: 'front.png', bytes: TINY_PNG }]) });
    expect(upload.statusCode, upload.body).toBe(200);
    await ok('clerk', 'POST', '/sendJobReadyNotification', { fieldData: { __PKJobID: jobId } });
    const moved = await ok('boss', 'POST', `/job/move-container-to-yb/${jobId}`, { containerId });
    const yellowId = Number(JSON.parse(moved.scriptResult).containerId);

    expect(story((await historyOf(`/job/${jobId}`)).data).slice(2)).toEqual([
      ['boss', 'Added picture P3 (front.png)'],
      ['clerk', 'Sent the Job Ready notification'],
      ['boss', `Moved container ${containerId} to Yellow Bucket container ${yellowId} with 1 line item`],
    ]);
    // The standard container is gone; its history ends with the move.
    const old = await historyOf(`/container/${containerId}`);
    expect(old.deleted).toBe(true);
    expect(old.data[0]!.summary).toBe(`Moved to Yellow Bucket container ${yellowId} with 1 line item`);
    // The Yellow Bucket container it became starts with that move.
    const successor = await historyOf(`/yb-container/${yellowId}`);
    expect(successor.deleted).toBe(false);
    expect(story(successor.data)).toEqual([['boss', `Created from container ${containerId}, moved to the Yellow Bucket with 1 line item`]]);
    // The line item went along: it is a Yellow Bucket line item now, with all of its history.
    const item = await historyOf(`/yb-line-item/${itemId}`);
    expect(story(item.data)).toEqual([
      ['boss', 'Created'],
      ['boss', `Moved with container ${containerId} into Yellow Bucket container ${yellowId}`],
    ]);
    // As the detail route, the standard path no longer shows it.
    expect((await call('viewer', 'GET', `/line-item/${itemId}`)).statusCode).toBe(404);
    expect((await call('viewer', 'GET', `/line-item/${itemId}/history`)).statusCode).toBe(404);
  });
});

describe('deleted records', () => {
  it('a deleted container keeps its history, ending with what was deleted', async () => {
    const id = await newContainer(await newJob());
    await newLineItem(id);
    await newLineItem(id);
    await ok('clerk', 'PATCH', `/container/edit/${id}`, { pallet: 'X' });
    await ok('boss', 'DELETE', `/container/${id}`);
    expect((await call('viewer', 'GET', `/container/${id}`)).statusCode).toBe(404);
    const history = await historyOf(`/container/${id}`);
    expect(history).toMatchObject({ deleted: true, total: 3 });
    expect(story(history.data)).toEqual([
      ['boss', 'Created'],
      ['clerk', 'Edited'],
      ['boss', 'Deleted with 2 line items'],
    ]);
    // Under the other kind's path it is still unknown.
    expect((await call('viewer', 'GET', `/yb-container/${id}/history`)).statusCode).toBe(404);
  });

  it('a line item deleted with its container keeps its history, ending with that deletion', async () => {
    const containerId = await newContainer(await newJob());
    const id = await newLineItem(containerId);
    await ok('boss', 'PATCH', `/line-item/${id}`, { fieldData: { 'Lot Number': 'L-9' } });
    await ok('boss', 'DELETE', `/container/${containerId}`);
    const history = await historyOf(`/line-item/${id}`);
    expect(history.deleted).toBe(true);
    expect(story(history.data)).toEqual([
      ['boss', 'Created'],
      ['boss', 'Edited'],
      ['boss', `Deleted with container ${containerId}`],
    ]);
    expect((await call('viewer', 'GET', `/yb-line-item/${id}/history`)).statusCode).toBe(404);
  });

  it('a line item deleted with a Yellow Bucket container it was moved into keeps its history', async () => {
    const jobId = await newJob();
    const containerId = await newContainer(jobId);
    const id = await newLineItem(containerId);
    const moved = await ok('boss', 'POST', `/job/move-container-to-yb/${jobId}`, { containerId });
    const yellowId = Number(JSON.parse(moved.scriptResult).containerId);
    await ok('boss', 'DELETE', `/yb-container/${yellowId}`);
    const history = await historyOf(`/yb-line-item/${id}`);
    expect(history.deleted).toBe(true);
    expect(story(history.data)).toEqual([
      ['boss', 'Created'],
      ['boss', `Moved with container ${containerId} into Yellow Bucket container ${yellowId}`],
      ['boss', `Deleted with container ${yellowId}`],
    ]);
  });
});

describe('paging', () => {
  it('pages newest first with a total; past the end is an empty page', async () => {
    const id = await newContainer(await newJob());
    for (const pallet of ['A', 'B', 'C', 'D', 'E', 'F']) await ok('boss', 'PATCH', `/container/edit/${id}`, { pallet });
    const all = await historyOf(`/container/${id}`);
    expect(all.total).toBe(7);
    const first = await historyOf(`/container/${id}`, 'viewer', '?limit=3');
    const second = await historyOf(`/container/${id}`, 'viewer', '?offset=4&limit=3');
    const third = await historyOf(`/container/${id}`, 'viewer', '?offset=7&limit=3');
    expect([first, second, third].map((p) => [p.total, p.offset, p.limit, p.data.length])).toEqual([
      [7, 1, 3, 3],
      [7, 4, 3, 3],
      [7, 7, 3, 1],
    ]);
    expect([...first.data, ...second.data, ...third.data].map((e) => e.id)).toEqual(all.data.map((e) => e.id));
    expect(first.data.map((e) => e.changes[0]!.after)).toEqual(['F', 'E', 'D']);
    expect(third.data[0]!.summary).toBe('Created');
    const past = await historyOf(`/container/${id}`, 'viewer', '?offset=50');
    expect(past).toMatchObject({ total: 7, data: [] });
    expect((await historyOf(`/container/${id}`, 'viewer', '?limit=100')).data).toHaveLength(7);
  });

  it.each(['limit=0', 'limit=101', 'limit=abc', 'limit=-1', 'offset=0', 'offset=1.5', 'offset=x'])('400 for %s, with a message', async (query) => {
    const id = await newContainer(await newJob());
    const res = await call('viewer', 'GET', `/container/${id}/history?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/offset|limit/);
  });
});

describe('who may read it', () => {
  it('any signed-in user who may open the record; nobody signed out', async () => {
    const id = await newContainer(await newJob());
    expect((await call('viewer', 'GET', `/container/${id}/history`)).statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url: `/3ds/api/container/${id}/history` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers exactly where the detail route answers: 404 for unknown records and the other kind', async () => {
    const job = await createJob(t.db, { registration_id: regId });
    const standard = await createContainer(t.db, { job_id: job.id });
    const yellow = await createContainer(t.db, { job_id: job.id, kind: 'yellow_bucket' });
    const item = await createLineItem(t.db, { container_id: standard.id });
    const ybItem = await createLineItem(t.db, { container_id: yellow.id });
    const paths = [
      `/job/${job.id}`,
      '/job/999999',
      ...[standard.id, yellow.id, 999999].flatMap((id) => [`/container/${id}`, `/yb-container/${id}`]),
      ...[item.id, ybItem.id, 999999].flatMap((id) => [`/line-item/${id}`, `/yb-line-item/${id}`]),
    ];
    for (const path of paths) {
      const detail = await call('viewer', 'GET', path);
      const history = await call('viewer', 'GET', `${path}/history`);
      expect([path, history.statusCode]).toEqual([path, detail.statusCode]);
    }
    const missing = await call('viewer', 'GET', '/line-item/999999/history');
    expect(missing.json()).toMatchObject({ code: expect.any(String), message: 'Line Items: there is no record 999999.' });
    // Records made without the API have no audit rows: an empty history, not an error.
    expect(await historyOf(`/line-item/${item.id}`)).toMatchObject({ total: 0, data: [], deleted: false });
  });

  it('400 for an id that is not a record id', async () => {
    expect((await call('viewer', 'GET', '/container/abc/history')).statusCode).toBe(400);
  });
});

// -------------------------------------------------------------------------------------------------
// Every mutating route writes exactly its audit rows, in the transaction of its change.

interface AuditRowSeen {
  username: string;
  action: string;
  entity: string;
  record_id: string | null;
  request_id: string | null;
}

async function auditAfter(id: number): Promise<AuditRowSeen[]> {
  return t.db.selectFrom('audit_log').select(['username', 'action', 'entity', 'record_id', 'request_id']).where('id', '>', String(id)).orderBy('id').execute();
}
async function lastAuditId(): Promise<number> {
  const row = await t.db.selectFrom('audit_log').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Makes the audit write of one action fail, to show the change it goes with is undone too. */
async function withFailingAudit<T>(action: string, run: () => Promise<T>): Promise<T> {
  await sql`CREATE OR REPLACE FUNCTION fail_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'injected audit failure'; END $$`.execute(t.db);
  await sql`CREATE TRIGGER fail_audit BEFORE INSERT ON audit_log FOR EACH ROW WHEN (NEW.action = ${sql.lit(action)}) EXECUTE FUNCTION fail_audit()`.execute(t.db);
  try {
    return await run();
  } finally {
    await sql`DROP TRIGGER fail_audit ON audit_log`.execute(t.db);
  }
}

interface RouteCase {
  name: string;
  /** Prepares records and answers the request and what it must audit. */
  setup: () => Promise<{
    request: () => Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>;
    refused: () => Promise<{ statusCode: number }>;
    audit: { entity: string; action: string; recordId: string | null }[];
    /** The state the change touches: equal before and after a call whose audit failed. */
    state: () => Promise<unknown>;
  }>;
  action: string;
  /** Who makes the change (the audit row's user). */
  user: string;
  /** The route answers this when the audit write fails (job-ready reports a failed notification). */
  failedStatus?: number;
}

const rowOf = (table: 'jobs' | 'containers' | 'line_items' | 'registrations', id: number) =>
  (t.db.selectFrom(table).selectAll() as unknown as { where: (c: string, o: string, v: number) => { executeTakeFirst: () => Promise<unknown> } })
    .where('id', '=', id)
    .executeTakeFirst();
const upload = (user: string, url: string) => t.injectAs(user, { method: 'POST', url: `/3ds/api${url}`, ...multipartBody([{ name: 'front.png', bytes: TINY_PNG }]) });

async function fixture() {
  const job = await createJob(t.db, { registration_id: regId });
  const container = await createContainer(t.db, { job_id: job.id, net_weight: 10 });
  const item = await createLineItem(t.db, { container_id: container.id });
  return { job, container, item };
}
const lockedJob = () => createJob(t.db, { registration_id: regId, locked: true });

const ROUTES: RouteCase[] = [
  {
    name: 'job create',
    user: 'boss',
    action: 'create',
    setup: async () => {
      const count = async () => (await t.db.selectFrom('jobs').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n;
      return {
        request: () => call('boss', 'POST', '/job', { fieldData: { _fkRegistration_Record_Number: regId, 'Job Name': 'Audited' } }),
        refused: () => call('viewer', 'POST', '/job', { fieldData: { _fkRegistration_Record_Number: regId, 'Job Name': 'Audited' } }),
        audit: [{ entity: 'job', action: 'create', recordId: null }],
        state: count,
      };
    },
  },
  {
    name: 'job rename',
    user: 'boss',
    action: 'rename',
    setup: async () => {
      const { job } = await fixture();
      const locked = await lockedJob();
      return {
        request: () => call('boss', 'PATCH', `/job/${job.id}`, { fieldData: { 'Job Name': 'New name' } }),
        refused: () => call('boss', 'PATCH', `/job/${locked.id}`, { fieldData: { 'Job Name': 'New name' } }),
        audit: [{ entity: 'job', action: 'rename', recordId: String(job.id) }],
        state: () => rowOf('jobs', job.id),
      };
    },
  },
  {
    name: 'job lock',
    user: 'boss',
    action: 'lock',
    setup: async () => {
      const { job } = await fixture();
      return {
        request: () => call('boss', 'PATCH', `/job/lock/${job.id}`),
        refused: () => call('clerk', 'PATCH', `/job/lock/${job.id}`),
        audit: [{ entity: 'job', action: 'lock', recordId: String(job.id) }],
        state: () => rowOf('jobs', job.id),
      };
    },
  },
  {
    name: 'job unlock',
    user: 'boss',
    action: 'unlock',
    setup: async () => {
      const job = await lockedJob();
      const open = await createJob(t.db, { registration_id: regId });
      return {
        request: () => call('boss', 'PATCH', `/job/unlock/${job.id}`, { reason: 'A count to correct' }),
        refused: () => call('boss', 'PATCH', `/job/unlock/${open.id}`, { reason: 'A count to correct' }),
        audit: [{ entity: 'job', action: 'unlock', recordId: String(job.id) }],
        state: () => rowOf('jobs', job.id),
      };
    },
  },
  {
    name: 'job ready',
    user: 'clerk',
    action: 'job-ready',
    failedStatus: 502,
    setup: async () => {
      const { job } = await fixture();
      const sent = async () => t.db.selectFrom('notifications').select('status').where('job_id', '=', job.id).where('status', '=', 'sent').execute();
      return {
        request: () => call('clerk', 'POST', '/sendJobReadyNotification', { fieldData: { __PKJobID: job.id } }),
        refused: () => call('clerk', 'POST', '/sendJobReadyNotification', { fieldData: { __PKJobID: 999999 } }),
        audit: [{ entity: 'job', action: 'job-ready', recordId: String(job.id) }],
        state: sent,
      };
    },
  },
  {
    name: 'job files',
    user: 'boss',
    action: 'upload-file',
    setup: async () => {
      const { job } = await fixture();
      const locked = await lockedJob();
      return {
        request: () => upload('boss', `/job/${job.id}/upload?field=P1`),
        refused: () => upload('boss', `/job/${locked.id}/upload?field=P1`),
        audit: [{ entity: 'job', action: 'upload-file', recordId: String(job.id) }],
        state: async () => [await rowOf('jobs', job.id), await t.db.selectFrom('job_files').selectAll().where('job_id', '=', job.id).execute()],
      };
    },
  },
  {
    name: 'move container to the Yellow Bucket',
    user: 'boss',
    action: 'move-to-yellow-bucket',
    setup: async () => {
      const { job, container } = await fixture();
      return {
        request: () => call('boss', 'POST', `/job/move-container-to-yb/${job.id}`, { containerId: container.id }),
        refused: () => call('clerk', 'POST', `/job/move-container-to-yb/${job.id}`, { containerId: container.id }),
        audit: [{ entity: 'container', action: 'move-to-yellow-bucket', recordId: String(container.id) }],
        state: async () => [await rowOf('containers', container.id), await t.db.selectFrom('containers').select('id').where('job_id', '=', job.id).execute()],
      };
    },
  },
  {
    name: 'container new',
    user: 'clerk',
    action: 'create',
    setup: async () => {
      const { job } = await fixture();
      const locked = await lockedJob();
      return {
        request: () => call('clerk', 'POST', '/container/new', { jobId: job.id, containerName: 'New' }),
        refused: () => call('clerk', 'POST', '/container/new', { jobId: locked.id, containerName: 'New' }),
        audit: [{ entity: 'container', action: 'create', recordId: null }],
        state: () => t.db.selectFrom('containers').select('id').where('job_id', '=', job.id).execute(),
      };
    },
  },
  {
    name: 'container edit',
    user: 'clerk',
    action: 'edit',
    setup: async () => {
      const { container } = await fixture();
      return {
        request: () => call('clerk', 'PATCH', `/container/edit/${container.id}`, { netWeight: 12 }),
        refused: () => call('clerk', 'PATCH', `/container/edit/${container.id}`, { netWeight: 10 }),
        audit: [{ entity: 'container', action: 'edit', recordId: String(container.id) }],
        state: () => rowOf('containers', container.id),
      };
    },
  },
  {
    name: 'container lock',
    user: 'boss',
    action: 'lock',
    setup: async () => {
      const { container, item } = await fixture();
      return {
        request: () => call('boss', 'PATCH', `/container/lock/${container.id}`),
        refused: () => call('clerk', 'PATCH', `/container/lock/${container.id}`),
        audit: [{ entity: 'container', action: 'lock', recordId: String(container.id) }],
        state: async () => [await rowOf('containers', container.id), await rowOf('line_items', item.id)],
      };
    },
  },
  {
    name: 'container unlock',
    user: 'boss',
    action: 'unlock',
    setup: async () => {
      const job = await createJob(t.db, { registration_id: regId });
      const container = await createContainer(t.db, { job_id: job.id, locked: true });
      const item = await createLineItem(t.db, { container_id: container.id, locked: true });
      const underLockedJob = await createContainer(t.db, { job_id: (await lockedJob()).id, locked: true });
      return {
        request: () => call('boss', 'PATCH', `/container/unlock/${container.id}`),
        refused: () => call('boss', 'PATCH', `/container/unlock/${underLockedJob.id}`),
        audit: [{ entity: 'container', action: 'unlock', recordId: String(container.id) }],
        state: async () => [await rowOf('containers', container.id), await rowOf('line_items', item.id)],
      };
    },
  },
  {
    name: 'container move',
    user: 'boss',
    action: 'move',
    setup: async () => {
      const { container, item } = await fixture();
      const target = await createJob(t.db, { registration_id: regId });
      const locked = await lockedJob();
      return {
        request: () => call('boss', 'PUT', '/container/move', { jobId: target.id, containerId: container.id }),
        refused: () => call('boss', 'PUT', '/container/move', { jobId: locked.id, containerId: container.id }),
        audit: [{ entity: 'container', action: 'move', recordId: String(container.id) }],
        state: async () => [await rowOf('containers', container.id), await rowOf('line_items', item.id)],
      };
    },
  },
  {
    name: 'container delete',
    user: 'boss',
    action: 'delete',
    setup: async () => {
      const { container, item } = await fixture();
      return {
        request: () => call('boss', 'DELETE', `/container/${container.id}`),
        refused: () => call('clerk', 'DELETE', `/container/${container.id}`),
        audit: [{ entity: 'container', action: 'delete', recordId: String(container.id) }],
        state: async () => [await rowOf('containers', container.id), await rowOf('line_items', item.id)],
      };
    },
  },
  {
    name: 'line item new',
    user: 'clerk',
    action: 'create',
    setup: async () => {
      const { container } = await fixture();
      return {
        request: () => call('clerk', 'POST', '/line-item/new', { containerId: container.id, ndc: '00406-0552-01', packQuantity: 1 }),
        refused: () => call('clerk', 'POST', '/line-item/new', { containerId: container.id, ndc: '00406-0552-01', packQuantity: '1.5' }),
        audit: [{ entity: 'line-item', action: 'create', recordId: null }],
        state: () => t.db.selectFrom('line_items').select('id').where('container_id', '=', container.id).execute(),
      };
    },
  },
  {
    name: 'line item edit NDC',
    user: 'clerk',
    action: 'change-ndc',
    setup: async () => {
      const { item } = await fixture();
      return {
        request: () => call('clerk', 'PATCH', `/line-item/edit/${item.id}`, { ndc: '00406-0552-02' }),
        refused: () => call('viewer', 'PATCH', `/line-item/edit/${item.id}`, { ndc: '00406-0552-02' }),
        audit: [{ entity: 'line-item', action: 'change-ndc', recordId: String(item.id) }],
        state: () => rowOf('line_items', item.id),
      };
    },
  },
  {
    name: 'line item edit',
    user: 'clerk',
    action: 'edit',
    setup: async () => {
      const { item } = await fixture();
      return {
        request: () => call('clerk', 'PATCH', `/line-item/${item.id}`, { fieldData: { 'Lot Number': 'LOT-2' } }),
        refused: () => call('clerk', 'PATCH', `/line-item/${item.id}`, { fieldData: { 'Pack Quantity': '1.5' } }),
        audit: [{ entity: 'line-item', action: 'edit', recordId: String(item.id) }],
        state: () => rowOf('line_items', item.id),
      };
    },
  },
  {
    name: 'line item lock',
    user: 'boss',
    action: 'lock',
    setup: async () => {
      const { item } = await fixture();
      return {
        request: () => call('boss', 'PATCH', `/line-item/lock/${item.id}`),
        refused: () => call('clerk', 'PATCH', `/line-item/lock/${item.id}`),
        audit: [{ entity: 'line-item', action: 'lock', recordId: String(item.id) }],
        state: () => rowOf('line_items', item.id),
      };
    },
  },
  {
    name: 'line item unlock',
    user: 'boss',
    action: 'unlock',
    setup: async () => {
      const { container } = await fixture();
      const item = await createLineItem(t.db, { container_id: container.id, locked: true });
      const open = await createLineItem(t.db, { container_id: container.id });
      return {
        request: () => call('boss', 'PATCH', `/line-item/unlock/${item.id}`),
        refused: () => call('boss', 'PATCH', `/line-item/unlock/${open.id}`),
        audit: [{ entity: 'line-item', action: 'unlock', recordId: String(item.id) }],
        state: () => rowOf('line_items', item.id),
      };
    },
  },
  {
    name: 'line item move',
    user: 'boss',
    action: 'move',
    setup: async () => {
      const { job, item } = await fixture();
      const target = await createContainer(t.db, { job_id: job.id });
      const locked = await createContainer(t.db, { job_id: job.id, locked: true });
      return {
        request: () => call('boss', 'POST', `/line-item/move/${item.id}`, { container: target.id }),
        refused: () => call('boss', 'POST', `/line-item/move/${item.id}`, { container: locked.id }),
        audit: [{ entity: 'line-item', action: 'move', recordId: String(item.id) }],
        state: () => rowOf('line_items', item.id),
      };
    },
  },
  {
    name: 'line item delete',
    user: 'boss',
    action: 'delete',
    setup: async () => {
      const { item } = await fixture();
      return {
        request: () => call('boss', 'DELETE', `/line-item/${item.id}`),
        refused: () => call('clerk', 'DELETE', `/line-item/${item.id}`),
        audit: [{ entity: 'line-item', action: 'delete', recordId: String(item.id) }],
        state: () => rowOf('line_items', item.id),
      };
    },
  },
  {
    name: 'registration picture',
    user: 'boss',
    action: 'upload-picture',
    setup: async () => {
      const registration = await createRegistration(t.db);
      return {
        request: () => upload('boss', `/registration/${registration.id}/upload?field=Registration_Picture`),
        refused: () => upload('clerk', `/registration/${registration.id}/upload?field=Registration_Picture`),
        audit: [{ entity: 'registration', action: 'upload-picture', recordId: String(registration.id) }],
        state: () => rowOf('registrations', registration.id),
      };
    },
  },
];

describe('every mutating route audits exactly once, in the transaction of its change', () => {
  it.each(ROUTES.map((route) => [route.name, route] as const))('%s', async (_name, route) => {
    const { request, refused, audit, state } = await route.setup();

    // A refused call writes nothing.
    let mark = await lastAuditId();
    const refusal = await refused();
    expect(refusal.statusCode).toBeGreaterThanOrEqual(400);
    expect(refusal.statusCode).toBeLessThan(500);
    expect(await auditAfter(mark)).toEqual([]);

    // When the audit write fails, the change is undone with it.
    const untouched = await state();
    mark = await lastAuditId();
    const failed = await withFailingAudit(route.action, request);
    expect(failed.statusCode).toBe(route.failedStatus ?? 500);
    expect(await state()).toEqual(untouched);
    expect(await auditAfter(mark)).toEqual([]);

    // The change writes exactly its rows, naming the user and the request.
    mark = await lastAuditId();
    const done = await request();
    expect(done.statusCode, done.body).toBe(200);
    const rows = await auditAfter(mark);
    const created = (() => {
      try {
        return (JSON.parse(done.body) as { recordId?: string }).recordId ?? null;
      } catch {
        return null;
      }
    })();
    expect(rows.map((r) => ({ entity: r.entity, action: r.action, recordId: r.record_id }))).toEqual(
      audit.map((a) => ({ ...a, recordId: a.recordId ?? created })),
    );
    expect(rows.every((r) => r.request_id === done.headers['x-request-id'])).toBe(true);
    expect(rows.every((r) => r.username === route.user)).toBe(true);
    expect(await state()).not.toEqual(untouched);
  });
});
