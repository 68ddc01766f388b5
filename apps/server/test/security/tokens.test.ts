import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { TokenSigner } from '../../src/security/tokens.ts';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256-0123456789';
const signer = new TokenSigner(SECRET);
const claims = { sub: 'admin', sid: 'session-1', isDataEntryUser: false as const, access: { parentOrganization: null, privileges: ['CREATE_JOB'] } };
const issued = new Date('2026-11-21T10:00:00Z');
const expires = new Date('2026-11-21T11:00:00Z');
const during = new Date('2026-11-21T10:30:00Z');

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token signed with `secret` over exactly the header and payload given. */
function forge(header: unknown, payload: unknown, secret = SECRET): string {
  const signingInput = `${b64(header)}.${b64(payload)}`;
  return `${signingInput}.${createHmac('sha256', secret).update(signingInput).digest('base64url')}`;
}
const payload = { ...claims, iat: issued.getTime() / 1000, exp: expires.getTime() / 1000 };

describe('TokenSigner', () => {
  it('verifies what it signs, and jose verifies it too', async () => {
    const token = await signer.sign(claims, issued, expires);
    expect(await signer.verify(token, during)).toEqual({ ok: true, claims: { ...claims, iat: payload.iat, exp: payload.exp } });
    const { payload: decoded } = await jwtVerify(token, new TextEncoder().encode(SECRET), { currentDate: during });
    expect(decoded.sub).toBe('admin');
  });

  it('verifies a token jose signed with the same secret', async () => {
    const token = await new SignJWT({ sid: claims.sid, isDataEntryUser: false, access: claims.access })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('admin')
      .setExpirationTime(payload.exp)
      .sign(new TextEncoder().encode(SECRET));
    expect((await signer.verify(token, during)).ok).toBe(true);
  });

  it('calls a token expired at and after its exp, and never before', async () => {
    const token = await signer.sign(claims, issued, expires);
    expect(await signer.verify(token, expires)).toEqual({ ok: false, reason: 'expired' });
    expect(await signer.verify(token, new Date(expires.getTime() + 1000))).toEqual({ ok: false, reason: 'expired' });
    expect((await signer.verify(token, new Date(expires.getTime() - 1000))).ok).toBe(true);
  });

  it('answers a token checked before from memory, its expiry and nbf still checked at every use', async () => {
    const remembering = new TokenSigner(SECRET);
    const token = await remembering.sign(claims, issued, expires);
    expect((await remembering.verify(token, during)).ok).toBe(true);
    expect((await remembering.verify(token, during)).ok).toBe(true);
    expect(await remembering.verify(token, expires)).toEqual({ ok: false, reason: 'expired' });
    expect((await remembering.verify(token, during)).ok).toBe(true);

    const later = payload.iat + 2400; // 10:40, after `during`
    const notYet = forge({ alg: 'HS256', typ: 'JWT' }, { ...payload, nbf: later });
    expect(await remembering.verify(notYet, during)).toEqual({ ok: false, reason: 'invalid' });
    expect((await remembering.verify(notYet, new Date((later + 1) * 1000))).ok).toBe(true);
    expect(await remembering.verify(notYet, new Date((later - 1) * 1000))).toEqual({ ok: false, reason: 'invalid' });
    // A forged token is never remembered as good, however often it is tried.
    const forged = forge({ alg: 'HS256' }, payload, 'another-secret-another-secret-another-secret');
    for (let i = 0; i < 3; i++) expect(await remembering.verify(forged, during)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses another secret, a changed payload and a changed signature', async () => {
    const token = await signer.sign(claims, issued, expires);
    expect(await new TokenSigner('another-secret-another-secret-another').verify(token, during)).toEqual({ ok: false, reason: 'invalid' });
    const [h, , s] = token.split('.');
    const raised = `${h}.${b64({ ...payload, sub: 'root' })}.${s}`;
    expect((await signer.verify(raised, during)).ok).toBe(false);
    const flipped = `${h}.${token.split('.')[1]}.${s!.slice(0, -2)}${s!.at(-2) === 'A' ? 'B' : 'A'}${s!.at(-1)}`;
    expect((await signer.verify(flipped, during)).ok).toBe(false);
  });

  it('refuses a second spelling of the same signature (trailing bits set)', async () => {
    const token = await signer.sign(claims, issued, expires);
    const last = token.at(-1)!;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = alphabet[alphabet.indexOf(last) + 1]!; // same 4 leading bits, a trailing bit set
    expect((await signer.verify(token.slice(0, -1) + sibling, during)).ok).toBe(false);
  });

  it.each([
    ['alg none', forge({ alg: 'none' }, payload)],
    ['alg HS512 with an HS256 signature', forge({ alg: 'HS512', typ: 'JWT' }, payload)],
    ['a critical header', forge({ alg: 'HS256', crit: ['exp'] }, payload)],
    ['unencoded payload (b64 false)', forge({ alg: 'HS256', b64: false, crit: ['b64'] }, payload)],
    ['no exp', forge({ alg: 'HS256' }, { ...payload, exp: undefined })],
    ['exp as text', forge({ alg: 'HS256' }, { ...payload, exp: String(payload.exp) })],
    ['nbf in the future', forge({ alg: 'HS256' }, { ...payload, nbf: payload.exp - 60 })],
    ['iat as text', forge({ alg: 'HS256' }, { ...payload, iat: 'yesterday' })],
    ['claims of the wrong shape', forge({ alg: 'HS256' }, { ...payload, isDataEntryUser: true })],
    ['a payload that is an array', forge({ alg: 'HS256' }, [payload])],
    ['a header that is not JSON', (() => { const t = forge({ alg: 'HS256' }, payload).split('.'); const h = Buffer.from('{alg:HS256').toString('base64url'); const si = `${h}.${t[1]}`; return `${si}.${createHmac('sha256', SECRET).update(si).digest('base64url')}`; })()],
    ['two parts', 'abc.def'],
    ['four parts', 'a.b.c.d'],
    ['padding', `${forge({ alg: 'HS256' }, payload)}=`],
    ['empty', ''],
    ['spaces', 'a b.c d.e f'],
  ])('refuses %s as invalid', async (_name, token) => {
    expect(await signer.verify(token, during)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('accepts a forged-by-hand token only when everything is right (the checks above are not vacuous)', async () => {
    expect((await signer.verify(forge({ alg: 'HS256', typ: 'JWT' }, payload), during)).ok).toBe(true);
    expect((await signer.verify(forge({ alg: 'HS256' }, { ...payload, nbf: payload.iat }), during)).ok).toBe(true);
  });
});
