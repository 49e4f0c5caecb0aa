// One figure of a dashboard: title, large value, a line of explanation and an icon. Shared by the
// partner's summary cards and the admin's program metrics.

import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

export function StatCard({
  title,
  value,
  description,
  icon,
  testId,
}: {
  title: string;
  value: string;
  description: string;
  icon: ReactNode;
  testId: string;
}) {
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
