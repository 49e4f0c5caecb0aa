// Guard decisions of spec §4 as pure functions, so they can be tested as a table.

import type { SessionState } from './session';

export type GuardDecision = 'allow' | '/' | '/admin' | '/onboarding' | '/dashboard';

export function adminAreaDecision(state: Pick<SessionState, 'user'>): GuardDecision {
  if (!state.user) return '/';
  if (state.user.role === 'admin') return 'allow';
  if (state.user.role === 'partner') return '/onboarding';
  return '/';
}

export function partnerAreaDecision(state: Pick<SessionState, 'user' | 'partner'>): GuardDecision {
  if (!state.user) return '/';
  if (state.user.role === 'admin') return '/admin';
  if (state.user.role !== 'partner') return '/';
  if (!state.partner || state.partner.status !== 'active') return '/onboarding';
  return 'allow';
}

/** Where the landing page sends a signed-in visitor. */
export function homeFor(state: Pick<SessionState, 'user'>): GuardDecision {
  if (!state.user) return 'allow';
  return state.user.role === 'admin' ? '/admin' : '/onboarding';
}
