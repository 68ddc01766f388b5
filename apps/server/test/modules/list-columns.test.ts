import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/**
 * The columns a user hides on a list (`/list-columns/{entity}`): each user's own, per list, kept on
 * the server beside their saved finds; a list's identifying columns are never hidden.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  for (const username of ['ann', 'bob']) await createUser(t.db, { username });
});
afterAll(() => t.close());

const read = (user: string, entity: string) => t.injectAs(user, { method: 'GET', url: `/3ds/api/list-columns/${entity}` });
const choose = (user: string, entity: string, payload: unknown) =>
  t.injectAs(user, { method: 'PUT', url: `/3ds/api/list-columns/${entity}`, payload: payload as object, headers: { 'content-type': 'application/json' } });
const audits = () => t.db.selectFrom('audit_log').select(['username', 'action', 'record_id', 'before', 'after']).where('entity', '=', 'list_columns').orderBy('id').execute();

describe('the columns a user hides on a list', () => {
  it('shows every column before any choice', async () => {
    const res = await read('ann', 'line-items');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ entity: 'line-items', hidden: [] });
  });

  it('keeps a choice per user and per list, and audits it', async () => {
    const saved = await choose('ann', 'line-items', { hidden: ['Strength', 'CWF Form Number'] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ entity: 'line-items', hidden: ['Strength', 'CWF Form Number'] });
    expect((await read('ann', 'line-items')).json().hidden).toEqual(['Strength', 'CWF Form Number']);
    // Another list of hers, and another user's same list, are untouched.
    expect((await read('ann', 'yb-line-items')).json().hidden).toEqual([]);
    expect((await read('bob', 'line-items')).json().hidden).toEqual([]);
    // A second choice replaces the first; [] shows every column again.
    expect((await choose('ann', 'line-items', { hidden: ['Cause'] })).json().hidden).toEqual(['Cause']);
    expect((await choose('ann', 'line-items', { hidden: [] })).json().hidden).toEqual([]);
    expect((await read('ann', 'line-items')).json().hidden).toEqual([]);
    const rows = await audits();
    expect(rows.map((r) => [r.username, r.action, r.record_id])).toEqual([
      ['ann', 'create', expect.stringMatching(/^\d+\/line-items$/)],
      ['ann', 'update', expect.stringMatching(/^\d+\/line-items$/)],
      ['ann', 'update', expect.stringMatching(/^\d+\/line-items$/)],
    ]);
    expect(rows[1]!.before).toEqual({ entity: 'line-items', hidden: ['Strength', 'CWF Form Number'] });
    expect(rows[1]!.after).toEqual({ entity: 'line-items', hidden: ['Cause'] });
  });

  it.each([
    ['an identifying column', 'line-items', { hidden: ['NDC Number'] }, 'hidden: NDC Number identifies each row and is always shown.'],
    ['the id column', 'jobs', { hidden: ['Created By', '__PKJobID'] }, 'hidden: ID identifies each row and is always shown.'],
    ['a field that is not a column of the list', 'line-items', { hidden: ['Avg Tablet Weight'] }, 'hidden: "Avg Tablet Weight" is not a column of the Line Items list.'],
    ['another list’s column', 'companies', { hidden: ['NDC Schedule'] }, 'hidden: "NDC Schedule" is not a column of the Companies list.'],
    ['a column named twice', 'line-items', { hidden: ['Strength', 'Strength'] }, 'hidden: "Strength" is named more than once.'],
  ])('refuses %s with 400 naming it, and keeps what was there', async (_what, entity, body, message) => {
    await choose('bob', entity, { hidden: ['Date Created'] });
    const before = await audits();
    const res = await choose('bob', entity, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await read('bob', entity)).json().hidden).toEqual(['Date Created']);
    expect(await audits()).toHaveLength(before.length);
  });

  it.each([
    ['no hidden', {}],
    ['hidden not a list', { hidden: 'Strength' }],
    ['a column that is not text', { hidden: [7] }],
    ['a key it does not know', { hidden: [], shown: ['Strength'] }],
    ['too many columns', { hidden: Array.from({ length: 101 }, (_, i) => `Column ${i}`) }],
  ])('refuses a body with %s (400)', async (_what, body) => {
    const res = await choose('bob', 'line-items', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/\w{3}/);
  });

  it('refuses a list that does not exist (400), and a request without a session (401)', async () => {
    expect((await choose('bob', 'widgets', { hidden: [] })).statusCode).toBe(400);
    expect((await read('bob', 'widgets')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/3ds/api/list-columns/jobs' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/3ds/api/list-columns/jobs', payload: { hidden: [] } })).statusCode).toBe(401);
  });

  it('forgets a kept column the list no longer has', async () => {
    const ann = await t.db.selectFrom('users').select('id').where('username', '=', 'ann').executeTakeFirstOrThrow();
    await t.db
      .insertInto('list_columns')
      .values({ user_id: ann.id, entity: 'registrations', hidden: JSON.stringify(['City', 'Gone since', 'Registration Number']) })
      .execute();
    expect((await read('ann', 'registrations')).json().hidden).toEqual(['City']);
  });
});
