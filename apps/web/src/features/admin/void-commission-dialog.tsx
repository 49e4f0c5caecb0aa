// Voiding one pending commission, with a required reason: it leaves every total and the partner
// is mailed. (A paid one cannot be voided; the server answers 409 and a clawback takes it back.)

import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { COMMISSION_MESSAGES, type PendingCommission } from '@portal/contracts';
import { COMMISSION_KIND_LABELS, formatMoney, formatMonthKey, MESSAGES } from '@portal/contracts/plain';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { afterCommissionChange } from '../../lib/invalidate';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { FormActions } from '../../layout/form-actions';

/** What a pending row is, in words: its client, or its kind for an adjustment without one. */
export const pendingLabel = (item: Pick<PendingCommission, 'clientCompanyName' | 'kind'>) => item.clientCompanyName ?? COMMISSION_KIND_LABELS[item.kind];

export function VoidCommissionDialog({ item, onClose }: { item: PendingCommission | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setReason('');
    setError(null);
  }, [item?.id]);
  const voidIt = trpc.admin.voidCommission.useMutation({
    onSuccess: async () => {
      notifySuccess(COMMISSION_MESSAGES.commissionVoided, item ? `${pendingLabel(item)}, ${formatMonthKey(item.monthYear)}` : undefined);
      onClose();
      await afterCommissionChange(utils);
    },
    onError: (cause) => notifyError('Could not void the commission', errorMessage(cause, MESSAGES.genericError)),
  });

  return (
    <Modal opened={item !== null} onClose={onClose} title="Void commission">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!item) return;
          if (!reason.trim()) {
            setError('A reason is required to void a commission');
            return;
          }
          voidIt.mutate({ id: item.id, reason });
        }}
      >
        <Stack gap="sm">
          <Text size="sm">
            {item?.partnerCompanyName} · {item ? pendingLabel(item) : ''} · {item ? formatMonthKey(item.monthYear) : ''} · {item ? formatMoney(item.amount) : ''}
          </Text>
          <Text size="sm" c="dimmed">
            A voided commission is never paid and counts in no total. The partner is told why.
          </Text>
          <Textarea label="Reason" required autosize minRows={2} maxLength={500} value={reason} error={error} onChange={(event) => setReason(event.currentTarget.value)} data-autofocus />
          <FormActions justify="flex-end" onCancel={onClose} pending={voidIt.isPending} submitLabel="Void commission" submitColor="red" />
        </Stack>
      </form>
    </Modal>
  );
}
