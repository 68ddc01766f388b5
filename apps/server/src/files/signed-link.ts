import { createHmac, timingSafeEqual } from 'node:crypto';

/** Where file links point; the web's `<a href>` and `<img src>` use them as they are. */
export const FILE_LINK_PATH = '/3ds/api/files';

export type FileLinkCheck = 'ok' | 'expired' | 'invalid';

export interface FileLinkParts {
  id: string;
  name: string;
  exp: string | number;
  /** The session the link was made for (absent: a link of no session, a picture's). */
  sid?: string | undefined;
  sig: string;
}

// A key of its own, derived with a label, so that a leaked link signature says nothing about the
// JWT key and a JWT can never pass as a link signature (or the reverse).
function linkKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('3ds-file-links').digest();
}

function signature(secret: string, id: string, name: string, exp: number, sid: string | undefined): string {
  // JSON keeps the parts apart whatever characters the name holds; a link of a session signs four
  // parts, one of none three, so neither can pass for the other with `sid` added or taken away.
  const parts = sid === undefined ? [id, name, exp] : [id, name, exp, sid];
  return createHmac('sha256', linkKey(secret)).update(JSON.stringify(parts)).digest('base64url');
}

/**
 * A download link that needs no bearer header: `/3ds/api/files/{id}/{name}?exp=&sid=&sig=`, valid
 * until `expiresAt` (whole seconds) and, when made for a session (`sid`), only while that session
 * lives: the files route asks (a sign-out, a revocation or a disabled user ends it). The signature
 * covers id, name, expiry and session.
 */
export function signFileLink(secret: string, file: { id: string; name: string }, expiresAt: Date, session?: string | null): string {
  const exp = Math.floor(expiresAt.getTime() / 1000);
  const sid = session ?? undefined;
  const sig = signature(secret, file.id, file.name, exp, sid);
  const path = `${FILE_LINK_PATH}/${encodeURIComponent(file.id)}/${encodeURIComponent(file.name)}`;
  return sid === undefined ? `${path}?exp=${exp}&sig=${sig}` : `${path}?exp=${exp}&sid=${encodeURIComponent(sid)}&sig=${sig}`;
}

/**
 * 'invalid' for anything we did not sign (checked first), 'expired' for a genuine link past its time.
 * Whether the session of an 'ok' link (its `sid`) still lives is for the caller to ask.
 */
export function verifyFileLink(secret: string, link: FileLinkParts, now: Date): FileLinkCheck {
  const expText = String(link.exp);
  if (!/^\d{1,12}$/.test(expText) || typeof link.sig !== 'string') return 'invalid';
  if (link.sid !== undefined && typeof link.sid !== 'string') return 'invalid';
  const exp = Number(expText);
  const expected = Buffer.from(signature(secret, link.id, link.name, exp, link.sid));
  const given = Buffer.from(link.sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return now.getTime() >= exp * 1000 ? 'expired' : 'ok';
}
