// Approve / reject / suspend / reactivate with the spec's toasts (§8); every admin list and the
// metrics refresh afterwards, so the screen follows without a reload. One table says what each
// decision announces; one function runs any of them.

import { MESSAGES } from '@portal/contracts/plain';
import { afterPartnerDecision } from '../../../lib/invalidate';
import { notifySuccess, notifyFailure } from '../../../lib/notify';
import { trpc } from '../../../lib/trpc';

type Decision = 'approve' | 'reject' | 'suspend' | 'reactivate';

interface DecisionToasts {
  success: string;
  successText: (companyName: string) => string;
  failure: string;
  /** Shown when the server gives no message of its own. */
  failureFallback: string;
}

export const DECISION_TOASTS: Record<Decision, DecisionToasts> = {
  approve: {
    success: MESSAGES.partnerApproved,
    successText: (name) => `${name} has been approved and activated.`,
    failure: MESSAGES.approvalFailed,
    failureFallback: MESSAGES.approvalFailedText,
  },
  reject: {
    success: MESSAGES.partnerRejected,
    successText: (name) => `${name}'s application has been rejected.`,
    failure: MESSAGES.rejectionFailed,
    failureFallback: MESSAGES.rejectionFailedText,
  },
  suspend: {
    success: 'Partner suspended',
    successText: (name) => `${name} can no longer use the partner dashboard.`,
    failure: 'Suspension failed',
    failureFallback: MESSAGES.genericError,
  },
  reactivate: {
    success: 'Partner reactivated',
    successText: (name) => `${name} is active again.`,
    failure: 'Reactivation failed',
    failureFallback: MESSAGES.genericError,
  },
};

export function usePartnerDecisions() {
  const utils = trpc.useUtils();
  const mutations = {
    approve: trpc.admin.approvePartner.useMutation(),
    reject: trpc.admin.rejectPartner.useMutation(),
    suspend: trpc.admin.suspendPartner.useMutation(),
    reactivate: trpc.admin.reactivatePartner.useMutation(),
  };

  /** Runs one decision: its toast on success or failure, then the refresh; answers whether it held. */
  async function decide(decision: Decision, send: () => Promise<{ companyName: string }>): Promise<boolean> {
    const toasts = DECISION_TOASTS[decision];
    try {
      const partner = await send();
      notifySuccess(toasts.success, toasts.successText(partner.companyName));
      return true;
    } catch (error) {
      notifyFailure(toasts.failure, error, toasts.failureFallback);
      return false;
    } finally {
      await afterPartnerDecision(utils);
    }
  }

  return {
    busy: Object.values(mutations).some((mutation) => mutation.isPending),
    approve: (id: string) => decide('approve', () => mutations.approve.mutateAsync({ id })),
    reject: (id: string, reason: string) =>
      decide('reject', () => mutations.reject.mutateAsync({ id, reason: reason.trim() || undefined })),
    suspend: (id: string, reason: string) =>
      decide('suspend', () => mutations.suspend.mutateAsync({ id, reason: reason.trim() || undefined })),
    reactivate: (id: string) => decide('reactivate', () => mutations.reactivate.mutateAsync({ id })),
  };
}
