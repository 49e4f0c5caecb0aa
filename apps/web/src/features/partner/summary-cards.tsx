// The four summary cards of the partner dashboard (DESIGN §4 definitions, two decimals).

import { SimpleGrid } from '@mantine/core';
import { formatMoney, formatMonthKey, type PartnerMetrics } from '@portal/contracts';
import { IconCalendarDollar, IconClockDollar, IconCurrencyDollar, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { StatCard } from '../../components/stat-card';

/** "September" for "2026-09": the card names the real current month. */
export function monthNameOf(monthKey: string): string {
  return formatMonthKey(monthKey).split(' ')[0] ?? monthKey;
}

/** The test id the journeys read, e.g. "summary-total-earnings". */
const summaryId = (title: string) => `summary-${title.toLowerCase().replace(/\s+/g, '-')}`;

function SummaryCard(props: { title: string; value: string; description: string; icon: ReactNode }) {
  return <StatCard {...props} testId={summaryId(props.title)} />;
}

export function SummaryCards({ metrics }: { metrics: PartnerMetrics }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <SummaryCard
        title="Total Earnings"
        value={formatMoney(metrics.totalEarnings)}
        description="Lifetime commission earnings"
        icon={<IconCurrencyDollar size={18} />}
      />
      <SummaryCard
        title="Pending"
        value={formatMoney(metrics.pendingCommissions)}
        description="Awaiting payment"
        icon={<IconClockDollar size={18} />}
      />
      <SummaryCard
        title="This Month"
        value={formatMoney(metrics.thisMonthEarnings)}
        description={`${monthNameOf(metrics.currentMonth)} earnings`}
        icon={<IconCalendarDollar size={18} />}
      />
      <SummaryCard
        title="Active Clients"
        value={String(metrics.activeReferralCount)}
        description="Generating monthly recurring commissions"
        icon={<IconUsers size={18} />}
      />
    </SimpleGrid>
  );
}
