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

/**
 * /two-factor-setup is the enrolment a team member must finish before /admin. Anyone else has no use
 * for it: an enrolled team member goes on to /admin, a partner to their own area (whose Settings tab
 * turns two-factor sign-in on and off).
 */
export function twoFactorSetupDecision(state: Pick<SessionState, 'user'>): GuardDecision {
  if (!state.user) return '/';
  if (isStaffUser(state.user)) return state.user.mfaEnrolmentRequired ? 'allow' : '/admin';
  return '/onboarding';
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

/**
 * The address a visitor was going to when the guard sent them to sign in (`/?signin=1&redirect=…`): a
 * path of this site only (one leading slash), so the link cannot send anyone elsewhere.
 */
export function returnPathOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return undefined;
  return value.length <= 2000 ? value : undefined;
}

/** Where a signed-in visitor goes from the landing page: the page they were going to, else their area. */
export function landingTarget(state: Pick<SessionState, 'user'>, returnPath: string | undefined): string {
  const home = homeFor(state);
  if (home === 'allow' || !returnPath || returnPath === '/') return home;
  return returnPath;
}
