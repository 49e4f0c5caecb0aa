// One way a form changes something: the call, then a success toast, the refetch of every view that
// shows the change, and only then the close (so the screen behind the dialog is already current). A
// failure shows where it belongs: on the fields it names (the server's validation issues and the
// words known to be about a field), else in a failure toast, by default with the server's words. A
// second submit while the first is in flight does nothing; `pending` drives the submit button.

import type { UseFormReturnType } from '@mantine/form';
import type { FormEventHandler } from 'react';
import { errorMessage } from './errors';
import { notifyError, notifySuccess } from './notify';
import { useSubmitOnce } from './use-submit-once';

export interface FormMutationOptions<V, R> {
  /** The call the submit makes with the form's values. */
  mutate: (values: V) => Promise<R>;
  /** The success toast's title and line, from the server's answer. */
  success: (result: R, values: V) => readonly [title: string, message?: string];
  /** Refetches what shows the change; the form closes once it is done. */
  refresh?: () => Promise<unknown>;
  /** Closes the dialog (or clears the form) after a success. */
  onDone?: () => void;
  /** The failure toast's title, for a failure that names none of the form's fields. */
  failure: string;
  /** The failure toast's line; by default the server's words (errorMessage). */
  failureMessage?: (error: unknown) => string;
  /** The form that shows a failure's field errors (a Mantine form). */
  form?: { setErrors: (errors: Record<string, string>) => void };
  /** The errors a failure names about the form's fields, usually `fieldErrorsOf` with each field's known words. */
  fieldErrors?: (error: unknown) => Partial<Record<string, string>>;
}

/** `run(values)` submits once and answers the server's result (undefined after a failure or a repeat); `pending` while it runs. */
export function useFormMutation<V, R>(options: FormMutationOptions<V, R>) {
  return useSubmitOnce(async (values: V): Promise<R | undefined> => {
    const { mutate, success, refresh, onDone, failure, failureMessage = errorMessage, form, fieldErrors } = options;
    try {
      const result = await mutate(values);
      notifySuccess(...success(result, values));
      await refresh?.();
      onDone?.();
      return result;
    } catch (error) {
      const errors = Object.fromEntries(
        Object.entries(fieldErrors?.(error) ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined),
      );
      if (form && Object.keys(errors).length > 0) form.setErrors(errors);
      else notifyError(failure, failureMessage(error));
      return undefined;
    }
  });
}

/**
 * A Mantine form submitted by a form mutation, as the props of the form that shows it (StackedForm, ReasonForm):
 * its submit, its Cancel (which is `onDone`) and its pending state. A failure's field errors show on the form.
 */
export function useFormMutationProps<V, R>(
  form: UseFormReturnType<V>,
  options: Omit<FormMutationOptions<V, R>, 'form'> & { onDone: () => void },
): { onSubmit: FormEventHandler<HTMLFormElement>; onCancel: () => void; pending: boolean } {
  const submit = useFormMutation({ ...options, form });
  return {
    onSubmit: form.onSubmit((values) => void submit.run(values)),
    onCancel: options.onDone,
    pending: submit.pending,
  };
}
