import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bulkSelectionTooLargeMessage, missingPrivilegeMessage, PRIVILEGES } from '@3ds/domain';
import ExcelJS from 'exceljs';
import { sql, TableNode, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult, type RootOperationNode, type UnknownRow } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conflict } from '../../src/errors/app-error.ts';
import { LocalFileStore } from '../../src/files/file-store.ts';
import { createUser } from '../support/factories.ts';
import { createContainer, createJob, createLineItem, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * `POST /{entity}/bulk`: a selection (ids or the list's find) locked, unlocked, moved, deleted or
 * exported record by record by the single actions' own rules, in one transaction; what is refused
 * is listed and left as it was.
 */
/** Refuses the next `DELETE FROM containers` once armed: a refusal found after a record's first write. */
class RefuseContainerDelete implements KyselyPlugin {
  armed = false;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    const from = node.kind === 'DeleteQueryNode' ? node.from.froms[0] : undefined;
    if (this.armed && from && TableNode.is(from) && from.table.identifier.name === 'containers') {
      this.armed = false;
      throw conflict('Refused midway by the test.');
    }
    return node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
const refuseDelete = new RefuseContainerDelete();

let t: TestApp;
let registrationId: number;

beforeAll(async () => {
  t = await buildTestApp({
    wrapDb: (db) => db.withPlugin(refuseDelete), fileStore: new LocalFileStore(await mkdtemp(join(tmpdir(), '3ds-bulk-'))) });
  await createUser(t.db, { username: 'boss', privileges: [...PRIVILEGES] });
  await createUser(t.db, { username: 'locker', privileges: ['LOCK_LINE_ITEM'] });
  await createUser(t.db, { username: 'viewer' });
  registrationId = (await createRegistration(t.db)).id;
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
const bulk = (user: string, entity: string, payload: Body | string) =>
  t.injectAs(user, { method: 'POST', url: `/3ds/api/${entity}/bulk`, payload, ...(typeof payload === 'string' ? { headers: { 'content-type': 'application/json' } } : {}) });

async function fixture(kind: 'standard' | 'yellow_bucket' = 'standard') {
  const job = await createJob(t.db, { registration_id: registrationId });
  const container = await createContainer(t.db, { job_id: job.id, kind });
  const other = await createContainer(t.db, { job_id: job.id, kind, name: 'Box 2' });
  const items = [];
  for (let i = 0; i < 4; i++) items.push((await createLineItem(t.db, { container_id: container.id, lot_number: `LOT-${job.id}-${i}` })).id);
  return { job, container, other, items };
}
const rowsOf = (ids: number[]) => t.db.selectFrom('line_items').select(['id', 'locked', 'locked_own', 'mod_id', 'container_id']).where('id', 'in', ids).orderBy('id').execute();
const auditOf = (requestId: string) => t.db.selectFrom('audit_log').selectAll().where('request_id', '=', requestId).orderBy('id').execute();

/** Every record table and the audit log as one digest: a refused request changes none of them. */
async function digest(): Promise<string> {
  const parts = ['jobs', 'containers', 'line_items', 'audit_log', 'files'].map((table) => sql`(SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY id), '')) FROM ${sql.table(table)} t)`);
  const result = await sql<{ d: string }>`SELECT concat_ws(',', ${sql.join(parts)}) AS d`.execute(t.db);
  return result.rows[0]!.d;
}

describe('refusals of the whole request', () => {
  it('403 without the mapped single privilege, before the body is validated or anything read', async () => {
    const before = await digest();
    // A body that would be a 400 (unknown key, ids not ids): the privilege is checked first.
    for (const [user, entity, action, single] of [
      ['viewer', 'line-items', 'lock', 'line-item.lock'],
      ['viewer', 'yb-line-items', 'unlock', 'line-item.unlock'],
      ['locker', 'line-items', 'delete', 'line-item.delete'],
      ['locker', 'line-items', 'move', 'line-item.move'],
      ['locker', 'containers', 'lock', 'container.lock'],
      ['viewer', 'yb-containers', 'move', 'container.move'],
      ['viewer', 'containers', 'delete', 'container.delete'],
    ] as const) {
      const res = await bulk(user, entity, { action, ids: 'all of them', nonsense: { x: 1 } });
      expect(res.statusCode, `${user} ${entity} ${action}: ${res.body}`).toBe(403);
      expect(res.json().message).toBe(missingPrivilegeMessage(single));
    }
    expect(await digest()).toBe(before);
  });

  it('the privilege of the action named, whoever the other actions need', async () => {
    const { items } = await fixture();
    const res = await bulk('locker', 'line-items', { action: 'lock', ids: [items[0]] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ done: 1, refused: [] });
  });

  it('400 for bodies the contract refuses, naming what is wrong, with nothing changed', async () => {
    const { items } = await fixture();
    const before = await digest();
    const cases: [Body | string, RegExp][] = [
      [{ action: 'lock', ids: [items[0]], extra: 1 }, /unknown field "extra"/],
      [{ action: 'lock', ids: [items[0]], find: {} }, /exactly one of ids/],
      [{ action: 'lock' }, /exactly one of ids/],
      [{ action: 'explode', ids: [items[0]] }, /action must be one of/],
      [{ action: 'lock', ids: [items[0]], target: { containerId: 1 } }, /target: is only for move/],
      [{ action: 'move', ids: [items[0]] }, /target: is required to move/],
      [{ action: 'move', ids: [items[0]], target: { jobId: 1 } }, /unknown field "jobId"/],
      [{ action: 'export', ids: [items[0]] }, /fileType: is required to export/],
      [{ action: 'delete', ids: [items[0]], fileType: 'xlsx' }, /fileType: is only for export/],
      [{ action: 'export', ids: [items[0]], fileType: 'docx' }, /fileType must be "pdf" or "xlsx"/],
      [{ action: 'lock', ids: ['12a'] }, /must be a record id/],
      [{ action: 'lock', ids: [1.5] }, /ids/],
      [{ action: 'lock', ids: [] }, /The selection is empty/],
      [{ action: 'lock', find: { quickFindCriteria: 'x', sort: [] } }, /unknown field "sort"/],
      [{ action: 'lock', find: { searchCriteria: [{ criteria: { Nope: 'x' } }] } }, /Unknown field "Nope"/],
      [{ action: 'lock', find: { searchCriteria: '[oops' } }, /searchCriteria is not valid JSON/],
      [{ action: 'lock', find: { quickFindCriteria: 'no-such-lot-anywhere' } }, /The selection is empty/],
      ['[1,2]', /request/],
    ];
    for (const [body, message] of cases) {
      const res = await bulk('boss', 'line-items', body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toMatch(message);
    }
    expect(await digest()).toBe(before);
  });

  it('a selection over 10,000 records is refused whole: ids and a find', async () => {
    const ids = Array.from({ length: 10_001 }, (_, i) => i + 1);
    const res = await bulk('boss', 'line-items', { action: 'lock', ids: [...ids, '5', 7] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(bulkSelectionTooLargeMessage(10_001));
    expect(res.json().message).toBe('A selection may hold at most 10,000 records; this one holds 10,001. Narrow the find or select fewer.');

    // 10,001 line items of one lot, made in one statement.
    const { container } = await fixture();
    await sql`
      INSERT INTO line_items (kind, container_id, job_id, ndc, ndc_description, ndc_schedule, pack_quantity, pack_size, pack_size_uom, percent_fill, lot_number, form_222_number, created_by)
      SELECT 'standard', ${container.id}, ${container.job_id}, '00406-0552-01', 'OXYCODONE', '2', 1, 100, 'U', 1, 'MASS', '231456700', 'test'
      FROM generate_series(1, 10001)`.execute(t.db);
    const before = await digest();
    const found = await bulk('boss', 'line-items', { action: 'lock', find: { searchCriteria: [{ criteria: { 'Lot Number': '==MASS' } }] } });
    expect(found.statusCode, found.body).toBe(400);
    expect(found.json().message).toBe(bulkSelectionTooLargeMessage(10_001));
    expect(await digest()).toBe(before);
    // Exactly 10,000 is allowed: one fewer found.
    await t.db.deleteFrom('line_items').where('lot_number', '=', 'MASS').where('id', '=', (eb) => eb.selectFrom('line_items').select((e) => e.fn.max('id').as('m')).where('lot_number', '=', 'MASS')).execute();
    const started = performance.now();
    const all = await bulk('boss', 'line-items', { action: 'lock', find: { searchCriteria: JSON.stringify([{ criteria: { 'Lot Number': '==MASS' } }]) } });
    const ms = performance.now() - started;
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toEqual({ done: 10_000, refused: [] });
    console.info(`bulk lock of 10,000 line items (${process.env.TEST_DB_KIND ?? 'pglite'}): ${Math.round(ms)} ms`);
    await t.db.deleteFrom('line_items').where('lot_number', '=', 'MASS').execute();
  }, 300_000);
});

describe('lock and unlock', () => {
  it('locks what it may, lists the rest with the single action’s code and message, one audit row per record', async () => {
    const { container, items } = await fixture();
    const lockedBox = await createContainer(t.db, { job_id: container.job_id, locked: true });
    const underLockedBox = await createLineItem(t.db, { container_id: lockedBox.id });
    await t.db.updateTable('line_items').set({ locked: true, locked_own: true }).where('id', '=', items[1]!).execute();
    const yb = await createLineItem(t.db, { kind: 'yellow_bucket' });
    const before = await rowsOf([...items, underLockedBox.id]);

    const res = await bulk('boss', 'line-items', { action: 'lock', ids: [String(items[3]), items[0], items[1], underLockedBox.id, 999_999, yb.id, items[0], items[2]] });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.done).toBe(3);
    expect(answer.refused).toEqual([
      { recordId: String(items[1]), code: 'LOCKED', message: `Line item ${items[1]} is already locked.` },
      { recordId: String(underLockedBox.id), code: 'LOCKED', message: `Container ${lockedBox.id} is locked; its line items cannot be locked on their own.` },
      { recordId: String(yb.id), code: 'NOT_FOUND', message: `There is no line item ${yb.id}.` },
      { recordId: '999999', code: 'NOT_FOUND', message: 'There is no line item 999999.' },
    ].sort((a, b) => Number(a.recordId) - Number(b.recordId)));
    // The single route answers the same for a refused one.
    const single = await t.injectAs('boss', { method: 'PATCH', url: `/3ds/api/line-item/lock/${items[1]}` });
    expect([single.statusCode, single.json().code, single.json().message]).toEqual([409, 'LOCKED', `Line item ${items[1]} is already locked.`]);

    const after = await rowsOf([...items, underLockedBox.id]);
    for (const row of after) {
      const was = before.find((b) => b.id === row.id)!;
      const done = [items[0], items[2], items[3]].includes(row.id);
      expect(row.locked, `${row.id}`).toBe(done || was.locked);
      expect(Number(row.mod_id), `${row.id}`).toBe(Number(was.mod_id) + (done ? 1 : 0));
    }
    const audit = await auditOf(res.headers['x-request-id'] as string);
    expect(audit.map((a) => [a.entity, Number(a.record_id), a.action, a.username])).toEqual(
      [items[0]!, items[2]!, items[3]!].map((id) => ['line-item', id, 'lock', 'boss']),
    );
    expect(audit[0]!.before).toEqual({ locked: false });
    expect(audit[0]!.after).toEqual({ locked: true });
  });

  it('unlocks line items locked on their own; one under a locked container is refused', async () => {
    const { items } = await fixture();
    await bulk('boss', 'line-items', { action: 'lock', ids: items });
    const res = await bulk('boss', 'line-items', { action: 'unlock', ids: [...items, items[0]!] });
    expect(res.json()).toEqual({ done: 4, refused: [] });
    expect((await rowsOf(items)).every((r) => !r.locked && !r.locked_own)).toBe(true);
    const again = await bulk('boss', 'line-items', { action: 'unlock', ids: [items[0]] });
    expect(again.json().refused).toEqual([{ recordId: String(items[0]), code: 'LOCKED', message: `Line item ${items[0]} is already unlocked.` }]);
  });

  it('container lock cascades to its items; unlock keeps own item locks; a locked one is refused', async () => {
    const a = await fixture();
    const b = await fixture();
    const locked = await createContainer(t.db, { job_id: a.job.id, locked: true });
    await t.db.updateTable('line_items').set({ locked: true, locked_own: true }).where('id', '=', a.items[0]!).execute();
    const res = await bulk('boss', 'containers', { action: 'lock', ids: [a.container.id, b.container.id, locked.id] });
    expect(res.json()).toEqual({
      done: 2,
      refused: [{ recordId: String(locked.id), code: 'LOCKED', message: `Container ${locked.id} is already locked.` }],
    });
    expect((await rowsOf([...a.items, ...b.items])).every((r) => r.locked)).toBe(true);
    const audit = await auditOf(res.headers['x-request-id'] as string);
    expect(audit.map((r) => [r.entity, Number(r.record_id), r.action])).toEqual([
      ['container', a.container.id, 'lock'],
      ['container', b.container.id, 'lock'],
    ]);
    expect(audit[0]!.after).toEqual({ locked: true, lineItemsChanged: a.items.slice(1) });

    const unlocked = await bulk('boss', 'containers', { action: 'unlock', ids: [a.container.id, b.container.id] });
    expect(unlocked.json()).toEqual({ done: 2, refused: [] });
    const rows = await rowsOf([...a.items, ...b.items]);
    expect(rows.filter((r) => r.locked).map((r) => r.id)).toEqual([a.items[0]]);
  });

  it('a container of a locked job is refused with the job named', async () => {
    const { job, container } = await fixture('yellow_bucket');
    await t.db.updateTable('jobs').set({ locked: true }).where('id', '=', job.id).execute();
    const res = await bulk('boss', 'yb-containers', { action: 'lock', ids: [container.id] });
    expect(res.json()).toEqual({
      done: 0,
      refused: [{ recordId: String(container.id), code: 'LOCKED', message: `Job ${job.id} is locked; its containers cannot be locked on their own.` }],
    });
  });
});

describe('a find as the selection', () => {
  it('acts on exactly the records the list finds', async () => {
    const { items, job } = await fixture();
    const more = await fixture();
    const searchCriteria = [{ criteria: { 'Lot Number': `LOT-${job.id}-*` } }, { omit: true, criteria: { 'Lot Number': `==LOT-${job.id}-2` } }];
    const list = await t.injectAs('boss', { method: 'GET', url: `/3ds/api/line-items?limit=1000&searchCriteria=${encodeURIComponent(JSON.stringify(searchCriteria))}` });
    const listed = list.json().data.map((r: { recordId: string }) => Number(r.recordId)).sort((x: number, y: number) => x - y);
    expect(list.json().dataInfo.foundCount).toBe(3);
    const res = await bulk('boss', 'line-items', { action: 'lock', find: { searchCriteria: JSON.stringify(searchCriteria) } });
    expect(res.json()).toEqual({ done: 3, refused: [] });
    const lockedNow = (await rowsOf([...items, ...more.items])).filter((r) => r.locked).map((r) => r.id);
    expect(lockedNow).toEqual(listed);
    // The quick find too.
    const quick = await bulk('boss', 'line-items', { action: 'unlock', find: { quickFindCriteria: `LOT-${job.id}-0` } });
    expect(quick.json()).toEqual({ done: 1, refused: [] });
    expect((await rowsOf([items[0]!]))[0]!.locked).toBe(false);
  });
});

describe('move', () => {
  it('line items to another container of their job; each refused by the single move’s rules', async () => {
    const { container, other, items, job } = await fixture();
    const elsewhere = await fixture();
    await t.db.updateTable('line_items').set({ locked: true, locked_own: true }).where('id', '=', items[3]!).execute();
    const res = await bulk('boss', 'line-items', { action: 'move', ids: [items[0], items[1], items[3], elsewhere.items[0]], target: { containerId: String(other.id) } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      done: 2,
      refused: [
        { recordId: String(items[3]), code: 'LOCKED', message: `Line item ${items[3]} is locked.` },
        { recordId: String(elsewhere.items[0]), code: 'VALIDATION', message: `Container ${other.id} is in another job; a line item moves only within its job.` },
      ],
    });
    const rows = await rowsOf(items);
    expect(rows.map((r) => r.container_id)).toEqual([other.id, other.id, container.id, container.id]);
    const audit = await auditOf(res.headers['x-request-id'] as string);
    expect(audit.map((a) => [Number(a.record_id), a.action, a.before, a.after])).toEqual([
      [items[0], 'move', { container_id: container.id }, { container_id: other.id }],
      [items[1], 'move', { container_id: container.id }, { container_id: other.id }],
    ]);
    // A locked target refuses every record, as the single move does.
    await t.db.updateTable('containers').set({ locked: true }).where('id', '=', container.id).execute();
    const back = await bulk('boss', 'line-items', { action: 'move', ids: [items[0]], target: { containerId: container.id } });
    expect(back.json().refused).toEqual([{ recordId: String(items[0]), code: 'VALIDATION', message: `Container ${container.id} is locked.` }]);
    const missing = await bulk('boss', 'line-items', { action: 'move', ids: [items[0]], target: { containerId: 999_999 } });
    expect(missing.json().refused).toEqual([{ recordId: String(items[0]), code: 'NOT_FOUND', message: 'There is no container 999999.' }]);
    expect(job.id).toBeGreaterThan(0);
  });

  it('containers to a job of the same registration; own-locked items, other registrations and expiry refuse', async () => {
    const a = await fixture();
    const b = await fixture();
    const target = await createJob(t.db, { registration_id: registrationId });
    await t.db.updateTable('line_items').set({ locked: true, locked_own: true }).where('id', '=', b.items[0]!).execute();
    const res = await bulk('boss', 'containers', { action: 'move', ids: [a.container.id, b.container.id, a.other.id], target: { jobId: target.id } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().done).toBe(2);
    expect(res.json().refused).toEqual([{ recordId: String(b.container.id), code: 'LOCKED', message: expect.stringMatching(/locked on its own|locked on their own/) }]);
    const single = await t.injectAs('boss', { method: 'PUT', url: '/3ds/api/container/move', payload: { jobId: target.id, containerId: b.container.id } });
    expect(single.json().message).toBe(res.json().refused[0].message);
    const moved = await t.db.selectFrom('line_items').select('job_id').where('id', 'in', a.items).execute();
    expect(moved.every((r) => r.job_id === target.id)).toBe(true);

    const foreign = await createJob(t.db, { registration_id: (await createRegistration(t.db, { registration_number: 'BB7654321' })).id });
    const refused = await bulk('boss', 'containers', { action: 'move', ids: [b.other.id], target: { jobId: foreign.id } });
    expect(refused.json().refused[0]).toMatchObject({ code: 'VALIDATION', message: expect.stringContaining('a container can only move between jobs of the same registration') });
    const expired = await createJob(t.db, { registration_id: (await createRegistration(t.db, { expiration_date: '2001-01-01' })).id });
    const late = await bulk('boss', 'containers', { action: 'move', ids: [b.other.id], target: { jobId: expired.id } });
    expect(late.json().refused[0]).toMatchObject({ code: 'VALIDATION', message: `The registration of job ${expired.id} has expired; containers cannot be moved into it.` });
  });
});

describe('delete', () => {
  it('line items and containers, each with its audit row; locked ones stay', async () => {
    const { container, items } = await fixture();
    await t.db.updateTable('line_items').set({ locked: true, locked_own: true }).where('id', '=', items[0]!).execute();
    const res = await bulk('boss', 'line-items', { action: 'delete', ids: items });
    expect(res.json()).toMatchObject({ done: 3, refused: [{ recordId: String(items[0]), code: 'LOCKED' }] });
    expect((await rowsOf(items)).map((r) => r.id)).toEqual([items[0]]);
    const audit = await auditOf(res.headers['x-request-id'] as string);
    expect(audit.map((a) => [Number(a.record_id), a.action, a.after])).toEqual(items.slice(1).map((id) => [id, 'delete', null]));
    expect((audit[0]!.before as { id: number }).id).toBe(items[1]);

    // The container holds an item locked on its own: refused; its empty sibling goes.
    const other = (await t.db.selectFrom('containers').select('id').where('job_id', '=', container.job_id).where('id', '<>', container.id).executeTakeFirstOrThrow()).id;
    const boxes = await bulk('boss', 'containers', { action: 'delete', ids: [container.id, other] });
    expect(boxes.json()).toMatchObject({ done: 1, refused: [{ recordId: String(container.id), code: 'LOCKED' }] });
    expect(await t.db.selectFrom('containers').select('id').where('id', 'in', [container.id, other]).execute()).toEqual([{ id: container.id }]);
  });
});

describe('a refusal found midway', () => {
  it('rolls back to the record’s savepoint: its first writes are undone, the other records done', async () => {
    const a = await fixture();
    const b = await fixture();
    // The first container's line items are deleted before its own delete is refused.
    refuseDelete.armed = true;
    const res = await bulk('boss', 'containers', { action: 'delete', ids: [b.container.id, a.container.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ done: 1, refused: [{ recordId: String(a.container.id), code: 'CONFLICT', message: 'Refused midway by the test.' }] });
    expect((await rowsOf(a.items)).map((r) => r.id)).toEqual(a.items);
    expect(await rowsOf(b.items)).toEqual([]);
    expect(await t.db.selectFrom('containers').select('id').where('id', 'in', [a.container.id, b.container.id]).execute()).toEqual([{ id: a.container.id }]);
    const audit = await auditOf(res.headers['x-request-id'] as string);
    expect(audit.map((r) => [r.entity, Number(r.record_id), r.action])).toEqual([['container', b.container.id, 'delete']]);
  });
});

describe('export', () => {
  async function download(link: string) {
    const file = await t.app.inject({ method: 'GET', url: link });
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const idColumn = header.indexOf('ID') + 1;
    const ids: number[] = [];
    sheet.eachRow((row, n) => n > 1 && ids.push(Number(row.getCell(idColumn).value)));
    return ids.sort((a, b) => a - b);
  }

  it('the selected line items only, any user (records.export), the unseen listed', async () => {
    const { items } = await fixture();
    const res = await bulk('viewer', 'line-items', { action: 'export', ids: [items[3], items[1], 999_999], fileType: 'xlsx' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.done).toBe(2);
    expect(answer.refused).toEqual([{ recordId: '999999', code: 'NOT_FOUND', message: 'There is no line item 999999.' }]);
    expect(answer.data[0].fieldData.Container).toMatch(/^\/3ds\/api\/files\/[0-9a-f-]+\/export\.xlsx\?exp=\d+&sid=[0-9a-f-]{36}&sig=/);
    expect(await download(answer.data[0].fieldData.Container)).toEqual([items[1], items[3]]);
  });

  it('a container selection exports the line items they hold; a find selects as the list does; pdf too', async () => {
    const a = await fixture();
    const b = await fixture();
    const res = await bulk('viewer', 'containers', { action: 'export', ids: [a.container.id], fileType: 'xlsx' });
    expect(res.json()).toMatchObject({ done: 1, refused: [] });
    expect(await download(res.json().data[0].fieldData.Container)).toEqual(a.items);
    const found = await bulk('viewer', 'line-items', { action: 'export', find: { quickFindCriteria: `LOT-${b.job.id}` }, fileType: 'xlsx' });
    expect(found.json()).toMatchObject({ done: 4, refused: [] });
    expect(await download(found.json().data[0].fieldData.Container)).toEqual(b.items);
    const pdf = await bulk('viewer', 'line-items', { action: 'export', ids: b.items, fileType: 'pdf' });
    expect(pdf.json().data[0].fieldData.Container).toMatch(/export\.pdf\?/);
  });
});

describe('performance', () => {
  it('locks 2,000 line items in seconds, not minutes', async () => {
    const { container } = await fixture();
    const rows = await sql<{ id: number }>`
      INSERT INTO line_items (kind, container_id, job_id, ndc, ndc_description, ndc_schedule, pack_quantity, pack_size, pack_size_uom, percent_fill, lot_number, form_222_number, created_by)
      SELECT 'standard', ${container.id}, ${container.job_id}, '00406-0552-01', 'OXYCODONE', '2', 1, 100, 'U', 1, 'TWO-K', '231456700', 'test'
      FROM generate_series(1, 2000) RETURNING id`.execute(t.db);
    const ids = rows.rows.map((r) => r.id);
    const started = performance.now();
    const res = await bulk('boss', 'line-items', { action: 'lock', ids });
    const ms = performance.now() - started;
    expect(res.json()).toEqual({ done: 2000, refused: [] });
    expect(await auditOf(res.headers['x-request-id'] as string)).toHaveLength(2000);
    console.info(`bulk lock of 2,000 line items (${process.env.TEST_DB_KIND ?? 'pglite'}): ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(60_000);
  }, 120_000);
});
