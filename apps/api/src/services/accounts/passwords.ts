// Password hashing: argon2id at OWASP's minimum or above (m=19456 KiB, t=2, p=1). Hashes made
// with weaker settings are upgraded on the next successful sign-in (needsRehash). A new password
// is refused when it is one of the most common ones (zxcvbn-ts's list of about 49,000), and an
// administrator's when it is shorter than 12 characters. Sign-in never checks either.

import { ADMIN_ACCOUNT_PASSWORD_MIN, MESSAGES, type UserRole } from '@portal/contracts';
import { dictionary } from '@zxcvbn-ts/language-common';
import argon2 from 'argon2';
import { isStaff } from '../platform/permissions';

const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common']);

/** True for a password on the common-passwords list, compared without case. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/** Why a new password cannot be used for an account of this role, or null when it can. */
export function newPasswordProblem(password: string, role: UserRole): string | null {
  if (isStaff({ role }) && password.length < ADMIN_ACCOUNT_PASSWORD_MIN) return MESSAGES.adminPasswordTooShort;
  if (isCommonPassword(password)) return MESSAGES.commonPassword;
  return null;
}

export const PASSWORD_HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, PASSWORD_HASH_OPTIONS);
}

/** False for a wrong password and for a stored value that is not an argon2 hash at all. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  if (!hash.startsWith('$argon2')) return verifyAgainstDummy(password);
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * True when a stored hash is weaker than our settings (another argon2 variant, an older version,
 * or lower costs). A stronger hash is left alone.
 */
export function passwordNeedsRehash(hash: string): boolean {
  const match = /^\$(argon2(?:id|i|d))\$v=(\d+)\$([^$]+)\$/.exec(hash);
  if (!match) return true;
  const [, variant, version, paramText] = match;
  const params = new Map((paramText ?? '').split(',').map((pair) => pair.split('=') as [string, string]));
  const at = (name: string) => Number(params.get(name) ?? 0);
  return (
    variant !== 'argon2id' ||
    Number(version) < 19 ||
    at('m') < PASSWORD_HASH_OPTIONS.memoryCost ||
    at('t') < PASSWORD_HASH_OPTIONS.timeCost ||
    at('p') < PASSWORD_HASH_OPTIONS.parallelism
  );
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same work as a real verification when there is no user to check, so an unknown
 * email and a wrong password cannot be told apart by their timing.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy password that never matches a real account');
  await argon2.verify(await dummyHash, password).catch(() => false);
  return false;
}
