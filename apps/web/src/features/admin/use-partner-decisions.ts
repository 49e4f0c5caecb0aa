// Approve / reject / suspend / reactivate with the spec's toasts (§8); every admin list and the
// metrics refresh afterwards, so the screen follows without a reload.

import { MESSAGES } from '@portal/contracts/plain';
import { errorMessage } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { afterPartnerDecision } from '../../lib/invalidate';
import { trpc } from '../../lib/trpc';

export function usePartnerDecisions() {
  const utils = trpc.useUtils();
  const refresh = () => afterPartnerDecision(utils);
  const approve = trpc.admin.approvePartner.useMutation();
  const reject = trpc.admin.rejectPartner.useMutation();
  const suspend = trpc.admin.suspendPartner.useMutation();
  const reactivate = trpc.admin.reactivatePartner.useMutation();

  return {
    busy: approve.isPending || reject.isPending || suspend.isPending || reactivate.isPending,
    async approve(id: string): Promise<boolean> {
      try {
        const partner = await approve.mutateAsync({ id });
        notifySuccess(MESSAGES.partnerApproved, `${partner.companyName} has been approved and activated.`);
        return true;
      } catch (error) {
        notifyError(MESSAGES.approvalFailed, errorMessage(error, MESSAGES.approvalFailedText));
        return false;
      } finally {
        await refresh();
      }
    },
    async reject(id: string, reason: string): Promise<boolean> {
      try {
        const partner = await reject.mutateAsync({ id, reason: reason.trim() || undefined });
        notifySuccess(MESSAGES.partnerRejected, `${partner.companyName}'s application has been rejected.`);
        return true;
      } catch (error) {
        notifyError(MESSAGES.rejectionFailed, errorMessage(error, MESSAGES.rejectionFailedText));
        return false;
      } finally {
        await refresh();
      }
    },
    async suspend(id: string): Promise<boolean> {
      try {
        const partner = await suspend.mutateAsync({ id });
        notifySuccess('Partner suspended', `${partner.companyName} can no longer use the partner dashboard.`);
        return true;
      } catch (error) {
        notifyError('Suspension failed', errorMessage(error, MESSAGES.genericError));
        return false;
      } finally {
        await refresh();
      }
    },
    async reactivate(id: string): Promise<boolean> {
      try {
        const partner = await reactivate.mutateAsync({ id });
        notifySuccess('Partner reactivated', `${partner.companyName} is active again.`);
        return true;
      } catch (error) {
        notifyError('Reactivation failed', errorMessage(error, MESSAGES.genericError));
        return false;
      } finally {
        await refresh();
      }
    },
  };
}
