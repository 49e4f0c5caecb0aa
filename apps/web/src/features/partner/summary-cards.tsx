// The four summary cards of the partner dashboard (DESIGN §4 definitions, two decimals).

import { Card, SimpleGrid, Text, ThemeIcon, Group } from '@mantine/core';
import { formatMoney, formatMonthKey, type PartnerMetrics } from '@portal/contracts';
import { IconCalendarDollar, IconClockDollar, IconCurrencyDollar, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** "September" for "2026-09": the card names the real current month. */
export function monthNameOf(monthKey: string): string {
  return formatMonthKey(monthKey).split(' ')[0] ?? monthKey;
}

function SummaryCard({ title, value, description, icon }: { title: string; value: string; description: string; icon: ReactNode }) {
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
      <Text fz={28} fw={700} mt="xs" data-testid={`summary-${title.toLowerCase().replace(/\s+/g, '-')}`}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {description}
      </Text>
    </Card>
  );
}

export function SummaryCards({ metrics }: { metrics: PartnerMetrics }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <SummaryCard title="Total Earnings" value={formatMoney(metrics.totalEarnings)} description="Lifetime commission earnings" icon={<IconCurrencyDollar size={18} />} />
      <SummaryCard title="Pending" value={formatMoney(metrics.pendingCommissions)} description="Awaiting payment" icon={<IconClockDollar size={18} />} />
      <SummaryCard
        title="This Month"
        value={formatMoney(metrics.thisMonthEarnings)}
        description={`${monthNameOf(metrics.currentMonth)} earnings`}
        icon={<IconCalendarDollar size={18} />}
      />
      <SummaryCard title="Active Clients" value={String(metrics.activeReferralCount)} description="Generating monthly recurring commissions" icon={<IconUsers size={18} />} />
    </SimpleGrid>
  );
}
