// An entry's before/after as a small diff (one line per changed field), and its other details.

import { Group, Stack, Text } from '@mantine/core';
import type { ActivityEntry } from '@portal/contracts';

const shown = (value: string | null) => (value === null || value === '' ? '—' : value);

export function ActivityChanges({ entry }: { entry: ActivityEntry }) {
  const rest = entry.details ? Object.entries(entry.details) : [];
  if (entry.changes.length === 0 && rest.length === 0) return <Text size="sm" c="dimmed">—</Text>;
  return (
    <Stack gap={2}>
      {entry.changes.map((change) => (
        <Group key={change.field} gap={6} wrap="wrap" data-testid="activity-change">
          <Text size="xs" ff="monospace" fw={600}>
            {change.field}
          </Text>
          <Text size="xs" ff="monospace" td="line-through" c="var(--mantine-color-error)" aria-label={`${change.field} before`} style={{ overflowWrap: 'anywhere' }}>
            {shown(change.before)}
          </Text>
          <Text size="xs" aria-hidden>
            →
          </Text>
          <Text size="xs" ff="monospace" c="teal.8" aria-label={`${change.field} after`} style={{ overflowWrap: 'anywhere' }}>
            {shown(change.after)}
          </Text>
        </Group>
      ))}
      {rest.length > 0 && (
        <Text size="xs" c="dimmed" ff="monospace" lineClamp={3} style={{ overflowWrap: 'anywhere' }} title={JSON.stringify(entry.details)}>
          {rest.map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`).join(' · ')}
        </Text>
      )}
    </Stack>
  );
}
