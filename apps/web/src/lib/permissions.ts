// What the signed-in user may do, as the server told it (auth.me / login answer `permissions`).
// Screens hide or disable what the role lacks; the server checks every call anyway.

import type { SessionUserOutput } from '@portal/contracts';
import { useSession } from './session';

/** A member of the admin team (admin, finance, viewer): the /admin area. */
export const isStaffUser = (user: Pick<SessionUserOutput, 'role'> | null | undefined): boolean =>
  !!user && user.role !== 'partner';

export const userCan = (user: Pick<SessionUserOutput, 'permissions'> | null | undefined, permission: string): boolean =>
  !!user?.permissions?.includes(permission);

/** `useCan('payouts:write')`: whether the signed-in user holds the permission. */
export function useCan(permission: string): boolean {
  const { user } = useSession();
  return userCan(user, permission);
}
