// Short-lived signed download addresses for stored marketing files. A token names the material
// and its expiry; its HMAC also covers the material's storage key, whether it is active and when it
// last changed, so it opens that one file in that one state only: a replaced file, a deactivated
// or edited material needs a new token. Compact, so it fits in a URL path.

import { createHmac, timingSafeEqual } from 'node:crypto';
import { fromJwtSecret } from '../../secrets';
import type { AppConfig } from '../../config';

export const DOWNLOAD_TOKEN_PURPOSE = 'material-download';
export const DOWNLOAD_TOKEN_LIFETIME_SECONDS = 5 * 60;

const TOKEN = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The state of a material a token is bound to. */
export interface DownloadTarget {
  id: string;
  storageKey: string;
  isActive: boolean;
  updatedAt: Date;
}

export interface DownloadTokens {
  /** A token for the material's stored file in its current state, valid for five minutes from `now`. */
  sign(material: DownloadTarget, now: Date): string;
  /** The material a token names, or null when it is malformed or expired. */
  read(token: string, now: Date): { materialId: string; expiresAt: number; mac: string } | null;
  /** Whether the token was issued for this material in this state (its current file, activity and version). */
  matches(token: { materialId: string; expiresAt: number; mac: string }, material: DownloadTarget): boolean;
}

export function createDownloadTokens(secret: string): DownloadTokens {
  // A key of its own, derived from the app secret, so these tokens can never pass as sessions.
  const key = createHmac('sha256', secret).update(DOWNLOAD_TOKEN_PURPOSE).digest();
  const macOf = (materialId: string, expiresAt: number, material: DownloadTarget) =>
    createHmac('sha256', key)
      .update(
        `${DOWNLOAD_TOKEN_PURPOSE}\n${materialId}\n${expiresAt}\n${material.storageKey}\n${material.isActive}\n${material.updatedAt.getTime()}`,
      )
      .digest('base64url');

  return {
    sign(material, now) {
      const expiresAt = Math.floor(now.getTime() / 1000) + DOWNLOAD_TOKEN_LIFETIME_SECONDS;
      return `${material.id}.${expiresAt}.${macOf(material.id, expiresAt, material)}`;
    },
    read(token, now) {
      const match = TOKEN.exec(token);
      if (!match) return null;
      const expiresAt = Number(match[2]);
      if (!Number.isSafeInteger(expiresAt) || expiresAt * 1000 <= now.getTime()) return null;
      return { materialId: match[1] as string, expiresAt, mac: match[3] as string };
    },
    matches(token, material) {
      if (material.id !== token.materialId) return false;
      const expected = Buffer.from(macOf(token.materialId, token.expiresAt, material));
      const given = Buffer.from(token.mac);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

/** The download tokens of an app, keyed on its configuration (the secret is resolved once). */
export const downloadTokensFor: (config: AppConfig) => DownloadTokens = fromJwtSecret(createDownloadTokens);
