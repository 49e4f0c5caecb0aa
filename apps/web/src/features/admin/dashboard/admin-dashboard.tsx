// The admin dashboard (spec §2): header actions, program metrics, the approval queue, payouts and
// accrual, the deal pipeline, all affiliates and marketing materials. (The Email log has its own
// route, /admin/emails, in the sidebar.)

import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconLogout, IconSettings, IconUserPlus, IconUsersPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { LoadingScreen } from '../../../layout/loading-screen';
import { errorMessage } from '../../../lib/errors';
import { useCan } from '../../../lib/permissions';
import { useSession } from '../../../lib/session';
import { trpc } from '../../../lib/trpc';
import { FeesPanel } from '../payouts/client-payments-panel';
import { AddClientDialog } from '../pipeline/add-client-dialog';
import { AffiliatesTable } from '../partners/affiliates-table';
import { CreatePartnerDialog } from '../partners/create-partner-dialog';
import { DealPipeline } from '../pipeline/deal-pipeline';
import { ExportDataMenu } from './export-menu';
import { MaterialsManager } from '../materials/materials-manager';
import { AdminMetricCards } from './metric-cards';
import { PartnerApprovalQueue } from '../partners/partner-approval-queue';
import { usePartnerDetailsDialog } from '../partners/partner-details-dialog';
import { PartnerSettingsDialog } from '../partners/partner-settings-dialog';
import { PayoutProcessor } from '../payouts/payout-processor';
import { ProgramSettingsCard } from '../payouts/program-settings-card';
import { ProgramTermsCard } from '../payouts/program-terms-card';
import { ProgramCharts } from './program-charts';
import { RecentBookingsCard } from '../../leads/bookings-card';

/** The program's new bookings: this week's count and the latest few. */
function AdminBookings() {
  const bookings = trpc.admin.recentBookings.useQuery();
  return (
    <RecentBookingsCard
      bookings={bookings.data}
      error={bookings.isError ? errorMessage(bookings.error, 'Unable to load the bookings.') : undefined}
      showPartner
    />
  );
}

type Dialog = 'addClient' | 'createPartner' | 'partnerSettings' | null;

export function AdminDashboard() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const metrics = trpc.admin.metrics.useQuery();
  const [dialog, setDialog] = useState<Dialog>(null);
  const details = usePartnerDetailsDialog();
  const close = () => setDialog(null);
  // What the role may do: actions it lacks are not offered; the server refuses them anyway.
  const can = {
    addClient: useCan('referrals:write'),
    createPartner: useCan('partners:write'),
    approve: useCan('partners:approve'),
    pay: useCan('payouts:write'),
    accrue: useCan('commissions:write'),
    readMoney: useCan('commissions:read'),
    materials: useCan('materials:write'),
    emails: useCan('emails:read'),
    publishTerms: useCan('terms:write'),
  };

  if (metrics.isPending) return <LoadingScreen label="Loading dashboard..." />;

  return (
    <Stack gap="lg" p={{ base: 'sm', sm: 'md' }} maw={1440} mx="auto" w="100%">
      <Group justify="space-between" align="flex-start" gap="sm" data-testid="admin-header">
        <div>
          <Title order={1} size="h2">
            Admin Dashboard
          </Title>
          <Text c="dimmed">Manage partners, referrals and commission payouts</Text>
        </div>
        <Group gap="xs" wrap="wrap">
          <ExportDataMenu />
          {can.addClient && (
            <Button variant="default" leftSection={<IconUserPlus size={16} />} onClick={() => setDialog('addClient')}>
              Add Client
            </Button>
          )}
          {can.createPartner && (
            <Button leftSection={<IconUsersPlus size={16} />} onClick={() => setDialog('createPartner')}>
              Create Partner
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconSettings size={16} />}
            onClick={() => setDialog('partnerSettings')}
          >
            Partner Settings
          </Button>
          <Button
            variant="subtle"
            color="gray"
            leftSection={<IconLogout size={16} />}
            onClick={() => {
              void signOut().then(() => navigate({ to: '/' }));
            }}
          >
            Logout
          </Button>
        </Group>
      </Group>

      {metrics.isError ? (
        <Alert color="red">{errorMessage(metrics.error, 'Unable to load the program metrics.')}</Alert>
      ) : (
        <AdminMetricCards metrics={metrics.data} />
      )}
      <AdminBookings />
      <ProgramCharts />

      {can.approve && <PartnerApprovalQueue onViewDetails={details.show} />}
      {can.pay && <PayoutProcessor />}
      {can.accrue && <FeesPanel />}
      {can.readMoney && <ProgramSettingsCard canChange={can.accrue} />}
      {can.readMoney && <ProgramTermsCard canPublish={can.publishTerms} />}
      <DealPipeline />
      <AffiliatesTable onViewDetails={details.show} />
      {can.materials && <MaterialsManager />}

      <AddClientDialog opened={dialog === 'addClient'} onClose={close} />
      <CreatePartnerDialog opened={dialog === 'createPartner'} onClose={close} />
      <PartnerSettingsDialog opened={dialog === 'partnerSettings'} onClose={close} />
      {details.dialog}
    </Stack>
  );
}
