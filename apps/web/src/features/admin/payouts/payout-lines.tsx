// A payout's lines, one per partner: confirmed when the money arrived, or returned with the bank's
// ACH return code (the partner's fees become failed and they are asked to fix their details). Each
// button is busy from its first click until the answer: a double click confirms or returns a line once.

import { Badge, Button, Group, Select, Text, Textarea } from '@mantine/core';
import {
  ACH_RETURN_CODES,
  ACH_RETURN_REASONS,
  OTHER_RETURN_CODE,
  PAYOUT_RAIL_MESSAGES,
  type Payout,
  type PayoutLine,
  type PayoutLineReturnInput,
} from '@portal/contracts';
import { formatMoney } from '@portal/contracts/plain';
import { useState } from 'react';
import { ACTIONS_COLUMN, ColumnTable } from '../../../components/column-table';
import { QueryList } from '../../../components/list-section';
import { DialogForm } from '../../../layout/form-actions';
import { afterPayout } from '../../../lib/invalidate';
import { notifyFailure, notifySuccess } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import { useSubmitOnce } from '../../../lib/use-submit-once';

const RETURN_OPTIONS = [
  ...ACH_RETURN_CODES.map((code) => ({ value: code, label: `${code} ${ACH_RETURN_REASONS[code]}` })),
  { value: OTHER_RETURN_CODE, label: 'Other (PayPal or wire): give the reason' },
];

const STATUS_COLORS = { sent: 'gray', confirmed: 'teal', returned: 'red' } as const;

/**
 * What became of a partner's line in a payout: "Not sent" until the payout is marked sent, then sent
 * or confirmed, or returned with its ACH code (a PayPal or wire return has none); the reason shows on hover.
 */
export function PayoutLineStatusBadge({
  line,
  payoutSent,
}: {
  line: Pick<PayoutLine, 'status' | 'returnCode' | 'returnReason'>;
  payoutSent: boolean;
}) {
  const code = line.returnCode === OTHER_RETURN_CODE ? null : line.returnCode;
  return (
    <Badge size="sm" variant="light" color={STATUS_COLORS[line.status]} title={line.returnReason ?? undefined}>
      {line.status === 'returned'
        ? `Returned ${code ?? ''}`.trim()
        : line.status === 'sent' && !payoutSent
          ? 'Not sent'
          : line.status}
    </Badge>
  );
}

export function PayoutLines({ payout }: { payout: Payout }) {
  const utils = trpc.useUtils();
  const lines = trpc.admin.payoutLines.useQuery({ payoutId: payout.id });
  const [returning, setReturning] = useState<PayoutLine | null>(null);
  const refresh = async () => {
    await Promise.all([afterPayout(utils), utils.admin.payoutLines.invalidate()]);
  };
  const confirm = trpc.admin.confirmPayoutLine.useMutation({
    onSuccess: refresh,
    onError: (error) => notifyFailure('Confirming the line failed', error),
  });
  /** The partner of the last Confirm: its button spins while the call is pending, the others wait. */
  const [confirmingLine, setConfirmingLine] = useState<string | null>(null);
  const confirmOnce = useSubmitOnce(async (partnerId: string) => {
    setConfirmingLine(partnerId);
    await confirm.mutateAsync({ payoutId: payout.id, partnerId }).catch(() => undefined);
  });

  return (
    <QueryList
      query={lines}
      failure="Unable to load the partner lines."
      loading="Loading the partner lines"
      py="sm"
      failureText
    >
      {(data) => (
        <>
          <ColumnTable
            verticalSpacing={6}
            minWidth={520}
            data-testid="payout-lines"
            rows={data}
            rowKey={(line) => line.partnerId}
            columns={[
              { header: 'Partner', card: 'title', truncate: 220, cell: (line) => line.companyName },
              { header: 'Method', cell: (line) => line.paymentMethod },
              { header: 'Amount', numeric: true, card: 'aside', cell: (line) => formatMoney(line.amount) },
              {
                header: 'Status',
                card: 'aside',
                cell: (line) => <PayoutLineStatusBadge line={line} payoutSent={payout.sentAt !== null} />,
              },
              {
                ...ACTIONS_COLUMN,
                cell: (line) =>
                  payout.sentAt &&
                  line.status === 'sent' && (
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="light"
                        color="teal"
                        loading={confirmOnce.pending && confirmingLine === line.partnerId}
                        disabled={confirmOnce.pending && confirmingLine !== line.partnerId}
                        onClick={() => void confirmOnce.run(line.partnerId)}
                        aria-label={`Confirm the line of ${line.companyName}`}
                      >
                        Confirm
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="light"
                        color="red"
                        onClick={() => setReturning(line)}
                        aria-label={`Record a return for ${line.companyName}`}
                      >
                        Returned
                      </Button>
                    </Group>
                  ),
              },
            ]}
          />
          {!payout.sentAt && (
            <Text size="xs" c="dimmed">
              {PAYOUT_RAIL_MESSAGES.payoutNotSent}.
            </Text>
          )}
          <ReturnLineDialog payout={payout} line={returning} onClose={() => setReturning(null)} onDone={refresh} />
        </>
      )}
    </QueryList>
  );
}

