// /admin/partners/$id (issue 18): one partner's profile and status with its decisions, the masked bank
// details, and its referrals, commissions, payouts and activity, each paged on the server.

import { Alert, Button, Card, Group, SimpleGrid, Stack } from '@mantine/core';
import { PARTNER_TRANSITIONS, type PartnerTransition } from '@portal/contracts';
import { formatMoney, type PartnerStatus } from '@portal/contracts/plain';
import { IconCheck, IconCoin, IconPlayerPause, IconPlayerPlay, IconTrendingUp, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { AdminPage } from '../../../layout/admin-page';
import { LoadingRow } from '../../../layout/loading-row';
import { errorMessage } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { StatCard } from '../../../components/stat-card';
import { PartnerDetailsView, PARTNER_DETAILS_NOT_FOUND } from '../partner-details-dialog';
import { PartnerStatusBadge } from '../partner-status-badge';
import { RejectPartnerDialog } from '../reject-partner-dialog';
import { usePartnerDecisions } from '../use-partner-decisions';
import { PartnerActivity, PartnerCommissions, PartnerPayouts, PartnerReferrals } from './partner-lists';

const TRAIL_START = [
  { label: 'Admin Dashboard', to: '/admin' },
  { label: 'Partners', to: '/admin/partners' },
] as const;

const allowed = (transition: PartnerTransition, status: PartnerStatus) => (PARTNER_TRANSITIONS[transition].from as readonly PartnerStatus[]).includes(status);

function StatusActions({ partner }: { partner: { id: string; companyName: string; status: PartnerStatus } }) {
  const decisions = usePartnerDecisions();
  const [rejecting, setRejecting] = useState(false);
  const { id, status } = partner;
  return (
    <>
      {allowed('approve', status) && (
        <Button color="teal.9" leftSection={<IconCheck size={16} />} disabled={decisions.busy} onClick={() => void decisions.approve(id)}>
          Approve
        </Button>
      )}
      {allowed('reject', status) && (
        <Button variant="light" color="red" leftSection={<IconX size={16} />} disabled={decisions.busy} onClick={() => setRejecting(true)}>
          Reject
        </Button>
      )}
      {allowed('suspend', status) && (
        <Button variant="light" color="orange" leftSection={<IconPlayerPause size={16} />} disabled={decisions.busy} onClick={() => void decisions.suspend(id)}>
          Suspend
        </Button>
      )}
      {allowed('reactivate', status) && (
        <Button leftSection={<IconPlayerPlay size={16} />} disabled={decisions.busy} onClick={() => void decisions.reactivate(id)}>
          Reactivate
        </Button>
      )}
      <RejectPartnerDialog
        partner={rejecting ? partner : null}
        submitting={decisions.busy && rejecting}
        onClose={() => setRejecting(false)}
        onConfirm={async (reason) => {
          if (await decisions.reject(id, reason)) setRejecting(false);
        }}
      />
    </>
  );
}

export function PartnerPage({ partnerId }: { partnerId: string }) {
  const details = trpc.admin.partner.useQuery({ id: partnerId }, { retry: false });

  if (details.isPending) {
    return (
      <AdminPage trail={[...TRAIL_START, { label: 'Partner' }]} title="Partner">
        <LoadingRow label="Loading partner" py="xl" />
      </AdminPage>
    );
  }
  if (details.isError) {
    const missing = details.error.data?.httpStatus === 404 || details.error.data?.httpStatus === 400;
    return (
      <AdminPage trail={[...TRAIL_START, { label: 'Partner' }]} title="Partner">
        <Alert color={missing ? 'gray' : 'red'}>{missing ? PARTNER_DETAILS_NOT_FOUND : errorMessage(details.error, 'Unable to load the partner.')}</Alert>
      </AdminPage>
    );
  }

  const partner = details.data;
  return (
    <AdminPage
      trail={[...TRAIL_START, { label: partner.companyName }]}
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
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <StatCard title="Current MRR" value={formatMoney(partner.currentMrr)} description="Monthly value of its active clients" icon={<IconTrendingUp size={18} />} testId="partner-mrr" />
        <StatCard title="Total Earned" value={formatMoney(partner.totalLifetimeCommissions)} description="Commissions paid so far" icon={<IconCoin size={18} />} testId="partner-earned" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" style={{ alignItems: 'start' }}>
        <Card withBorder padding="lg" radius="md" component="section" aria-label="Profile">
          <PartnerDetailsView partner={partner} />
        </Card>
        <Stack gap="md">
          <PartnerActivity partnerId={partner.id} />
        </Stack>
      </SimpleGrid>
      <PartnerReferrals partnerId={partner.id} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" style={{ alignItems: 'start' }}>
        <PartnerCommissions partnerId={partner.id} />
        <PartnerPayouts partnerId={partner.id} />
      </SimpleGrid>
      {/* Statements (issue 18, "once money operations land"): the lead mounts <PartnerStatements partnerId={partner.id} /> here. */}
    </AdminPage>
  );
}
