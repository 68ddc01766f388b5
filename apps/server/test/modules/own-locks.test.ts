import { PRIVILEGES } from '@3ds/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createContainer, createJob, createLineItem, createRegistration } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A line item locked on its own keeps its lock: a container's unlock undoes only what its lock
 * cascaded, and a container holding such an item is not deleted, moved to another job or moved to
 * the Yellow Bucket. Locking what is locked changes nothing.
 */
let t: TestApp;
let registrationId: number;

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'boss', privileges: [...PRIVILEGES] });
  await createUser(t.db, { username: 'keeper', privileges: ['LOCK_CONTAINER', 'UNLOCK_CONTAINER'] });
  await createUser(t.db, { username: 'checker', privileges: ['LOCK_LINE_ITEM'] });
  await createUser(t.db, { username: 'viewer' });
  registrationId = (await createRegistration(t.db)).id;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (user: string, method: Method, url: string, payload?: object) => t.injectAs(user, { method, url: `/3ds/api${url}`, ...(payload ? { payload } : {}) });

async function fixture(kind: 'standard' | 'yellow_bucket' = 'standard') {
  const job = await createJob(t.db, { registration_id: registrationId });
  const otherJob = await createJob(t.db, { registration_id: registrationId });
  const container = await createContainer(t.db, { job_id: job.id, kind });
  const [own, plain] = [await createLineItem(t.db, { container_id: container.id }), await createLineItem(t.db, { container_id: container.id })];
  return { job, otherJob, container, own: own.id, plain: plain.id };
}
const items = (containerId: number) =>
  t.db.selectFrom('line_items').select(['id', 'locked', 'locked_own', 'mod_id']).where('container_id', '=', containerId).orderBy('id').execute();
const auditCount = () => t.db.selectFrom('audit_log').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow().then((r) => Number(r.n));

describe('an item locked on its own', () => {
  it('stays locked when its container is locked and unlocked by someone without UNLOCK_LINE_ITEM', async () => {
    const { container, own, plain } = await fixture();
    expect((await call('checker', 'PATCH', `/line-item/lock/${own}`)).statusCode).toBe(200);
    expect((await call('keeper', 'PATCH', `/container/lock/${container.id}`)).statusCode).toBe(200);
    expect((await items(container.id)).map((i) => [i.id, i.locked, i.locked_own])).toEqual([
      [own, true, true],
      [plain, true, false],
    ]);
    const unlocked = await call('keeper', 'PATCH', `/container/unlock/${container.id}`);
    expect(unlocked.statusCode).toBe(200);
    expect((await items(container.id)).map((i) => [i.id, i.locked, i.locked_own])).toEqual([
      [own, true, true],
      [plain, false, false],
    ]);
    // The unlock's audit row names only the item it changed.
    const row = await t.db.selectFrom('audit_log').select('after').where('entity', '=', 'container').where('record_id', '=', String(container.id)).where('action', '=', 'unlock').executeTakeFirstOrThrow();
    expect(row.after).toEqual({ locked: false, lineItemsChanged: [plain] });
    // Only UNLOCK_LINE_ITEM unlocks it.
    expect((await call('keeper', 'PATCH', `/line-item/unlock/${own}`)).statusCode).toBe(403);
    expect((await call('boss', 'PATCH', `/line-item/unlock/${own}`)).statusCode).toBe(200);
    expect((await items(container.id)).every((i) => !i.locked && !i.locked_own)).toBe(true);
  });

  it('shows as locked on its own in the record, and its container counts it', async () => {
    const { container, own } = await fixture();
    await call('boss', 'PATCH', `/line-item/lock/${own}`);
    const item = (await call('viewer', 'GET', `/line-item/${own}`)).json().data[0].fieldData;
    expect(item).toMatchObject({ 'Locked Container Line Item': 'Yes', 'Locked On Its Own': 'Yes' });
    const record = (await call('viewer', 'GET', `/container/${container.id}`)).json().data[0].fieldData;
    expect(record['Line Items Locked On Their Own']).toBe(1);
  });

  for (const [what, request] of [
    ['deleted', (f: Awaited<ReturnType<typeof fixture>>) => call('boss', 'DELETE', `/container/${f.container.id}`)],
    ['moved to another job', (f: Awaited<ReturnType<typeof fixture>>) => call('boss', 'PUT', '/container/move', { jobId: f.otherJob.id, containerId: f.container.id })],
    ['moved to the Yellow Bucket', (f: Awaited<ReturnType<typeof fixture>>) => call('boss', 'POST', `/job/move-container-to-yb/${f.job.id}`, { containerId: f.container.id })],
  ] as const) {
    it(`keeps its container from being ${what} (409 with the reason), and nothing changes`, async () => {
      const f = await fixture();
      await call('boss', 'PATCH', `/line-item/lock/${f.own}`);
      const before = await t.db.selectFrom('containers').selectAll().where('id', '=', f.container.id).executeTakeFirstOrThrow();
      const itemsBefore = await items(f.container.id);
      const audits = await auditCount();
      const refused = await request(f);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().message).toBe(
        `Container ${f.container.id} holds a line item locked on its own; it cannot be ${what === 'deleted' ? 'deleted' : 'moved'} while that item stays locked.`,
      );
      expect(await t.db.selectFrom('containers').selectAll().where('id', '=', f.container.id).executeTakeFirst()).toEqual(before);
      expect(await items(f.container.id)).toEqual(itemsBefore);
      expect(await auditCount()).toBe(audits);
      // Once the item is unlocked, the container may go.
      await call('boss', 'PATCH', `/line-item/unlock/${f.own}`);
      expect((await request(f)).statusCode).toBe(200);
    });
  }
});

