// Account recovery and password change. Reset tokens are 32 random bytes handed out
// only in the mail; the database keeps their sha-256. Every path ends the user's other sessions
// by bumping users.token_version, and writes its activity row and its mail in the same transaction.

import { createHash, randomBytes } from 'node:crypto';
import { MESSAGES, PASSWORD_RESET_VALID_MINUTES, type AuthResult, type ChangePasswordInput } from '@portal/contracts';
import type { AppDeps, SessionUser } from '../../deps';
import { findUserByEmail, issueSession } from './sign-in';
import { takeBudgets } from '../platform/rate-limits';
import { logActivity, type DbOrTx } from '../platform/activity';
import type { AppConfig } from '../../config';
import { DomainError } from '../platform/errors';
import { enqueueTemplate } from '../notifications/outbox';
import { mailTime, portalLink } from '../notifications/templates';
import { hashPassword, newPasswordProblem, verifyPassword } from './passwords';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** When a mail says a password changed: a UTC timestamp every reader can place. */

/**
 * Starts a reset. The answer is the same whether or not the account exists; both budgets are taken
 * first, so the throttle cannot tell accounts apart either.
 */
export async function requestPasswordReset(
  deps: AppDeps,
  { email, ip }: { email: string; ip: string },
): Promise<{ message: string }> {
  await deps.rateLimits.consume('passwordResetsPerIp', ip);
  await deps.rateLimits.consume('passwordResetsPerEmail', email);
  const user = await findUserByEmail(deps.db, email);
  if (user) {
    const token = randomBytes(32).toString('base64url');
    const now = deps.now();
    await deps.db.transaction().execute(async (trx) => {
      // A newer link voids every older one of this user.
      await trx.deleteFrom('passwordResetTokens').where('userId', '=', user.id).execute();
      await trx
        .insertInto('passwordResetTokens')
        .values({
          userId: user.id,
          tokenHash: hashToken(token),
          expiresAt: new Date(now.getTime() + PASSWORD_RESET_VALID_MINUTES * 60_000),
          createdAt: now,
        })
        .execute();
      await logActivity(trx, {
        userId: user.id,
        action: 'user.password_reset_requested',
        entityType: 'user',
        entityId: user.id,
        details: { ip },
      });
      await enqueueTemplate(trx, {
        now,
        recipient: user.email,
        kind: 'passwordReset',
        values: {
          resetUrl: portalLink(deps.config, '/reset-password', { token }),
          validMinutes: PASSWORD_RESET_VALID_MINUTES,
        },
      });
    });
  }
  return { message: MESSAGES.resetRequested };
}

const invalidLink = () => DomainError.invalid(MESSAGES.resetLinkInvalid);

/** The unused, unexpired token of a link, with its account's role (which sets the password rule). */
function liveResetToken(db: DbOrTx, { tokenHash, now }: { tokenHash: string; now: Date }) {
  return db
    .selectFrom('passwordResetTokens')
    .innerJoin('users', 'users.id', 'passwordResetTokens.userId')
    .select(['passwordResetTokens.id', 'users.role'])
    .where('passwordResetTokens.tokenHash', '=', tokenHash)
    .where('passwordResetTokens.usedAt', 'is', null)
    .where('passwordResetTokens.expiresAt', '>', now)
    .executeTakeFirst();
}

/**
 * Whether a mailed link can still set a password (unknown, used and expired alike are not), so its page
 * says so before asking for one. Changes nothing and names no account; unthrottled like the reset
 * itself, since a token is 32 random bytes.
 */
export async function resetLinkStatus(
  deps: Pick<AppDeps, 'db' | 'now'>,
  { token }: { token: string },
): Promise<{ valid: boolean }> {
  const live = await liveResetToken(deps.db, { tokenHash: hashToken(token), now: deps.now() });
  return { valid: live !== undefined };
}

