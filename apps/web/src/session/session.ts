import { mayPerform, tokenClaimsSchema, type Action } from '@3ds/domain';
import { getToken, getTokenReceivedAt } from '../lib/token-store.ts';

/**
 * The signed-in user as the web knows it: read from the token's payload. Nothing here is
 * verified — the server checks the signature and privileges on every call; the web only uses the
 * claims to greet the user and to hide actions they may not take.
 */
export interface Session {
  token: string;
  username: string;
  parentOrganization: string | null;
  privileges: readonly string[];
  isDataEntryUser: boolean;
  /** When the token stops being accepted (ms since epoch, client clock), if it says. */
  expiresAt: number | null;
}

export interface TokenClaims {
  sub: string;
  parentOrganization: string | null;
  privileges: string[];
  isDataEntryUser: boolean;
  exp: number | null;
  iat: number | null;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The claims of a JWT (`sub`, `access.parentOrganization`, `access.privileges`, `isDataEntryUser`,
 * `exp`), read by the contract the server signs them by; null when it is not one of ours.
 */
export function decodeTokenClaims(token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  let payload: unknown;
  try {
    payload = JSON.parse(base64UrlDecode(parts[1]));
  } catch {
    return null;
  }
  const read = tokenClaimsSchema.safeParse(payload);
  if (!read.success || read.data.sub === '') return null;
  const { sub, access, isDataEntryUser, exp, iat } = read.data;
  return { sub, parentOrganization: access.parentOrganization, privileges: access.privileges, isDataEntryUser, exp, iat: iat ?? null };
}

/** The expiry on this browser's clock: received-at + lifetime when both are known, else `exp`. */
function expiresAt(claims: TokenClaims, receivedAt: number | null): number | null {
  if (claims.exp === null) return null;
  if (claims.iat !== null && receivedAt !== null) return receivedAt + (claims.exp - claims.iat) * 1000;
  return claims.exp * 1000;
}

/** A session from a stored token; null when there is none, it is not a JWT, or it has expired. */
export function sessionFromToken(
  token: string | null,
  receivedAt: number | null = null,
  now: number = Date.now(),
): Session | null {
  if (!token) return null;
  const claims = decodeTokenClaims(token);
  if (!claims) return null;
  const expiry = expiresAt(claims, receivedAt);
  if (expiry !== null && expiry <= now) return null;
  return {
    token,
    username: claims.sub,
    parentOrganization: claims.parentOrganization,
    privileges: claims.privileges,
    isDataEntryUser: claims.isDataEntryUser,
    expiresAt: expiry,
  };
}

/** The current session, read from storage now. */
export function getSession(): Session | null {
  return sessionFromToken(getToken(), getTokenReceivedAt());
}

export function sessionMayPerform(session: Session | null, action: Action): boolean {
  return mayPerform(session?.privileges, action);
}
