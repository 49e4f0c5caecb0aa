// Approving and rejecting an application, wherever it is offered (the approval queue, the Application
// Details dialog): approval asks first, rejection asks for an optional reason. Approval is confirmed
// rather than undone afterwards because it acts at once and outside the portal: the approval mail goes
// out and the partner.approved webhook fires in the same transaction, and neither can be called back.

import { Button, Text, type ButtonProps } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../layout/confirm-dialog';
import { RejectPartnerDialog } from './reason-decision-dialog';
import { NO_MAIL_NOTE, useMailDelivering } from '../emails/use-mail-delivery';
import { usePartnerDecisions } from './use-partner-decisions';

export const CONFIRM_APPROVAL = 'Approve partner';

export interface Applicant {
  id: string;
  companyName: string;
  contactName?: string;
}

/** Reject and Approve of one application, named for screen readers by the applicant's company. */
export function DecisionButtons({
  partner,
  busy,
  size,
  onApprove,
  onReject,
}: {
  partner: Applicant;
  busy: boolean;
  size?: ButtonProps['size'];
  onApprove: () => void;
  onReject: () => void;
}) {
  return (
    <>
      <Button
        size={size}
        variant="light"
        color="red"
        leftSection={<IconX size={16} />}
        onClick={onReject}
        disabled={busy}
        aria-label={`Reject ${partner.companyName}`}
      >
        Reject
      </Button>
      <Button
        size={size}
        color="teal.9"
        leftSection={<IconCheck size={16} />}
        onClick={onApprove}
        disabled={busy}
        aria-label={`Approve ${partner.companyName}`}
      >
        Approve
      </Button>
    </>
  );
}

export function ApprovePartnerDialog({
  partner,
  pending,
  onClose,
  onConfirm,
}: {
  partner: Applicant | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const delivering = useMailDelivering(partner !== null);
  const contact = partner?.contactName ?? 'The applicant';
  return (
    <ConfirmDialog
      opened={partner !== null}
      onClose={onClose}
      title="Approve application"
      confirmLabel={CONFIRM_APPROVAL}
      confirmColor="teal.9"
      pending={pending}
      onConfirm={onConfirm}
    >
      <Text size="sm">
        Approve <strong>{partner?.companyName}</strong>?{' '}
        {delivering
          ? `${contact} gets the approval email at once and can sign in to refer clients.`
          : `${contact} can sign in to refer clients at once, but gets no approval email. ${NO_MAIL_NOTE}: tell them yourself.`}{' '}
        An approval is not taken back; suspend the partner later if needed.
      </Text>
    </ConfirmDialog>
  );
}

/** The approve and reject flows of applications, with their dialogs; `onDecided` runs after a decision held. */
export function useApplicationDecisions({ onDecided }: { onDecided?: () => void } = {}) {
  const decisions = usePartnerDecisions();
  const [approving, setApproving] = useState<Applicant | null>(null);
  const [rejecting, setRejecting] = useState<Applicant | null>(null);

  async function approve() {
    if (!approving) return;
    const held = await decisions.approve(approving.id);
    setApproving(null);
    if (held) onDecided?.();
  }

  const dialogs = (
    <>
      <ApprovePartnerDialog
        partner={approving}
        pending={decisions.busy && approving !== null}
        onClose={() => setApproving(null)}
        onConfirm={() => void approve()}
      />
      <RejectPartnerDialog
        partner={rejecting}
        submitting={decisions.busy && rejecting !== null}
        onClose={() => setRejecting(null)}
        onConfirm={async (reason) => {
          if (!rejecting) return;
          if (await decisions.reject(rejecting.id, reason)) {
            setRejecting(null);
            onDecided?.();
          }
        }}
      />
    </>
  );

  return {
    askApproval: setApproving,
    askRejection: setRejecting,
    /** The application whose decision is being made right now. */
    busyFor: (id: string) => decisions.busy && (approving?.id === id || rejecting?.id === id),
    dialogs,
  };
}
