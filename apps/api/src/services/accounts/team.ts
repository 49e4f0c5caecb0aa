// The admin team: members with a role (admin, finance, viewer), invitations by mail
// (7 days, single use, the token kept as sha-256), role changes and deactivation. Deactivated
// members are kept (the activity log names them) and their sessions end at once (token version).
// The last active admin can be neither demoted nor removed: the check locks the admins' rows, so
// two parallel demotions cannot both pass.

import { createHash, randomBytes } from 'node:crypto';
import {
  ADMIN_ROLE_LABELS,
  INVITATION_VALID_DAYS,
  MESSAGES,
  type AcceptInvitationInput,
  type AdminRole,
  type AuthResult,
  type DisplayName,
  type Team,
  type TeamInvitation,
} from '@portal/contracts';
import type { Database, Db } from '@portal/db';
import type { Transaction } from 'kysely';
import type { AppDeps, SessionUser } from '../../deps';
import { createUserAccount, findUserByEmail, issueSession } from './sign-in';
import { changeSet, logActivity, type DbOrTx } from '../platform/activity';
import { DomainError } from '../platform/errors';
import { isStaff } from '../platform/permissions';
import { enqueueTemplate } from '../notifications/outbox';
import { mailTime, portalLink } from '../notifications/templates';
import { mayHoldApiKeys, revokeKeysOfMember } from '../integrations/api-keys';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const TEAM_ROLES: AdminRole[] = ['admin', 'finance', 'viewer'];

export async function listTeam(db: DbOrTx, now: Date): Promise<Team> {
  const members = await db
    .selectFrom('users')
    .select(['id', 'email', 'displayName', 'role', 'active', 'mfaEnabled', 'createdAt', 'deactivatedAt'])
    .where('role', 'in', TEAM_ROLES)
    .orderBy('active', 'desc')
    .orderBy('email')
    .execute();
  const invitations = await db
    .selectFrom('teamInvitations')
    .select(['id', 'email', 'role', 'expiresAt', 'createdAt'])
    .where('acceptedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', now)
    .orderBy('createdAt', 'desc')
    .execute();
  return {
    members: members.map((m) => ({
      id: m.id,
      email: m.email,
      displayName: m.displayName,
      role: m.role as AdminRole,
      active: m.active,
      mfaEnabled: m.mfaEnabled,
      createdAt: m.createdAt.toISOString(),
      deactivatedAt: m.deactivatedAt?.toISOString() ?? null,
    })),
    invitations: invitations.map(toInvitation),
  };
}

const toInvitation = (row: {
  id: string;
  email: string;
  role: AdminRole;
  expiresAt: Date;
  createdAt: Date;
}): TeamInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

/** The activity row of an admin's invitation, or its revocation, naming whom it invites and as what. */
async function logInvitation(
  trx: DbOrTx,
  {
    actor,
    action,
    invitation,
  }: { actor: SessionUser; action: string; invitation: { id: string; email: string; role: AdminRole } },
): Promise<void> {
  await logActivity(trx, {
    userId: actor.id,
    action,
    entityType: 'team_invitation',
    entityId: invitation.id,
    details: { email: invitation.email, role: invitation.role },
  });
}

/** Mails PUBLIC_URL/accept-invitation?token=…; an earlier pending invitation of the same email is replaced. */
export async function inviteMember(
  deps: AppDeps,
  { actor, input }: { actor: SessionUser; input: { email: string; role: AdminRole } },
): Promise<TeamInvitation> {
  if (await findUserByEmail(deps.db, input.email)) throw DomainError.conflict(MESSAGES.emailTaken);
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('teamInvitations')
      .set({ revokedAt: now })
      .where((eb) => eb(eb.fn('lower', ['email']), '=', input.email))
      .where('acceptedAt', 'is', null)
      .where('revokedAt', 'is', null)
      .execute();
    const row = await trx
      .insertInto('teamInvitations')
      .values({
        email: input.email,
        role: input.role,
        tokenHash: sha256(token),
        invitedBy: actor.id,
        expiresAt: new Date(now.getTime() + INVITATION_VALID_DAYS * 86_400_000),
        createdAt: now,
      })
      .returning(['id', 'email', 'role', 'expiresAt', 'createdAt'])
      .executeTakeFirstOrThrow();
    await logInvitation(trx, { actor, action: 'team.invited', invitation: { id: row.id, ...input } });
    await enqueueTemplate(trx, {
      now,
      recipient: input.email,
      kind: 'teamInvitation',
      values: {
        roleLabel: ADMIN_ROLE_LABELS[input.role],
        invitedBy: actor.email,
        acceptUrl: portalLink(deps.config, '/accept-invitation', { token }),
        validDays: INVITATION_VALID_DAYS,
      },
    });
    return toInvitation(row);
  });
}

