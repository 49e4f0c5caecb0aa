// Guard decisions of spec §4 as pure functions, so they can be tested as a table.

import { isStaffUser } from './permissions';
import type { SessionState } from './session';

export type GuardDecision = 'allow' | '/' | '/admin' | '/onboarding' | '/dashboard' | '/two-factor-setup';

/** Team members (admin, finance, viewer) enter /admin; with ADMIN_MFA_REQUIRED and no TOTP yet, enrolment first. */
export function adminAreaDecision(state: Pick<SessionState, 'user'>): GuardDecision {
  if (!state.user) return '/';
  if (isStaffUser(state.user)) return state.user.mfaEnrolmentRequired ? '/two-factor-setup' : 'allow';
  if (state.user.role === 'partner') return '/onboarding';
  return '/';
}

export function partnerAreaDecision(state: Pick<SessionState, 'user' | 'partner'>): GuardDecision {
  if (!state.user) return '/';
  if (isStaffUser(state.user)) return '/admin';
  if (state.user.role !== 'partner') return '/';
  if (!state.partner || state.partner.status !== 'active') return '/onboarding';
  return 'allow';
}

/** Where the landing page sends a signed-in visitor. */
export function homeFor(state: Pick<SessionState, 'user'>): GuardDecision {
  if (!state.user) return 'allow';
  return isStaffUser(state.user) ? '/admin' : '/onboarding';
}
