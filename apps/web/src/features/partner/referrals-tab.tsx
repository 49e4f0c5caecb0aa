// Referrals tab (spec §2): the partner's own referrals as cards, and the New Referral dialog.

import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatDate, formatMoney, REFERRAL_STAGE_LABELS, SERVICE_TYPE_LABELS, type Referral, type ReferralStage } from '@portal/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { NewReferralDialog } from './new-referral-dialog';
import { LoadingRow } from '../../layout/loading-row';

// Filled shades whose label keeps at least 4.5:1 contrast (autoContrast picks dark text on yellow).
export const STAGE_COLORS: Record<ReferralStage, string> = { booked: 'blue.8', qualified: 'cyan.9', proposal: 'yellow.4', won: 'teal.9', lost: 'red.9' };

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </div>
  );
}

export function ReferralCard({ referral }: { referral: Referral }) {
  return (
    <Card withBorder padding="md" radius="md" data-testid="referral-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} truncate>
            {referral.clientCompanyName}
          </Text>
          {referral.clientEmail && (
            <Text size="sm" c="dimmed" truncate>
              {referral.clientEmail}
            </Text>
          )}
        </div>
        <Badge color={STAGE_COLORS[referral.stage]} variant="filled" autoContrast style={{ flexShrink: 0 }}>
          {REFERRAL_STAGE_LABELS[referral.stage]}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" mt="md">
        <Field label="Monthly Value" value={formatMoney(referral.monthlyValue)} />
        <Field label="Service" value={SERVICE_TYPE_LABELS[referral.serviceType]} />
        <Field label="Commission" value={`${formatMoney(referral.commissionAmount)}/month`} />
        <Field label="Created" value={formatDate(referral.createdAt)} />
        <Field label="Updated" value={formatDate(referral.updatedAt)} />
      </SimpleGrid>
      {referral.notes && (
        <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <Text span size="sm" c="dimmed">
            Notes:{' '}
          </Text>
          {referral.notes}
        </Text>
      )}
    </Card>
  );
}

export function ReferralsTab() {
  const [dialogOpen, setDialogOpen] = useState(false);
  const referrals = trpc.partner.referrals.useQuery();

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3} size="h4">
          Your Referrals
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDialogOpen(true)}>
          New Referral
        </Button>
      </Group>
      {referrals.isPending ? (
        <LoadingRow label="Loading referrals" py="xl" />
      ) : referrals.isError ? (
        <Text c="red">{errorMessage(referrals.error, 'Unable to load your referrals.')}</Text>
      ) : referrals.data.length === 0 ? (
        <Card withBorder padding="xl">
          <Text c="dimmed" ta="center">
            No referrals yet. Create your first referral to get started!
          </Text>
        </Card>
      ) : (
        <Stack gap="sm">
          {referrals.data.map((referral) => (
            <ReferralCard key={referral.id} referral={referral} />
          ))}
        </Stack>
      )}
      <NewReferralDialog opened={dialogOpen} onClose={() => setDialogOpen(false)} />
    </Stack>
  );
}
