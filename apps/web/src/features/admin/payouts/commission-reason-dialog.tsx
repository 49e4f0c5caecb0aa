// One pending commission and a required reason: the form that marking it failed and voiding it
// share, and the two actions it runs. The payout queue refreshes after either.

import { Text } from '@mantine/core';
import { COMMISSION_MESSAGES, type PendingCommission } from '@portal/contracts';
import { COMMISSION_KIND_LABELS, formatMoney, formatMonthKey } from '@portal/contracts/plain';
import { useEffect, useState, type ReactNode } from 'react';
import { ReasonForm } from '../../../layout/reason-form';
import { FreshDialog } from '../../../layout/fresh-dialog';
import { afterCommissionChange } from '../../../lib/invalidate';
import { trpc } from '../../../lib/trpc';
import { useFormMutation } from '../../../lib/use-form-mutation';

/** What a pending row is, in words: its client, or its kind for an adjustment without one. */
export const pendingLabel = (item: Pick<PendingCommission, 'clientCompanyName' | 'kind'>) =>
  item.clientCompanyName ?? COMMISSION_KIND_LABELS[item.kind];

/** The line a success toast adds: which commission it was. */
export const pendingDetail = (item: PendingCommission | null) =>
  item ? `${pendingLabel(item)}, ${formatMonthKey(item.monthYear)}` : undefined;

export interface CommissionReasonDialogProps {
  item: PendingCommission | null;
  onClose: () => void;
  title: string;
  submitLabel: string;
  /** Shown when the reason is left empty. */
  reasonRequired: string;
  /** What the action does, under the commission's line. */
  explanation?: ReactNode;
  pending: boolean;
  onSubmit: (input: { id: string; reason: string }) => void;
}

export function CommissionReasonDialog({
  item,
  onClose,
  title,
  submitLabel,
  reasonRequired,
  explanation,
  pending,
  onSubmit,
}: CommissionReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setReason('');
    setError(null);
  }, [item?.id]);

  return (
    <FreshDialog opened={item !== null} onClose={onClose} title={title}>
      <ReasonForm
        onSubmit={(event) => {
          event.preventDefault();
          if (!item) return;
          if (!reason.trim()) {
            setError(reasonRequired);
            return;
          }
          onSubmit({ id: item.id, reason });
        }}
        reason={{
          maxLength: 500,
          value: reason,
          error,
          onChange: (event) => setReason(event.currentTarget.value),
        }}
        onCancel={onClose}
        pending={pending}
        submitLabel={submitLabel}
        submitColor="red.9"
      >
        <Text size="sm">
          {item?.partnerCompanyName} · {item ? pendingLabel(item) : ''} · {item ? formatMonthKey(item.monthYear) : ''} ·{' '}
          {item ? formatMoney(item.amount) : ''}
        </Text>
        {explanation && (
          <Text size="sm" c="dimmed">
            {explanation}
          </Text>
        )}
      </ReasonForm>
    </FreshDialog>
  );
}

type ActionDefinition = Pick<
  CommissionReasonDialogProps,
  'title' | 'submitLabel' | 'reasonRequired' | 'explanation'
> & {
  /** The call that takes the action (a hook: the mutation of this action). */
  useMutate: () => (input: { id: string; reason: string }) => Promise<unknown>;
  /** The success toast's title. */
  done: string;
  /** The failure toast's title. */
  failure: string;
};

const ACTIONS = {
  fail: {
    useMutate: () => trpc.admin.failCommission.useMutation().mutateAsync,
    title: 'Mark commission failed',
    submitLabel: 'Mark failed',
    reasonRequired: 'A failure reason is required',
    done: COMMISSION_MESSAGES.commissionMarkedFailed,
    failure: 'Could not mark the commission failed',
  },
  // A voided commission leaves every total and the partner is mailed. A paid one cannot be voided: the
  // server answers 409 and a clawback takes it back.
  void: {
    useMutate: () => trpc.admin.voidCommission.useMutation().mutateAsync,
    title: 'Void commission',
    submitLabel: 'Void commission',
    reasonRequired: 'A reason is required to void a commission',
    explanation: 'A voided commission is never paid and counts in no total. The partner is told why.',
    done: COMMISSION_MESSAGES.commissionVoided,
    failure: 'Could not void the commission',
  },
} satisfies Record<string, ActionDefinition>;

export type CommissionAction = keyof typeof ACTIONS;
export const COMMISSION_ACTIONS = Object.keys(ACTIONS) as CommissionAction[];

/** Marking one pending commission failed, or voiding it, with the reason asked for. */
export function CommissionActionDialog({
  action,
  item,
  onClose,
}: {
  action: CommissionAction;
  item: PendingCommission | null;
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  const { useMutate, done, failure, ...dialog }: ActionDefinition = ACTIONS[action];
  const mutate = useMutate();
  const submit = useFormMutation({
    mutate,
    success: () => [done, pendingDetail(item)],
    refresh: () => afterCommissionChange(utils),
    onDone: onClose,
    failure,
  });
  return (
    <CommissionReasonDialog
      {...dialog}
      item={item}
      onClose={onClose}
      pending={submit.pending}
      onSubmit={(input) => void submit.run(input)}
    />
  );
}
