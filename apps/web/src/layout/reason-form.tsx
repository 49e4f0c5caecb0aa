// The form of an action that asks why (end a partnership, forfeit fees, extend a window, decide a
// qualification, reject an application, mark a commission failed or void it): what the action does,
// any fields of its own, the reason, and Cancel beside the confirming button.

import { Textarea, type MantineColor, type TextareaProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { PROGRAM_TERMS_MESSAGES } from '@portal/contracts';
import type { FormEvent, ReactNode } from 'react';
import { fieldErrorsOf } from '../lib/errors';
import { useFormMutationProps, type FormMutationOptions } from '../lib/use-form-mutation';
import { StackedForm } from './form-actions';

/** The server's words about the reason (a reason is required), for the reason field rather than a toast. */
const reasonFieldErrors = (error: unknown) => fieldErrorsOf(error, { reason: [PROGRAM_TERMS_MESSAGES.reasonRequired] });

/**
 * A form with a reason submitted by a form mutation, as ReasonForm's submit, Cancel (which is `onDone`)
 * and pending state. A failure's field errors show on the form: by default the server's words about the reason.
 */
export function useReasonFormMutation<V, R>(
  form: UseFormReturnType<V>,
  options: Omit<FormMutationOptions<V, R>, 'form'> & { onDone: () => void },
): Pick<ReasonFormProps, 'onSubmit' | 'onCancel' | 'pending'> {
  return useFormMutationProps(form, { fieldErrors: reasonFieldErrors, ...options });
}

export interface ReasonFormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** What the action does and to whom, and the fields that come before the reason. */
  children: ReactNode;
  /** The reason field's value and error (a form's `getInputProps('reason')`) and what differs from a required "Reason" of at most 1,000 characters. */
  reason: TextareaProps;
  /** Whether the reason takes the focus when the dialog opens (else a field before it does). */
  focusReason?: boolean;
  /** The fields that come after the reason. */
  after?: ReactNode;
  onCancel: () => void;
  pending: boolean;
  submitLabel: ReactNode;
  submitColor?: MantineColor;
}

export function ReasonForm({ children, reason, focusReason = true, after, ...form }: ReasonFormProps) {
  return (
    <StackedForm {...form}>
      {children}
      <Textarea
        label="Reason"
        required
        autosize
        minRows={2}
        maxLength={1000}
        {...reason}
        {...(focusReason ? { 'data-autofocus': true } : {})}
      />
      {after}
    </StackedForm>
  );
}
