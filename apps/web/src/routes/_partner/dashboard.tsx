import { createFileRoute } from '@tanstack/react-router';
import { isDashboardTab, type DashboardTab } from '../../features/partner/dashboard-tabs';
import { PartnerDashboard } from '../../features/partner/partner-dashboard';

export const Route = createFileRoute('/_partner/dashboard')({
  validateSearch: (search: Record<string, unknown>): { tab?: DashboardTab } =>
    isDashboardTab(search.tab) && search.tab !== 'referrals' ? { tab: search.tab } : {},
  component: DashboardRoute,
});

function DashboardRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <PartnerDashboard
      tab={tab ?? 'referrals'}
      // A new history entry per tab: Back returns to the tab before.
      onTabChange={(next) => void navigate({ search: next === 'referrals' ? {} : { tab: next } })}
    />
  );
}
