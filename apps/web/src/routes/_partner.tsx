// Guard of the partner area (spec §4): anonymous → /, admin → /admin, other roles → /,
// a partner without a record or not active → /onboarding.

import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { PartnerAccessPending } from '../layout/guard-pending';
import { partnerAreaDecision } from '../lib/guards';

export const Route = createFileRoute('/_partner')({
  beforeLoad: async ({ context, location }) => {
    const state = await context.session.whenSettled();
    // Signed out: sign in first, then on to the page asked for.
    if (!state.user) throw redirect({ to: '/', search: { signin: 1, redirect: location.href }, replace: true });
    const decision = partnerAreaDecision(state);
    if (decision !== 'allow') throw redirect({ to: decision, replace: true });
  },
  pendingComponent: PartnerAccessPending,
  component: Outlet,
});
