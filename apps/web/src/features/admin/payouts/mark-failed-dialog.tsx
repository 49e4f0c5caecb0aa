// Marking one pending commission failed, with a required reason; the payout queue refreshes after.

import { COMMISSION_MESSAGES, type PendingCommission } from '@portal/contracts';
import { afterCommissionChange } from '../../../lib/invalidate';
import { trpc } from '../../../lib/trpc';
import { useFormMutation } from '../../../lib/use-form-mutation';
import { CommissionReasonDialog, pendingDetail } from './commission-reason-dialog';

export function MarkFailedDialog({ item, onClose }: { item: PendingCommission | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const fail = trpc.admin.failCommission.useMutation();
  const submit = useFormMutation({
    mutate: fail.mutateAsync,
    success: () => [COMMISSION_MESSAGES.commissionMarkedFailed, pendingDetail(item)],
    refresh: () => afterCommissionChange(utils),
    onDone: onClose,
    failure: 'Could not mark the commission failed',
  });
  return (
    <CommissionReasonDialog
      item={item}
      onClose={onClose}
      title="Mark commission failed"
      submitLabel="Mark failed"
      reasonRequired="A failure reason is required"
      pending={submit.pending}
      onSubmit={(input) => void submit.run(input)}
    />
  );
}
