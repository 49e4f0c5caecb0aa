// Two-factor sign-in: TOTP per RFC 6238 through otplib, ten single-use recovery codes,
// and the 5-minute token between a right password and the code. The secret is sealed with
// AES-256-GCM (associated data: users.mfa_secret and the user's id); recovery codes and MFA tokens
// are kept only as sha-256. A code is accepted once: the last used time step is stored and only a
// later step passes (the update is conditional, so two parallel uses of one code give one success).

import { createHash, randomBytes } from 'node:crypto';
import {
  MESSAGES,
  MFA_CHALLENGE_VALID_MINUTES,
  PRODUCT_NAME,
  RECOVERY_CODE_COUNT,
  type AuthResult,
  type MfaSetup,
} from '@portal/contracts';
import { generateSecret, generateURI, verify } from 'otplib';
import type { AppConfig } from '../../config';
import type { AppDeps, SessionUser } from '../../deps';
import { logActivity, type DbOrTx } from '../platform/activity';
import { DomainError } from '../platform/errors';
import { isStaff } from '../platform/permissions';
import { takeBudgets } from '../platform/rate-limits';
import { enqueueTemplate } from '../notifications/outbox';
import { mailTime, portalLink } from '../notifications/templates';
import { confirmCurrentPassword } from './password-reset';
import { issueSession } from './sign-in';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const mfaSecretContext = (userId: string) => `users.mfa_secret:${userId}`;

/** ADMIN_MFA_REQUIRED and a team member without TOTP: only enrolment is open. */
export function mustEnrolMfa(
  config: Pick<AppConfig, 'adminMfaRequired'>,
  user: Pick<SessionUser, 'role'> & { mfaEnabled?: boolean },
): boolean {
  return config.adminMfaRequired && isStaff(user) && !user.mfaEnabled;
}

/** Recovery codes read "abcde-fghij" (base32 letters and digits); case, spaces and hyphens do not matter. */
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
function newRecoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(10);
  const chars = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A 30-second step either side is accepted (clock drift); `afterStep` refuses steps already used. */
async function checkTotp(secret: string, code: string, now: Date, afterStep: number | null): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: 30,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

async function mfaRow(db: DbOrTx, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'tokenVersion', 'active', 'mfaSecret', 'mfaEnabled', 'mfaLastStep', 'displayName'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Takes a point of both failure budgets; a right code gives them back. */
function takeAttempt(deps: AppDeps, userId: string, ip: string): Promise<() => Promise<void>> {
  return takeBudgets(deps.rateLimits, [
    ['mfaFailuresPerIp', ip],
    ['mfaFailuresPerUser', userId],
  ]);
}

/**
 * Accepts a TOTP code (once per time step) or an unused recovery code of the user. Returns how it
 * passed, or null. Both writes are conditional, so a code used in parallel passes once.
 */
async function consumeCode(deps: AppDeps, userId: string, code: string): Promise<'totp' | 'recovery' | null> {
  const row = await mfaRow(deps.db, userId);
  if (!row?.mfaSecret) return null;
  const secret = deps.cipher.decrypt(row.mfaSecret, mfaSecretContext(userId));
  const lastStep = row.mfaLastStep === null ? null : Number(row.mfaLastStep);
  const step = await checkTotp(secret, code, deps.now(), lastStep);
  if (step !== null) {
    const taken = await deps.db
      .updateTable('users')
      .set({ mfaLastStep: step })
      .where('id', '=', userId)
      .where((eb) => eb.or([eb('mfaLastStep', 'is', null), eb('mfaLastStep', '<', String(step))]))
      .returning('id')
      .executeTakeFirst();
    return taken ? 'totp' : null;
  }
  const used = await deps.db
    .updateTable('mfaRecoveryCodes')
    .set({ usedAt: deps.now() })
    .where('userId', '=', userId)
    .where('codeHash', '=', sha256(normaliseRecoveryCode(code)))
    .where('usedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return used ? 'recovery' : null;
}

/** Starts (or restarts) enrolment: a new secret, sealed, not yet in force. */
export async function setupMfa(deps: AppDeps, user: SessionUser): Promise<MfaSetup> {
  const row = await mfaRow(deps.db, user.id);
  if (row?.mfaEnabled) throw DomainError.conflict(MESSAGES.mfaAlreadyEnabled);
  const secret = generateSecret();
  await deps.db
    .updateTable('users')
    .set({
      mfaSecret: deps.cipher.encrypt(secret, mfaSecretContext(user.id)),
      mfaLastStep: null,
      updatedAt: deps.now(),
    })
    .where('id', '=', user.id)
    .execute();
  return { secret, otpauthUrl: generateURI({ issuer: PRODUCT_NAME, label: user.email, secret }) };
}

/** Turns MFA on with a first right code; answers the ten recovery codes, shown once. A wrong code is 400. */
export async function enableMfa(
  deps: AppDeps,
  { user, code, currentPassword, ip }: { user: SessionUser; code: string; currentPassword: string; ip: string },
): Promise<AuthResult & { recoveryCodes: string[] }> {
  const row = await mfaRow(deps.db, user.id);
  if (row?.mfaEnabled) throw DomainError.conflict(MESSAGES.mfaAlreadyEnabled);
  if (!row?.mfaSecret) throw DomainError.invalid(MESSAGES.mfaNotSetUp);
  // A session alone cannot turn it on (and so lock the owner out): the password is asked too.
  await confirmCurrentPassword(deps, { user, password: currentPassword, ip });
  const succeeded = await takeAttempt(deps, user.id, ip);
  const secret = deps.cipher.decrypt(row.mfaSecret, mfaSecretContext(user.id));
  const step = await checkTotp(secret, code, deps.now(), null);
  if (step === null) throw DomainError.invalid(MESSAGES.mfaCodeInvalid);
  await succeeded();
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const now = deps.now();
  const enabled = await deps.db.transaction().execute(async (trx) => {
    // Every other session ends (the token version moves on); this one gets a new token below.
    const enabled = await trx
      .updateTable('users')
      .set((eb) => ({ mfaEnabled: true, mfaLastStep: step, tokenVersion: eb('tokenVersion', '+', 1), updatedAt: now }))
      .where('id', '=', user.id)
      .where('mfaEnabled', '=', false)
      .returning(['id', 'email', 'role', 'tokenVersion', 'displayName'])
      .executeTakeFirst();
    if (!enabled) throw DomainError.conflict(MESSAGES.mfaAlreadyEnabled);
    await trx.deleteFrom('mfaRecoveryCodes').where('userId', '=', user.id).execute();
    await trx
      .insertInto('mfaRecoveryCodes')
      .values(
        recoveryCodes.map((recovery) => ({
          userId: user.id,
          codeHash: sha256(normaliseRecoveryCode(recovery)),
          createdAt: now,
        })),
      )
      .execute();
    await logActivity(trx, { userId: user.id, action: 'user.mfa_enabled', entityType: 'user', entityId: user.id });
    await enqueueTemplate(trx, {
      now,
      recipient: enabled.email,
      kind: 'mfaEnabled',
      values: { signInUrl: portalLink(deps.config, '/', { signin: '1' }), changedAt: mailTime(now) },
    });
    return enabled;
  });
  return { ...(await issueSession(deps, { ...enabled, mfaEnabled: true })), recoveryCodes };
}

/**
 * Turns MFA off with a current code or a recovery code. A wrong code is 400 (a 401 would end the
 * session in the browser). A team member cannot turn it off while ADMIN_MFA_REQUIRED (409).
 */
export async function disableMfa(
  deps: AppDeps,
  { user, code, ip }: { user: SessionUser; code: string; ip: string },
): Promise<{ ok: true }> {
  const row = await mfaRow(deps.db, user.id);
  if (!row?.mfaEnabled) throw DomainError.conflict(MESSAGES.mfaNotEnabled);
  if (mustEnrolMfa(deps.config, { role: row.role, mfaEnabled: false }))
    throw DomainError.conflict(MESSAGES.mfaEnrolmentRequired);
  const succeeded = await takeAttempt(deps, user.id, ip);
  if (!(await consumeCode(deps, user.id, code))) throw DomainError.invalid(MESSAGES.mfaCodeInvalid);
  await succeeded();
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ mfaEnabled: false, mfaSecret: null, mfaLastStep: null, updatedAt: deps.now() })
      .where('id', '=', user.id)
      .execute();
    await trx.deleteFrom('mfaRecoveryCodes').where('userId', '=', user.id).execute();
    await logActivity(trx, { userId: user.id, action: 'user.mfa_disabled', entityType: 'user', entityId: user.id });
  });
  return { ok: true };
}

