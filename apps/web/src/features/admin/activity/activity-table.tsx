// The audit log's rows: when, who (user, API key or the system), what, on which entity, and the diff.

import { Badge, Table, Text } from '@mantine/core';
import { ACTIVITY_ENTITY_LABELS, type ActivityEntityType, type ActivityEntry } from '@portal/contracts';
import { formatDateTime } from '../emails/email-log';
import { ActivityChanges } from './activity-changes';

const ACTOR_BADGE = {
  user: { label: 'User', color: 'blue' },
  apiKey: { label: 'API key', color: 'violet' },
  system: { label: 'System', color: 'gray' },
} as const;

const entityLabel = (type: string) => ACTIVITY_ENTITY_LABELS[type as ActivityEntityType] ?? type;

export function ActivityTable({ entries }: { entries: ActivityEntry[] }) {
  return (
    // Focusable, so a keyboard can scroll it sideways on a narrow screen.
    <Table.ScrollContainer minWidth={900} type="native" tabIndex={0} aria-label="Activity entries, scrollable">
      <Table verticalSpacing="xs" highlightOnHover aria-label="Activity">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Time</Table.Th>
            <Table.Th>Actor</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Entity</Table.Th>
            <Table.Th>Changes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.createdAt)}</Table.Td>
              <Table.Td maw={260}>
                <Badge size="xs" variant="light" color={ACTOR_BADGE[entry.actor.kind].color} mr={6}>
                  {ACTOR_BADGE[entry.actor.kind].label}
                </Badge>
                <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {entry.actor.label}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace">
                  {entry.action}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{entityLabel(entry.entityType)}</Text>
                {entry.entityId && (
                  <Text size="xs" c="dimmed" ff="monospace" title={entry.entityId}>
                    {entry.entityId.slice(0, 8)}…
                  </Text>
                )}
              </Table.Td>
              <Table.Td maw={420}>
                <ActivityChanges entry={entry} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
