// Failed fees have a home: each with its partner, amount, month and why it failed (a returned
// payout line, or marked failed), and Retry, which offers it to the processor again. Fees also
// come back by themselves when the partner changes their payment details.

import { Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { FailedCommission } from '@portal/contracts';
import { formatMoney, formatMonthKey } from '@portal/contracts/plain';
import { IconRefresh } from '@tabler/icons-react';
import { afterPayout } from '../../../lib/invalidate';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/permissions';
import { trpc } from '../../../lib/trpc';

export function FailedCommissions({ partnerId }: { partnerId?: string }) {
  const utils = trpc.useUtils();
  const canRetry = useCan('commissions:write');
  const failed = trpc.admin.failedCommissions.useQuery(partnerId ? { partnerId } : {});
  const retry = trpc.admin.retryCommission.useMutation({
    onSuccess: async () => {
      notifySuccess('Commission offered again', 'It is back in the payout queue.');
      await Promise.all([afterPayout(utils), utils.admin.failedCommissions.invalidate()]);
    },
    onError: (error) => notifyFailure('Retry failed', error),
  });
  const rows = failed.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Card withBorder padding="sm" radius="md" mt="md" data-testid="failed-commissions">
      <Stack gap="xs">
        <Group gap="xs">
          <Title order={3} size="h5">
            Failed
          </Title>
          <Badge color="red" variant="light">
            {rows.length}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          A fee comes back to the queue when the partner changes their payment details, or with Retry.
        </Text>
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                {!partnerId && <Table.Th>Partner</Table.Th>}
                <Table.Th>Month</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row: FailedCommission) => (
                <Table.Tr key={row.id}>
                  {!partnerId && (
                    <Table.Td maw={200}>
                      <Text size="sm" truncate="end" title={row.partnerCompanyName}>
                        {row.partnerCompanyName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {row.paymentMethod}
                      </Text>
                    </Table.Td>
                  )}
                  <Table.Td>{formatMonthKey(row.monthYear)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(row.amount)}</Table.Td>
                  <Table.Td maw={280}>
                    <Text size="sm" lineClamp={2} title={row.failureReason ?? undefined}>
                      {row.failureReason ?? 'No reason given'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {canRetry && (
                      <Button
                        size="compact-xs"
                        variant="light"
                        leftSection={<IconRefresh size={12} />}
                        loading={retry.isPending && retry.variables.id === row.id}
                        onClick={() => retry.mutate({ id: row.id })}
                        aria-label={`Retry ${formatMoney(row.amount)} of ${row.partnerCompanyName}`}
                      >
                        Retry
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}
