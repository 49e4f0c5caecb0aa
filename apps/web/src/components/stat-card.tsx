// One figure of a dashboard: title, large value, a line of explanation and an icon; and a grid of them.
// Shared by the partner's summary cards, the admin's program metrics and a partner's page.

import { Card, Group, SimpleGrid, Text, ThemeIcon, type SimpleGridProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Stat {
  title: string;
  value: string;
  description: string;
  icon: ReactNode;
  /** The test id of the value, which the journeys read. */
  testId: string;
}

export function StatCard({ title, value, description, icon, testId }: Stat) {
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

/** Figures side by side, a card each, in the grid's columns (`cols`). */
export function StatGrid({ stats, ...grid }: { stats: readonly Stat[] } & SimpleGridProps) {
  return (
    <SimpleGrid spacing="md" {...grid}>
      {stats.map((stat) => (
        <StatCard key={stat.testId} {...stat} />
      ))}
    </SimpleGrid>
  );
}
