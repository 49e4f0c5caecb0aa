// Voiding one pending commission, with a required reason: it leaves every total and the partner
// is mailed. (A paid one cannot be voided; the server answers 409 and a clawback takes it back.)

import { COMMISSION_MESSAGES, type PendingCommission } from '@portal/contracts';
import { afterCommissionChange } from '../../../lib/invalidate';
import { trpc } from '../../../lib/trpc';
import { useFormMutation } from '../../../lib/use-form-mutation';
import { CommissionReasonDialog, pendingDetail } from './commission-reason-dialog';

export function VoidCommissionDialog({ item, onClose }: { item: PendingCommission | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const voidIt = trpc.admin.voidCommission.useMutation();
  const submit = useFormMutation({
    mutate: voidIt.mutateAsync,
    success: () => [COMMISSION_MESSAGES.commissionVoided, pendingDetail(item)],
    refresh: () => afterCommissionChange(utils),
    onDone: onClose,
    failure: 'Could not void the commission',
  });
  return (
    <CommissionReasonDialog
      item={item}
      onClose={onClose}
      title="Void commission"
      submitLabel="Void commission"
      reasonRequired="A reason is required to void a commission"
      explanation="A voided commission is never paid and counts in no total. The partner is told why."
      pending={submit.pending}
      onSubmit={(input) => void submit.run(input)}
    />
  );
}
