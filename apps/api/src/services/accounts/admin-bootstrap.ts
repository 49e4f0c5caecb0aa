// Ensures the administrator named by ADMIN_EMAIL / ADMIN_PASSWORD (or `cli create-admin`) exists.
// Idempotent; never changes the password of an existing admin and never promotes another user.

import type { AppDeps } from '../../deps';
import { createUserAccount, findUserByEmail, isUniqueViolation } from './sign-in';
import { logActivity } from '../platform/activity';
import { DomainError } from '../platform/errors';
import { newPasswordProblem } from './passwords';
import { isAdministrator } from '../platform/permissions';

export class AdminBootstrapError extends Error {
  override name = 'AdminBootstrapError';
}

export type EnsureAdminResult = { status: 'created' | 'exists'; userId: string };

export async function ensureAdmin(
  deps: Pick<AppDeps, 'db'>,
  { email, password }: { email: string; password: string },
): Promise<EnsureAdminResult> {
  const normalised = email.trim().toLowerCase();
  const check = async (): Promise<EnsureAdminResult | undefined> => {
    const existing = await findUserByEmail(deps.db, normalised);
    if (!existing) return undefined;
    if (!isAdministrator(existing)) {
      throw new AdminBootstrapError(
        `Cannot create admin ${normalised}: a ${existing.role} account with this email already exists. ` +
          'It is not promoted automatically; choose another ADMIN_EMAIL or change that account first.',
      );
    }
    return { status: 'exists', userId: existing.id };
  };

  const before = await check();
  if (before) return before;
  const problem = newPasswordProblem(password, 'admin');
  if (problem) throw new AdminBootstrapError(`Cannot create admin ${normalised}: ${problem}`);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const user = await createUserAccount(trx, { email: normalised, password, role: 'admin' });
      await logActivity(trx, {
        userId: user.id,
        action: 'user.admin_created',
        entityType: 'user',
        entityId: user.id,
        details: { email: normalised, via: 'bootstrap' },
      });
      return { status: 'created' as const, userId: user.id };
    });
  } catch (error) {
    // Another replica created it at the same moment: judge the row that won.
    const after =
      isUniqueViolation(error) || (error instanceof DomainError && error.kind === 'conflict')
        ? await check()
        : undefined;
    if (after) return after;
    throw error;
  }
}
