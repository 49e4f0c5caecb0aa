// Payout Processor (spec §2, made real): pick pending commissions, see the total selected, 'Process
// N Payouts' pays them in one server transaction under a fresh idempotency key per click. A row can
// be marked failed with a reason; recent payouts offer their wire instructions as CSV.

import { Alert, Badge, Card, Group, Text, Title } from '@mantine/core';
import { COMMISSION_MESSAGES, type PendingCommission } from '@portal/contracts';
import { formatMoney, MAX_PAGE_SIZE, MESSAGES } from '@portal/contracts/plain';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { afterPayout } from '../../lib/invalidate';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { MarkFailedDialog } from './mark-failed-dialog';
import { PendingPayoutTable } from './pending-payout-table';
import { RecentPayouts } from './recent-payouts';
import { LoadingRow } from '../../layout/loading-row';

export function PayoutProcessor() {
  const utils = trpc.useUtils();
  const pending = trpc.admin.pendingCommissions.useQuery({ limit: MAX_PAGE_SIZE, offset: 0 });
  const payouts = trpc.admin.payouts.useQuery({ limit: 5 });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [failing, setFailing] = useState<PendingCommission | null>(null);

  // Rows paid or failed elsewhere leave the selection when the list refreshes.
  const items = pending.data?.items;
  useEffect(() => {
    if (!items) return;
    setSelected((current) => {
      const ids = new Set(items.map((item) => item.id));
      const kept = [...current].filter((id) => ids.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [items]);

  const refresh = () => afterPayout(utils);

  const payout = trpc.admin.processPayout.useMutation({
    onSuccess: async (result) => {
      setSelected(new Set());
      notifySuccess(
        COMMISSION_MESSAGES.payoutsProcessed,
        `${result.commissionCount} ${result.commissionCount === 1 ? 'commission' : 'commissions'} paid, ${formatMoney(result.total)} (${result.reference})`,
      );
      await refresh();
    },
    onError: async (error) => {
      notifyError(COMMISSION_MESSAGES.payoutFailed, errorMessage(error, MESSAGES.genericError));
      await refresh();
    },
  });

  return (
    <Card withBorder padding="lg" radius="md">
      <Group justify="space-between" mb="md" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Title order={2} size="h4">
            Payout Processor
          </Title>
          <Badge variant="filled" autoContrast color={pending.data?.total ? 'yellow.4' : 'gray.7'} data-testid="pending-count">
            {pending.data?.total ?? 0} pending
          </Badge>
        </Group>
        {pending.data && pending.data.total > 0 && (
          <Text size="sm" c="dimmed">
            All pending: {formatMoney(pending.data.totalAmount)}
          </Text>
        )}
      </Group>
      {pending.isPending ? (
        <LoadingRow label="Loading pending commissions" py="xl" />
      ) : pending.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={16} />}>
          {errorMessage(pending.error, 'Unable to load the pending commissions.')}
        </Alert>
      ) : pending.data.items.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          No pending commissions. Run the monthly accrual to create them.
        </Text>
      ) : (
        <>
          {pending.data.total > pending.data.items.length && (
            <Text size="xs" c="dimmed" mb="xs">
              Showing the oldest {pending.data.items.length} of {pending.data.total}; the next ones appear once these are processed.
            </Text>
          )}
          <PendingPayoutTable
            items={pending.data.items}
            selected={selected}
            onChange={setSelected}
            onMarkFailed={setFailing}
            processing={payout.isPending}
            onProcess={(commissionIds) => payout.mutate({ commissionIds, idempotencyKey: crypto.randomUUID() })}
          />
        </>
      )}
      <RecentPayouts payouts={payouts.data ?? []} />
      <MarkFailedDialog item={failing} onClose={() => setFailing(null)} />
    </Card>
  );
}