/** A pending invitation (not accepted, not revoked), locked for the change; 404/409 otherwise. */
async function pendingInvitation(trx: DbOrTx, invitationId: string) {
  const row = await trx
    .selectFrom('teamInvitations')
    .select(['id', 'email', 'role', 'acceptedAt', 'revokedAt'])
    .where('id', '=', invitationId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw DomainError.notFound(MESSAGES.invitationNotPending);
  if (row.acceptedAt || row.revokedAt) throw DomainError.conflict(MESSAGES.invitationNotPending);
  return row;
}

/** Revokes a pending invitation: its link stops working at once. */
export async function revokeInvitation(
  deps: AppDeps,
  { actor, invitationId }: { actor: SessionUser; invitationId: string },
): Promise<void> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const invitation = await pendingInvitation(trx, invitationId);
    await trx.updateTable('teamInvitations').set({ revokedAt: now }).where('id', '=', invitation.id).execute();
    await logInvitation(trx, { actor, action: 'team.invitation_revoked', invitation });
  });
}

/** Sends a pending invitation again: a new link for 7 more days replaces the old one (which stops working). */
export async function resendInvitation(
  deps: AppDeps,
  { actor, invitationId }: { actor: SessionUser; invitationId: string },
): Promise<TeamInvitation> {
  const invitation = await pendingInvitation(deps.db, invitationId);
  return inviteMember(deps, { actor, input: { email: invitation.email, role: invitation.role } });
}

/** Creates the invited user with the invitation's role and signs in; the link works once, for 7 days. */
export async function acceptInvitation(
  deps: AppDeps,
  { input, ip }: { input: AcceptInvitationInput; ip: string },
): Promise<AuthResult> {
  await deps.rateLimits.consume('invitationAcceptsPerIp', ip);
  const tokenHash = sha256(input.token);
  const now = deps.now();
  const user = await deps.db.transaction().execute(async (trx) => {
    const invitation = await trx
      .updateTable('teamInvitations')
      .set({ acceptedAt: now })
      .where('tokenHash', '=', tokenHash)
      .where('acceptedAt', 'is', null)
      .where('revokedAt', 'is', null)
      .where('expiresAt', '>', now)
      .returning(['id', 'email', 'role', 'invitedBy'])
      .executeTakeFirst();
    if (!invitation) throw DomainError.invalid(MESSAGES.invitationInvalid);
    const created = await createUserAccount(trx, {
      email: invitation.email,
      password: input.password,
      role: invitation.role,
    });
    const displayName = input.displayName?.trim() || null;
    if (displayName) await trx.updateTable('users').set({ displayName }).where('id', '=', created.id).execute();
    await logActivity(trx, {
      userId: created.id,
      action: 'team.invitation_accepted',
      entityType: 'user',
      entityId: created.id,
      details: {
        email: created.email,
        role: invitation.role,
        invitationId: invitation.id,
        invitedBy: invitation.invitedBy,
      },
    });
    return { ...created, displayName };
  });
  return issueSession(deps, { ...user, mfaEnabled: false });
}

/** Locks the active admins and refuses to leave none: 409. */
async function keepOneAdmin(trx: DbOrTx, targetId: string): Promise<void> {
  const admins = await trx
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('active', '=', true)
    .forUpdate()
    .execute();
  if (admins.some((a) => a.id === targetId) && admins.length <= 1) throw DomainError.conflict(MESSAGES.lastAdmin);
}

type TeamMember = Awaited<ReturnType<typeof teamMember>>;

async function teamMember(trx: DbOrTx, userId: string) {
  const row = await trx
    .selectFrom('users')
    .select(['id', 'email', 'role', 'active'])
    .where('id', '=', userId)
    .where('role', 'in', TEAM_ROLES)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw DomainError.notFound(MESSAGES.teamMemberNotFound);
  return row;
}

/**
 * Changes one member in a transaction, their row locked (404 when not on the team), and answers the
 * team as it then stands.
 */
async function changeMember(
  deps: AppDeps,
  userId: string,
  change: (trx: Transaction<Database>, member: TeamMember, now: Date) => Promise<void>,
): Promise<Team> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => change(trx, await teamMember(trx, userId), now));
  return listTeam(deps.db, now);
}

/** The activity row of an admin's change to a member. */
async function logMemberChange(
  trx: DbOrTx,
  { actor, member, action, details }: { actor: SessionUser; member: TeamMember; action: string; details: object },
): Promise<void> {
  await logActivity(trx, {
    userId: actor.id,
    action,
    entityType: 'user',
    entityId: member.id,
    details: { email: member.email, ...details },
  });
}

