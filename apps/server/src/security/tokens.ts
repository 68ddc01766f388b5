import { tokenClaimsSchema, type TokenClaims } from '@3ds/domain';
import { errors, jwtVerify, SignJWT } from 'jose';

export type TokenCheck = { ok: true; claims: TokenClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** Signs and verifies session tokens (HS256). The secret comes from configuration. */
export class TokenSigner {
  readonly #key: Uint8Array;

  constructor(secret: string) {
    this.#key = new TextEncoder().encode(secret);
  }

  sign(claims: Omit<TokenClaims, 'exp' | 'iat'>, issuedAt: Date, expiresAt: Date): Promise<string> {
    return new SignJWT({ access: claims.access, isDataEntryUser: claims.isDataEntryUser, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.#key);
  }

  async verify(token: string, now: Date): Promise<TokenCheck> {
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: ['HS256'], currentDate: now });
      const parsed = tokenClaimsSchema.safeParse(payload);
      return parsed.success ? { ok: true, claims: parsed.data } : { ok: false, reason: 'invalid' };
    } catch (error) {
      return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}
