import { SAVED_FIND_LIMITS } from '@3ds/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../support/factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

/** GET/POST/PATCH/DELETE /3ds/api/saved-finds: each user's named finds of the list screens. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // No privilege needed: any signed-in user keeps saved finds of their own.
  await createUser(t.db, { username: 'ann' });
  await createUser(t.db, { username: 'bob', privileges: ['CREATE_JOB'] });
  await createUser(t.db, { username: 'cy' });
});
afterAll(() => t.close());

const URL = '/3ds/api/saved-finds';
const create = (user: string, body: unknown) => t.injectAs(user, { method: 'POST', url: URL, payload: body as object });
const list = (user: string, entity: string) => t.injectAs(user, { method: 'GET', url: `${URL}?entity=${encodeURIComponent(entity)}` });
const patch = (user: string, id: number | string, body: unknown) => t.injectAs(user, { method: 'PATCH', url: `${URL}/${id}`, payload: body as object });
const remove = (user: string, id: number | string) => t.injectAs(user, { method: 'DELETE', url: `${URL}/${id}` });
const rows = () => t.db.selectFrom('saved_finds').selectAll().orderBy('id').execute();
const audits = (id: number) => t.db.selectFrom('audit_log').selectAll().where('entity', '=', 'saved_find').where('record_id', '=', String(id)).orderBy('id').execute();

const OPEN_JOBS = {
  entity: 'jobs',
  name: 'Open jobs in NJ',
  quickFind: 'acme',
  requests: [{ omit: false, criteria: { 'Registration::State': 'NJ' } }, { omit: true, criteria: { 'Locked Job': 'Yes' } }],
  sort: [{ fieldName: 'Job Name', sortOrder: 'descend' }],
};

describe('saved finds: create, list, read, rename, delete', () => {
  let id = 0;

  it('saves a find for the user and answers it (201), with an audit row', async () => {
    const res = await create('ann', OPEN_JOBS);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ entity: 'jobs', name: 'Open jobs in NJ', quickFind: 'acme', requests: OPEN_JOBS.requests, sort: OPEN_JOBS.sort });
    expect(typeof body.id).toBe('number');
    expect(Date.parse(body.createdAt)).not.toBeNaN();
    id = body.id;
    const [audit] = await audits(id);
    expect(audit).toMatchObject({ username: 'ann', action: 'create' });
  });

  it('lists only the user’s own saved finds of that list, by name', async () => {
    expect((await create('ann', { entity: 'jobs', name: 'by name', sort: [{ fieldName: 'Job Name' }] })).statusCode).toBe(201);
    expect((await create('ann', { entity: 'companies', name: 'Other list', quickFind: 'x' })).statusCode).toBe(201);
    expect((await create('bob', { entity: 'jobs', name: 'Bob’s', quickFind: 'y' })).statusCode).toBe(201);
    const res = await list('ann', 'jobs');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().savedFinds.map((f: { name: string }) => f.name)).toEqual(['by name', 'Open jobs in NJ']);
    // A sort key without an order is stored as the list reads it: ascending.
    expect(res.json().savedFinds[0].sort).toEqual([{ fieldName: 'Job Name', sortOrder: 'ascend' }]);
    expect((await list('bob', 'jobs')).json().savedFinds.map((f: { name: string }) => f.name)).toEqual(['Bob’s']);
    expect((await list('cy', 'jobs')).json().savedFinds).toEqual([]);
  });

  it('reads one of the user’s own saved finds', async () => {
    const res = await t.injectAs('ann', { method: 'GET', url: `${URL}/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe('Open jobs in NJ');
  });

  it('renames it (and may change its find), keeping what was not sent', async () => {
    const res = await patch('ann', id, { name: '  NJ jobs  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, name: 'NJ jobs', quickFind: 'acme', requests: OPEN_JOBS.requests, sort: OPEN_JOBS.sort });
    const changed = await patch('ann', id, { quickFind: '', sort: [] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ quickFind: '', sort: [], requests: OPEN_JOBS.requests });
    // A new case of its own name is a rename, not a clash with itself.
    expect((await patch('ann', id, { name: 'nj JOBS' })).statusCode).toBe(200);
    expect((await audits(id)).map((a) => a.action)).toEqual(['create', 'update', 'update', 'update']);
  });

  it('deletes it (204): gone from the list, read 404, an audit row', async () => {
    const res = await remove('ann', id);
    expect(res.statusCode, res.body).toBe(204);
    expect((await list('ann', 'jobs')).json().savedFinds.map((f: { name: string }) => f.name)).toEqual(['by name']);
    expect((await t.injectAs('ann', { method: 'GET', url: `${URL}/${id}` })).statusCode).toBe(404);
    expect((await remove('ann', id)).statusCode).toBe(404);
    expect((await audits(id)).at(-1)).toMatchObject({ action: 'delete', username: 'ann' });
  });

  it('keeps its user from being deleted: deletes never cascade (users are disabled instead)', async () => {
    const user = await createUser(t.db, { username: 'leaver' });
    await t.db.insertInto('saved_finds').values({ user_id: user.id, entity: 'jobs', name: 'mine', requests: '[]', sort: '[]', quick_find: 'z' }).execute();
    await expect(t.db.deleteFrom('users').where('id', '=', user.id).execute()).rejects.toThrow();
  });
});

describe('saved finds: refusals', () => {
  it('401 without a session, for every method', async () => {
    for (const [method, url] of [
      ['GET', `${URL}?entity=jobs`],
      ['GET', `${URL}/1`],
      ['POST', URL],
      ['PATCH', `${URL}/1`],
      ['DELETE', `${URL}/1`],
    ] as const) {
      const res = await t.app.inject({ method, url, ...(method === 'POST' || method === 'PATCH' ? { payload: { name: 'x' } } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toMatch(/\w{3}/);
    }
  });

  it('another user’s saved find is 404 to read, rename and delete, and stays as it was', async () => {
    const mine = (await create('bob', { entity: 'registrations', name: 'Private', quickFind: 'q' })).json();
    const before = await rows();
    for (const res of [
      await t.injectAs('cy', { method: 'GET', url: `${URL}/${mine.id}` }),
      await patch('cy', mine.id, { name: 'Stolen' }),
      await remove('cy', mine.id),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe(`There is no saved find ${mine.id} of yours.`);
    }
    expect(await rows()).toEqual(before);
    expect((await patch('cy', 999_999, { name: 'x' })).statusCode).toBe(404);
  });

  it('409 for a name the user already has on that list, whatever its case; fine on another list or for another user', async () => {
    expect((await create('cy', { entity: 'containers', name: 'Heavy boxes', sort: [{ fieldName: 'Container Name' }] })).statusCode).toBe(201);
    const again = await create('cy', { entity: 'containers', name: 'heavy BOXES', quickFind: 'a' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe('You already have a saved find named "heavy BOXES" on this list; choose another name.');
    expect((await create('cy', { entity: 'yb-containers', name: 'Heavy boxes', quickFind: 'a' })).statusCode).toBe(201);
    expect((await create('ann', { entity: 'containers', name: 'Heavy boxes', quickFind: 'a' })).statusCode).toBe(201);
    const other = (await create('cy', { entity: 'containers', name: 'Light boxes', quickFind: 'b' })).json();
    const rename = await patch('cy', other.id, { name: 'HEAVY boxes' });
    expect(rename.statusCode, rename.body).toBe(409);
    expect(rename.json().message).toMatch(/already have a saved find named "HEAVY boxes"/);
  });

  it('400 naming the field for a bad body', async () => {
    const cases: [unknown, RegExp][] = [
      [{ name: 'x', quickFind: 'a' }, /entity/],
      [{ entity: 'invoices', name: 'x', quickFind: 'a' }, /entity/],
      [{ entity: 'jobs', quickFind: 'a' }, /name/],
      [{ entity: 'jobs', name: '   ', quickFind: 'a' }, /^name: give the saved find a name$/],
      [{ entity: 'jobs', name: 'two\nlines', quickFind: 'a' }, /^name must be one line|name: name must be one line/],
      [{ entity: 'jobs', name: 'tab\there', quickFind: 'a' }, /name/],
      [{ entity: 'jobs', name: 'x'.repeat(SAVED_FIND_LIMITS.name + 1), quickFind: 'a' }, /name: name can be at most 100 characters/],
      [{ entity: 'jobs', name: 'x', quickFind: 'line\nbreak' }, /^quickFind: /],
      [{ entity: 'jobs', name: 'x', quickFind: 'q'.repeat(SAVED_FIND_LIMITS.quickFind + 1) }, /^quickFind: quickFind can be at most 1000 characters/],
      [{ entity: 'jobs', name: 'x' }, /needs a quick find, find requests or a sort/],
      [{ entity: 'jobs', name: 'x', quickFind: '  ' }, /needs a quick find, find requests or a sort/],
      [{ entity: 'jobs', name: 'x', requests: [{ criteria: { 'No Such Field': 'a' } }] }, /^requests: Unknown field "No Such Field" in jobs/],
      [{ entity: 'jobs', name: 'x', sort: [{ fieldName: 'Nope' }] }, /^sort: Unknown sort field "Nope" in jobs/],
      [{ entity: 'jobs', name: 'x', sort: [{ fieldName: 'Job Name', sortOrder: 'sideways' }] }, /sort/],
      [{ entity: 'jobs', name: 'x', requests: 'not an array' }, /requests/],
      [{ entity: 'jobs', name: 'x', requests: Array.from({ length: 51 }, () => ({ criteria: { 'Job Name': 'a' } })) }, /requests/],
      [{ entity: 'jobs', name: 'x', sort: Array.from({ length: 11 }, () => ({ fieldName: 'Job Name' })) }, /sort/],
      [{ entity: 'jobs', name: 'x', quickFind: 'a', extra: 1 }, /unknown field "extra"/],
      // A field of another list is unknown on this one.
      [{ entity: 'companies', name: 'x', sort: [{ fieldName: 'Job Name' }] }, /^sort: Unknown sort field "Job Name" in companies/],
    ];
    const before = await rows();
    for (const [body, message] of cases) {
      const res = await create('ann', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.json().message, JSON.stringify(body).slice(0, 200)).toMatch(message);
    }
    expect(await rows()).toEqual(before);
  });

  it('counts a name’s length in characters, not UTF-16 units', async () => {
    const pills = '💊'.repeat(SAVED_FIND_LIMITS.name);
    const res = await create('ann', { entity: 'dictionaries', name: pills, quickFind: 'oxy' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().name).toBe(pills);
    expect((await create('ann', { entity: 'dictionaries', name: `${pills}💊`, quickFind: 'oxy' })).statusCode).toBe(400);
  });

  it('400 for a bad rename, an empty change, a bad id or an entity missing from the list call', async () => {
    const mine = (await create('ann', { entity: 'line-items', name: 'Mine', quickFind: 'a' })).json();
    expect((await patch('ann', mine.id, {})).json().message).toMatch(/Nothing to change/);
    expect((await patch('ann', mine.id, { name: '' })).json().message).toBe('name: give the saved find a name');
    expect((await patch('ann', mine.id, { quickFind: '' })).json().message).toMatch(/needs a quick find/);
    expect((await patch('ann', mine.id, { sort: [{ fieldName: 'Nope' }] })).json().message).toMatch(/^sort: Unknown sort field "Nope"/);
    expect((await patch('ann', mine.id, { entity: 'jobs' })).json().message).toMatch(/unknown field "entity"/);
    const badId = await patch('ann', 'abc', { name: 'x' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toMatch(/id/);
    const noEntity = await t.injectAs('ann', { method: 'GET', url: URL });
    expect(noEntity.statusCode).toBe(400);
    expect(noEntity.json().message).toMatch(/entity/);
    expect((await t.injectAs('ann', { method: 'GET', url: `${URL}/${mine.id}` })).json()).toMatchObject({ name: 'Mine', quickFind: 'a' });
  });

  it(`refuses more than ${SAVED_FIND_LIMITS.perList} saved finds per user and list (409)`, async () => {
    const user = await createUser(t.db, { username: 'hoarder' });
    await t.db
      .insertInto('saved_finds')
      .values(Array.from({ length: SAVED_FIND_LIMITS.perList }, (_, i) => ({ user_id: user.id, entity: 'jobs', name: `find ${i}`, requests: '[]', sort: '[{"fieldName":"Job Name","sortOrder":"ascend"}]' })))
      .execute();
    const res = await create('hoarder', { entity: 'jobs', name: 'one more', quickFind: 'a' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe(`You can keep at most ${SAVED_FIND_LIMITS.perList} saved finds per list; delete one you no longer need first.`);
    expect((await create('hoarder', { entity: 'companies', name: 'one more', quickFind: 'a' })).statusCode).toBe(201);
  });
});
