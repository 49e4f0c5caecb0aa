// Commissions tab (spec §2): the partner's own commissions as cards, newest month first.

import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { COMMISSION_MESSAGES, type Commission, type CommissionStatus } from '@portal/contracts';
import { COMMISSION_KIND_LABELS, COMMISSION_STATUS_LABELS, formatDate, formatMoney, formatMonthKey, PAYMENT_METHOD_LABELS } from '@portal/contracts/plain';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { LoadingRow } from '../../layout/loading-row';

// Filled shades whose label keeps at least 4.5:1 contrast (autoContrast picks dark text on yellow).
export const COMMISSION_STATUS_COLORS: Record<CommissionStatus, string> = { pending: 'yellow.4', paid: 'teal.9', failed: 'red.9', voided: 'gray.7' };

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

export function CommissionCard({ commission }: { commission: Commission }) {
  return (
    <Card withBorder padding="md" radius="md" data-testid="commission-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text fw={700} fz="xl" data-testid="commission-amount">
            {formatMoney(commission.amount)}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {formatMonthKey(commission.monthYear)}
            {commission.kind !== 'recurring' ? ` · ${COMMISSION_KIND_LABELS[commission.kind]}` : ''}
            {commission.clientCompanyName ? ` · ${commission.clientCompanyName}` : ''}
          </Text>
        </div>
        <Badge color={COMMISSION_STATUS_COLORS[commission.status]} variant="filled" autoContrast style={{ flexShrink: 0 }} data-testid="commission-status">
          {COMMISSION_STATUS_LABELS[commission.status]}
        </Badge>
      </Group>
      {commission.status === 'paid' && (
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" mt="md">
          <Field label="Paid Date" value={formatDate(commission.paymentDate)} />
          <Field label="Reference" value={commission.paymentReference ?? 'N/A'} />
          <Field label="Method" value={commission.paymentMethod ? PAYMENT_METHOD_LABELS[commission.paymentMethod] : 'N/A'} />
        </SimpleGrid>
      )}
      {commission.reason && (
        <Text size="sm" mt="sm" style={{ overflowWrap: 'anywhere' }} data-testid="commission-reason">
          {COMMISSION_KIND_LABELS[commission.kind]} reason: {commission.reason}
        </Text>
      )}
      {commission.status === 'voided' && commission.voidReason && (
        <Text size="sm" c="dimmed" mt="sm" style={{ overflowWrap: 'anywhere' }}>
          Voided: {commission.voidReason}
        </Text>
      )}
      {commission.status === 'failed' && commission.failureReason && (
        <Text size="sm" c="red" mt="sm" style={{ overflowWrap: 'anywhere' }}>
          Failure reason: {commission.failureReason}
        </Text>
      )}
    </Card>
  );
}

export function CommissionList({ commissions }: { commissions: readonly Commission[] }) {
  if (commissions.length === 0) {
    return (
      <Card withBorder padding="xl">
        <Text c="dimmed" ta="center">
          {COMMISSION_MESSAGES.noCommissionsYet}
        </Text>
      </Card>
    );
  }
  return (
    <Stack gap="sm">
      {commissions.map((commission) => (
        <CommissionCard key={commission.id} commission={commission} />
      ))}
    </Stack>
  );
}

export function CommissionsTab() {
  const commissions = trpc.partner.commissions.useQuery();
  return (
    <Stack gap="md">
      <Title order={3} size="h4">
        Your Commissions
      </Title>
      {commissions.isPending ? (
        <LoadingRow label="Loading commissions" py="xl" />
      ) : commissions.isError ? (
        <Text c="red">{errorMessage(commissions.error, 'Unable to load your commissions.')}</Text>
      ) : (
        <CommissionList commissions={commissions.data} />
      )}
    </Stack>
  );
}
