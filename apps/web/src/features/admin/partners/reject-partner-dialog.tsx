// Asks for an optional reason before a rejection is stored.

import { Modal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { ReasonForm } from '../../../layout/reason-form';
import { useSubmitOnce } from '../../../lib/use-submit-once';

export const REJECTION_REASON_MAX = 1000;

export function RejectPartnerDialog({
  partner,
  onClose,
  onConfirm,
  submitting,
}: {
  partner: { id: string; companyName: string } | null;
  onClose: () => void;
  onConfirm: (reason: string) => void | Promise<void>;
  submitting: boolean;
}) {
  const [reason, setReason] = useState('');
  const confirmOnce = useSubmitOnce(onConfirm);
  useEffect(() => setReason(''), [partner?.id]);

  return (
    <Modal opened={partner !== null} onClose={onClose} title="Reject application" size="md">
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
        submitLabel="Reject"
        submitColor="red.9"
      >
        <Text size="sm">
          Reject the application of <strong>{partner?.companyName}</strong>? The applicant will see that the account was
          rejected, with the reason if you give one.
        </Text>
      </ReasonForm>
    </Modal>
  );
}
