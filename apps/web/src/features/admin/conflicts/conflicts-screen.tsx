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
import { ConfirmedItemDialog } from '../../../layout/confirmed-action';
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

/** The resolution an admin picked, waiting for its confirmation. */
interface Choice {
  conflict: ReferralConflict;
  resolution: ConflictResolution;
}

/**
 * The "Resolve" menu: each way to settle, then a dialog that says what the choice closes and who is mailed,
 * since a resolution cannot be undone.
 */
function ResolveMenu({ conflict, onChoose }: { conflict: ReferralConflict; onChoose: (choice: Choice) => void }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="xs"
          variant="light"
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
            <Menu.Item key={resolution} onClick={() => onChoose({ conflict, resolution })} maw={340}>
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

/** The partner whose referral a resolution closes, who is mailed that the deal was lost. */
function closedPartner({ conflict, resolution }: Choice): string {
  if (resolution === 'move_to_second') return conflict.first?.partnerCompanyName ?? 'the first partner';
  return conflict.second.partnerCompanyName;
}

function ConfirmResolution({ choice, onClose }: { choice: Choice | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const resolve = trpc.admin.resolveConflict.useMutation();
  const picked = choice ? resolutionChoice(choice.resolution, choice.conflict) : null;
  return (
    <ConfirmedItemDialog
      item={choice}
      onClose={onClose}
      title="Resolve the conflict"
      confirmLabel={picked?.label ?? 'Resolve'}
      confirmColor="blue.8"
      size="md"
      run={(item) => resolve.mutateAsync({ id: item.conflict.id, resolution: item.resolution })}
      refresh={() => afterConflictResolved(utils)}
      success={(item) => [
        'Conflict resolved',
        `${item.conflict.second.clientCompanyName}: ${resolutionChoice(item.resolution, item.conflict).label}`,
      ]}
      failure="Could not resolve the conflict"
    >
      {choice && picked && (
        <Text size="sm" data-testid="resolution-effect">
          <b>{choice.conflict.second.clientCompanyName}</b>: {picked.effect}. {closedPartner(choice)} is told by mail
          that the deal was lost. This cannot be undone.
        </Text>
      )}
    </ConfirmedItemDialog>
  );
}

export function ConflictsScreen() {
  const data = trpc.admin.referralConflicts.useQuery();
  const [choice, setChoice] = useState<Choice | null>(null);
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
                      cell: (conflict: ReferralConflict) => <ResolveMenu conflict={conflict} onChoose={setChoice} />,
                    },
                  ]
                : []),
            ]}
          />
        )}
      </ListSection>
      <ConfirmResolution choice={choice} onClose={() => setChoice(null)} />

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
