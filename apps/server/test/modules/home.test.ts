import { onHandLineItemsFind } from '@3ds/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createContainer, createJob, createLineItem } from '../support/record-factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The home screen's on-hand count (`GET /home/on-hand`): line items of jobs received and not yet
 * destroyed, by schedule — and each schedule's line items are exactly what the line-item lists find
 * for it, so that the count and the list it links to agree.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'viewer' });
  // On hand: received, not destroyed. Two containers, schedules 2, 2N, 4 and none; one Yellow Bucket item.
  const held = await createJob(t.db, { date_received: '2026-03-01', date_destroyed: null });
  const tote = await createContainer(t.db, { job_id: held.id });
  const drum = await createContainer(t.db, { job_id: held.id, kind: 'yellow_bucket' });
  await createLineItem(t.db, { container_id: tote.id, ndc_schedule: '2', grams_of_base: 1.2345678 });
  await createLineItem(t.db, { container_id: tote.id, ndc_schedule: '2', grams_of_base: 0.5 });
  await createLineItem(t.db, { container_id: tote.id, ndc_schedule: '2N', grams_of_base: null });
  await createLineItem(t.db, { container_id: drum.id, ndc_schedule: '2', grams_of_base: 2 });
  await createLineItem(t.db, { container_id: drum.id, ndc_schedule: '4' });
  await createLineItem(t.db, { container_id: tote.id, ndc_schedule: null });
  // A second job on hand, schedule 2 again.
  const other = await createJob(t.db, { date_received: '2026-03-10' });
  await createLineItem(t.db, { container_id: (await createContainer(t.db, { job_id: other.id })).id, ndc_schedule: '2', grams_of_base: 1 });
  // Not on hand: not received yet, and destroyed.
  const coming = await createJob(t.db, { date_received: null });
  await createLineItem(t.db, { container_id: (await createContainer(t.db, { job_id: coming.id })).id, ndc_schedule: '2' });
  const gone = await createJob(t.db, { date_received: '2026-01-05', date_destroyed: '2026-01-20' });
  await createLineItem(t.db, { container_id: (await createContainer(t.db, { job_id: gone.id })).id, ndc_schedule: '2' });
});
afterAll(() => t.close());

const get = (url: string, user = 'viewer') => t.injectAs(user, { method: 'GET', url: `/3ds/api${url}` });

describe('GET /home/on-hand', () => {
  it('counts the line items of jobs received and not destroyed, by schedule in the registration order, none last', async () => {
    const res = await get('/home/on-hand');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      schedules: [
        { schedule: '2', lineItems: 3, yellowBucketLineItems: 1, containers: 3, jobs: 2, gramsOfBase: 4.735 },
        { schedule: '2N', lineItems: 1, yellowBucketLineItems: 0, containers: 1, jobs: 1, gramsOfBase: 0 },
        { schedule: '4', lineItems: 0, yellowBucketLineItems: 1, containers: 1, jobs: 1, gramsOfBase: expect.any(Number) },
        { schedule: '', lineItems: 1, yellowBucketLineItems: 0, containers: 1, jobs: 1, gramsOfBase: expect.any(Number) },
      ],
      // A container or job holding several schedules counts once.
      total: { lineItems: 5, yellowBucketLineItems: 2, containers: 3, jobs: 2, gramsOfBase: expect.any(Number) },
    });
  });

  it("agrees with the line-item lists' find of each schedule, which the home screen links to", async () => {
    const { schedules } = (await get('/home/on-hand')).json() as { schedules: { schedule: string; lineItems: number; yellowBucketLineItems: number }[] };
    for (const row of schedules) {
      const find = encodeURIComponent(JSON.stringify(onHandLineItemsFind(row.schedule)));
      const standard = await get(`/line-items?searchCriteria=${find}&limit=1`);
      expect(standard.statusCode, standard.body).toBe(200);
      expect(standard.json().dataInfo.foundCount, `schedule "${row.schedule}"`).toBe(row.lineItems);
      const yellow = await get(`/yb-line-items?searchCriteria=${find}&limit=1`);
      expect(yellow.json().dataInfo.foundCount, `schedule "${row.schedule}", Yellow Bucket`).toBe(row.yellowBucketLineItems);
    }
  });

  it('answers nothing on hand as no schedules and zero totals', async () => {
    const empty = await buildTestApp();
    try {
      await createUser(empty.db, { username: 'viewer' });
      const res = await empty.injectAs('viewer', { method: 'GET', url: '/3ds/api/home/on-hand' });
      expect(res.json()).toEqual({ schedules: [], total: { lineItems: 0, yellowBucketLineItems: 0, containers: 0, jobs: 0, gramsOfBase: 0 } });
    } finally {
      await empty.close();
    }
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/3ds/api/home/on-hand' });
    expect(res.statusCode).toBe(401);
  });
});