describe('locking what is locked', () => {
  it('is refused and changes nothing: no new modId and no audit row', async () => {
    const { container, own } = await fixture();
    await call('boss', 'PATCH', `/container/lock/${container.id}`);
    const modId = async () => (await t.db.selectFrom('containers').select('mod_id').where('id', '=', container.id).executeTakeFirstOrThrow()).mod_id;
    const lockedMod = await modId();
    const itemsBefore = await items(container.id);
    const audits = await auditCount();
    const again = await call('boss', 'PATCH', `/container/lock/${container.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Container ${container.id} is already locked.`);
    expect(await modId()).toBe(lockedMod);
    expect(await items(container.id)).toEqual(itemsBefore);
    expect(await auditCount()).toBe(audits);
    // Unlocking an unlocked container is the same.
    await call('boss', 'PATCH', `/container/unlock/${container.id}`);
    const unlockedAudits = await auditCount();
    const unlockedMod = await modId();
    expect((await call('boss', 'PATCH', `/container/unlock/${container.id}`)).statusCode).toBe(409);
    expect(await modId()).toBe(unlockedMod);
    expect(await auditCount()).toBe(unlockedAudits);
    // A line item or a job locked twice is refused, unchanged.
    await call('boss', 'PATCH', `/line-item/lock/${own}`);
    const itemMod = (await items(container.id)).find((i) => i.id === own)!.mod_id;
    expect((await call('boss', 'PATCH', `/line-item/lock/${own}`)).statusCode).toBe(409);
    expect((await items(container.id)).find((i) => i.id === own)!.mod_id).toBe(itemMod);
  });
});

describe('the history of an item moved into a Yellow Bucket container', () => {
  it('shows the move even when the item had no audit rows of its own', async () => {
    const job = await createJob(t.db, { registration_id: registrationId });
    const container = await createContainer(t.db, { job_id: job.id });
    const item = await createLineItem(t.db, { container_id: container.id });
    const moved = await call('boss', 'POST', `/job/move-container-to-yb/${job.id}`, { containerId: container.id });
    expect(moved.statusCode, moved.body).toBe(200);
    const yellowId = JSON.parse(moved.json().scriptResult).containerId;
    const history = (await call('viewer', 'GET', `/yb-line-item/${item.id}/history`)).json();
    expect(history.data.map((e: { summary: string }) => e.summary)).toEqual([`Moved with container ${container.id} into Yellow Bucket container ${yellowId}`]);
  });
});
