// Guard of the partner area (spec §4): anonymous → /, admin → /admin, other roles → /,
// a partner without a record or not active → /onboarding.

import { Outlet, createFileRoute } from '@tanstack/react-router';
import { PartnerAccessPending } from '../layout/guard-pending';
import { areaGuard } from '../lib/area-guard';
import { partnerAreaDecision } from '../lib/guards';

export const Route = createFileRoute('/_partner')({
  beforeLoad: areaGuard(partnerAreaDecision),
  pendingComponent: PartnerAccessPending,
  component: Outlet,
});
