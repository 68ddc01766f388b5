import { describe, expect, it } from 'vitest';
import { signFileLink, verifyFileLink } from '../../src/files/signed-link.ts';

const SECRET = 'a-secret-that-is-long-enough-for-hs256-0123456789';
const file = { id: '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Line Items 03/01.xlsx' };
const now = new Date('2025-03-01T12:00:00Z');
const expiresAt = new Date('2025-03-01T12:15:00Z');

/** The parts a request to the link carries, decoded as the router decodes them. */
function partsOf(link: string) {
  const url = new URL(link, 'http://localhost');
  const [, , , , id, name] = url.pathname.split('/');
  return { id: decodeURIComponent(id!), name: decodeURIComponent(name!), exp: url.searchParams.get('exp')!, sig: url.searchParams.get('sig')! };
}

describe('signed file links', () => {
  const link = signFileLink(SECRET, file, expiresAt);
  const parts = partsOf(link);

  it('has the documented shape', () => {
    expect(link).toBe(`/3ds/api/files/${file.id}/Line%20Items%2003%2F01.xlsx?exp=${expiresAt.getTime() / 1000}&sig=${parts.sig}`);
    expect(parts.sig).toMatch(/^[\w-]{43}$/);
  });

  it('accepts the link it signed until it expires', () => {
    expect(verifyFileLink(SECRET, parts, now)).toBe('ok');
    expect(verifyFileLink(SECRET, parts, new Date(expiresAt.getTime() - 1000))).toBe('ok');
  });

  it('calls a genuine link past its time expired', () => {
    expect(verifyFileLink(SECRET, parts, expiresAt)).toBe('expired');
    expect(verifyFileLink(SECRET, parts, new Date('2026-01-01T00:00:00Z'))).toBe('expired');
  });

  it.each([
    ['id', { id: '3f2b1c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5e' }],
    ['name', { name: 'Line Items 03/02.xlsx' }],
    ['exp', { exp: String(Number(parts.exp) + 3600) }],
    ['sig', { sig: `${parts.sig.slice(0, -1)}${parts.sig.endsWith('A') ? 'B' : 'A'}` }],
    ['sig (shortened)', { sig: parts.sig.slice(0, -2) }],
    ['sig (empty)', { sig: '' }],
    ['exp (not a number)', { exp: '17e8' }],
    ['exp (empty)', { exp: '' }],
  ])('refuses a link with a tampered %s', (_what, change) => {
    expect(verifyFileLink(SECRET, { ...parts, ...change }, now)).toBe('invalid');
  });

  it('refuses a link signed with another secret, and one signed with the raw secret as key', async () => {
    expect(verifyFileLink(`${SECRET}x`, parts, now)).toBe('invalid');
    const { createHmac } = await import('node:crypto');
    const rawSig = createHmac('sha256', SECRET).update(JSON.stringify([parts.id, parts.name, Number(parts.exp)])).digest('base64url');
    expect(verifyFileLink(SECRET, { ...parts, sig: rawSig }, now)).toBe('invalid');
  });

  it('calls an expired link with a bad signature invalid, not expired', () => {
    expect(verifyFileLink(SECRET, { ...parts, sig: 'x'.repeat(43) }, new Date('2030-01-01T00:00:00Z'))).toBe('invalid');
  });

  describe('made for a session', () => {
    const sid = '0d6f3a52-9b1e-4c07-a3f2-6e5d4c3b2a19';
    const bound = signFileLink(SECRET, file, expiresAt, sid);
    const boundParts = { ...partsOf(bound), sid: new URL(bound, 'http://localhost').searchParams.get('sid')! };

    it('carries the session and signs it with the rest', () => {
      expect(bound).toBe(`/3ds/api/files/${file.id}/Line%20Items%2003%2F01.xlsx?exp=${expiresAt.getTime() / 1000}&sid=${sid}&sig=${boundParts.sig}`);
      expect(boundParts.sig).not.toBe(parts.sig);
      expect(verifyFileLink(SECRET, boundParts, now)).toBe('ok');
      expect(verifyFileLink(SECRET, boundParts, expiresAt)).toBe('expired');
    });

    it('refuses it with another session, without its session, and a link of no session given one', () => {
      expect(verifyFileLink(SECRET, { ...boundParts, sid: '0d6f3a52-9b1e-4c07-a3f2-6e5d4c3b2a18' }, now)).toBe('invalid');
      expect(verifyFileLink(SECRET, { ...boundParts, sid: undefined }, now)).toBe('invalid');
      expect(verifyFileLink(SECRET, { ...parts, sid }, now)).toBe('invalid');
    });
  });
});
