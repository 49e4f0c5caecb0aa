import type { RestRoute } from '../adapter';

export const authRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/auth/register',
    procedure: 'auth.register',
    summary: 'Create a partner account and sign in; answers a session token and the user',
    tag: 'Auth',
    status: 201,
    description:
      'The email is trimmed and lower-cased; a taken email is 409. At most 20 registrations per hour from one address (429 with Retry-After).',
    errors: { 409: 'The email is taken' },
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    procedure: 'auth.login',
    summary: 'Sign in with email and password; answers a session token (valid 7 days) and the user',
    tag: 'Auth',
    description:
      'A wrong password and an unknown email give the same 401. At most 10 failed sign-ins per 15 minutes for one email from one address and 100 per address (429 with Retry-After).',
  },
  {
    method: 'GET',
    path: '/api/auth/me',
    procedure: 'auth.me',
    summary: 'The signed-in user (id, email, role)',
    tag: 'Auth',
  },
  {
    method: 'POST',
    path: '/api/auth/logout',
    procedure: 'auth.logout',
    summary: 'Sign out everywhere: every session token of this user stops working',
    tag: 'Auth',
  },
  {
    method: 'POST',
    path: '/api/auth/forgot-password',
    procedure: 'auth.forgotPassword',
    summary: 'Ask for a password reset link by mail; the same 202 answer whether or not the account exists',
    tag: 'Auth',
    status: 202,
    description:
      'Mails PUBLIC_URL/reset-password?token=… (valid 30 minutes, single use; a newer link voids older ones) when the account exists. At most 5 requests per hour for one email and 20 per address (429 with Retry-After).',
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password/check',
    procedure: 'auth.checkResetLink',
    summary: 'Whether a reset token can still set a password: { valid }; changes nothing and names no account',
    tag: 'Auth',
    description:
      'Unknown, used and expired tokens alike answer { valid: false }. The token is in the body, as for the reset itself.',
  },
  {
    method: 'POST',
    path: '/api/auth/reset-password',
    procedure: 'auth.resetPassword',
    summary: 'Set a new password with the token from the reset mail; ends every session of the account',
    tag: 'Auth',
    description:
      'The password follows the sign-up rule (at least 6 characters). A used, expired or unknown token is 400.',
  },
  {
    method: 'POST',
    path: '/api/auth/change-password',
    procedure: 'auth.changePassword',
    summary: 'Change the signed-in user’s password; answers a fresh session token, every other session ends',
    tag: 'Auth',
    description:
      'A wrong current password is 400 "Current password is incorrect" and counts as a failed sign-in (429 with Retry-After once the budget is spent).',
  },
  {
    method: 'PUT',
    path: '/api/auth/display-name',
    procedure: 'auth.updateDisplayName',
    summary: 'Set the signed-in team member’s own name, as the activity log and the team list show it',
    tag: 'Auth',
    description:
      'Trimmed, one line, at most 100 characters; an empty name removes it (the email names the member again). Team members only: a partner is named by its contact name (403). The change is an activity row.',
  },
];
