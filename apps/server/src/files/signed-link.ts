import { createHmac, timingSafeEqual } from 'node:crypto';

/** Where file links point; the web's `<a href>` and `<img src>` use them as they are. */
export const FILE_LINK_PATH = '/3ds/api/files';

export type FileLinkCheck = 'ok' | 'expired' | 'invalid';

export interface FileLinkParts {
  id: string;
  name: string;
  exp: string | number;
  sig: string;
}

// A key of its own, derived with a label, so that a leaked link signature says nothing about the
// JWT key and a JWT can never pass as a link signature (or the reverse).
function linkKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('3ds-file-links').digest();
}

function signature(secret: string, id: string, name: string, exp: number): string {
  // JSON keeps the three parts apart whatever characters the name holds.
  return createHmac('sha256', linkKey(secret)).update(JSON.stringify([id, name, exp])).digest('base64url');
}

/**
 * A download link that needs no bearer header: `/3ds/api/files/{id}/{name}?exp=&sig=`, valid until
 * `expiresAt` (whole seconds). The signature covers id, name and expiry.
 */
export function signFileLink(secret: string, file: { id: string; name: string }, expiresAt: Date): string {
  const exp = Math.floor(expiresAt.getTime() / 1000);
  const sig = signature(secret, file.id, file.name, exp);
  return `${FILE_LINK_PATH}/${encodeURIComponent(file.id)}/${encodeURIComponent(file.name)}?exp=${exp}&sig=${sig}`;
}

/** 'invalid' for anything we did not sign (checked first), 'expired' for a genuine link past its time. */
export function verifyFileLink(secret: string, link: FileLinkParts, now: Date): FileLinkCheck {
  const expText = String(link.exp);
  if (!/^\d{1,12}$/.test(expText) || typeof link.sig !== 'string') return 'invalid';
  const exp = Number(expText);
  const expected = Buffer.from(signature(secret, link.id, link.name, exp));
  const given = Buffer.from(link.sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return now.getTime() >= exp * 1000 ? 'expired' : 'ok';
}
