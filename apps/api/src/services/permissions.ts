// Who may do what: the one table from roles to permissions, and the one check every procedure and
// raw route runs (trpc/init.ts wraps it as a middleware). API-key scopes (partners:read, ...) and
// more admin roles (finance, viewer) plug in here: a principal carries permissions, not a role.

import { MESSAGES, type UserRole } from '@portal/contracts';
import type { SessionUser } from '../deps';
import { DomainError } from './errors';

/** What the admin side of the portal can do; the names match the API-key scopes to come. */
export const ADMIN_PERMISSIONS = [
  'partners:read',
  'partners:write',
  'partners:approve',
  'referrals:read',
  'referrals:write',
  'commissions:read',
  'commissions:write',
  'payouts:write',
  'materials:read',
  'materials:write',
  'exports:read',
  /** Exports that carry decrypted bank numbers (a payout's wire instructions). */
  'exports:bank',
  'emails:read',
  'emails:write',
  'team:manage',
  'keys:manage',
] as const;

export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];
/** `partner:self`: acts as a partner on its own records (applying, its profile, referrals, commissions). */
export type Permission = AdminPermission | 'partner:self';

/** Read-only admin screens and lists (no exports with bank data, no mail log: mails carry sign-in links). */
const VIEWER_PERMISSIONS = ['partners:read', 'referrals:read', 'commissions:read', 'materials:read', 'exports:read'] as const satisfies readonly AdminPermission[];

export const ROLE_PERMISSIONS: Record<UserRole, readonly Permission[]> = {
  admin: ADMIN_PERMISSIONS,
  /** Money: commissions, accrual, payouts, exports; reads partners and referrals (issue 16). */
  finance: [...VIEWER_PERMISSIONS, 'commissions:write', 'payouts:write', 'exports:bank'],
  viewer: VIEWER_PERMISSIONS,
  partner: ['partner:self'],
};

/** The full administrator (role `admin`): the one ADMIN_EMAIL may name, the one that manages the team. */
export function isAdministrator(user: Pick<SessionUser, 'role'>): boolean {
  return user.role === 'admin';
}

/** A member of the admin team (admin, finance, viewer): stricter passwords, /admin, ADMIN_MFA_REQUIRED. */
export function isStaff(user: Pick<SessionUser, 'role'>): boolean {
  return user.role !== 'partner';
}

/** Every permission the user holds, for the web to show or hide actions (the server checks anyway). */
export function permissionsOf(user: Pick<SessionUser, 'role'>): Permission[] {
  return [...ROLE_PERMISSIONS[user.role]];
}

export function hasPermission(user: Pick<SessionUser, 'role'>, permission: Permission): boolean {
  return ROLE_PERMISSIONS[user.role].includes(permission);
}

/** The words a principal reads when it lacks a permission: partners' own pages vs the admin's. */
const deniedMessage = (permission: Permission) => (permission === 'partner:self' ? MESSAGES.partnerOnly : MESSAGES.adminOnly);

export interface Session {
  user: SessionUser | null;
  /** A token was sent but is not valid (forged, expired, revoked). */
  tokenRejected: boolean;
}

/** The signed-in user of a request, or 401 (no token, or a rejected one). */
export function requireUser(session: Session): SessionUser {
  if (!session.user) throw DomainError.unauthorized(session.tokenRejected ? MESSAGES.sessionExpired : MESSAGES.notSignedIn);
  return session.user;
}

/** The signed-in user when it holds `permission`; otherwise 401 or 403. Procedures and raw routes call this same guard. */
export function requirePermission(session: Session, permission: Permission): SessionUser {
  const user = requireUser(session);
  if (!hasPermission(user, permission)) throw DomainError.forbidden(deniedMessage(permission));
  // ADMIN_MFA_REQUIRED: a team member without TOTP may only enrol (auth.* procedures need no permission).
  if (user.mfaEnrolmentRequired) throw DomainError.forbidden(MESSAGES.mfaEnrolmentRequired);
  return user;
}
