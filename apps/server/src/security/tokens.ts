import type { webcrypto } from 'node:crypto';
import { tokenClaimsSchema, type TokenClaims } from '@3ds/domain';
import { errors, jwtVerify, SignJWT } from 'jose';

export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** Signs and verifies session tokens (HS256). The secret comes from configuration. */
export class TokenSigner {
  /** Imported once: importing the raw secret on every verification costs as much as the check. */
  readonly #key: Promise<webcrypto.CryptoKey>;

  constructor(secret: string) {
    this.#key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  async sign(claims: Omit<TokenClaims, 'exp' | 'iat'>, issuedAt: Date, expiresAt: Date): Promise<string> {
    return new SignJWT({ access: claims.access, isDataEntryUser: claims.isDataEntryUser, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(await this.#key);
  }

  async verify(token: string, now: Date): Promise<TokenCheck> {
    try {
      const { payload } = await jwtVerify(token, await this.#key, { algorithms: ['HS256'], currentDate: now });
      const parsed = tokenClaimsSchema.safeParse(payload);
      return parsed.success ? { ok: true, claims: parsed.data } : { ok: false, reason: 'invalid' };
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}
