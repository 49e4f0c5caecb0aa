// Marking one pending commission failed, with a required reason; the payout queue refreshes after.

import { COMMISSION_MESSAGES, type PendingCommission } from '@portal/contracts';
import { MESSAGES } from '@portal/contracts/plain';
import { errorMessage } from '../../../lib/errors';
import { afterCommissionChange } from '../../../lib/invalidate';
import { notifyError, notifySuccess } from '../../../lib/notify';
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
    onError: (cause) => notifyError('Could not mark the commission failed', errorMessage(cause, MESSAGES.genericError)),
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
