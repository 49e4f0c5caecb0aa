import type { RestRoute } from '../adapter';

const throttled = [{ name: 'Retry-After', description: 'Seconds to wait, on 429' }];

export const authRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/auth/register',
    procedure: 'auth.register',
    summary: 'Create a partner account and sign in; answers a session token and the user',
    tag: 'Auth',
    status: 201,
    description: 'The email is trimmed and lower-cased; a taken email is 409. At most 20 registrations per hour from one address (429 with Retry-After).',
    responseHeaders: throttled,
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    procedure: 'auth.login',
    summary: 'Sign in with email and password; answers a session token (valid 7 days) and the user',
    tag: 'Auth',
    description:
      'A wrong password and an unknown email give the same 401. At most 10 failed sign-ins per 15 minutes for one email from one address and 100 per address (429 with Retry-After).',
    responseHeaders: throttled,
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
];
