// Accounts and sessions: sign-up, sign-in, sign-out. Throttles are taken before any password work
// so that many calls in one request (tRPC batching) or in parallel cannot multiply attempts.

import { MESSAGES, type AuthResult, type LoginResult, type SessionUserOutput, type UserRole } from '@portal/contracts';
import { DomainError } from '../platform/errors';
import type { AppDeps } from '../../deps';
import { logActivity, type DbOrTx } from '../platform/activity';
import { takeBudgets } from '../platform/rate-limits';
import { mustEnrolMfa, startMfaChallenge, verifyMfaChallenge } from './mfa';
import { permissionsOf } from '../platform/permissions';
import { hashPassword, newPasswordProblem, passwordNeedsRehash, verifyAgainstDummy, verifyPassword } from './passwords';

export interface Credentials {
  /** Already trimmed and lower-cased by the contract. */
  email: string;
  password: string;
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'role', 'tokenVersion', 'passwordHash', 'active', 'mfaEnabled', 'displayName'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', normaliseEmail(email)))
    .executeTakeFirst();
}

/**
 * Creates a user with a hashed password. A common password (or an administrator's under 12
 * characters) is a 400; a taken email is a 409 with the user's words, also when two sign-ups race
 * (the unique index decides).
 */
export async function createUserAccount(
  tx: DbOrTx,
  input: { email: string; password: string; role: UserRole },
): Promise<SessionUserOutput & { tokenVersion: number; displayName: string | null }> {
  const email = normaliseEmail(input.email);
  const problem = newPasswordProblem(input.password, input.role);
  if (problem) throw DomainError.invalid(problem);
  if (await findUserByEmail(tx, email)) throw DomainError.conflict(MESSAGES.emailTaken);
  const passwordHash = await hashPassword(input.password);
  try {
    return await tx
      .insertInto('users')
      .values({ email, passwordHash, role: input.role })
      .returning(['id', 'email', 'role', 'tokenVersion', 'displayName'])
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error)) throw DomainError.conflict(MESSAGES.emailTaken, error);
    throw error;
  }
}

/** The user as the web reads it: who, the role, what it may do, and where two-factor sign-in stands. */
export function sessionUserView(
  config: AppDeps['config'],
  user: { id: string; email: string; role: UserRole; mfaEnabled?: boolean; displayName?: string | null },
): SessionUserOutput & { displayName: string | null } {
  const mfaEnabled = user.mfaEnabled ?? false;
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    displayName: user.displayName ?? null,
    permissions: permissionsOf(user),
    mfaEnabled,
    mfaEnrolmentRequired: mustEnrolMfa(config, { role: user.role, mfaEnabled }),
  };
}

export async function issueSession(
  deps: AppDeps,
  user: {
    id: string;
    email: string;
    role: UserRole;
    tokenVersion: number;
    mfaEnabled?: boolean;
    displayName: string | null;
  },
): Promise<AuthResult> {
  const token = await deps.tokens.sign({ userId: user.id, role: user.role, tokenVersion: user.tokenVersion });
  return { token, user: sessionUserView(deps.config, user) };
}

/** The code step of sign-in: a right code (verifyMfaChallenge) opens the session the password step held back. */
export async function completeMfaSignIn(
  deps: AppDeps,
  options: { input: { mfaToken: string; code: string }; ip: string },
): Promise<AuthResult> {
  return issueSession(deps, await verifyMfaChallenge(deps, options));
}

/** Sign-up from the landing page: always a partner account (spec §6). */
export async function registerAccount(
  deps: AppDeps,
  { credentials: input, ip }: { credentials: Credentials; ip: string },
): Promise<AuthResult> {
  await deps.rateLimits.consume('registrationsPerIp', ip);
  const user = await deps.db.transaction().execute(async (trx) => {
    const created = await createUserAccount(trx, { email: input.email, password: input.password, role: 'partner' });
    await logActivity(trx, {
      userId: created.id,
      action: 'user.registered',
      entityType: 'user',
      entityId: created.id,
      details: { email: created.email },
    });
    return created;
  });
  return issueSession(deps, user);
}

/**
 * Sign-in. A point of each failure budget (the address, the account from this address, the account
 * from any address) is taken before the password is checked and given back when it turns out
 * right, so only failures count yet parallel guesses are still capped.
 */
export async function signIn(
  deps: AppDeps,
  { credentials: input, ip }: { credentials: Credentials; ip: string },
): Promise<LoginResult> {
  const email = normaliseEmail(input.email);
  const perEmailKey = `${email}|${ip}`;
  const refund = await takeBudgets(deps.rateLimits, [
    ['loginFailuresPerIp', ip],
    ['loginFailuresPerEmailAndIp', perEmailKey],
    ['loginFailuresPerEmail', email],
  ]);

  const user = await findUserByEmail(deps.db, email);
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !valid) throw DomainError.unauthorized(MESSAGES.invalidCredentials);

  await refund();
  // Deactivated team members cannot sign in; said only after the right password.
  if (!user.active) throw DomainError.forbidden(MESSAGES.accountDeactivated);

  if (passwordNeedsRehash(user.passwordHash)) {
    const passwordHash = await hashPassword(input.password);
    await deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ passwordHash, updatedAt: deps.now() }).where('id', '=', user.id).execute();
      await logActivity(trx, {
        userId: user.id,
        action: 'user.password_rehashed',
        entityType: 'user',
        entityId: user.id,
      });
    });
  }
  // With two-factor sign-in on, the password earns only the token of the code step.
  if (user.mfaEnabled) return startMfaChallenge(deps, user.id);
  return issueSession(deps, user);
}

/** Ends every session of the user: tokens carry the old version and stop verifying. */
export async function signOut(deps: AppDeps, userId: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set((eb) => ({ tokenVersion: eb('tokenVersion', '+', 1), updatedAt: deps.now() }))
      .where('id', '=', userId)
      .execute();
    await logActivity(trx, { userId, action: 'user.signed_out', entityType: 'user', entityId: userId });
  });
}
