import { PRIVILEGES } from '@3ds/domain';
import type { LightMyRequestResponse } from 'fastify';
import type { RawNode, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { createRegistration } from '../support/record-factories.ts';
import { StatementGate } from '../support/statement-gate.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * List and record reads take turns (records/read-turns.ts, DATABASE_READS_AT_ONCE); saves do not.
 * One read is held inside the database (its page read, its turn taken): with one turn, a second read
 * waits for it, and a save made meanwhile answers at once. PostgreSQL only: the embedded database
 * runs one statement at a time and takes no turns.
 */
const onPostgres = process.env.TEST_DB_KIND === 'postgres';

/** How long a request is watched before it is taken as waiting (it would answer in milliseconds). */
const WAIT_MS = 400;

/** A list's page read (records.repository.ts `selectPage`). */
function isPageRead(node: RootOperationNode): boolean {
  return node.kind === 'RawNode' && (node as RawNode).sqlFragments.join('').includes('AS __mod');
}

async function stillWaiting(request: Promise<LightMyRequestResponse>): Promise<boolean> {
  const waited = Symbol('waited');
  return (await Promise.race([request, new Promise((resolve) => setTimeout(() => resolve(waited), WAIT_MS))])) === waited;
}

describe.runIf(onPostgres)('reads take turns, saves do not (PostgreSQL)', () => {
  let t: TestApp;
  const gate = new StatementGate();
  let registrationId: number;

  beforeAll(async () => {
    t = await buildTestApp({ env: { DATABASE_READS_AT_ONCE: '1' }, wrapDb: (db) => db.withPlugin(gate) });
    await createUser(t.db, { username: 'boss', privileges: [...PRIVILEGES] });
    registrationId = (await createRegistration(t.db)).id;
  });
  afterAll(() => t?.close());

  const get = (url: string) => t.injectAs('boss', { method: 'GET', url: `/3ds/api${url}` });

  it('a second read waits for the one in the database; a save answers meanwhile; both reads answer once it ends', async () => {
    const held = gate.arm(isPageRead);
    const first = get('/companies?limit=5');
    await Promise.race([held.reached, first.then((r) => Promise.reject(new Error(`answered ${r.statusCode} before its page was read`)))]);

    const second = get('/jobs?limit=5');
    expect(await stillWaiting(second)).toBe(true);

    const save = await t.injectAs('boss', {
      method: 'POST',
      url: '/3ds/api/job',
      payload: { fieldData: { _fkRegistration_Record_Number: String(registrationId), 'Job Name': 'Saved while a read is held' } },
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(await stillWaiting(second)).toBe(true);

    held.release();
    const [a, b] = await Promise.all([first, second]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    // The job saved while the read waited is in the list it waited for.
    expect(JSON.parse(b.body).data.map((r: { fieldData: Record<string, unknown> }) => r.fieldData['Job Name'])).toContain('Saved while a read is held');
  });

  it('a read refused inside its turn gives the turn back', async () => {
    // An unknown sort field is found while the page is read: inside the turn.
    const sort = encodeURIComponent(JSON.stringify([{ fieldName: 'No Such Field', sortOrder: 'ascend' }]));
    const bad = await get(`/companies?limit=5&sort=${sort}`);
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.body).toMatch(/Unknown sort field ..?No Such Field/);
    // With one turn, a turn kept by the refused read would hold every read after it.
    const after = get('/registrations?limit=5');
    expect(await stillWaiting(after)).toBe(false);
    expect((await after).statusCode).toBe(200);
  });
});
