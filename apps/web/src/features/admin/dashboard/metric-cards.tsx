// The four program figures of the admin dashboard (spec §2; DESIGN §4 definitions).

import type { AdminMetrics } from '@portal/contracts';
import { formatMoney } from '@portal/contracts/plain';
import { IconChartPie, IconCurrencyDollar, IconTrendingUp, IconUsers } from '@tabler/icons-react';
import { StatGrid } from '../../../components/stat-card';

/** "32.0%": the conversion rate always shows one decimal. */
export const formatRate = (rate: number) => `${rate.toFixed(1)}%`;

export function AdminMetricCards({ metrics }: { metrics: AdminMetrics }) {
  return (
    <StatGrid
      cols={{ base: 1, xs: 2, lg: 4 }}
      data-testid="admin-metrics"
      stats={[
        {
          title: 'Total Partner Commissions',
          value: formatMoney(metrics.totalPartnerCommissions),
          description: 'Total paid to partners',
          icon: <IconCurrencyDollar size={18} />,
          testId: 'metric-total-partner-commissions',
        },
        {
          title: 'Active Partners',
          value: String(metrics.activePartnerCount),
          description: `${metrics.pendingPartnerCount} pending approval`,
          icon: <IconUsers size={18} />,
          testId: 'metric-active-partners',
        },
        {
          title: 'Monthly Referral Revenue',
          value: formatMoney(metrics.monthlyReferralRevenue),
          description: 'From won referrals',
          icon: <IconTrendingUp size={18} />,
          testId: 'metric-monthly-referral-revenue',
        },
        {
          title: 'Conversion Rate',
          value: formatRate(metrics.conversionRate),
          description: 'Referral to won deals',
          icon: <IconChartPie size={18} />,
          testId: 'metric-conversion-rate',
        },
      ]}
    />
  );
}
