// /admin/partners/$id: one partner's profile and status with its decisions, the masked bank
// details, and its referrals, commissions, payouts and activity, each paged on the server.

import { Alert, Button, Card, Group, SimpleGrid, Stack, type ButtonProps } from '@mantine/core';
import { PARTNER_TRANSITIONS, type PartnerTransition } from '@portal/contracts';
import { formatMoney, type PartnerStatus } from '@portal/contracts/plain';
import {
  IconCheck,
  IconCoin,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlusMinus,
  IconTrendingUp,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { AdminPage } from '../../../../layout/admin-page';
import { LoadingRow } from '../../../../layout/loading-row';
import { errorMessage } from '../../../../lib/errors';
import { trpc } from '../../../../lib/trpc';
import { StatGrid } from '../../../../components/stat-card';
import { FunnelCard } from '../../../leads/funnel-card';

function PartnerFunnel({ partnerId }: { partnerId: string }) {
  const funnel = trpc.admin.funnel.useQuery({ partnerId, months: 6 });
  return (
    <FunnelCard
      funnel={funnel.data}
      error={funnel.isError ? errorMessage(funnel.error, 'Unable to load the funnel.') : undefined}
      description="This partner's link visits and the referrals they became, month by month"
    />
  );
}
import { PartnerDetailsView, PARTNER_DETAILS_NOT_FOUND } from '../partner-details-dialog';
import { PartnerStatusBadge } from '../partner-status-badge';
import { ReasonDecisionDialog } from '../reason-decision-dialog';
import { usePartnerDecisions } from '../use-partner-decisions';
import { AdjustmentDialog } from '../../payouts/adjustment-dialog';
import { PartnerStatements } from '../partner-statements';
import { useCan } from '../../../../lib/permissions';
import { PartnerActivity, PartnerCommissions, PartnerPayouts, PartnerReferrals } from './partner-lists';
import { FailedCommissions } from '../../payouts/failed-commissions';
import { hasPartnership, PartnershipEndActions, PartnershipEndNotice } from './partnership-end';

const PARENTS = [{ label: 'Partners', to: '/admin/partners' }] as const;

const allowed = (transition: PartnerTransition, status: PartnerStatus) =>
  (PARTNER_TRANSITIONS[transition].from as readonly PartnerStatus[]).includes(status);

function StatusActions({ partner }: { partner: { id: string; companyName: string; status: PartnerStatus } }) {
  const decisions = usePartnerDecisions();
  // The decision whose reason is asked for; it stays while the dialog closes, so the title does not change.
  const [asking, setAsking] = useState<{ decision: 'reject' | 'suspend'; open: boolean }>({
    decision: 'reject',
    open: false,
  });
  const stopAsking = () => setAsking((current) => ({ ...current, open: false }));
  const [adjusting, setAdjusting] = useState(false);
  const canDecide = useCan('partners:approve');
  const canAdjust = useCan('commissions:write') && (partner.status === 'active' || partner.status === 'suspended');
  const { id } = partner;
  return (
    <>
      {canAdjust && (
        <Button variant="default" leftSection={<IconPlusMinus size={16} />} onClick={() => setAdjusting(true)}>
          Add adjustment
        </Button>
      )}
      <AdjustmentDialog
        opened={adjusting}
        onClose={() => setAdjusting(false)}
        partner={{ id, companyName: partner.companyName }}
      />
      {canDecide && (
        <DecisionButtons
          partner={partner}
          decisions={decisions}
          onAsk={(decision) => setAsking({ decision, open: true })}
        />
      )}
      <PartnershipEndActions partner={partner} />
      <ReasonDecisionDialog
        decision={asking.decision}
        partner={asking.open ? partner : null}
        submitting={decisions.busy && asking.open}
        onClose={stopAsking}
        onConfirm={async (reason) => {
          if (await decisions[asking.decision](id, reason)) stopAsking();
        }}
      />
    </>
  );
}

/** The look of each decision's button, in the order they stand. */
const DECISION_BUTTONS: { transition: PartnerTransition; label: string; look: ButtonProps }[] = [
  { transition: 'approve', label: 'Approve', look: { color: 'teal.9', leftSection: <IconCheck size={16} /> } },
  {
    transition: 'reject',
    label: 'Reject',
    look: { variant: 'default', leftSection: <IconX size={16} color="var(--mantine-color-red-text)" /> },
  },
  {
    transition: 'suspend',
    label: 'Suspend',
    look: { variant: 'default', leftSection: <IconPlayerPause size={16} color="var(--mantine-color-orange-text)" /> },
  },
  { transition: 'reactivate', label: 'Reactivate', look: { leftSection: <IconPlayerPlay size={16} /> } },
];

/** The decisions the partner's status allows; a rejection and a suspension first ask why (`onAsk`). */
function DecisionButtons({
  partner: { id, status },
  decisions,
  onAsk,
}: {
  partner: { id: string; status: PartnerStatus };
  decisions: ReturnType<typeof usePartnerDecisions>;
  onAsk: (decision: 'reject' | 'suspend') => void;
}) {
  return DECISION_BUTTONS.filter(({ transition }) => allowed(transition, status)).map(({ transition, label, look }) => (
    <Button
      key={transition}
      {...look}
      disabled={decisions.busy}
      onClick={() =>
        transition === 'reject' || transition === 'suspend' ? onAsk(transition) : void decisions[transition](id)
      }
    >
      {label}
    </Button>
  ));
}

export function PartnerPage({ partnerId }: { partnerId: string }) {
  const details = trpc.admin.partner.useQuery({ id: partnerId }, { retry: false });
  const canReadCommissions = useCan('commissions:read');

  if (details.isPending) {
    return (
      <AdminPage parents={PARENTS} title="Partner">
        <LoadingRow label="Loading partner" py="xl" />
      </AdminPage>
    );
  }
  if (details.isError) {
    const missing = details.error.data?.httpStatus === 404 || details.error.data?.httpStatus === 400;
    return (
      <AdminPage parents={PARENTS} title="Partner">
        <Alert color={missing ? 'gray' : 'red'}>
          {missing ? PARTNER_DETAILS_NOT_FOUND : errorMessage(details.error, 'Unable to load the partner.')}
        </Alert>
      </AdminPage>
    );
  }

  const partner = details.data;
  const partnership = hasPartnership(partner.status);
  return (
    <AdminPage
      parents={PARENTS}
      title={partner.companyName}
      description={
        <Group gap="xs" component="span">
          <PartnerStatusBadge status={partner.status} />
          <span>
            {partner.contactName} · {partner.email}
          </span>
        </Group>
      }
      actions={<StatusActions partner={partner} />}
    >
      <PartnershipEndNotice partnerId={partner.id} />
      {partnership && (
        <StatGrid
          cols={{ base: 1, xs: 2 }}
          stats={[
            {
              title: 'Current MRR',
              value: formatMoney(partner.currentMrr),
              description: 'Monthly value of its active clients',
              icon: <IconTrendingUp size={18} />,
              testId: 'partner-mrr',
            },
            {
              title: 'Total Earned',
              value: formatMoney(partner.totalLifetimeCommissions),
              description: 'Commissions paid so far',
              icon: <IconCoin size={18} />,
              testId: 'partner-earned',
            },
          ]}
        />
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" style={{ alignItems: 'start' }}>
        <Card withBorder padding="lg" radius="md" component="section" aria-label="Profile">
          <PartnerDetailsView partner={partner} />
        </Card>
        <Stack gap="md">
          {partnership && canReadCommissions && (
            <Card withBorder padding="lg" radius="md" component="section" aria-label="Statements">
              <PartnerStatements partnerId={partner.id} />
            </Card>
          )}
          <PartnerActivity partnerId={partner.id} companyName={partner.companyName} />
        </Stack>
      </SimpleGrid>
      {partnership && (
        <>
          {/* Full width, so the money lists are tables on a laptop (side by side they were cards, paged-table.tsx). */}
          <PartnerFunnel partnerId={partner.id} />
          <PartnerReferrals partnerId={partner.id} />
          <PartnerCommissions partnerId={partner.id} />
          <PartnerPayouts partnerId={partner.id} />
          <FailedCommissions partnerId={partner.id} />
        </>
      )}
    </AdminPage>
  );
}
