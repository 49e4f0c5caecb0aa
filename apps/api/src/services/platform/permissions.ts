// Who may do what: the one table from roles to permissions, and the one check every procedure and
// raw route runs (trpc/init.ts wraps it as a middleware). API-key scopes (partners:read, ...) and
// more admin roles (finance, viewer) plug in here: a principal carries permissions, not a role.
// An API key principal (SessionUser.apiKeyId) holds exactly its scopes.

import { API_KEY_SCOPES, INTEGRATION_MESSAGES, MESSAGES, type ApiKeyScope, type UserRole } from '@portal/contracts';
import type { SessionUser } from '../../deps';
import { DomainError } from './errors';

/**
 * What the admin side of the portal can do: everything an API-key scope names (webhooks, and POST /api/leads
 * for the firm's own forms and tools, included), and what no key may be given.
 */
export const ADMIN_PERMISSIONS = [
  ...API_KEY_SCOPES,
  /** Approving, suspending and ending partnerships: a key acts on them through `partners:write`. */
  'partners:approve',
  /** Exports that carry decrypted numbers: a payout's wire instructions (bank), the 1099-NEC report (TINs). */
  'exports:bank',
  'emails:read',
  'emails:write',
  'team:manage',
  'keys:manage',
  'activity:read',
  /** Publishing a version of the program terms: the administrator's alone. */
  'terms:write',
] as const;

export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];
/** `partner:self`: acts as a partner on its own records (applying, its profile, referrals, commissions). */
export type Permission = AdminPermission | 'partner:self';

/** Read-only admin screens and lists (no exports with bank data, no mail log: mails carry sign-in links). */
const VIEWER_PERMISSIONS = [
  'partners:read',
  'referrals:read',
  'commissions:read',
  'materials:read',
  'exports:read',
] as const satisfies readonly AdminPermission[];

export const ROLE_PERMISSIONS: Record<UserRole, readonly Permission[]> = {
  admin: ADMIN_PERMISSIONS,
  /** Money: commissions, accrual, payouts, exports; reads partners and referrals. */
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

/** A key scope that carries a permission no scope names: partners:write includes the partner decisions. */
const SCOPE_IMPLIES: Partial<Record<Permission, Permission>> = { 'partners:approve': 'partners:write' };

/** The API-key scope that grants `permission`, or undefined when no key may act on it. */
export function keyScopeOf(permission: Permission | undefined): ApiKeyScope | undefined {
  if (!permission) return undefined;
  const scope = SCOPE_IMPLIES[permission] ?? permission;
  return (API_KEY_SCOPES as readonly string[]).includes(scope) ? (scope as ApiKeyScope) : undefined;
}

/** Every permission the principal holds, for the web to show or hide actions (the server checks anyway). */
export function permissionsOf(user: Pick<SessionUser, 'role' | 'apiKeyId' | 'scopes'>): Permission[] {
  if (user.apiKeyId) return ROLE_PERMISSIONS.admin.filter((permission) => hasPermission(user, permission));
  return [...ROLE_PERMISSIONS[user.role]];
}

/** An API key's permissions are its scopes (never team:manage, keys:manage or emails, which no scope names). */
export function hasPermission(
  user: Pick<SessionUser, 'role' | 'apiKeyId' | 'scopes'>,
  permission: Permission,
): boolean {
  if (user.apiKeyId) {
    const scope = SCOPE_IMPLIES[permission] ?? permission;
    return (API_KEY_SCOPES as readonly string[]).includes(scope) && (user.scopes ?? []).includes(scope);
  }
  return ROLE_PERMISSIONS[user.role].includes(permission);
}

/** The words a principal reads when it lacks a permission: partners' own pages vs the admin's. */
const deniedMessage = (permission: Permission) =>
  permission === 'partner:self' ? MESSAGES.partnerOnly : MESSAGES.adminOnly;

export interface Session {
  user: SessionUser | null;
  /** A token was sent but is not valid (forged, expired, revoked). */
  tokenRejected: boolean;
  /** Why a rejected token was refused, when it says more than "session expired" (a revoked API key). */
  rejectedMessage?: string;
}

/** The signed-in user of a request, or 401 (no token, or a rejected one). */
export function requireUser(session: Session): SessionUser {
  if (!session.user)
    throw DomainError.unauthorized(
      session.tokenRejected ? (session.rejectedMessage ?? MESSAGES.sessionExpired) : MESSAGES.notSignedIn,
    );
  return session.user;
}

/** A signed-in user, never an API key: signing out, one's own account (keys act only through scoped procedures). */
export function requireSignedInUser(session: Session): SessionUser {
  const user = requireUser(session);
  if (user.apiKeyId) throw DomainError.forbidden(INTEGRATION_MESSAGES.keyNotAllowed);
  return user;
}

/** The signed-in user when it holds `permission`; otherwise 401 or 403. Procedures and raw routes call this same guard. */
export function requirePermission(session: Session, permission: Permission): SessionUser {
  const user = requireUser(session);
  if (!hasPermission(user, permission))
    throw DomainError.forbidden(user.apiKeyId ? INTEGRATION_MESSAGES.keyNotAllowed : deniedMessage(permission));
  return requireMfaEnrolled(user);
}

/**
 * ADMIN_MFA_REQUIRED: a team member without TOTP may only enrol and look after their own session
 * (the auth.* procedures); every other call, the partner-facing ones a member can reach included,
 * answers 403 until two-factor sign-in is on.
 */
export function requireMfaEnrolled(user: SessionUser): SessionUser {
  if (user.mfaEnrolmentRequired) throw DomainError.forbidden(MESSAGES.mfaEnrolmentRequired);
  return user;
}
