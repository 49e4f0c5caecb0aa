// The submit of a dialog that creates a referral (the partner's New Referral, the admin's Add Client):
// the form's values sent as the call's payload with one idempotency key per attempt, then every list
// that shows referrals refreshed and the dialog closed. A refusal that names a field shows on it (`form`,
// `fieldErrors`), any other in a toast.

import { afterReferralChange } from '../../lib/invalidate';
import { trpc } from '../../lib/trpc';
import { useFormMutation, type FormMutationOptions } from '../../lib/use-form-mutation';
import { useIdempotentCreate } from '../../lib/use-submit-once';

export function useReferralCreation<V, I, R>({
  create,
  payload,
  onClose,
  ...messages
}: {
  create: (input: I, options: { context: { idempotencyKey: string } }) => Promise<R>;
  /** The call's input from the form's values. */
  payload: (values: V) => I;
  onClose: () => void;
} & Pick<FormMutationOptions<V, R>, 'success' | 'failure' | 'failureMessage' | 'form' | 'fieldErrors'>) {
  const utils = trpc.useUtils();
  const send = useIdempotentCreate(create);
  return useFormMutation({
    mutate: (values: V) => send(payload(values)),
    refresh: () => afterReferralChange(utils),
    onDone: onClose,
    ...messages,
  });
}
