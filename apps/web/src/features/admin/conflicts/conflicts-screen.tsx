// /admin/conflicts: clients claimed by two partners (one client, one partner), each settled by an
// admin — keep the first partner, move the client to the second, or reject the second — and the
// open referrals flagged as self-referrals (the client is on the partner's own domain), for review.

import { Alert, Badge, Button, Menu, Stack, Text } from '@mantine/core';
import {
  CONFLICT_RESOLUTIONS,
  REFERRAL_STAGE_LABELS,
  formatDate,
  referralSourceLabel,
  type ConflictResolution,
  type ReferralConflict,
} from '@portal/contracts';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyList, ListSection } from '../../../components/list-section';
import { ACTIONS_COLUMN, ColumnTable } from '../../../components/column-table';
import { AdminPage } from '../../../layout/admin-page';
import { errorMessage } from '../../../lib/errors';
import { afterConflictResolved } from '../../../lib/invalidate';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/permissions';
import { trpc } from '../../../lib/trpc';

type Side = ReferralConflict['second'];

function SideSummary({ side }: { side: Side | null }) {
  if (!side) return <Text c="dimmed">Removed</Text>;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {side.partnerCompanyName}
      </Text>
      <Text size="xs" c="dimmed">
        {REFERRAL_STAGE_LABELS[side.stage]} · {referralSourceLabel(side.referralSource)} · {formatDate(side.createdAt)}
      </Text>
    </Stack>
  );
}

/**
 * Each way to settle a conflict, named by the partners it favours and what it does to the other
 * referral: both "keep" and "reject" close the second referral, as a duplicate or as refused.
 */
export function resolutionChoice(resolution: ConflictResolution, conflict: ReferralConflict) {
  const first = conflict.first?.partnerCompanyName ?? 'the first partner';
  const second = conflict.second.partnerCompanyName;
  return {
    keep_first: {
      label: `Keep with ${first}`,
      effect: `${second}'s referral is closed as already introduced`,
    },
    move_to_second: {
      label: `Move to ${second}`,
      effect: `${first}'s referral is closed as moved to another partner`,
    },
    reject: {
      label: `Reject ${second}'s referral`,
      effect: 'Closed as rejected by an admin, not as a duplicate',
    },
  }[resolution];
}

function ResolveMenu({ conflict }: { conflict: ReferralConflict }) {
  const utils = trpc.useUtils();
  const resolve = trpc.admin.resolveConflict.useMutation();
  const [pending, setPending] = useState(false);
  const settle = async (resolution: ConflictResolution) => {
    setPending(true);
    try {
      await resolve.mutateAsync({ id: conflict.id, resolution });
      notifySuccess(
        'Conflict resolved',
        `${conflict.second.clientCompanyName}: ${resolutionChoice(resolution, conflict).label}`,
      );
      await afterConflictResolved(utils);
    } catch (error) {
      notifyFailure('Could not resolve the conflict', error);
    } finally {
      setPending(false);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="xs"
          variant="light"
          loading={pending}
          rightSection={<IconChevronDown size={14} />}
          aria-label={`Resolve the conflict over ${conflict.second.clientCompanyName}`}
        >
          Resolve
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {CONFLICT_RESOLUTIONS.map((resolution) => {
          const choice = resolutionChoice(resolution, conflict);
          return (
            <Menu.Item key={resolution} onClick={() => void settle(resolution)} maw={340}>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {choice.label}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {choice.effect}
              </Text>
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}

export function ConflictsScreen() {
  const data = trpc.admin.referralConflicts.useQuery();
  const canResolve = useCan('referrals:write');
  const conflicts = data.data?.conflicts ?? [];
  const selfReferrals = data.data?.selfReferrals ?? [];

  return (
    <AdminPage
      title="Conflicts"
      description="Clients introduced by two partners, and clients on a partner's own domain"
    >
      {data.isError && <Alert color="red">{errorMessage(data.error, 'Unable to load the conflicts.')}</Alert>}
      <ListSection
        id="conflicts-title"
        title="Open conflicts"
        description="The first partner keeps the client until you decide; the second partner sees only that the client was already introduced"
        aside={
          <Text size="sm" c="dimmed">
            {conflicts.length} open
          </Text>
        }
      >
        {data.data && conflicts.length === 0 ? (
          <EmptyList>No open conflicts</EmptyList>
        ) : (
          <ColumnTable
            verticalSpacing="sm"
            highlightOnHover
            minWidth={900}
            rows={conflicts}
            columns={[
              {
                header: 'Client',
                card: 'title',
                strong: true,
                cell: (conflict) => (
                  <Stack gap={2}>
                    <Text span inherit style={{ overflowWrap: 'anywhere' }}>
                      {conflict.second.clientCompanyName}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {conflict.second.clientEmail ?? '—'}
                    </Text>
                  </Stack>
                ),
              },
              { header: 'First partner', card: 'full', cell: (conflict) => <SideSummary side={conflict.first} /> },
              { header: 'Second partner', card: 'full', cell: (conflict) => <SideSummary side={conflict.second} /> },
              // Only when a conflict has a flag: an empty column says nothing.
              ...(conflicts.some((conflict) => conflict.selfReferral)
                ? [
                    {
                      header: 'Flags',
                      card: 'aside' as const,
                      cell: (conflict: ReferralConflict) =>
                        conflict.selfReferral ? (
                          <Badge color="orange" variant="light">
                            Self-referral
                          </Badge>
                        ) : null,
                    },
                  ]
                : []),
              ...(canResolve
                ? [
                    {
                      ...ACTIONS_COLUMN,
                      cell: (conflict: ReferralConflict) => <ResolveMenu conflict={conflict} />,
                    },
                  ]
                : []),
            ]}
          />
        )}
      </ListSection>

      <ListSection
        id="self-referrals-title"
        title="Self-referrals to review"
        description={
          <>Open referrals whose client email is on the partner&apos;s own domain (sign-in email or website)</>
        }
      >
        {data.data && selfReferrals.length === 0 ? (
          <EmptyList>No self-referrals</EmptyList>
        ) : (
          <ColumnTable
            verticalSpacing="xs"
            minWidth={720}
            rows={selfReferrals}
            rowKey={(side) => side.referralId}
            columns={[
              { header: 'Client', card: 'title', strong: true, cell: (side) => side.clientCompanyName },
              {
                header: 'Client email',
                cell: (side) => (
                  <Text span inherit style={{ overflowWrap: 'anywhere' }}>
                    {side.clientEmail ?? '—'}
                  </Text>
                ),
              },
              { header: 'Partner', cell: (side) => side.partnerCompanyName },
              { header: 'Stage', card: 'aside', cell: (side) => REFERRAL_STAGE_LABELS[side.stage] },
              { header: 'Created', noWrap: true, cell: (side) => formatDate(side.createdAt) },
            ]}
          />
        )}
      </ListSection>
    </AdminPage>
  );
}
