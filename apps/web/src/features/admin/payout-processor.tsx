// Payout Processor (spec §2, made real): pick pending commissions, see the total selected, 'Process
// N Payouts' pays them in one server transaction under a fresh idempotency key per click. A row can
// be marked failed with a reason; recent payouts offer their wire instructions as CSV.

import { Alert, Badge, Box, Button, Card, Checkbox, Group, Loader, Modal, Stack, Table, Text, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { COMMISSION_MESSAGES, type Payout, type PendingCommission } from '@portal/contracts';
import { formatDate, formatMoney, formatMonthKey, MESSAGES, sumMoney } from '@portal/contracts/plain';
import { IconAlertTriangle, IconBan, IconCash, IconFileDownload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { afterCommissionChange, afterPayout } from '../../lib/invalidate';
import { trpc } from '../../lib/trpc';
import { downloadFile } from '../../lib/rest';

const PAGE_SIZE = 100;

/** The sum of the selected rows, in cents under the hood (sumMoney), as a decimal string. */
export function selectedTotal(items: readonly PendingCommission[], selected: ReadonlySet<string>): string {
  return sumMoney(items.filter((item) => selected.has(item.id)).map((item) => item.amount));
}

/** The spec's wording, 'Process N Payouts', for every N. */
export const processLabel = (count: number) => `Process ${count} Payouts`;

export function PendingPayoutTable({
  items,
  selected,
  onChange,
  onMarkFailed,
  onProcess,
  processing,
}: {
  items: readonly PendingCommission[];
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  onMarkFailed: (item: PendingCommission) => void;
  onProcess: (ids: string[]) => void;
  processing: boolean;
}) {
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));
  const someSelected = items.some((item) => selected.has(item.id));
  const chosen = items.filter((item) => selected.has(item.id));

  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  };

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={280}>
        <Table verticalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all"
                  checked={allSelected}
                  indeterminate={someSelected && !allSelected}
                  disabled={items.length === 0}
                  onChange={() => onChange(allSelected ? new Set() : new Set(items.map((item) => item.id)))}
                />
              </Table.Th>
              <Table.Th>Partner</Table.Th>
              <Table.Th visibleFrom="sm">Client</Table.Th>
              <Table.Th visibleFrom="sm">Month</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th w={{ base: 40, sm: 110 }}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr key={item.id} data-testid="payout-row">
                <Table.Td>
                  <Checkbox aria-label={`Select ${item.clientCompanyName} ${formatMonthKey(item.monthYear)}`} checked={selected.has(item.id)} onChange={() => toggle(item.id)} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {item.partnerCompanyName}
                  </Text>
                  {/* Narrow screens: client and month under the partner instead of their own columns. */}
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {item.clientCompanyName} · {formatMonthKey(item.monthYear)}
                  </Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{item.clientCompanyName}</Text>
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Text size="sm">{formatMonthKey(item.monthYear)}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" fw={600}>
                    {formatMoney(item.amount)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Button size="compact-sm" variant="subtle" color="red" px={6} onClick={() => onMarkFailed(item)} aria-label={`Mark failed: ${item.clientCompanyName} ${formatMonthKey(item.monthYear)}`}>
                    {/* An icon on narrow screens, the words on wider ones. */}
                    <Box component="span" hiddenFrom="sm" display="flex">
                      <IconBan size={16} />
                    </Box>
                    <Box component="span" visibleFrom="sm">
                      Mark failed
                    </Box>
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm">
          Total selected:{' '}
          <Text span fw={700} data-testid="payout-total">
            {formatMoney(selectedTotal(items, selected))}
          </Text>
        </Text>
        <Button leftSection={<IconCash size={16} />} disabled={chosen.length === 0} loading={processing} onClick={() => onProcess(chosen.map((item) => item.id))}>
          {processLabel(chosen.length)}
        </Button>
      </Group>
    </Stack>
  );
}

function MarkFailedDialog({ item, onClose }: { item: PendingCommission | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setReason('');
    setError(null);
  }, [item?.id]);
  const fail = trpc.admin.failCommission.useMutation({
    onSuccess: async () => {
      notifySuccess(COMMISSION_MESSAGES.commissionMarkedFailed, item ? `${item.clientCompanyName}, ${formatMonthKey(item.monthYear)}` : undefined);
      onClose();
      await afterCommissionChange(utils);
    },
    onError: (cause) => notifyError('Could not mark the commission failed', errorMessage(cause, MESSAGES.genericError)),
  });

  return (
    <Modal opened={item !== null} onClose={onClose} title="Mark commission failed">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!item) return;
          if (!reason.trim()) {
            setError('A failure reason is required');
            return;
          }
          fail.mutate({ id: item.id, reason });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {item?.partnerCompanyName} · {item?.clientCompanyName} · {item ? formatMonthKey(item.monthYear) : ''} · {item ? formatMoney(item.amount) : ''}
          </Text>
          <Textarea label="Reason" required autosize minRows={2} maxLength={500} value={reason} error={error} onChange={(event) => setReason(event.currentTarget.value)} data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={fail.isPending}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={fail.isPending}>
              Mark failed
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function RecentPayouts({ payouts }: { payouts: readonly Payout[] }) {
  const [downloading, setDownloading] = useState<string | null>(null);

  async function download(payout: Payout) {
    setDownloading(payout.id);
    try {
      await downloadFile(`/api/admin/payouts/${payout.id}/wire-instructions.csv`, `wire-instructions-${payout.reference}.csv`);
    } catch (error) {
      notifyError('Download failed', error instanceof Error ? error.message : MESSAGES.genericError);
    } finally {
      setDownloading(null);
    }
  }

  if (payouts.length === 0) return null;
  return (
    <Stack gap="xs" mt="md">
      <Title order={3} size="h5">
        Recent Payouts
      </Title>
      {payouts.map((payout) => (
        <Card key={payout.id} withBorder padding="sm" radius="md" data-testid="recent-payout">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {payout.reference}
              </Text>
              <Text size="xs" c="dimmed">
                {formatDate(payout.paidAt)} · {payout.commissionCount} {payout.commissionCount === 1 ? 'commission' : 'commissions'} · {payout.partnerCount}{' '}
                {payout.partnerCount === 1 ? 'partner' : 'partners'}
              </Text>
            </div>
            <Group gap="sm" wrap="wrap">
              <Text fw={700}>{formatMoney(payout.total)}</Text>
              <Button size="compact-sm" variant="light" leftSection={<IconFileDownload size={14} />} loading={downloading === payout.id} onClick={() => void download(payout)}>
                Wire instructions (CSV)
              </Button>
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

export function PayoutProcessor() {
  const utils = trpc.useUtils();
  const pending = trpc.admin.pendingCommissions.useQuery({ limit: PAGE_SIZE, offset: 0 });
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
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label="Loading pending commissions" />
        </Group>
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
