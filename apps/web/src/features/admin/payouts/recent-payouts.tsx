// The latest payouts under the queue: per payment method the partners and total, with that method's
// file (NACHA for ACH, PayPal's batch CSV, the wire instructions). Once its files went out a payout
// is marked sent, and each partner's line is confirmed or recorded as returned. One Mark sent runs at a
// time: its button is busy from the first click until the answer, and a second click does nothing.

import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Payout, PaymentMethod } from '@portal/contracts';
import { formatDate, formatMoney, plural, toCents } from '@portal/contracts/plain';
import { IconChevronDown, IconChevronUp, IconFileDownload, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { afterPayout } from '../../../lib/invalidate';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { downloadFile } from '../../../lib/rest';
import { trpc } from '../../../lib/trpc';
import { useSubmitOnce } from '../../../lib/use-submit-once';
import { PayoutLines } from './payout-lines';
import { PAYMENT_METHOD_NAMES as METHOD_NAMES, PAYOUT_FILES as FILES } from './payout-files';

export function RecentPayouts({ payouts }: { payouts: readonly Payout[] }) {
  const utils = trpc.useUtils();
  const [downloading, setDownloading] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const markSent = trpc.admin.markPayoutSent.useMutation({
    onSuccess: async () => {
      notifySuccess('Payout marked as sent', 'Confirm or return each line when the bank answers.');
      await afterPayout(utils);
    },
    onError: (error) => notifyFailure('Marking the payout sent failed', error),
  });
  /** The payout of the last Mark sent: its button spins while the call is pending, the others wait. */
  const [marking, setMarking] = useState<string | null>(null);
  const markSentOnce = useSubmitOnce(async (payoutId: string) => {
    setMarking(payoutId);
    await markSent.mutateAsync({ payoutId }).catch(() => undefined);
  });

  async function download(payout: Payout, method: PaymentMethod) {
    const file = FILES[method];
    setDownloading(`${payout.id}:${method}`);
    try {
      await downloadFile(`/api/admin/payouts/${payout.id}/${file.path}`, file.name(payout.reference));
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
          <Stack gap="xs">
            <Group justify="space-between" wrap="wrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Group gap={6} wrap="wrap">
                  <Text size="sm" fw={600}>
                    {payout.reference}
                  </Text>
                  {payout.sentAt ? (
                    <Badge size="sm" variant="light" color="teal">
                      Sent {formatDate(payout.sentAt)}
                    </Badge>
                  ) : (
                    <Badge size="sm" variant="light" color="gray">
                      Not sent
                    </Badge>
                  )}
                  {payout.returnedCount > 0 && (
                    <Badge size="sm" variant="light" color="red">
                      {plural(payout.returnedCount, 'return', 'returns')}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  Paid {formatDate(payout.paidAt)} · {plural(payout.commissionCount, 'commission', 'commissions')} ·{' '}
                  {plural(payout.partnerCount, 'partner', 'partners')}
                </Text>
              </div>
              <div style={{ textAlign: 'right', marginLeft: 'auto' }}>
                <Text fw={700}>{formatMoney(payout.total)}</Text>
                {toCents(payout.returnedTotal) > 0 && (
                  <Text size="xs" c="red" data-testid="payout-returned-total">
                    {formatMoney(payout.returnedTotal)} came back
                  </Text>
                )}
              </div>
            </Group>
            <Stack gap={6}>
              {payout.methods.map((method) => (
                <Group
                  key={method.paymentMethod}
                  justify="space-between"
                  wrap="wrap"
                  gap="xs"
                  data-testid={`payout-method-${method.paymentMethod}`}
                >
                  <Text size="sm">
                    <Text span fw={600}>
                      {METHOD_NAMES[method.paymentMethod]}
                    </Text>{' '}
                    · {plural(method.partnerCount, 'partner', 'partners')} · {formatMoney(method.total)}
                  </Text>
                  <Button
                    size="compact-sm"
                    variant="light"
                    leftSection={<IconFileDownload size={14} />}
                    loading={downloading === `${payout.id}:${method.paymentMethod}`}
                    onClick={() => void download(payout, method.paymentMethod)}
                  >
                    {FILES[method.paymentMethod].label}
                  </Button>
                </Group>
              ))}
            </Stack>
            <Group gap="xs" justify="flex-end" wrap="wrap">
              {!payout.sentAt && (
                <Button
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconSend size={14} />}
                  loading={markSentOnce.pending && marking === payout.id}
                  disabled={markSentOnce.pending && marking !== payout.id}
                  onClick={() => void markSentOnce.run(payout.id)}
                >
                  Mark sent
                </Button>
              )}
              <Button
                size="compact-sm"
                variant="subtle"
                rightSection={open === payout.id ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
                onClick={() => setOpen(open === payout.id ? null : payout.id)}
                aria-expanded={open === payout.id}
              >
                Partner lines
              </Button>
            </Group>
            {open === payout.id && <PayoutLines payout={payout} />}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