/** A new role; the member's sessions end (the token names the role). The last admin stays admin (409). */
export async function changeMemberRole(
  deps: AppDeps,
  { actor, input }: { actor: SessionUser; input: { userId: string; role: AdminRole } },
): Promise<Team> {
  return changeMember(deps, input.userId, async (trx, member, now) => {
    if (member.role === input.role) return;
    if (member.role === 'admin') await keepOneAdmin(trx, member.id);
    await trx
      .updateTable('users')
      .set((eb) => ({ role: input.role, tokenVersion: eb('tokenVersion', '+', 1), updatedAt: now }))
      .where('id', '=', member.id)
      .execute();
    const keysRevoked = mayHoldApiKeys({ role: input.role, active: member.active })
      ? 0
      : await revokeKeysOfMember(trx, { memberId: member.id, actorId: actor.id, reason: 'role changed', now });
    await logMemberChange(trx, {
      actor,
      member,
      action: 'team.role_changed',
      details: { before: member.role, after: input.role, keysRevoked },
    });
  });
}

/** Deactivates a member: no sign-in, every session ends at once. The last admin cannot be removed (409). */
export async function deactivateMember(
  deps: AppDeps,
  { actor, userId }: { actor: SessionUser; userId: string },
): Promise<Team> {
  return changeMember(deps, userId, async (trx, member, now) => {
    if (!member.active) return;
    if (member.role === 'admin') await keepOneAdmin(trx, member.id);
    await trx
      .updateTable('users')
      .set((eb) => ({ active: false, deactivatedAt: now, tokenVersion: eb('tokenVersion', '+', 1), updatedAt: now }))
      .where('id', '=', member.id)
      .execute();
    const keysRevoked = await revokeKeysOfMember(trx, {
      memberId: member.id,
      actorId: actor.id,
      reason: 'member deactivated',
      now,
    });
    await logMemberChange(trx, {
      actor,
      member,
      action: 'team.deactivated',
      details: { role: member.role, keysRevoked },
    });
  });
}

/**
 * A team admin's way back in for a member who lost their authenticator: two-factor sign-in off, its
 * secret and recovery codes gone, every session of the member ended; logged and mailed to the member.
 * Under ADMIN_MFA_REQUIRED the member enrols again at their next sign-in. One's own is turned off with a
 * code instead (409 here), so a stolen admin session cannot strip its own account's second factor.
 */
export async function resetMemberMfa(
  deps: AppDeps,
  { actor, userId }: { actor: SessionUser; userId: string },
): Promise<Team> {
  if (userId === actor.id) throw DomainError.conflict(MESSAGES.mfaResetOwn);
  return changeMember(deps, userId, async (trx, member, now) => {
    const reset = await trx
      .updateTable('users')
      .set((eb) => ({
        mfaEnabled: false,
        mfaSecret: null,
        mfaLastStep: null,
        tokenVersion: eb('tokenVersion', '+', 1),
        updatedAt: now,
      }))
      .where('id', '=', member.id)
      .where('mfaEnabled', '=', true)
      .returning('id')
      .executeTakeFirst();
    if (!reset) throw DomainError.conflict(MESSAGES.mfaNotEnabled);
    await trx.deleteFrom('mfaRecoveryCodes').where('userId', '=', member.id).execute();
    await logMemberChange(trx, { actor, member, action: 'team.mfa_reset', details: { role: member.role } });
    await enqueueTemplate(trx, {
      now,
      recipient: member.email,
      kind: 'mfaReset',
      values: {
        signInUrl: portalLink(deps.config, '/', { signin: '1' }),
        changedAt: mailTime(now),
        resetBy: actor.email,
      },
    });
  });
}

/**
 * A team member's own name: how the activity log and the team list name them. A partner is named by its
 * contact name instead (403). The change and its activity row share a transaction; the same name again
 * changes nothing and logs nothing.
 */
export async function updateDisplayName(
  db: Db,
  { user, displayName }: { user: SessionUser; displayName: string | null },
): Promise<DisplayName> {
  if (!isStaff(user)) throw DomainError.forbidden(MESSAGES.displayNameStaffOnly);
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('users')
      .select('displayName')
      .where('id', '=', user.id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (before.displayName === displayName) return { displayName };
    await trx.updateTable('users').set({ displayName }).where('id', '=', user.id).execute();
    await logActivity(trx, {
      userId: user.id,
      action: 'user.display_name_changed',
      entityType: 'user',
      entityId: user.id,
      details: changeSet(before, { displayName }) ?? undefined,
    });
    return { displayName };
  });
}
