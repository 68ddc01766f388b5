import { PRIVILEGES } from '@3ds/domain';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createContainer, createJob, createLineItem, createOrderForm } from '../support/record-factories.ts';
import { isAuditInsert, StatementGate } from '../support/statement-gate.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A lock holds against a write already in flight. The write is stopped inside its transaction (its
 * change and audit row made, not yet committed) while the lock is requested: the lock must wait for
 * the write, so that the write commits before it; and a write that starts while a lock is in flight
 * must wait for the lock and then be refused. The history lists the two in the order they happened.
 * PostgreSQL only: the embedded database runs one transaction at a time, so nothing is in flight.
 */
const onPostgres = process.env.TEST_DB_KIND === 'postgres';

/** How long a blocked request is watched before it is taken as waiting (it would answer in milliseconds). */
const WAIT_MS = 400;

describe.runIf(onPostgres)('locks against writes in flight (PostgreSQL)', () => {
  let t: TestApp;
  const gate = new StatementGate();

  beforeAll(async () => {
    t = await buildTestApp({ wrapDb: (db) => db.withPlugin(gate) });
    await createUser(t.db, { username: 'boss', privileges: [...PRIVILEGES] });
    await t.db
      .insertInto('ndc_dictionary')
      .values({ ndc: '00406-0552-01', schedule: '2', trade_name: 'OXYCODONE HCL 5 MG', package_size: 100, package_size_uom: 'U', ingredient_base_weight: 0.44816, trade_package: true })
      .execute();
  });
  afterAll(() => t?.close());

  async function fixture() {
    const job = await createJob(t.db);
    const container = await createContainer(t.db, { job_id: job.id });
    const other = await createContainer(t.db, { job_id: job.id, name: 'Box 2' });
    const item = await createLineItem(t.db, { container_id: container.id });
    return { job, container, other, item };
  }

  const call = (method: InjectOptions['method'], url: string, payload?: object) => t.injectAs('boss', { method, url: `/3ds/api${url}`, ...(payload ? { payload } : {}) });

  /** Whether the request is still waiting after WAIT_MS. */
  async function stillWaiting(request: Promise<LightMyRequestResponse>): Promise<boolean> {
    const waited = Symbol('waited');
    return (await Promise.race([request, new Promise((resolve) => setTimeout(() => resolve(waited), WAIT_MS))])) === waited;
  }

  /** Waits until the held statement is reached; a request that answers first never got there. */
  async function reachedOrFailed(reached: Promise<void>, request: Promise<LightMyRequestResponse>) {
    const answered = await Promise.race([reached.then(() => undefined), request]);
    if (answered) throw new Error(`answered ${answered.statusCode} before reaching the held statement: ${answered.body}`);
  }

  async function auditOrder(...ids: [entity: string, recordId: number, action: string][]) {
    const rows = await t.db.selectFrom('audit_log').select(['entity', 'record_id', 'action', 'at', 'id']).orderBy('at').orderBy('id').execute();
    return ids.map(([entity, recordId, action]) => rows.findIndex((r) => r.entity === entity && r.record_id === String(recordId) && r.action === action));
  }

  /**
   * Holds `write` before its commit, asks for `lock`, and checks that the lock waited for the write
   * and that both then succeeded, in that order.
   */
  async function writeThenLock(write: () => Promise<LightMyRequestResponse>, lock: () => Promise<LightMyRequestResponse>) {
    const held = gate.arm(isAuditInsert);
    const writing = write();
    await reachedOrFailed(held.reached, writing);
    const locking = lock();
    const waited = await stillWaiting(locking);
    held.release();
    const [written, locked] = await Promise.all([writing, locking]);
    return { waited, written, locked };
  }

  it('a job lock waits for a line-item edit in flight, which commits first', async () => {
    const { job, item } = await fixture();
    const { waited, written, locked } = await writeThenLock(
      () => call('PATCH', `/line-item/${item.id}`, { fieldData: { 'Lot Number': 'IN-FLIGHT' } }),
      () => call('PATCH', `/job/lock/${job.id}`),
    );
    expect(waited).toBe(true);
    expect(written.statusCode, written.body).toBe(200);
    expect(locked.statusCode, locked.body).toBe(200);
    const [edit, lock] = await auditOrder(['line-item', item.id, 'edit'], ['job', job.id, 'lock']);
    expect(edit).toBeGreaterThanOrEqual(0);
    expect(edit).toBeLessThan(lock!);
    expect((await call('PATCH', `/line-item/${item.id}`, { fieldData: { 'Lot Number': 'AFTER' } })).statusCode).toBe(409);
  });

  it('a container lock waits for a line-item edit in flight', async () => {
    const { container, item } = await fixture();
    const { waited, written, locked } = await writeThenLock(
      () => call('PATCH', `/line-item/${item.id}`, { fieldData: { 'Lot Number': 'IN-FLIGHT' } }),
      () => call('PATCH', `/container/lock/${container.id}`),
    );
    expect(waited).toBe(true);
    expect([written.statusCode, locked.statusCode]).toEqual([200, 200]);
    const [edit, lock] = await auditOrder(['line-item', item.id, 'edit'], ['container', container.id, 'lock']);
    expect(edit).toBeLessThan(lock!);
    const stored = await t.db.selectFrom('line_items').select(['lot_number', 'locked']).where('id', '=', item.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ lot_number: 'IN-FLIGHT', locked: true });
  });

  it('a container lock waits for a line item being added to it in flight, and locks the new item too', async () => {
    const { container, job } = await fixture();
    // Complete, so the lock takes it: received on an executed Form 222 of the job's client.
    const form = await createOrderForm(t.db, { registration_id: job.registration_id, status: 'executed' });
    const { waited, written, locked } = await writeThenLock(
      () => call('POST', '/line-item/new', { containerId: container.id, ndc: '00406-0552-01', packQuantity: 2, packSize: 100, packSizeUoM: 'U', form222Number: form.form_number, form222Line: 1 }),
      () => call('PATCH', `/container/lock/${container.id}`),
    );
    expect(waited).toBe(true);
    expect([written.statusCode, locked.statusCode], `${written.body} ${locked.body}`).toEqual([200, 200]);
    const added = Number(written.json().recordId);
    const [create, lock] = await auditOrder(['line-item', added, 'create'], ['container', container.id, 'lock']);
    expect(create).toBeGreaterThanOrEqual(0);
    expect(create).toBeLessThan(lock!);
    // No item of a locked container is left unlocked: the one added in flight was locked with the rest.
    const items = await t.db.selectFrom('line_items').select(['id', 'locked']).where('container_id', '=', container.id).orderBy('id').execute();
    expect(items.map((i) => i.locked)).toEqual(items.map(() => true));
    expect(items.map((i) => i.id)).toContain(added);
  });

  it('a line-item lock waits for an edit of the same item in flight', async () => {
    const { item } = await fixture();
    const { waited, written, locked } = await writeThenLock(
      () => call('PATCH', `/line-item/${item.id}`, { fieldData: { 'Lot Number': 'IN-FLIGHT' } }),
      () => call('PATCH', `/line-item/lock/${item.id}`),
    );
    expect(waited).toBe(true);
    expect([written.statusCode, locked.statusCode]).toEqual([200, 200]);
    const [edit, lock] = await auditOrder(['line-item', item.id, 'edit'], ['line-item', item.id, 'lock']);
    expect(edit).toBeLessThan(lock!);
  });

  it('a job lock waits for a container delete in flight, and the history shows the delete first', async () => {
    const { job, other } = await fixture();
    const { waited, written, locked } = await writeThenLock(
      () => call('DELETE', `/container/${other.id}`),
      () => call('PATCH', `/job/lock/${job.id}`),
    );
    expect(waited).toBe(true);
    expect([written.statusCode, locked.statusCode]).toEqual([200, 200]);
    const [deleted, lock] = await auditOrder(['container', other.id, 'delete'], ['job', job.id, 'lock']);
    expect(deleted).toBeLessThan(lock!);
  });

  it('a line-item move waits for a lock of its target container in flight, then is refused', async () => {
    const { other, item } = await fixture();
    const held = gate.arm(isAuditInsert);
    const locking = call('PATCH', `/container/lock/${other.id}`);
    await reachedOrFailed(held.reached, locking);
    const moving = call('POST', `/line-item/move/${item.id}`, { container: other.id });
    expect(await stillWaiting(moving)).toBe(true);
    held.release();
    expect((await locking).statusCode).toBe(200);
    const moved = await moving;
    expect(moved.statusCode, moved.body).toBe(422);
    expect(moved.json().message).toBe(`Container ${other.id} is locked.`);
    expect((await t.db.selectFrom('line_items').select('container_id').where('id', '=', item.id).executeTakeFirstOrThrow()).container_id).not.toBe(other.id);
  });

  for (const [what, write] of [
    ['an edit', (item: number) => call('PATCH', `/line-item/${item}`, { fieldData: { 'Lot Number': 'LATE' } })],
    ['a delete', (item: number) => call('DELETE', `/line-item/${item}`)],
  ] as const) {
    it(`${what} that starts while a job lock is in flight waits for it and is refused with 409`, async () => {
      const { job, item } = await fixture();
      const held = gate.arm(isAuditInsert);
      const locking = call('PATCH', `/job/lock/${job.id}`);
      await reachedOrFailed(held.reached, locking);
      const writing = write(item.id);
      expect(await stillWaiting(writing)).toBe(true);
      held.release();
      expect((await locking).statusCode).toBe(200);
      const written = await writing;
      expect(written.statusCode, written.body).toBe(409);
      expect(written.json().message).toContain(`Job ${job.id} is locked`);
      const stored = await t.db.selectFrom('line_items').select(['lot_number']).where('id', '=', item.id).executeTakeFirst();
      expect(stored).toBeDefined();
      expect(stored!.lot_number).not.toBe('LATE');
    });
  }

  for (const [what, lockOf] of [
    ['its container', (f: Awaited<ReturnType<typeof fixture>>) => `/container/lock/${f.container.id}`],
    ['the item itself', (f: Awaited<ReturnType<typeof fixture>>) => `/line-item/lock/${f.item.id}`],
  ] as const) {
    it(`an edit that starts while a lock of ${what} is in flight waits for it and is refused with 409`, async () => {
      const f = await fixture();
      const held = gate.arm(isAuditInsert);
      const locking = call('PATCH', lockOf(f));
      await reachedOrFailed(held.reached, locking);
      const writing = call('PATCH', `/line-item/${f.item.id}`, { fieldData: { 'Lot Number': 'LATE' } });
      expect(await stillWaiting(writing)).toBe(true);
      held.release();
      expect((await locking).statusCode).toBe(200);
      const written = await writing;
      expect(written.statusCode, written.body).toBe(409);
      const stored = await t.db.selectFrom('line_items').select(['lot_number', 'locked']).where('id', '=', f.item.id).executeTakeFirstOrThrow();
      expect(stored.lot_number).not.toBe('LATE');
      expect(stored.locked).toBe(true);
    });
  }

  it('a container delete that starts while its job is being locked waits and is refused', async () => {
    const { job, other } = await fixture();
    const held = gate.arm(isAuditInsert);
    const locking = call('PATCH', `/job/lock/${job.id}`);
    await reachedOrFailed(held.reached, locking);
    const deleting = call('DELETE', `/container/${other.id}`);
    expect(await stillWaiting(deleting)).toBe(true);
    held.release();
    expect((await locking).statusCode).toBe(200);
    expect((await deleting).statusCode).toBe(409);
    expect(await t.db.selectFrom('containers').select('id').where('id', '=', other.id).executeTakeFirst()).toBeDefined();
  });
  describe('bulk locks', () => {
    it('a bulk line-item lock waits for an edit in flight of one of its items, which commits first', async () => {
      const { container, item } = await fixture();
      const more = [await createLineItem(t.db, { container_id: container.id }), await createLineItem(t.db, { container_id: container.id })];
      const ids = [item.id, ...more.map((m) => m.id)];
      const { waited, written, locked } = await writeThenLock(
        () => call('PATCH', `/line-item/${item.id}`, { fieldData: { 'Lot Number': 'IN-FLIGHT' } }),
        () => call('POST', '/line-items/bulk', { action: 'lock', ids }),
      );
      expect(waited).toBe(true);
      expect(written.statusCode, written.body).toBe(200);
      expect(locked.json()).toEqual({ done: 3, refused: [] });
      const [edit, lock] = await auditOrder(['line-item', item.id, 'edit'], ['line-item', item.id, 'lock']);
      expect(edit).toBeGreaterThanOrEqual(0);
      expect(edit).toBeLessThan(lock!);
      const stored = await t.db.selectFrom('line_items').select(['lot_number', 'locked']).where('id', '=', item.id).executeTakeFirstOrThrow();
      expect(stored).toEqual({ lot_number: 'IN-FLIGHT', locked: true });
    });

    it('a bulk container lock waits for a line-item edit in flight', async () => {
      const { container, other, item } = await fixture();
      const { waited, written, locked } = await writeThenLock(
        () => call('PATCH', `/line-item/${item.id}`, { fieldData: { 'Lot Number': 'IN-FLIGHT' } }),
        () => call('POST', '/containers/bulk', { action: 'lock', ids: [other.id, container.id] }),
      );
      expect(waited).toBe(true);
      expect(written.statusCode, written.body).toBe(200);
      expect(locked.json()).toEqual({ done: 2, refused: [] });
      const [edit, lock] = await auditOrder(['line-item', item.id, 'edit'], ['container', container.id, 'lock']);
      expect(edit).toBeLessThan(lock!);
    });

    for (const [what, write] of [
      ['an edit', (item: number) => call('PATCH', `/line-item/${item}`, { fieldData: { 'Lot Number': 'LATE' } })],
      ['a delete', (item: number) => call('DELETE', `/line-item/${item}`)],
      ['a move', (item: number, to: number) => call('POST', `/line-item/move/${item}`, { container: to })],
    ] as const) {
      it(`${what} that starts while a bulk lock of its item is in flight waits for it and is refused with 409`, async () => {
        const { container, other, item } = await fixture();
        const last = await createLineItem(t.db, { container_id: container.id });
        // Held at the audit row of the first item: the last one is held, not yet locked.
        const held = gate.arm(isAuditInsert);
        const locking = call('POST', '/line-items/bulk', { action: 'lock', ids: [item.id, last.id] });
        await reachedOrFailed(held.reached, locking);
        const writing = write(last.id, other.id);
        expect(await stillWaiting(writing)).toBe(true);
        held.release();
        expect((await locking).json()).toEqual({ done: 2, refused: [] });
        const written = await writing;
        expect(written.statusCode, written.body).toBe(409);
        expect(written.json().message).toBe(`Line item ${last.id} is locked.`);
        const stored = await t.db.selectFrom('line_items').select(['lot_number', 'container_id', 'locked']).where('id', '=', last.id).executeTakeFirstOrThrow();
        expect(stored).toMatchObject({ container_id: container.id, locked: true });
        expect(stored.lot_number).not.toBe('LATE');
      });
    }
  });
});
