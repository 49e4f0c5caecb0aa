// "Change password", from the partner's Settings tab and the admin's user menu. The
// server answers a fresh session token; every other session of the account ends.

import { Modal } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  ADMIN_ACCOUNT_PASSWORD_MIN,
  AUTH_PASSWORD_MIN,
  MESSAGES,
  changePasswordInput,
  type ChangePasswordInput,
} from '@portal/contracts';
import { errorMessage } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { isStaffUser } from '../../lib/permissions';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { NewPasswordInput } from './password-strength';
import { AuthForm } from './auth-form';
import { useSubmitOnce } from '../../lib/use-submit-once';
import { CurrentPasswordInput } from '../../components/current-password-input';

export function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const session = useSession();
  const change = trpc.auth.changePassword.useMutation();
  // A team member's password has the staff minimum, as at invitation; a partner's the sign-up one.
  const staff = session.user ? isStaffUser(session.user) : false;
  const minLength = staff ? ADMIN_ACCOUNT_PASSWORD_MIN : AUTH_PASSWORD_MIN;
  const form = useForm<ChangePasswordInput>({
    mode: 'controlled',
    initialValues: { currentPassword: '', newPassword: '' },
    validate: (values) => {
      const errors = schemaResolver(changePasswordInput, { sync: true })(values);
      if (!errors.newPassword && staff && values.newPassword.length < ADMIN_ACCOUNT_PASSWORD_MIN) {
        errors.newPassword = MESSAGES.adminPasswordTooShort;
      }
      return errors;
    },
  });

  const close = () => {
    if (change.isPending) return;
    form.reset();
    onClose();
  };

  const submitOnce = useSubmitOnce(async (values: typeof form.values) => {
    try {
      const { token, user } = await change.mutateAsync(values);
      form.reset();
      onClose();
      notifySuccess(MESSAGES.passwordChanged, MESSAGES.passwordChangedHereText);
      await session.signIn(token, user);
    } catch (error) {
      const message = errorMessage(error);
      if (message === MESSAGES.currentPasswordIncorrect) form.setFieldError('currentPassword', message);
      else if (message === MESSAGES.adminPasswordTooShort || message === MESSAGES.commonPassword) {
        form.setFieldError('newPassword', message);
      } else notifyError(MESSAGES.passwordChangeFailed, message);
    }
  });
  const submit = form.onSubmit(submitOnce.run);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Change password"
      centered
      size="sm"
      closeOnClickOutside={!change.isPending}
      closeOnEscape={!change.isPending}
    >
      <AuthForm
        onSubmit={submit}
        intro="Your other sessions will be signed out."
        onCancel={close}
        pending={submitOnce.pending}
        submitLabel="Change password"
      >
        <CurrentPasswordInput required data-autofocus {...form.getInputProps('currentPassword')} />
        <NewPasswordInput label="New password" minLength={minLength} {...form.getInputProps('newPassword')} />
      </AuthForm>
    </Modal>
  );
}
