// The four summary cards of the partner dashboard (DESIGN §4 definitions, two decimals).

import { formatMoney, formatMonthKey, type PartnerMetrics } from '@portal/contracts';
import { IconCalendarDollar, IconClockDollar, IconCurrencyDollar, IconUsers } from '@tabler/icons-react';
import { StatGrid, type Stat } from '../../components/stat-card';

/** "September" for "2026-09": the card names the real current month. */
export function monthNameOf(monthKey: string): string {
  return formatMonthKey(monthKey).split(' ')[0] ?? monthKey;
}

/** The test id the journeys read, e.g. "summary-total-earnings". */
const summaryId = (title: string) => `summary-${title.toLowerCase().replace(/\s+/g, '-')}`;

const summary = (stat: Omit<Stat, 'testId'>): Stat => ({ ...stat, testId: summaryId(stat.title) });

export function SummaryCards({ metrics }: { metrics: PartnerMetrics }) {
  return (
    <StatGrid
      cols={{ base: 1, xs: 2, lg: 4 }}
      stats={[
        summary({
          title: 'Total Earnings',
          value: formatMoney(metrics.totalEarnings),
          description: 'Lifetime commission earnings',
          icon: <IconCurrencyDollar size={18} />,
        }),
        summary({
          title: 'Pending',
          value: formatMoney(metrics.pendingCommissions),
          // A failed payment is still owed: the card says so, and what brings it back.
          description:
            Number(metrics.failedCommissions) > 0
              ? `Awaiting payment, and ${formatMoney(metrics.failedCommissions)} whose payment failed: check your payment details in Settings`
              : 'Awaiting payment',
          icon: <IconClockDollar size={18} />,
        }),
        summary({
          title: 'This Month',
          value: formatMoney(metrics.thisMonthEarnings),
          description: `${monthNameOf(metrics.currentMonth)} earnings`,
          icon: <IconCalendarDollar size={18} />,
        }),
        summary({
          title: 'Active Clients',
          value: String(metrics.activeReferralCount),
          description: 'Generating monthly recurring commissions',
          icon: <IconUsers size={18} />,
        }),
      ]}
    />
  );
}
