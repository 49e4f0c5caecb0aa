// The decisions that tell the partner why: a rejection and a suspension each ask for an optional reason
// before they are stored. The partner reads it on their status screen and in the mail.

import { Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import { ReasonForm } from '../../../layout/reason-form';
import { FreshDialog } from '../../../layout/fresh-dialog';
import { useSubmitOnce } from '../../../lib/use-submit-once';

export const REJECTION_REASON_MAX = 1000;

type ReasonDecision = 'reject' | 'suspend';

interface DecisionDialogProps {
  partner: { id: string; companyName: string } | null;
  onClose: () => void;
  onConfirm: (reason: string) => void | Promise<void>;
  submitting: boolean;
}

/** What each dialog asks, and the look of its confirm button. */
const COPY: Record<ReasonDecision, { title: string; submit: string; ask: (name: ReactNode) => ReactNode }> = {
  reject: {
    title: 'Reject application',
    submit: 'Reject',
    ask: (name) => (
      <>
        Reject the application of {name}? The applicant will see that the account was rejected, with the reason if you
        give one.
      </>
    ),
  },
  suspend: {
    title: 'Suspend partner',
    submit: 'Suspend',
    ask: (name) => (
      <>
        Suspend {name}? They can no longer use the partner dashboard or add referrals; fees already earned stay payable.
        They are told by mail, with the reason if you give one, and Reactivate undoes it.
      </>
    ),
  },
};

export function ReasonDecisionDialog({
  decision,
  partner,
  onClose,
  onConfirm,
  submitting,
}: DecisionDialogProps & { decision: ReasonDecision }) {
  const [reason, setReason] = useState('');
  const confirmOnce = useSubmitOnce(onConfirm);
  useEffect(() => setReason(''), [partner?.id]);
  const copy = COPY[decision];

  return (
    <FreshDialog opened={partner !== null} onClose={onClose} title={copy.title} size="md">
      <ReasonForm
        onSubmit={(event) => {
          event.preventDefault();
          void confirmOnce.run(reason);
        }}
        reason={{
          label: 'Reason (optional)',
          required: false,
          maxRows: 6,
          maxLength: REJECTION_REASON_MAX,
          value: reason,
          onChange: (event) => setReason(event.currentTarget.value),
        }}
        onCancel={onClose}
        pending={submitting || confirmOnce.pending}
        submitLabel={copy.submit}
        submitColor="red.9"
      >
        <Text size="sm">{copy.ask(<strong>{partner?.companyName}</strong>)}</Text>
      </ReasonForm>
    </FreshDialog>
  );
}

export const RejectPartnerDialog = (props: DecisionDialogProps) => (
  <ReasonDecisionDialog decision="reject" {...props} />
);
export const SuspendPartnerDialog = (props: DecisionDialogProps) => (
  <ReasonDecisionDialog decision="suspend" {...props} />
);
