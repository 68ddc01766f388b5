import { PRIVILEGES, USER_MESSAGES } from '@3ds/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsersService } from '../../src/modules/users/users.service.ts';
import { createUser } from '../support/factories.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.db, { username: 'boss', privileges: ['MANAGE_USERS', 'CREATE_JOB'] });
  await createUser(t.db, { username: 'clerk1', privileges: ['CREATE_JOB'] });
  await createUser(t.db, { username: 'worker', privileges: ['CREATE_JOB'], parentOrganization: 'Org A' });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH';

/** A request with a fresh session of the user (sessions may be ended by the changes under test). */
async function as(username: string, method: Method, url: string, payload?: unknown) {
  const token = await t.tokenFor(username);
  return t.app.inject({
    method,
    url: `/3ds/api${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

const login = (username: string, password: string) => t.app.inject({ method: 'POST', url: '/3ds/api/login', payload: { username, password } });

const auditRows = (username: string) =>
  t.db.selectFrom('audit_log').selectAll().where('entity', '=', 'user').where('record_id', '=', username).orderBy('id').execute();

const liveSessions = async (username: string) => {
  const rows = await t.db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select('s.id')
    .where('u.username', '=', username)
    .where('s.revoked_at', 'is', null)
    .execute();
  return rows.length;
};

async function administrators(): Promise<string[]> {
  const rows = await t.db.selectFrom('users').select(['username', 'privileges', 'disabled']).orderBy('username').execute();
  return rows.filter((r) => !r.disabled && r.privileges.includes('MANAGE_USERS')).map((r) => r.username);
}

/** Leaves the named new accounts as the only administrators. */
async function onlyAdministrators(...usernames: string[]) {
  await t.db.updateTable('users').set({ privileges: sql<string[]>`array_remove(privileges, 'MANAGE_USERS')` }).execute();
  for (const username of usernames) await createUser(t.db, { username, privileges: ['MANAGE_USERS'] });
  expect(await administrators()).toEqual(usernames);
}

const ROUTES: [Method, string, unknown][] = [
  ['GET', '/users', undefined],
  ['POST', '/users', { username: 'someone', password: 'good-pass-123' }],
  ['PATCH', '/users/worker', { displayName: 'W' }],
  ['POST', '/users/worker/password', { password: 'good-pass-123' }],
];

describe('who may manage users', () => {
  it.each(ROUTES)('%s %s answers 401 without a token', async (method, url, payload) => {
    const res = await t.app.inject({ method, url: `/3ds/api${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it.each(ROUTES)('%s %s answers 403 without MANAGE_USERS, naming the privilege, and changes nothing', async (method, url, payload) => {
    const before = await t.db.selectFrom('users').selectAll().orderBy('id').execute();
    const res = await as('clerk1', method, url, payload);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN', message: 'You do not have the MANAGE_USERS privilege needed to manage user accounts.' });
    expect(await t.db.selectFrom('users').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('checks the privilege before the body: a bad body from a user without MANAGE_USERS is a 403', async () => {
    const res = await as('clerk1', 'POST', '/users', { username: 'X Y' });
    expect(res.statusCode).toBe(403);
  });
});

describe('GET /3ds/api/users', () => {
  it('lists every account with its organisation, privileges, state, creation and last login; never a password hash', async () => {
    expect((await login('worker', 'correct horse 1')).statusCode).toBe(200);
    const res = await as('boss', 'GET', '/users');
    expect(res.statusCode).toBe(200);
    const { users } = res.json() as { users: Record<string, unknown>[] };
    expect(users.map((u) => u.username)).toEqual([...users.map((u) => u.username as string)].sort());
    const worker = users.find((u) => u.username === 'worker')!;
    expect(worker).toMatchObject({ displayName: '', parentOrganization: 'Org A', privileges: ['CREATE_JOB'], disabled: false });
    expect(Date.parse(worker.createdAt as string)).not.toBeNaN();
    expect(Date.parse(worker.lastLoginAt as string)).not.toBeNaN();
    expect(users.every((u) => Object.keys(u).every((key) => !/password|hash/i.test(key)))).toBe(true);
    expect(res.body).not.toContain('scrypt$');
  });

  it('shows no last login for a user who never signed in', async () => {
    await createUser(t.db, { username: 'newcomer' });
    const { users } = (await as('boss', 'GET', '/users')).json() as { users: { username: string; lastLoginAt: string | null }[] };
    expect(users.find((u) => u.username === 'newcomer')?.lastLoginAt).toBeNull();
  });
});

describe('POST /3ds/api/users', () => {
  it('adds an account that can sign in, audited without the hash', async () => {
    const res = await as('boss', 'POST', '/users', {
      username: ' JDoe ',
      displayName: 'Jane Doe',
      password: 'first-pass-1',
      privileges: ['CREATE_JOB', 'CREATE_JOB', 'LOCK_JOB'],
      parentOrganization: 'Northwind Laboratories',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      username: 'jdoe',
      displayName: 'Jane Doe',
      parentOrganization: 'Northwind Laboratories',
      privileges: ['CREATE_JOB', 'LOCK_JOB'],
      disabled: false,
      createdAt: expect.any(String),
      lastLoginAt: null,
    });
    expect((await login('jdoe', 'first-pass-1')).statusCode).toBe(200);
    const [audit] = await auditRows('jdoe');
    expect(audit).toMatchObject({ username: 'boss', action: 'create', before: null, after: expect.objectContaining({ username: 'jdoe' }) });
    expect(JSON.stringify(audit)).not.toContain('password_hash');
    expect(audit!.request_id).toBeTruthy();
  });

  it('stores a blank organisation as none', async () => {
    const res = await as('boss', 'POST', '/users', { username: 'blankorg', password: 'good-pass-123', parentOrganization: '  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ parentOrganization: null, privileges: [], displayName: '' });
  });

  it('answers 409 when the username is taken', async () => {
    const res = await as('boss', 'POST', '/users', { username: 'WORKER', password: 'good-pass-123' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: 'The username worker is already taken.' });
  });

  it.each([
    ['a short password', { username: 'p1', password: 'short1' }, 'A password needs at least 10 characters'],
    ['a password without a digit', { username: 'p2', password: 'onlyletterslong' }, 'A password needs at least one letter and one digit'],
    ['a username with a space', { username: 'Bad Name', password: 'good-pass-123' }, 'A username may hold only lower-case letters, digits, dot, dash and underscore'],
    ['a one-letter username', { username: 'x', password: 'good-pass-123' }, 'A username needs at least 2 characters'],
    ['an unknown privilege', { username: 'p3', password: 'good-pass-123', privileges: ['ROOT'] }, 'Unknown privilege: ROOT'],
    ['an over-long name', { username: 'p4', password: 'good-pass-123', displayName: 'n'.repeat(201) }, 'A name may have at most 200 characters'],
    ['no password', { username: 'p5' }, 'body.password'],
  ])('answers 400 with the rule for %s, and adds nobody', async (_name, payload, message) => {
    const res = await as('boss', 'POST', '/users', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
    expect(res.json().message).toContain(message);
    const username = String(payload.username).trim().toLowerCase();
    expect(await t.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirst()).toBeUndefined();
  });
});

describe('PATCH /3ds/api/users/:username', () => {
  it('changes name, organisation and privileges in one audited change and ends the user\'s sessions', async () => {
    await createUser(t.db, { username: 'editme', privileges: ['CREATE_JOB'] });
    const token = await t.tokenFor('editme');
    const res = await as('boss', 'PATCH', '/users/EditMe', { displayName: 'Ed Mee', parentOrganization: 'Org B', privileges: ['LOCK_JOB', 'UNLOCK_JOB'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ username: 'editme', displayName: 'Ed Mee', parentOrganization: 'Org B', privileges: ['LOCK_JOB', 'UNLOCK_JOB'] });
    // The old token carried the old privileges: it no longer works.
    const stale = await t.app.inject({ method: 'GET', url: '/3ds/api/users', headers: { authorization: `Bearer ${token}` } });
    expect(stale.statusCode).toBe(401);
    expect(await liveSessions('editme')).toBe(0);
    const rows = await auditRows('editme');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      username: 'boss',
      action: 'update',
      before: expect.objectContaining({ display_name: '', parent_organization: null, privileges: ['CREATE_JOB'] }),
      after: expect.objectContaining({ display_name: 'Ed Mee', parent_organization: 'Org B', privileges: ['LOCK_JOB', 'UNLOCK_JOB'] }),
    });
    expect(JSON.stringify(rows[0])).not.toContain('password_hash');
  });

  it('keeps the sessions when only the name or organisation changes', async () => {
    await createUser(t.db, { username: 'keepme', privileges: ['CREATE_JOB'] });
    await t.tokenFor('keepme');
    expect((await as('boss', 'PATCH', '/users/keepme', { parentOrganization: null })).statusCode).toBe(200);
    expect((await as('boss', 'PATCH', '/users/keepme', { privileges: ['CREATE_JOB'] })).statusCode).toBe(200);
    expect(await liveSessions('keepme')).toBe(1);
    expect((await auditRows('keepme')).map((r) => r.action)).toEqual(['set-organization', 'set-privileges']);
  });

  it('disables a user: their sessions end, they cannot sign in; enabling lets them in again', async () => {
    await createUser(t.db, { username: 'leaver', password: 'leaver-pass-1' });
    const token = await t.tokenFor('leaver');
    const res = await as('boss', 'PATCH', '/users/leaver', { disabled: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().disabled).toBe(true);
    const after = await t.app.inject({ method: 'GET', url: '/3ds/api/get-value-list?valueListName=Source', headers: { authorization: `Bearer ${token}` } });
    expect(after.statusCode).toBe(401);
    expect((await login('leaver', 'leaver-pass-1')).json().message).toBe('This account has been disabled. Ask an administrator to enable it.');
    expect((await as('boss', 'PATCH', '/users/leaver', { disabled: false })).statusCode).toBe(200);
    expect((await login('leaver', 'leaver-pass-1')).statusCode).toBe(200);
    expect((await auditRows('leaver')).map((r) => r.action)).toEqual(['disable', 'enable']);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await as('boss', 'PATCH', '/users/ghost', { displayName: 'Nobody' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('There is no user ghost.');
  });

  it.each([
    ['an empty change', {}, USER_MESSAGES.nothingToChange],
    ['a password (it has its own route)', { password: 'good-pass-123' }, 'password'],
    ['disabled as text', { disabled: 'yes' }, 'disabled must be true or false'],
    ['an unknown privilege', { privileges: ['CREATE_JOB', 'GOD_MODE'] }, 'Unknown privilege: GOD_MODE'],
    ['privileges as text', { privileges: 'CREATE_JOB' }, 'body.privileges'],
    ['an over-long organisation', { parentOrganization: 'o'.repeat(201) }, 'A parent organisation may have at most 200 characters'],
  ])('answers 400 for %s', async (_name, payload, message) => {
    const before = await t.db.selectFrom('users').selectAll().where('username', '=', 'worker').executeTakeFirstOrThrow();
    const res = await as('boss', 'PATCH', '/users/worker', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await t.db.selectFrom('users').selectAll().where('username', '=', 'worker').executeTakeFirstOrThrow()).toEqual(before);
  });
});

describe('POST /3ds/api/users/:username/password', () => {
  it('sets a new password, ends the user\'s sessions, and audits without hashes', async () => {
    await createUser(t.db, { username: 'forgetful', password: 'old-pass-123' });
    const token = await t.tokenFor('forgetful');
    const res = await as('boss', 'POST', '/users/forgetful/password', { password: 'new-pass-456' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('scrypt$');
    const stale = await t.app.inject({ method: 'GET', url: '/3ds/api/get-value-list?valueListName=Source', headers: { authorization: `Bearer ${token}` } });
    expect(stale.statusCode).toBe(401);
    expect(await liveSessions('forgetful')).toBe(0);
    expect((await login('forgetful', 'old-pass-123')).statusCode).toBe(401);
    expect((await login('forgetful', 'new-pass-456')).statusCode).toBe(200);
    const [audit] = await auditRows('forgetful');
    expect(audit).toMatchObject({ username: 'boss', action: 'reset-password' });
    expect(JSON.stringify(audit)).not.toMatch(/password_hash|scrypt\$/);
  });

  it.each([
    ['too short', 'abc123', 'A password needs at least 10 characters'],
    ['digits only', '12345678901', 'A password needs at least one letter and one digit'],
  ])('answers 400 with the rule for a password %s', async (_name, password, message) => {
    const res = await as('boss', 'POST', '/users/worker/password', { password });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await as('boss', 'POST', '/users/ghost/password', { password: 'good-pass-123' });
    expect(res.statusCode).toBe(404);
  });
});

describe('the list after changes', () => {
  it('shows every privilege an account holds, in the order given', async () => {
    const privileges = PRIVILEGES.filter((p) => p !== 'MANAGE_USERS').reverse();
    const res = await as('boss', 'POST', '/users', { username: 'manyrights', password: 'good-pass-123', privileges });
    expect(res.statusCode).toBe(201);
    const { users } = (await as('boss', 'GET', '/users')).json() as { users: { username: string; privileges: string[] }[] };
    expect(users.find((u) => u.username === 'manyrights')?.privileges).toEqual(privileges);
  });
});

describe('there is always an administrator', () => {
  it('refuses to disable the last administrator, even when it is the user asking', async () => {
    expect(await administrators()).toEqual(['boss']);
    const res = await as('boss', 'PATCH', '/users/boss', { disabled: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: USER_MESSAGES.lastAdministratorDisable });
    expect(await administrators()).toEqual(['boss']);
  });

  it('refuses to take MANAGE_USERS from the last administrator', async () => {
    const res = await as('boss', 'PATCH', '/users/boss', { privileges: ['CREATE_JOB'] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(USER_MESSAGES.lastAdministratorPrivilege);
    expect(await administrators()).toEqual(['boss']);
    expect((await auditRows('boss')).length).toBe(0);
  });

  it('refuses the same through the service the command line uses', async () => {
    const service = new UsersService(t.db);
    await expect(service.setDisabled('boss', true, 'cli:operator')).rejects.toThrow(USER_MESSAGES.lastAdministratorDisable);
    await expect(service.setPrivileges('boss', [], 'cli:operator')).rejects.toThrow(USER_MESSAGES.lastAdministratorPrivilege);
  });

  it('refuses a user disabling themselves while other administrators remain', async () => {
    await createUser(t.db, { username: 'deputy', privileges: ['MANAGE_USERS'] });
    const res = await as('deputy', 'PATCH', '/users/deputy', { disabled: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(USER_MESSAGES.selfDisable);
  });

  it('allows demoting an administrator while another remains', async () => {
    await createUser(t.db, { username: 'temp-admin', privileges: ['MANAGE_USERS'] });
    expect((await as('boss', 'PATCH', '/users/temp-admin', { privileges: [] })).statusCode).toBe(200);
    await createUser(t.db, { username: 'temp-admin2', privileges: ['MANAGE_USERS'] });
    expect((await as('boss', 'PATCH', '/users/temp-admin2', { disabled: true })).statusCode).toBe(200);
    expect(await administrators()).toEqual(['boss', 'deputy']);
  });

  it('lets only one of two concurrent demotions of the last two administrators through', async () => {
    await onlyAdministrators('c1', 'c2');
    // A third transaction holds c1's row, so both demotions are under way before either can finish.
    const service = new UsersService(t.db);
    const held = Promise.withResolvers<void>();
    const release = Promise.withResolvers<void>();
    const holder = t.db.transaction().execute(async (trx) => {
      await trx.selectFrom('users').select('id').where('username', '=', 'c1').forUpdate().execute();
      held.resolve();
      await release.promise;
    });
    await held.promise;
    const demotions = Promise.allSettled([
      service.setDisabled('c1', true, 'cli:one'),
      service.setPrivileges('c2', ['CREATE_JOB'], 'cli:two'),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    release.resolve();
    await holder;
    const results = await demotions;
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refusals = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refusals).toHaveLength(1);
    expect(String(refusals[0]!.reason.message)).toMatch(/^Cannot (disable|remove MANAGE_USERS from) the last administrator/);
    expect(await administrators()).toHaveLength(1);
  });

  it('keeps one administrator when two administrators demote each other over HTTP at once', async () => {
    await onlyAdministrators('a1', 'a2');
    const [t1, t2] = [await t.tokenFor('a1'), await t.tokenFor('a2')];
    const results = await Promise.all([
      t.app.inject({ method: 'PATCH', url: '/3ds/api/users/a2', headers: { authorization: `Bearer ${t1}` }, payload: { privileges: [] } }),
      t.app.inject({ method: 'PATCH', url: '/3ds/api/users/a1', headers: { authorization: `Bearer ${t2}` }, payload: { privileges: [] } }),
    ]);
    // The second either finds its user demoted already (401: session ended) or is refused (409).
    expect(results.map((r) => r.statusCode).filter((s) => s === 200)).toHaveLength(1);
    expect(results.map((r) => r.statusCode).every((s) => [200, 401, 403, 409].includes(s))).toBe(true);
    expect(await administrators()).toHaveLength(1);
  });
});
