import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import { tokenClaimsSchema, type TokenClaims } from '@3ds/domain';
import { SignJWT } from 'jose';

export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const INVALID: TokenCheck = { ok: false, reason: 'invalid' };
/** Verified tokens remembered at most (the oldest first out); one per live session is plenty. */
const MAX_VERIFIED_TOKENS = 10_000;

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Signs and verifies session tokens (HS256). The secret comes from configuration.
 *
 * Every API request verifies a token, so verification is a synchronous HMAC with `node:crypto`
 * (a few microseconds) rather than WebCrypto's promise-based job (about 0.3 ms a call under load).
 * It follows RFC 7515/7519 as jose does: only HS256, no `crit`, the signature compared in constant
 * time over the exact encoded header and payload, `exp` required and in the future, `nbf` and `iat`
 * numbers when present, `nbf` not in the future.
 */
export class TokenSigner {
  readonly #key: KeyObject;
  /** Tokens whose signature and claims were checked, with their claims: a token is the same text every request. */
  readonly #verified = new Map<string, { claims: TokenClaims; nbf: number | undefined }>();

  constructor(secret: string) {
    this.#key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  async sign(claims: Omit<TokenClaims, 'exp' | 'iat'>, issuedAt: Date, expiresAt: Date): Promise<string> {
    return new SignJWT({ access: claims.access, isDataEntryUser: claims.isDataEntryUser, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.#key);
  }

  /**
   * The claims of a token signed with our key, or why not. A token verified before is not verified
   * again (its text decides its signature and claims); its expiry and `nbf` are checked every time.
   */
  async verify(token: string, now: Date): Promise<TokenCheck> {
    const seconds = Math.floor(now.getTime() / 1000);
    const known = this.#verified.get(token);
    if (known) {
      if (known.nbf !== undefined && known.nbf > seconds) return INVALID;
      if (known.claims.exp <= seconds) return { ok: false, reason: 'expired' };
      return { ok: true, claims: known.claims };
    }
    const check = this.#verifyText(token, seconds);
    if (check.ok) {
      if (this.#verified.size >= MAX_VERIFIED_TOKENS) this.#verified.delete(this.#verified.keys().next().value!);
      this.#verified.set(token, { claims: check.claims, nbf: check.nbf });
    }
    return check;
  }

  #verifyText(token: string, seconds: number): TokenCheck & { nbf?: number } {
    const parts = token.split('.');
    if (parts.length !== 3 || !parts.every((part) => BASE64URL.test(part))) return INVALID;
    const [header, payload, signature] = parts as [string, string, string];
    const expected = createHmac('sha256', this.#key).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, 'base64url');
    // Re-encoding refuses a signature with trailing bits set: one signature, one spelling.
    if (given.length !== expected.length || given.toString('base64url') !== signature || !timingSafeEqual(given, expected)) return INVALID;

    const head = decodeJson(header);
    if (!isObject(head) || head.alg !== 'HS256' || 'crit' in head || ('b64' in head && head.b64 !== true)) return INVALID;
    const claims = decodeJson(payload);
    if (!isObject(claims)) return INVALID;
    const { exp, nbf, iat } = claims;
    if (typeof exp !== 'number' || (nbf !== undefined && typeof nbf !== 'number') || (iat !== undefined && typeof iat !== 'number')) return INVALID;
    if (typeof nbf === 'number' && nbf > seconds) return INVALID;
    if (exp <= seconds) return { ok: false, reason: 'expired' };
    const parsed = tokenClaimsSchema.safeParse(claims);
    if (!parsed.success) return INVALID;
    return typeof nbf === 'number' ? { ok: true, claims: parsed.data, nbf } : { ok: true, claims: parsed.data };
  }
}
