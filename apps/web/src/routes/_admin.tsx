// Guard of the admin area (spec §4): anonymous → /, partner → /onboarding, other roles → /.

import { Outlet, createFileRoute } from '@tanstack/react-router';
import { AdminAccessPending } from '../layout/guard-pending';
import { areaGuard } from '../lib/area-guard';
import { adminAreaDecision } from '../lib/guards';

export const Route = createFileRoute('/_admin')({
  beforeLoad: areaGuard(adminAreaDecision),
  pendingComponent: AdminAccessPending,
  component: Outlet,
});
