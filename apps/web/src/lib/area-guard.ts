// The check an area's layout route makes before it loads (spec §4): a signed-out visitor signs in
// first, then goes on to the page asked for; a signed-in one goes where the area's decision sends them.

import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { RouterContext } from '../router';
import type { GuardDecision } from './guards';
import type { SessionState } from './session';

export function areaGuard(decide: (state: SessionState) => GuardDecision) {
  return async ({ context, location }: { context: RouterContext; location: ParsedLocation }) => {
    const state = await context.session.whenSettled();
    if (!state.user) throw redirect({ to: '/', search: { signin: 1, redirect: location.href }, replace: true });
    const decision = decide(state);
    if (decision !== 'allow') throw redirect({ to: decision, replace: true });
  };
}
