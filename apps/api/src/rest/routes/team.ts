import { idempotent, type RestRoute } from '../adapter';

/** Admin team, invitations and two-factor sign-in. */
export const teamRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/admin/team',
    procedure: 'admin.team',
    summary: 'Team members (admin, finance, viewer; active and deactivated) and pending invitations',
    tag: 'Team',
  },
  {
    method: 'POST',
    path: '/api/admin/team/invitations',
    procedure: 'admin.inviteMember',
    summary: 'Invite someone to the team with a role; mails PUBLIC_URL/accept-invitation?token=…',
    tag: 'Team',
    status: 201,
    description:
      'The link works once and for 7 days; the token is stored only as a hash. A newer invitation of the same email replaces the older one. An email that already has an account is 409.',
    ...idempotent,
  },
  {
    method: 'DELETE',
    path: '/api/admin/team/invitations/{invitationId}',
    procedure: 'admin.revokeInvitation',
    summary: 'Revoke a pending invitation: its link stops working at once; answers the team',
    tag: 'Team',
    description: 'An accepted, revoked or replaced invitation is 409; an unknown one 404.',
  },
  {
    method: 'POST',
    path: '/api/admin/team/invitations/{invitationId}/resend',
    procedure: 'admin.resendInvitation',
    summary: 'Send a pending invitation again with a new link for 7 more days; the old link stops working',
    tag: 'Team',
    status: 201,
    description: 'An accepted, revoked or replaced invitation is 409; an unknown one 404.',
  },
  {
    method: 'PATCH',
    path: '/api/admin/team/{userId}',
    procedure: 'admin.changeMemberRole',
    summary: "Change a member's role; the member's sessions end",
    tag: 'Team',
    description: 'The last active admin cannot be demoted (409).',
  },
  {
    method: 'DELETE',
    path: '/api/admin/team/{userId}',
    procedure: 'admin.removeMember',
    summary: 'Deactivate a member: no more sign-in, every session ends at once',
    tag: 'Team',
    description: 'The last active admin cannot be removed (409). The account is kept for the activity log.',
  },
  {
    method: 'DELETE',
    path: '/api/admin/team/{userId}/two-factor',
    procedure: 'admin.resetMemberMfa',
    summary: "Reset a member's two-factor sign-in (a lost authenticator); the member's sessions end",
    tag: 'Team',
    description:
      "Turns it off and drops the member's secret and recovery codes; logged and mailed to the member, who sets it up again. 409 for one's own account (turn it off with a code instead) and for a member without it.",
  },
  {
    method: 'POST',
    path: '/api/auth/accept-invitation',
    procedure: 'auth.acceptInvitation',
    summary: "Create the invited account with the invitation's role and sign in",
    tag: 'Auth',
    description: 'The password needs at least 12 characters. A used, expired, replaced or unknown token is 400.',
  },
  {
    method: 'POST',
    path: '/api/auth/mfa/setup',
    procedure: 'auth.mfaSetup',
    summary: 'Start two-factor enrolment: a new TOTP secret (base32) and its otpauth:// URL for the QR code',
    tag: 'Auth',
    description: 'Not in force until mfa/enable accepts a code; 409 when two-factor sign-in is already on.',
  },
  {
    method: 'POST',
    path: '/api/auth/mfa/enable',
    procedure: 'auth.mfaEnable',
    summary:
      'Turn two-factor sign-in on with a first code and the current password; answers ten recovery codes, shown once, and a new session',
    tag: 'Auth',
    description:
      'A wrong code or password is 400 (a wrong password counts as a failed sign-in). Every other session ends and the owner is mailed; the answer carries the new token. Recovery codes are stored only as hashes and each works once.',
  },
  {
    method: 'POST',
    path: '/api/auth/mfa/disable',
    procedure: 'auth.mfaDisable',
    summary: 'Turn two-factor sign-in off with a current code or a recovery code',
    tag: 'Auth',
    description: 'A wrong code is 400; a team member cannot turn it off while ADMIN_MFA_REQUIRED (409).',
    errors: { 409: 'A team member cannot turn two-factor sign-in off while ADMIN_MFA_REQUIRED' },
  },
  {
    method: 'POST',
    path: '/api/auth/mfa/verify',
    procedure: 'auth.mfaVerify',
    summary: 'The code step of sign-in: the mfaToken of login and a TOTP or recovery code; answers a session',
    tag: 'Auth',
    description:
      'The mfaToken is valid 5 minutes and for one sign-in. A wrong or reused code or recovery code is 401; at most 10 wrong codes per account and 50 per address in 15 minutes (429 with Retry-After).',
  },
];