function ReturnLineDialog({
  payout,
  line,
  onClose,
  onDone,
}: {
  payout: Payout;
  line: PayoutLine | null;
  onClose: () => void;
  onDone: () => Promise<void>;
}) {
  const [code, setCode] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ code?: string; reason?: string }>({});
  const returnLine = trpc.admin.returnPayoutLine.useMutation({
    onSuccess: async (result) => {
      notifySuccess(
        'Return recorded',
        `${result.companyName}: ${result.returnReason ?? ''}. The partner was asked to fix their details.`,
      );
      close();
      await onDone();
    },
    onError: (error) => notifyFailure('Recording the return failed', error),
  });
  const recordOnce = useSubmitOnce(async (input: PayoutLineReturnInput) => {
    await returnLine.mutateAsync(input).catch(() => undefined);
  });
  function close() {
    setCode(null);
    setReason('');
    setErrors({});
    onClose();
  }
  return (
    <DialogForm
      opened={line !== null}
      onClose={close}
      title="Record a returned payment"
      onSubmit={(event) => {
        event.preventDefault();
        if (!line) return;
        const next: typeof errors = {};
        if (!code) next.code = 'Choose the return code the bank gave';
        if (code === OTHER_RETURN_CODE && !reason.trim()) next.reason = PAYOUT_RAIL_MESSAGES.returnReasonRequired;
        setErrors(next);
        if (next.code || next.reason || !code) return;
        void recordOnce.run({
          payoutId: payout.id,
          partnerId: line.partnerId,
          returnCode: code as PayoutLineReturnInput['returnCode'],
          ...(reason.trim() ? { reason: reason.trim() } : {}),
        });
      }}
      spacing="md"
      gap="sm"
      pending={recordOnce.pending}
      submitLabel="Record return"
      submitColor="red.9"
      busyLabel="Recording..."
    >
      {line && (
        <Text size="sm">
          {line.companyName}: {formatMoney(line.amount)} by {line.paymentMethod} in {payout.reference}. Its fees become
          failed and the partner is mailed to fix their payment details.
        </Text>
      )}
      <Select
        label="Return code"
        withAsterisk
        data={RETURN_OPTIONS}
        value={code}
        onChange={(value) => {
          setCode(value);
          setErrors({});
        }}
        error={errors.code}
        searchable
        comboboxProps={{ withinPortal: true }}
      />
      <Textarea
        label="Note"
        description="Required for Other; added to the reason the partner reads"
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        error={errors.reason}
        autosize
        minRows={2}
        maxLength={500}
      />
    </DialogForm>
  );
}
