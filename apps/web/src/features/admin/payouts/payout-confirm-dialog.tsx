// The second look before money moves: 'Process N Payouts' opens this summary of what the server would
// pay (admin.payoutPreview, the same selection): partners, fees and total, per payment method with the
// file each makes, and the partners who wait and why. Confirm pays, once: the button is busy from the
// first click until the payout settles. A selection the server would refuse says why and cannot be confirmed.

import { Alert, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PayoutPreview, PayoutPreviewInput, PayoutWaitReason } from '@portal/contracts';
import { formatMoney, PAYOUT_WAIT_REASONS, plural } from '@portal/contracts/plain';
import { IconAlertTriangle, IconClockPause } from '@tabler/icons-react';
import { useEffect } from 'react';
import { ConfirmDialog } from '../../../layout/confirm-dialog';
import { errorMessage } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { useSubmitOnce } from '../../../lib/use-submit-once';
import { PAYMENT_METHOD_NAMES, PAYOUT_FILES } from './payout-files';

export const CONFIRM_PAYOUT = 'Confirm payout';
/** Waiting partners named in the dialog; the rest are counted. */
const WAITING_SHOWN = 8;

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** Each reason a partner waits, as the list says it after the partner's net. */
const WAIT_REASONS: Record<PayoutWaitReason, (minimum: string) => string> = {
  noPaymentDetails: () => 'no payment details on file',
  paymentFailed: () => 'a failed payment not settled yet',
  netNotPositive: () => 'open clawbacks outweigh the fees',
  belowMinimum: (minimum) => `below the minimum payout of ${minimum}`,
};

/** Why partners wait; the title names the reasons the list holds. */
function waitingTitle(preview: PayoutPreview): string {
  const minimum = formatMoney(preview.minimumPayout);
  const reasons = PAYOUT_WAIT_REASONS.filter((reason) => preview.waiting.some((partner) => partner.reason === reason));
  const who = plural(preview.waiting.length, 'partner waits', 'partners wait');
  return `${who}: ${reasons.map((reason) => WAIT_REASONS[reason](minimum)).join(', or ')}`;
}

export function PayoutSummary({ preview }: { preview: PayoutPreview }) {
  const waitingRest = preview.waiting.length - WAITING_SHOWN;
  return (
    <Stack gap="md">
      {preview.refusal && (
        <Alert color="red" icon={<IconAlertTriangle size={16} />} title="This payout would be refused">
          {preview.refusal}
        </Alert>
      )}
      {preview.partnerCount > 0 && (
        <>
          <SimpleGrid cols={3} spacing="sm">
            <Figure label="Partners" value={preview.partnerCount.toLocaleString('en-US')} testId="preview-partners" />
            <Figure label="Fees" value={preview.commissionCount.toLocaleString('en-US')} testId="preview-fees" />
            <Figure label="Total" value={formatMoney(preview.total)} testId="preview-total" />
          </SimpleGrid>
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              By payment method
            </Text>
            {preview.methods.map((method) => (
              <Group
                key={method.paymentMethod}
                justify="space-between"
                wrap="wrap"
                gap="xs"
                data-testid={`preview-method-${method.paymentMethod}`}
              >
                <div style={{ minWidth: 0 }}>
                  <Text size="sm">
                    <Text span fw={600}>
                      {PAYMENT_METHOD_NAMES[method.paymentMethod]}
                    </Text>{' '}
                    · {plural(method.partnerCount, 'partner', 'partners')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Makes the {PAYOUT_FILES[method.paymentMethod].label}
                  </Text>
                </div>
                <Text size="sm" fw={600}>
                  {formatMoney(method.total)}
                </Text>
              </Group>
            ))}
            <Text size="xs" c="dimmed">
              The files are ready under Recent Payouts once the payout is made.
            </Text>
          </Stack>
        </>
      )}
      {preview.waiting.length > 0 && !preview.refusal && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconClockPause size={16} />}
          title={waitingTitle(preview)}
          data-testid="preview-waiting"
        >
          <Stack gap={2}>
            {preview.waiting.slice(0, WAITING_SHOWN).map((partner) => (
              <Text key={partner.partnerId} size="sm">
                {partner.companyName}: {formatMoney(partner.net)} (
                {WAIT_REASONS[partner.reason](formatMoney(preview.minimumPayout))})
              </Text>
            ))}
            {waitingRest > 0 && <Text size="sm">and {waitingRest} more</Text>}
            <Text size="xs" c="dimmed">
              Their fees stay pending for a later payout.
            </Text>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}

export function PayoutConfirmDialog({
  request,
  paying,
  onClose,
  onConfirm,
}: {
  /** The selection to pay; null closes the dialog. */
  request: PayoutPreviewInput | null;
  paying: boolean;
  onClose: () => void;
  /** Pays; settles once the payout has (a second click before then does nothing). */
  onConfirm: () => Promise<unknown>;
}) {
  const confirmOnce = useSubmitOnce(onConfirm);
  // A preview writes nothing, but a selection of up to 1000 ids travels in a body, so it is a POST.
  const preview = trpc.admin.payoutPreview.useMutation();
  const { mutate, reset } = preview;
  useEffect(() => {
    if (request) mutate(request);
    else reset();
  }, [request, mutate, reset]);

  const ready = preview.data !== undefined && preview.data.refusal === null && preview.data.partnerCount > 0;
  return (
    <ConfirmDialog
      opened={request !== null}
      onClose={onClose}
      title="Confirm payout"
      confirmLabel={CONFIRM_PAYOUT}
      confirmColor="teal.9"
      confirmDisabled={!ready}
      pending={paying || confirmOnce.pending}
      onConfirm={() => void confirmOnce.run()}
      size="md"
    >
      {preview.isError ? (
        <Alert color="red" icon={<IconAlertTriangle size={16} />}>
          {errorMessage(preview.error, 'Unable to sum up this payout.')}
        </Alert>
      ) : preview.data ? (
        <PayoutSummary preview={preview.data} />
      ) : (
        <Center py="lg">
          <Loader role="status" aria-label="Summing up the payout" />
        </Center>
      )}
    </ConfirmDialog>
  );
}
