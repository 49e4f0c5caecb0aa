// One pending commission and a required reason: the form that marking it failed and voiding it
// share. The caller names the action and runs it; the payout queue refreshes after either.

import { Modal, Text } from '@mantine/core';
import type { PendingCommission } from '@portal/contracts';
import { COMMISSION_KIND_LABELS, formatMoney, formatMonthKey } from '@portal/contracts/plain';
import { useEffect, useState, type ReactNode } from 'react';
import { ReasonForm } from '../../../layout/reason-form';

/** What a pending row is, in words: its client, or its kind for an adjustment without one. */
export const pendingLabel = (item: Pick<PendingCommission, 'clientCompanyName' | 'kind'>) =>
  item.clientCompanyName ?? COMMISSION_KIND_LABELS[item.kind];

/** The line a success toast adds: which commission it was. */
export const pendingDetail = (item: PendingCommission | null) =>
  item ? `${pendingLabel(item)}, ${formatMonthKey(item.monthYear)}` : undefined;

export interface CommissionReasonDialogProps {
  item: PendingCommission | null;
  onClose: () => void;
  title: string;
  submitLabel: string;
  /** Shown when the reason is left empty. */
  reasonRequired: string;
  /** What the action does, under the commission's line. */
  explanation?: ReactNode;
  pending: boolean;
  onSubmit: (input: { id: string; reason: string }) => void;
}

export function CommissionReasonDialog({
  item,
  onClose,
  title,
  submitLabel,
  reasonRequired,
  explanation,
  pending,
  onSubmit,
}: CommissionReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setReason('');
    setError(null);
  }, [item?.id]);

  return (
    <Modal opened={item !== null} onClose={onClose} title={title}>
      <ReasonForm
        onSubmit={(event) => {
          event.preventDefault();
          if (!item) return;
          if (!reason.trim()) {
            setError(reasonRequired);
            return;
          }
          onSubmit({ id: item.id, reason });
        }}
        reason={{
          maxLength: 500,
          value: reason,
          error,
          onChange: (event) => setReason(event.currentTarget.value),
        }}
        onCancel={onClose}
        pending={pending}
        submitLabel={submitLabel}
        submitColor="red"
      >
        <Text size="sm">
          {item?.partnerCompanyName} · {item ? pendingLabel(item) : ''} · {item ? formatMonthKey(item.monthYear) : ''} ·{' '}
          {item ? formatMoney(item.amount) : ''}
        </Text>
        {explanation && (
          <Text size="sm" c="dimmed">
            {explanation}
          </Text>
        )}
      </ReasonForm>
    </Modal>
  );
}
