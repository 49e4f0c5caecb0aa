// The four program figures of the admin dashboard (spec §2; DESIGN §4 definitions).

import { Card, Group, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import type { AdminMetrics } from '@portal/contracts';
import { formatMoney } from '@portal/contracts/plain';
import { IconChartPie, IconCurrencyDollar, IconTrendingUp, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** "32.0%": the conversion rate always shows one decimal. */
export const formatRate = (rate: number) => `${rate.toFixed(1)}%`;

function MetricCard({ title, value, description, icon, testId }: { title: string; value: string; description: string; icon: ReactNode; testId: string }) {
  return (
    <Card withBorder padding="lg" radius="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="sm" fw={600} c="dimmed">
          {title}
        </Text>
        <ThemeIcon variant="light" radius="md" size="md" aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
      <Text fz={28} fw={700} mt="xs" data-testid={testId}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {description}
      </Text>
    </Card>
  );
}

export function AdminMetricCards({ metrics }: { metrics: AdminMetrics }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" data-testid="admin-metrics">
      <MetricCard
        title="Total Partner Commissions"
        value={formatMoney(metrics.totalPartnerCommissions)}
        description="Total paid to partners"
        icon={<IconCurrencyDollar size={18} />}
        testId="metric-total-partner-commissions"
      />
      <MetricCard
        title="Active Partners"
        value={String(metrics.activePartnerCount)}
        description={`${metrics.pendingPartnerCount} pending approval`}
        icon={<IconUsers size={18} />}
        testId="metric-active-partners"
      />
      <MetricCard
        title="Monthly Referral Revenue"
        value={formatMoney(metrics.monthlyReferralRevenue)}
        description="From won referrals"
        icon={<IconTrendingUp size={18} />}
        testId="metric-monthly-referral-revenue"
      />
      <MetricCard
        title="Conversion Rate"
        value={formatRate(metrics.conversionRate)}
        description="Referral to won deals"
        icon={<IconChartPie size={18} />}
        testId="metric-conversion-rate"
      />
    </SimpleGrid>
  );
}
