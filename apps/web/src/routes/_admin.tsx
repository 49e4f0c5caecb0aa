// Guard of the admin area (spec §4): anonymous → /, partner → /onboarding, other roles → /.

import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { AdminAccessPending } from '../layout/guard-pending';
import { adminAreaDecision } from '../lib/guards';

export const Route = createFileRoute('/_admin')({
  beforeLoad: async ({ context }) => {
    const state = await context.session.whenSettled();
    const decision = adminAreaDecision(state);
    if (decision !== 'allow') throw redirect({ to: decision, replace: true });
  },
  pendingComponent: AdminAccessPending,
  component: Outlet,
});
