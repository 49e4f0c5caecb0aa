// The one access table: which role holds which permission, and the guard's 401/403 answers.

import { MESSAGES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../src/deps';
import { ADMIN_PERMISSIONS, hasPermission, requirePermission } from '../../src/services/platform';

const user = (role: SessionUser['role']): SessionUser => ({
  id: '00000000-0000-4000-8000-000000000001',
  email: `${role}@example.com`,
  role,
  tokenVersion: 0,
});

describe('permissions', () => {
  it('gives the admin role every admin permission and not the partner one', () => {
    for (const permission of ADMIN_PERMISSIONS) expect(hasPermission(user('admin'), permission)).toBe(true);
    expect(hasPermission(user('admin'), 'partner:self')).toBe(false);
  });

  it('gives the partner role its own records only', () => {
    expect(hasPermission(user('partner'), 'partner:self')).toBe(true);
    for (const permission of ADMIN_PERMISSIONS) expect(hasPermission(user('partner'), permission)).toBe(false);
  });

  it('answers 401 without a session, naming an expired one, and 403 without the permission', () => {
    expect(() => requirePermission({ user: null, tokenRejected: false }, 'payouts:write')).toThrow(
      expect.objectContaining({ kind: 'unauthorized', message: MESSAGES.notSignedIn }),
    );
    expect(() => requirePermission({ user: null, tokenRejected: true }, 'payouts:write')).toThrow(
      expect.objectContaining({ kind: 'unauthorized', message: MESSAGES.sessionExpired }),
    );
    expect(() => requirePermission({ user: user('partner'), tokenRejected: false }, 'payouts:write')).toThrow(
      expect.objectContaining({ kind: 'forbidden', message: MESSAGES.adminOnly }),
    );
    expect(() => requirePermission({ user: user('admin'), tokenRejected: false }, 'partner:self')).toThrow(
      expect.objectContaining({ kind: 'forbidden', message: MESSAGES.partnerOnly }),
    );
    expect(requirePermission({ user: user('admin'), tokenRejected: false }, 'payouts:write')).toMatchObject({
      role: 'admin',
    });
  });
});
