// An entry's before/after as a small diff (one line per changed field), and its other details.

import { Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ActivityEntry } from '@portal/contracts';

const shown = (value: string | null) => (value === null || value === '' ? '—' : value);

/**
 * One detail as a reader takes it in at a glance: a list by its count ("partners: 2") or its first few
 * plain values, never raw JSON; the whole stays in the cell's title and in the CSV export.
 */
export function detailText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    const plain = value.every((item) => typeof item === 'string' || typeof item === 'number');
    if (!plain || value.length > 3) return String(value.length);
    return value.join(', ');
  }
  return JSON.stringify(value);
}

export function ActivityChanges({ entry }: { entry: ActivityEntry }) {
  const rest = entry.details ? Object.entries(entry.details) : [];
  if (entry.changes.length === 0 && rest.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={2}>
      {entry.changes.map((change) => (
        <Group key={change.field} gap={6} wrap="wrap" data-testid="activity-change">
          <Text size="xs" ff="monospace" fw={600}>
            {change.field}
          </Text>
          {/* del / ins: the old and the new value; screen readers hear "from … to …". */}
          <VisuallyHidden>from</VisuallyHidden>
          <Text
            component="del"
            size="xs"
            ff="monospace"
            td="line-through"
            c="var(--mantine-color-error)"
            style={{ overflowWrap: 'anywhere' }}
          >
            {shown(change.before)}
          </Text>
          <Text span size="xs" aria-hidden>
            →
          </Text>
          <VisuallyHidden>to</VisuallyHidden>
          <Text
            component="ins"
            size="xs"
            ff="monospace"
            fw={700}
            style={{ overflowWrap: 'anywhere', textDecoration: 'none' }}
          >
            {shown(change.after)}
          </Text>
        </Group>
      ))}
      {rest.length > 0 && (
        <Text
          size="xs"
          c="dimmed"
          ff="monospace"
          lineClamp={3}
          style={{ overflowWrap: 'anywhere' }}
          title={JSON.stringify(entry.details)}
        >
          {rest.map(([key, value]) => `${key}: ${detailText(value)}`).join(' · ')}
        </Text>
      )}
    </Stack>
  );
}