/** Sets a new password from a mailed link: single use, within its 30 minutes, ends every session. */
export async function resetPassword(deps: AppDeps, input: { token: string; password: string }): Promise<{ ok: true }> {
  const tokenHash = hashToken(input.token);
  const now = deps.now();
  // Checked before the (slow) hashing so a dead link answers at once; checked again when used.
  const live = await liveResetToken(deps.db, { tokenHash, now });
  if (!live) throw invalidLink();
  // The rule of a new password at sign-up holds here too (the link stays usable for a better one).
  const problem = newPasswordProblem(input.password, live.role);
  if (problem) throw DomainError.invalid(problem);
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('passwordResetTokens')
      .set({ usedAt: now })
      .where('tokenHash', '=', tokenHash)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', now)
      .returning('userId')
      .executeTakeFirst();
    if (!used) throw invalidLink();
    const user = await trx
      .updateTable('users')
      .set((eb) => ({ passwordHash, tokenVersion: eb('tokenVersion', '+', 1), updatedAt: now }))
      .where('id', '=', used.userId)
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    await trx
      .deleteFrom('passwordResetTokens')
      .where('userId', '=', user.id)
      .where('tokenHash', '!=', tokenHash)
      .execute();
    await logActivity(trx, { userId: user.id, action: 'user.password_reset', entityType: 'user', entityId: user.id });
    await mailPasswordChanged(trx, { config: deps.config, email: user.email, now });
  });
  return { ok: true };
}

/** Tells the account's owner their password changed (a reset or a change), with a way back in. */
function mailPasswordChanged(trx: DbOrTx, { config, email, now }: { config: AppConfig; email: string; now: Date }) {
  return enqueueTemplate(trx, {
    now,
    recipient: email,
    kind: 'passwordChanged',
    values: { signInUrl: portalLink(config, '/', { signin: '1' }), changedAt: mailTime(now) },
  });
}

/**
 * The signed-in user's current password, asked before a sensitive change (a new password, new bank
 * details). A wrong one is a 400 and counts as a failed sign-in of the account from this address.
 */
export async function confirmCurrentPassword(
  deps: Pick<AppDeps, 'db' | 'rateLimits'>,
  { user, password, ip }: { user: SessionUser; password: string; ip: string },
): Promise<NonNullable<Awaited<ReturnType<typeof findUserByEmail>>>> {
  const refund = await takeBudgets(deps.rateLimits, [['loginFailuresPerEmailAndIp', `${user.email}|${ip}`]]);
  const account = await findUserByEmail(deps.db, user.email);
  if (!account || account.id !== user.id || !(await verifyPassword(account.passwordHash, password))) {
    throw DomainError.invalid(MESSAGES.currentPasswordIncorrect);
  }
  await refund();
  return account;
}

/**
 * Changes the signed-in user's password. Wrong guesses take from the sign-in failure budget of the
 * account, so a stolen session cannot be used to guess the password at leisure.
 */
export async function changePassword(
  deps: AppDeps,
  { sessionUser, input, ip }: { sessionUser: SessionUser; input: ChangePasswordInput; ip: string },
): Promise<AuthResult> {
  // The rule of a new password at sign-up holds here too; checked first, so it costs no guess.
  const problem = newPasswordProblem(input.newPassword, sessionUser.role);
  if (problem) throw DomainError.invalid(problem);
  const user = await confirmCurrentPassword(deps, { user: sessionUser, password: input.currentPassword, ip });
  const passwordHash = await hashPassword(input.newPassword);
  const now = deps.now();
  const updated = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('users')
      .set((eb) => ({ passwordHash, tokenVersion: eb('tokenVersion', '+', 1), updatedAt: now }))
      .where('id', '=', user.id)
      // The session that asked must still be current: a parallel change or sign-out wins.
      .where('tokenVersion', '=', sessionUser.tokenVersion)
      .returning(['id', 'email', 'role', 'tokenVersion', 'displayName'])
      .executeTakeFirst();
    if (!row) throw DomainError.unauthorized(MESSAGES.sessionExpired);
    await trx.deleteFrom('passwordResetTokens').where('userId', '=', user.id).execute();
    await logActivity(trx, { userId: user.id, action: 'user.password_changed', entityType: 'user', entityId: user.id });
    await mailPasswordChanged(trx, { config: deps.config, email: row.email, now });
    return row;
  });
  return issueSession(deps, updated);
}
