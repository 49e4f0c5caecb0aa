// The audit log's rows: when (local time), who (user, API key or the system), what happened in a
// sentence with the action's code under it, on which entity by name, and the diff.

import { Badge, Text } from '@mantine/core';
import { ACTIVITY_ENTITY_LABELS, type ActivityEntityType, type ActivityEntry } from '@portal/contracts';
import { ColumnTable } from '../../../components/column-table';
import { formatDateTime } from '../emails/email-log';
import { ActivityChanges } from './activity-changes';
import { entrySentence } from './activity-sentence';
import { MonoText } from '../../../components/mono-text';
import { PersonName } from '../../../components/person-name';

const ACTOR_BADGE = {
  user: { label: 'User', color: 'blue' },
  apiKey: { label: 'API key', color: 'violet' },
  system: { label: 'System', color: 'gray' },
} as const;

const entityLabel = (type: string) => ACTIVITY_ENTITY_LABELS[type as ActivityEntityType] ?? type;

export function ActivityTable({ entries }: { entries: ActivityEntry[] }) {
  return (
    <ColumnTable
      verticalSpacing="xs"
      highlightOnHover
      aria-label="Activity"
      minWidth={900}
      // Focusable, so a keyboard can scroll it sideways where it does not fit.
      frameProps={{ tabIndex: 0, 'aria-label': 'Activity entries, scrollable' }}
      rows={entries}
      columns={[
        { header: 'Time', card: 'title', noWrap: true, cell: (entry) => formatDateTime(entry.createdAt) },
        {
          header: 'Actor',
          maxWidth: 260,
          cell: (entry) => (
            <>
              <Badge size="xs" variant="light" color={ACTOR_BADGE[entry.actor.kind].color} mr={6}>
                {ACTOR_BADGE[entry.actor.kind].label}
              </Badge>
              {entry.actor.kind === 'user' && entry.actor.email ? (
                <PersonName name={entry.actor.name} email={entry.actor.email} />
              ) : (
                <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {entry.actor.label}
                </Text>
              )}
            </>
          ),
        },
        {
          header: 'What happened',
          maxWidth: 360,
          card: 'full',
          cell: (entry) => (
            <>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="activity-sentence">
                {entrySentence(entry)}
              </Text>
              <MonoText c="dimmed">{entry.action}</MonoText>
            </>
          ),
        },
        {
          header: 'Entity',
          maxWidth: 220,
          cell: (entry) => (
            <>
              <Text size="sm">{entityLabel(entry.entityType)}</Text>
              {(entry.subject ?? entry.entityId) && (
                <Text
                  size="xs"
                  c="dimmed"
                  title={entry.entityId ?? undefined}
                  style={{ overflowWrap: 'anywhere' }}
                  ff={entry.subject ? undefined : 'monospace'}
                >
                  {entry.subject ?? `${entry.entityId?.slice(0, 8)}…`}
                </Text>
              )}
            </>
          ),
        },
        { header: 'Changes', maxWidth: 420, card: 'full', cell: (entry) => <ActivityChanges entry={entry} /> },
      ]}
    />
  );
}
