// A client's payments: the admin picks the partner and the won client and sees every payment recorded for
// it (month, paid date, amount, the fee it earned, what was refunded), with "Record refund" on each payment
// that has something left to refund. A refund takes back the fee's share, as a Stripe refund does.

import { Badge, Button, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { CLIENT_PAYMENT_MESSAGES, type ClientPayment } from '@portal/contracts';
import { formatDate, formatMoney, formatMonthKey, fromCents, isMoney, toCents } from '@portal/contracts/plain';
import { IconReceiptRefund } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { ColumnTable } from '../../../components/column-table';
import { StackedForm } from '../../../layout/form-actions';
import { FreshItemDialog } from '../../../layout/fresh-dialog';
import { errorMessage } from '../../../lib/errors';
import { afterCommissionChange } from '../../../lib/invalidate';
import { trpc, type RouterInputs } from '../../../lib/trpc';
import { useFormMutation } from '../../../lib/use-form-mutation';
import { useIdempotentCreate } from '../../../lib/use-submit-once';
import { useWonClientPicker } from './won-client-picker';

/** What is left to refund of a payment, in cents. */
const leftCents = (payment: ClientPayment) =>
  toCents(payment.amount) - (payment.refundedAmount ? toCents(payment.refundedAmount) : 0);

export function ClientPaymentList() {
  const client = useWonClientPicker();
  const [refunding, setRefunding] = useState<ClientPayment | null>(null);
  const payments = trpc.admin.clientPayments.useQuery(
    { id: client.referralId ?? '' },
    { enabled: Boolean(client.referralId) },
  );
  return (
    <Stack gap="xs" mt="lg" data-testid="client-payment-list">
      <Title order={3} size="h5">
        A client&apos;s payments
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {client.fields}
      </SimpleGrid>
      {!client.referralId ? null : payments.isError ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert">
          {errorMessage(payments.error, "Unable to load the client's payments.")}
        </Text>
      ) : payments.data && payments.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No payment is recorded for this client.
        </Text>
      ) : (
        <ColumnTable
          striped
          highlightOnHover
          aria-label="The client's payments"
          rows={payments.data ?? []}
          rowKey={(payment) => payment.id}
          columns={[
            {
              header: 'Month',
              card: 'title',
              cell: (payment) => (
                <>
                  <Text size="sm">{formatMonthKey(payment.periodMonth)}</Text>
                  <Text size="xs" c="dimmed" fw={400} style={{ overflowWrap: 'anywhere' }}>
                    Paid {formatDate(payment.paidAt)}
                    {payment.reference ? ` · ${payment.reference}` : ''}
                  </Text>
                </>
              ),
            },
            { header: 'Amount', numeric: true, card: 'aside', cell: (payment) => formatMoney(payment.amount) },
            {
              header: 'Fee',
              numeric: true,
              cell: (payment) => (payment.feeAmount ? formatMoney(payment.feeAmount) : '—'),
            },
            {
              header: 'Refunded',
              numeric: true,
              cell: (payment) =>
                payment.refundedAmount ? (
                  <Badge color={leftCents(payment) === 0 ? 'gray.7' : 'orange.9'} variant="filled" autoContrast>
                    {formatMoney(payment.refundedAmount)}
                  </Badge>
                ) : (
                  '—'
                ),
            },
            {
              header: 'Actions',
              card: 'full',
              cell: (payment) =>
                leftCents(payment) > 0 ? (
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconReceiptRefund size={14} />}
                    onClick={() => setRefunding(payment)}
                    aria-label={`Record refund of the ${formatMonthKey(payment.periodMonth)} payment`}
                  >
                    Record refund
                  </Button>
                ) : (
                  <Text size="xs" c="dimmed">
                    Refunded in full
                  </Text>
                ),
            },
          ]}
        />
      )}
      <FreshItemDialog item={refunding} onClose={() => setRefunding(null)} title="Record a refund">
        {(payment, close) => <RecordRefundForm payment={payment} onClose={close} />}
      </FreshItemDialog>
    </Stack>
  );
}

/** Why the typed amount cannot be refunded, or null: the server's own words. */
function refundAmountError(amount: string, left: number): string | null {
  const text = amount.trim();
  if (!text) return 'Enter the amount refunded';
  if (!isMoney(text) || toCents(text) <= 0) return CLIENT_PAYMENT_MESSAGES.refundAmount;
  if (toCents(text) > left) return CLIENT_PAYMENT_MESSAGES.refundAboveLeft(fromCents(left));
  return null;
}

/** Record refund: the amount given back, at most what is left; each opening starts from what is left. */
function RecordRefundForm({ payment, onClose }: { payment: ClientPayment; onClose: () => void }) {
  const utils = trpc.useUtils();
  const left = leftCents(payment);
  const [amount, setAmount] = useState(fromCents(left));
  const [error, setError] = useState<string | null>(null);
  // A retry after a lost answer (the same amount) carries the same key, so the refund is recorded once.
  const send = useIdempotentCreate((input: RouterInputs['admin']['refundClientPayment'], options) =>
    utils.client.admin.refundClientPayment.mutate(input, options),
  );
  const submitOnce = useFormMutation({
    mutate: send,
    success: (result) => [CLIENT_PAYMENT_MESSAGES.refundRecorded, `${result.detail}.`],
    refresh: () => Promise.all([afterCommissionChange(utils), utils.admin.clientPayments.invalidate()]),
    onDone: onClose,
    failure: 'The refund was not recorded',
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = refundAmountError(amount, left);
    setError(problem);
    if (problem) return;
    void submitOnce.run({ id: payment.id, amount: amount.trim() });
  }
  return (
    <StackedForm onSubmit={submit} onCancel={onClose} pending={submitOnce.pending} submitLabel="Record refund">
      <Group gap="xs" wrap="wrap">
        <Text size="sm">
          {formatMoney(payment.amount)} for {formatMonthKey(payment.periodMonth)}, paid {formatDate(payment.paidAt)}
          {payment.clientCompanyName ? ` by ${payment.clientCompanyName}` : ''}.
        </Text>
      </Group>
      <TextInput
        label="Amount refunded"
        leftSection="$"
        inputMode="decimal"
        value={amount}
        onChange={(event) => {
          setAmount(event.currentTarget.value);
          setError(null);
        }}
        description={`At most ${formatMoney(fromCents(left))} is left to refund. The fee's share of the refund is taken back from the partner.`}
        error={error}
        data-autofocus
      />
    </StackedForm>
  );
}
