// Partner Approval Queue (spec §2): pending applications, oldest first, each with view details,
// reject (with an optional reason) and approve (confirmed first).

import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { AdminPartnerRow } from '@portal/contracts';
import { COMPANY_TYPE_LABELS, formatDate } from '@portal/contracts/plain';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { trpc } from '../../../lib/trpc';
import { DecisionButtons, useApplicationDecisions } from './application-decisions';
import { QueryList } from '../../../components/list-section';
import { PartnerPageLink } from './affiliate-rows';

export const NO_PENDING_APPLICATIONS = 'No pending partner applications';
/** Applications drawn at once, oldest first; "Show more" draws the next ones (a large program may have hundreds waiting). */
export const QUEUE_BATCH = 20;

export function ApprovalQueueRow({
  partner,
  onView,
  onReject,
  onApprove,
  busy,
}: {
  partner: AdminPartnerRow;
  onView: () => void;
  onReject: () => void;
  onApprove: () => void;
  busy: boolean;
}) {
  return (
    <Card withBorder padding="sm" radius="md" data-testid="approval-row">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Text fw={600} truncate>
            <PartnerPageLink id={partner.id}>{partner.companyName}</PartnerPageLink>
          </Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {partner.contactName} · {partner.email}
          </Text>
          <Text size="xs" c="dimmed">
            {COMPANY_TYPE_LABELS[partner.companyType]} · Applied {formatDate(partner.applicationDate)}
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Tooltip label="View details">
            <ActionIcon
              variant="default"
              size={36}
              aria-label={`View details of ${partner.companyName}`}
              onClick={onView}
            >
              <IconEye size={18} />
            </ActionIcon>
          </Tooltip>
          <DecisionButtons partner={partner} busy={busy} size="sm" onApprove={onApprove} onReject={onReject} />
        </Group>
      </Group>
    </Card>
  );
}

export function PartnerApprovalQueue({ onViewDetails }: { onViewDetails: (partnerId: string) => void }) {
  const pending = trpc.admin.pendingPartners.useQuery();
  const decisions = useApplicationDecisions();
  const [shown, setShown] = useState(QUEUE_BATCH);

  return (
    <Card withBorder padding="lg" radius="md" data-testid="approval-queue">
      <Group justify="space-between" mb="md">
        <Group gap="xs">
          <Title order={2} size="h4">
            Partner Approval Queue
          </Title>
          <Badge
            variant="filled"
            color={pending.data?.length ? 'yellow.4' : 'gray.7'}
            autoContrast
            aria-label={`${pending.data?.length ?? 0} pending`}
            data-testid="approval-count"
          >
            {pending.data?.length ?? 0}
          </Badge>
        </Group>
      </Group>
      <QueryList
        query={pending}
        failure="Unable to load the pending applications."
        loading="Loading applications"
        py="md"
        isEmpty={(data) => data.length === 0}
        empty={NO_PENDING_APPLICATIONS}
      >
        {(data) => (
          <Stack gap="sm" mah={560} style={{ overflowY: 'auto' }}>
            {data.slice(0, shown).map((partner) => (
              <ApprovalQueueRow
                key={partner.id}
                partner={partner}
                busy={decisions.busyFor(partner.id)}
                onView={() => onViewDetails(partner.id)}
                onReject={() => decisions.askRejection(partner)}
                onApprove={() => decisions.askApproval(partner)}
              />
            ))}
            {data.length > shown && (
              <Button variant="default" onClick={() => setShown((count) => count + QUEUE_BATCH)}>
                Show {Math.min(QUEUE_BATCH, data.length - shown)} more of {data.length - shown} waiting
              </Button>
            )}
          </Stack>
        )}
      </QueryList>
      {decisions.dialogs}
    </Card>
  );
}
