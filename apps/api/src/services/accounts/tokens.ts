// Session tokens: HS256 JWTs with issuer, audience, expiry and the user's token version.
//
// Signing goes through jose. Verification (every authenticated request) is a synchronous
// node:crypto HMAC-SHA-256 compared in constant time (API overhead: jose verifies through
// WebCrypto, whose job queue cost ~7 % of a request in the profile). It is as strict as jose's
// jwtVerify with the options this service used: the header is exactly { alg: "HS256" } with an
// optional typ "JWT" (no crit, b64, kid, jku …), the signature is the canonical 43-character
// base64url of the HMAC, and the claims are checked the way jose checks them: iss, aud (a string
// or an array holding ours), exp a number in the future, iat a number, nbf (when present) not in
// the future, plus sub, role and an integer tv. test/accounts/tokens.test.ts holds jose up as the oracle.

import { createHmac, createSecretKey, timingSafeEqual, webcrypto, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
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
  /** Whether the token is one this service signed whose lifetime is over (a rejected token is otherwise not valid at all). */
  expired(token: string): boolean;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
/** The base64url of an HMAC-SHA-256 (32 bytes), without padding. */
const SIGNATURE_LENGTH = 43;
const HEADER_PARAMETERS = new Set(['alg', 'typ']);

/** A base64url JSON object, or null (bad characters, bad JSON, an array or a scalar). */
function decodeObject(part: string): Record<string, unknown> | null {
  if (!BASE64URL.test(part)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The checks of jose's jwtVerify (issuer, audience, required sub/exp/iat/tv/role, no clock tolerance) on a verified payload. */
function claimsOf(payload: Record<string, unknown>, nowSeconds: number): TokenClaims | null {
  const { iss, aud, exp, iat, nbf, sub, role, tv } = payload;
  if (iss !== TOKEN_ISSUER) return null;
  if (!(aud === TOKEN_AUDIENCE || (Array.isArray(aud) && aud.includes(TOKEN_AUDIENCE)))) return null;
  if (!isNumber(exp) || exp <= nowSeconds) return null;
  if (!isNumber(iat)) return null;
  if (nbf !== undefined && (!isNumber(nbf) || nbf > nowSeconds)) return null;
  if (typeof sub !== 'string' || !isUserRole(role) || typeof tv !== 'number' || !Number.isInteger(tv)) return null;
  return { userId: sub, role, tokenVersion: tv };
}

export function createTokenService(secret: string, now: () => Date = () => new Date()): TokenService {
  const secretBytes = new TextEncoder().encode(secret);
  /** For node:crypto's HMAC of every verification. */
  const verifyKey: KeyObject = createSecretKey(secretBytes);
  // Imported once for jose's signing: given the raw bytes, jose imports an HMAC key on every sign.
  let signKey: Promise<webcrypto.CryptoKey> | undefined;
  const hmacKey = () =>
    (signKey ??= webcrypto.subtle.importKey('raw', secretBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']));
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
      const payload = signedPayload(token);
      return payload ? claimsOf(payload, Math.floor(now().getTime() / 1000)) : null;
    },
    expired(token) {
      const exp = signedPayload(token)?.exp;
      return isNumber(exp) && exp <= Math.floor(now().getTime() / 1000);
    },
  };

  /** The payload of a token whose header and signature are this service's, or null. */
  function signedPayload(token: string): Record<string, unknown> | null {
    const parts = token.split('.');
    if (parts.length !== 3) return null;
    const [encodedHeader, encodedPayload, signature] = parts as [string, string, string];
    if (signature.length !== SIGNATURE_LENGTH || !BASE64URL.test(signature)) return null;
    const header = decodeObject(encodedHeader);
    if (!header || header.alg !== 'HS256' || (header.typ !== undefined && header.typ !== 'JWT')) return null;
    for (const name of Object.keys(header)) if (!HEADER_PARAMETERS.has(name)) return null;
    // The canonical encoding of the expected MAC against the one sent, in constant time.
    const expected = createHmac('sha256', verifyKey).update(`${encodedHeader}.${encodedPayload}`).digest('base64url');
    if (!timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) return null;
    return decodeObject(encodedPayload);
  }
}
