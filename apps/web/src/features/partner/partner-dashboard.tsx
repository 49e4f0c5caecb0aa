// The partner dashboard (spec §2): welcome line, four summary cards and four tabs.

import { Stack, Tabs, Text, Title } from '@mantine/core';
import { IconChartBar, IconCoin, IconSettings, IconSpeakerphone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FailureScreen, LoadingScreen } from '../../layout/loading-screen';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { AgreementReview } from './agreement-review';
import { CommissionsTab } from './commissions-tab';
import { PartnerCharts } from './earnings-panels';
import { MarketingMaterials } from './marketing-materials';
import { ReferralLinkCard } from './referral-link-card';
import { ReferralsTab } from './referrals-tab';
import { SettingsTab } from './settings-tab';
import { SummaryCards } from './summary-cards';
import { RecentBookingsCard } from '../leads/bookings-card';
import { FunnelCard } from '../leads/funnel-card';
import { DASHBOARD_TABS, isDashboardTab, type DashboardTab } from './dashboard-tabs';
import classes from './partner-dashboard.module.css';

/** The partner's bookings this week and their lead funnel (visits → paying). */
function PartnerLeads() {
  const bookings = trpc.partner.recentBookings.useQuery();
  const funnel = trpc.partner.funnel.useQuery({ months: 6 });
  return (
    <>
      <RecentBookingsCard
        bookings={bookings.data}
        error={bookings.isError ? errorMessage(bookings.error, 'Unable to load your bookings.') : undefined}
        showPartner={false}
      />
      <FunnelCard
        funnel={funnel.data}
        error={funnel.isError ? errorMessage(funnel.error, 'Unable to load your funnel.') : undefined}
        description="Your link's visits and the referrals they became, month by month"
      />
    </>
  );
}

const TAB_HEADS: Record<DashboardTab, { label: string; icon: ReactNode }> = {
  referrals: { label: 'Referrals', icon: <IconChartBar size={16} /> },
  commissions: { label: 'Commissions', icon: <IconCoin size={16} /> },
  marketing: { label: 'Marketing', icon: <IconSpeakerphone size={16} /> },
  settings: { label: 'Settings', icon: <IconSettings size={16} /> },
};

/** The open tab lives in the address (`?tab=`), so a reload and Back keep it; the route passes it in. */
export function PartnerDashboard({
  tab = 'referrals',
  onTabChange = () => {},
}: {
  tab?: DashboardTab;
  onTabChange?: (tab: DashboardTab) => void;
}) {
  const { partner } = useSession();
  const reviewPending = Boolean(partner?.pendingAgreementVersion);
  const metrics = trpc.partner.metrics.useQuery(undefined, { enabled: !reviewPending });

  // A newer agreement is in force: the partner reviews and accepts it before the dashboard opens.
  if (reviewPending) return <AgreementReview />;

  if (metrics.isError)
    return (
      <FailureScreen>{errorMessage(metrics.error, 'Unable to load your dashboard. Please try again.')}</FailureScreen>
    );
  if (!partner || metrics.isPending) return <LoadingScreen label="Loading dashboard..." />;

  return (
    <Stack gap="lg" p={{ base: 'sm', sm: 'md' }} maw={1280} mx="auto" w="100%">
      <div>
        <Title order={1} size="h2">
          Partner Dashboard
        </Title>
        <Text c="dimmed">Welcome back, {partner.contactName}</Text>
      </div>
      <SummaryCards metrics={metrics.data} />
      <PartnerLeads />
      <PartnerCharts />
      <Tabs
        value={tab}
        onChange={(value) => isDashboardTab(value) && value !== tab && onTabChange(value)}
        keepMounted={false}
        className={classes.tabs}
      >
        <Tabs.List mb="md" className={classes.list}>
          {DASHBOARD_TABS.map((value) => (
            <Tabs.Tab key={value} value={value} leftSection={TAB_HEADS[value].icon}>
              {TAB_HEADS[value].label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="referrals">
          <ReferralsTab />
        </Tabs.Panel>
        <Tabs.Panel value="commissions">
          <CommissionsTab partner={partner} />
        </Tabs.Panel>
        <Tabs.Panel value="marketing">
          <Stack gap="lg">
            <ReferralLinkCard referralCode={partner.referralCode} visitsThisMonth={metrics.data.linkVisitsThisMonth} />
            <MarketingMaterials />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <SettingsTab partner={partner} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
