// Session tokens: HS256 JWTs with issuer, audience, expiry and the user's token version.

import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { USER_ROLES, type UserRole } from '@portal/contracts';

const isUserRole = (role: unknown): role is UserRole => (USER_ROLES as readonly unknown[]).includes(role);

export const TOKEN_ISSUER = 'partner-portal';
export const TOKEN_AUDIENCE = 'partner-portal-web';
export const TOKEN_LIFETIME = '7d';

export interface TokenClaims {
  userId: string;
  role: UserRole;
  tokenVersion: number;
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  /** The claims of a valid token, or null for anything forged, altered, expired or malformed. */
  verify(token: string): Promise<TokenClaims | null>;
}

export function createTokenService(secret: string, now: () => Date = () => new Date()): TokenService {
  // Imported once (issue 19, API overhead): given the raw bytes, jose imports an HMAC key on every
  // sign and verify, which showed in the profile of each authenticated request.
  let key: Promise<webcrypto.CryptoKey> | undefined;
  const hmacKey = () => (key ??= webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']));
  return {
    async sign({ userId, role, tokenVersion }) {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ role, tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + 7 * 24 * 3600)
        .sign(await hmacKey());
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await hmacKey(), {
          algorithms: ['HS256'],
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          requiredClaims: ['sub', 'exp', 'iat', 'tv', 'role'],
          currentDate: now(),
        });
        const { sub, role, tv } = payload;
        if (typeof sub !== 'string' || !isUserRole(role) || typeof tv !== 'number' || !Number.isInteger(tv)) return null;
        return { userId: sub, role, tokenVersion: tv };
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
