import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeTokenClaims, getSession, sessionFromToken } from '../src/session/session.ts';
import { clearToken, getToken, setToken } from '../src/lib/token-store.ts';
import { isRememberablePath, rememberNextRoute, takeNextRoute } from '../src/lib/next-route.ts';
import { MemoryStorage, fakeToken } from './memory-storage.ts';

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('token claims', () => {
  it('reads username, organisation, privileges and expiry', () => {
    const token = fakeToken({ sub: 'clerk', exp: 2_000_000_000, iat: 1_999_990_000 });
    expect(decodeTokenClaims(token)).toEqual({
      sub: 'clerk',
      parentOrganization: 'ORG-1',
      privileges: ['CREATE_JOB'],
      isDataEntryUser: false,
      exp: 2_000_000_000,
      iat: 1_999_990_000,
    });
  });

  it('reads UTF-8 names', () => {
    expect(decodeTokenClaims(fakeToken({ sub: 'zoë' }))?.sub).toBe('zoë');
  });

  it.each(['', 'abc', 'a.b.c', `x.${Buffer.from('{"nosub":1}').toString('base64url')}.y`])('refuses %j', (token) => {
    expect(decodeTokenClaims(token)).toBeNull();
  });

  it('refuses claims that are not those the server signs', () => {
    expect(decodeTokenClaims(fakeToken({ sub: '' }))).toBeNull();
    expect(decodeTokenClaims(fakeToken({ access: { privileges: 'CREATE_JOB' } }))).toBeNull();
    expect(decodeTokenClaims(fakeToken({ exp: 'tomorrow' }))).toBeNull();
  });
});

describe('session', () => {
  it('is null without a token, and for an expired one', () => {
    expect(sessionFromToken(null)).toBeNull();
    const now = 1_700_000_000_000;
    const token = fakeToken({ iat: 1_700_000_000 - 100, exp: 1_700_000_000 - 1 });
    expect(sessionFromToken(token, null, now)).toBeNull();
  });

  it('judges expiry from when this browser received the token, not its clock', () => {
    // The browser clock is a day ahead of the server: the token was issued "yesterday".
    const serverNow = 1_700_000_000;
    const browserNow = (serverNow + 86_400) * 1000;
    const token = fakeToken({ iat: serverNow, exp: serverNow + 8 * 3600 });
    expect(sessionFromToken(token, null, browserNow)).toBeNull();
    expect(sessionFromToken(token, browserNow, browserNow + 1000)?.username).toBe('admin');
    expect(sessionFromToken(token, browserNow, browserNow + 8 * 3600 * 1000)).toBeNull();
  });

  it('is kept in localStorage under "token"', () => {
    const token = fakeToken();
    setToken(token);
    expect(localStorage.getItem('token')).toBe(token);
    expect(getSession()).toMatchObject({ username: 'admin', privileges: ['CREATE_JOB'], parentOrganization: 'ORG-1' });
    clearToken();
    expect(getToken()).toBeNull();
    expect(getSession()).toBeNull();
  });
});

describe('next route', () => {
  it('remembers the wanted path with its query once', () => {
    rememberNextRoute('/job/7?tab=yb');
    expect(sessionStorage.getItem('3ds.nextRoute')).toBe('/job/7?tab=yb');
    expect(takeNextRoute()).toBe('/job/7?tab=yb');
    expect(takeNextRoute()).toBeNull();
  });

  it.each([
    ['/companies', true],
    ['/', false],
    ['/not-found', false],
    ['//evil.example/x', false],
    ['/\\evil', false],
    ['https://evil.example', false],
  ])('%s rememberable: %s', (path, ok) => {
    expect(isRememberablePath(path)).toBe(ok);
  });
});
