// Failed fees have a home: each with its partner, amount, month and why it failed (a returned
// payout line, or marked failed), and Retry, which offers it to the processor again. Fees also
// come back by themselves when the partner changes their payment details. One Retry runs at a time: a
// second click while it is in flight does nothing.

import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { FailedCommission } from '@portal/contracts';
import { formatMoney, formatMonthKey } from '@portal/contracts/plain';
import { IconRefresh } from '@tabler/icons-react';
import { ACTIONS_COLUMN, ColumnTable, type TableColumn } from '../../../components/column-table';
import { useState } from 'react';
import { afterPayout } from '../../../lib/invalidate';
import { useCan } from '../../../lib/permissions';
import { trpc } from '../../../lib/trpc';
import { useFormMutation } from '../../../lib/use-form-mutation';
import { TruncatedText } from '../../../components/truncated-text';
import { ListSection } from '../../../components/list-section';

const EXPLANATION = 'A fee comes back to the queue when the partner changes their payment details, or with Retry.';

const PARTNER_COLUMN: TableColumn<FailedCommission> = {
  header: 'Partner',
  card: 'title',
  cell: (row) => (
    <>
      <TruncatedText maxWidth={200}>{row.partnerCompanyName}</TruncatedText>
      <Text size="xs" c="dimmed">
        {row.paymentMethod}
      </Text>
    </>
  ),
};

export function FailedCommissions({ partnerId }: { partnerId?: string }) {
  const utils = trpc.useUtils();
  const canRetry = useCan('commissions:write');
  const failed = trpc.admin.failedCommissions.useQuery(partnerId ? { partnerId } : {});
  const retryCommission = trpc.admin.retryCommission.useMutation();
  /** The fee of the last Retry: its button spins while the retry is pending, the others wait. */
  const [retrying, setRetrying] = useState<string | null>(null);
  const retry = useFormMutation({
    mutate: (input: { id: string }) => {
      setRetrying(input.id);
      return retryCommission.mutateAsync(input);
    },
    success: () => ['Commission offered again', 'It is back in the payout queue.'],
    refresh: () => afterPayout(utils),
    failure: 'Retry failed',
  });
  const rows = failed.data ?? [];
  if (rows.length === 0) return null;
  const count = (
    <Badge color="red" variant="light">
      {rows.length}
    </Badge>
  );
  const table = (
    <ColumnTable
      verticalSpacing={6}
      minWidth={560}
      rows={rows}
      columns={[
        ...(partnerId ? [] : [PARTNER_COLUMN]),
        {
          header: 'Month',
          // On a partner's page the partner is known, so the month heads the card.
          card: partnerId ? 'title' : undefined,
          cell: (row) => formatMonthKey(row.monthYear),
        },
        { header: 'Amount', numeric: true, card: 'aside', cell: (row) => formatMoney(row.amount) },
        {
          header: 'Reason',
          card: 'full',
          maxWidth: 280,
          cell: (row) => (
            <Text size="sm" lineClamp={2} title={row.failureReason ?? undefined}>
              {row.failureReason ?? 'No reason given'}
            </Text>
          ),
        },
        {
          ...ACTIONS_COLUMN,
          cell: (row) =>
            canRetry && (
              <Button
                size="compact-xs"
                variant="light"
                leftSection={<IconRefresh size={12} />}
                loading={retry.pending && retrying === row.id}
                disabled={retry.pending && retrying !== row.id}
                onClick={() => void retry.run({ id: row.id })}
                aria-label={`Retry ${formatMoney(row.amount)} of ${row.partnerCompanyName}`}
              >
                Retry
              </Button>
            ),
        },
      ]}
    />
  );
  // On a partner's page the list is a section like the page's others; in the Payout Processor, a card within it.
  if (partnerId)
    return (
      <ListSection
        id="failed-commissions-heading"
        title="Failed"
        description={EXPLANATION}
        aside={count}
        testId="failed-commissions"
      >
        {table}
      </ListSection>
    );
  return (
    <Card withBorder padding="sm" radius="md" mt="md" data-testid="failed-commissions">
      <Stack gap="xs">
        <Group gap="xs">
          <Title order={3} size="h5">
            Failed
          </Title>
          {count}
        </Group>
        <Text size="xs" c="dimmed">
          {EXPLANATION}
        </Text>
        {table}
      </Stack>
    </Card>
  );
}
