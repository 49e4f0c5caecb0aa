// "Your name", from a team member's user menu: how the activity log and the team list name them. An empty
// name removes it, and the email names them again. Mounted only while open, so it starts from the saved name.

import { Text, TextInput } from '@mantine/core';
import { MESSAGES, updateDisplayNameInput, type UpdateDisplayNameInput } from '@portal/contracts';
import { errorMessage, fieldErrorsOf } from '../lib/errors';
import { afterTeamChange } from '../lib/invalidate';
import { notifyError, notifySuccess } from '../lib/notify';
import { useSession } from '../lib/session';
import { trpc } from '../lib/trpc';
import { useSchemaForm } from '../lib/use-schema-form';
import { useSubmitOnce } from '../lib/use-submit-once';
import { DialogForm } from './form-actions';
import { usePhoneLayout } from './use-phone-layout';

export function DisplayNameDialog({ onClose }: { onClose: () => void }) {
  const session = useSession();
  const utils = trpc.useUtils();
  const phone = usePhoneLayout();
  const update = trpc.auth.updateDisplayName.useMutation();
  const form = useSchemaForm<UpdateDisplayNameInput>(updateDisplayNameInput, {
    displayName: session.user?.displayName ?? '',
  });
  const submitOnce = useSubmitOnce(async (values: typeof form.values) => {
    try {
      const saved = await update.mutateAsync(values);
      notifySuccess(
        MESSAGES.displayNameSaved,
        saved.displayName ? `The activity log names you ${saved.displayName}.` : 'The activity log names you by email.',
      );
      onClose();
      await Promise.all([session.refreshUser(), afterTeamChange(utils), utils.admin.activity.invalidate()]);
    } catch (error) {
      const { displayName } = fieldErrorsOf(error, {}, ['displayName']);
      if (displayName) form.setFieldError('displayName', displayName);
      else notifyError('Name not saved', errorMessage(error));
    }
  });
  return (
    <DialogForm
      opened
      onClose={() => !submitOnce.pending && onClose()}
      title="Your name"
      size="sm"
      fullScreen={phone}
      onSubmit={form.onSubmit(submitOnce.run)}
      pending={submitOnce.pending}
      submitLabel="Save name"
      busyLabel="Saving..."
    >
      <Text size="sm">
        How the activity log and the team list name you. Leave it empty to be named by your email,{' '}
        <b>{session.user?.email}</b>.
      </Text>
      <TextInput
        label="Name"
        autoComplete="name"
        maxLength={100}
        data-autofocus
        {...form.getInputProps('displayName')}
      />
    </DialogForm>
  );
}