/** After a right password with MFA on: a token for the code step (5 minutes, single use), no session. */
export async function startMfaChallenge(
  deps: AppDeps,
  userId: string,
): Promise<{ mfaRequired: true; mfaToken: string }> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  await deps.db.deleteFrom('mfaChallenges').where('userId', '=', userId).where('expiresAt', '<', now).execute();
  await deps.db
    .insertInto('mfaChallenges')
    .values({
      userId,
      tokenHash: sha256(token),
      expiresAt: new Date(now.getTime() + MFA_CHALLENGE_VALID_MINUTES * 60_000),
      createdAt: now,
    })
    .execute();
  return { mfaRequired: true, mfaToken: token };
}

/**
 * The code step of sign-in: answers the user whose challenge a right code passed. A wrong or reused
 * code or recovery code is 401 and takes from the account's and the address's failure budgets (429
 * once spent); the MFA token stays usable until it expires or a right code uses it.
 */
export async function verifyMfaChallenge(
  deps: AppDeps,
  { input, ip }: { input: { mfaToken: string; code: string }; ip: string },
): Promise<{
  id: string;
  email: string;
  role: SessionUser['role'];
  tokenVersion: number;
  mfaEnabled: boolean;
  displayName: string | null;
}> {
  const tokenHash = sha256(input.mfaToken);
  const now = deps.now();
  const challenge = await deps.db
    .selectFrom('mfaChallenges')
    .select(['id', 'userId'])
    .where('tokenHash', '=', tokenHash)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .executeTakeFirst();
  if (!challenge) throw DomainError.unauthorized(MESSAGES.mfaChallengeInvalid);
  const succeeded = await takeAttempt(deps, challenge.userId, ip);
  const how = await consumeCode(deps, challenge.userId, input.code);
  if (!how) throw DomainError.unauthorized(MESSAGES.mfaCodeInvalid);
  await succeeded();
  const user = await deps.db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('mfaChallenges')
      .set({ usedAt: now })
      .where('id', '=', challenge.id)
      .where('usedAt', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!used) throw DomainError.unauthorized(MESSAGES.mfaChallengeInvalid);
    const row = await mfaRow(trx, challenge.userId);
    if (!row?.active) throw DomainError.forbidden(MESSAGES.accountDeactivated);
    await logActivity(trx, {
      userId: row.id,
      action: how === 'recovery' ? 'user.mfa_recovery_code_used' : 'user.mfa_verified',
      entityType: 'user',
      entityId: row.id,
    });
    return row;
  });
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    tokenVersion: user.tokenVersion,
    mfaEnabled: user.mfaEnabled,
    displayName: user.displayName,
  };
}
