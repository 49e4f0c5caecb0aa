// The latest payouts under the queue, each offering its wire instructions as CSV.

import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Payout } from '@portal/contracts';
import { formatDate, formatMoney } from '@portal/contracts/plain';
import { IconFileDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyFailure } from '../../../lib/notify';
import { downloadFile } from '../../../lib/rest';

export function RecentPayouts({ payouts }: { payouts: readonly Payout[] }) {
  const [downloading, setDownloading] = useState<string | null>(null);

  async function download(payout: Payout) {
    setDownloading(payout.id);
    try {
      await downloadFile(
        `/api/admin/payouts/${payout.id}/wire-instructions.csv`,
        `wire-instructions-${payout.reference}.csv`,
      );
    } catch (error) {
      notifyFailure('Download failed', error);
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
                {formatDate(payout.paidAt)} · {payout.commissionCount}{' '}
                {payout.commissionCount === 1 ? 'commission' : 'commissions'} · {payout.partnerCount}{' '}
                {payout.partnerCount === 1 ? 'partner' : 'partners'}
              </Text>
            </div>
            <Group gap="sm" wrap="wrap">
              <Text fw={700}>{formatMoney(payout.total)}</Text>
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconFileDownload size={14} />}
                loading={downloading === payout.id}
                onClick={() => void download(payout)}
              >
                Wire instructions (CSV)
              </Button>
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
