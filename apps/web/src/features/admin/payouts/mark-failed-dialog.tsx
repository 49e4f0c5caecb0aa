// Marking one pending commission failed, with a required reason; the payout queue refreshes after.

import { COMMISSION_MESSAGES, type PendingCommission } from '@portal/contracts';
import { afterCommissionChange } from '../../../lib/invalidate';
import { notifySuccess, notifyFailure } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';
import { CommissionReasonDialog, pendingDetail } from './commission-reason-dialog';

export function MarkFailedDialog({ item, onClose }: { item: PendingCommission | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const fail = trpc.admin.failCommission.useMutation({
    onSuccess: async () => {
      notifySuccess(COMMISSION_MESSAGES.commissionMarkedFailed, pendingDetail(item));
      onClose();
      await afterCommissionChange(utils);
    },
    onError: (cause) => notifyFailure('Could not mark the commission failed', cause),
  });
  return (
    <CommissionReasonDialog
      item={item}
      onClose={onClose}
      title="Mark commission failed"
      submitLabel="Mark failed"
      reasonRequired="A failure reason is required"
      pending={fail.isPending}
      onSubmit={(input) => fail.mutate(input)}
    />
  );
}
