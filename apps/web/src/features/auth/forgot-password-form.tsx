// "Forgot password?" in the sign-in dialog: sends the email and shows the same neutral answer
// whether or not an account exists (the server answers the same way).

import { Alert, Button, Group, Stack } from '@mantine/core';
import { useSchemaForm } from '../../lib/use-schema-form';
import { forgotPasswordInput, type ForgotPasswordInput } from '@portal/contracts';
import { useState } from 'react';
import { notifyFailure } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useSubmitOnce } from '../../lib/use-submit-once';
import { AccountEmailInput, AuthForm, AuthSwitchLine } from './auth-form';

export function ForgotPasswordForm({ onBack, onClose }: { onBack: () => void; onClose: () => void }) {
  const request = trpc.auth.forgotPassword.useMutation();
  const [sent, setSent] = useState<string | null>(null);
  const form = useSchemaForm<ForgotPasswordInput>(forgotPasswordInput, { email: '' });

  const submitOnce = useSubmitOnce(async (values: typeof form.values) => {
    try {
      const { message } = await request.mutateAsync(forgotPasswordInput.parse(values));
      setSent(message);
    } catch (error) {
      notifyFailure('Request failed', error);
    }
  });
  const submit = form.onSubmit(submitOnce.run);

  if (sent) {
    return (
      <Stack gap="md">
        <Alert color="blue" title="Check your email" role="status">
          {sent}
        </Alert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={onBack}>Back to sign in</Button>
        </Group>
      </Stack>
    );
  }

  return (
    <AuthForm
      onSubmit={submit}
      intro="Enter the email of your account and we will send you a link to choose a new password."
      onCancel={onClose}
      pending={submitOnce.pending}
      submitLabel="Send reset link"
      footer={<AuthSwitchLine prompt="Remembered it?" action="Back to sign in" onClick={onBack} />}
    >
      <AccountEmailInput {...form.getInputProps('email')} />
    </AuthForm>
  );
}
