// Guard of the admin area (spec §4): anonymous → /, partner → /onboarding, other roles → /.

import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { AdminAccessPending } from '../layout/guard-pending';
import { adminAreaDecision } from '../lib/guards';

export const Route = createFileRoute('/_admin')({
  beforeLoad: async ({ context, location }) => {
    const state = await context.session.whenSettled();
    // Signed out: sign in first, then on to the page asked for.
    if (!state.user) throw redirect({ to: '/', search: { signin: 1, redirect: location.href }, replace: true });
    const decision = adminAreaDecision(state);
    if (decision !== 'allow') throw redirect({ to: decision, replace: true });
  },
  pendingComponent: AdminAccessPending,
  component: Outlet,
});
