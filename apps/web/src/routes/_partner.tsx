// Guard of the partner area (spec §4): anonymous → /, admin → /admin, other roles → /,
// a partner without a record or not active → /onboarding.

import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { PartnerAccessPending } from '../layout/guard-pending';
import { partnerAreaDecision } from '../lib/guards';

export const Route = createFileRoute('/_partner')({
  beforeLoad: async ({ context }) => {
    const state = await context.session.whenSettled();
    const decision = partnerAreaDecision(state);
    if (decision !== 'allow') throw redirect({ to: decision, replace: true });
  },
  pendingComponent: PartnerAccessPending,
  component: Outlet,
});
