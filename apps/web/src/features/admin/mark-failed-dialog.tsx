// Marking one pending commission failed, with a required reason; the payout queue refreshes after.

import { Modal, Stack, Text, Textarea } from '@mantine/core';
import { COMMISSION_MESSAGES, type PendingCommission } from '@portal/contracts';
import { formatMoney, formatMonthKey, MESSAGES } from '@portal/contracts/plain';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { afterCommissionChange } from '../../lib/invalidate';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { FormActions } from '../../layout/form-actions';
import { pendingLabel } from './void-commission-dialog';

export function MarkFailedDialog({ item, onClose }: { item: PendingCommission | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setReason('');
    setError(null);
  }, [item?.id]);
  const fail = trpc.admin.failCommission.useMutation({
    onSuccess: async () => {
      notifySuccess(COMMISSION_MESSAGES.commissionMarkedFailed, item ? `${pendingLabel(item)}, ${formatMonthKey(item.monthYear)}` : undefined);
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
            {item?.partnerCompanyName} · {item ? pendingLabel(item) : ''} · {item ? formatMonthKey(item.monthYear) : ''} · {item ? formatMoney(item.amount) : ''}
          </Text>
          <Textarea label="Reason" required autosize minRows={2} maxLength={500} value={reason} error={error} onChange={(event) => setReason(event.currentTarget.value)} data-autofocus />
          <FormActions justify="flex-end" onCancel={onClose} pending={fail.isPending} submitLabel="Mark failed" submitColor="red" />
        </Stack>
      </form>
    </Modal>
  );
}
