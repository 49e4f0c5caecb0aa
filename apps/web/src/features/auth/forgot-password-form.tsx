// "Forgot password?" in the sign-in dialog: sends the email and shows the same neutral answer
// whether or not an account exists (the server answers the same way).

import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { forgotPasswordInput, type ForgotPasswordInput } from '@portal/contracts';
import { useState } from 'react';
import { notifyFailure } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { FormActions } from '../../layout/form-actions';
import { useSubmitOnce } from '../../lib/use-submit-once';

export function ForgotPasswordForm({ onBack, onClose }: { onBack: () => void; onClose: () => void }) {
  const request = trpc.auth.forgotPassword.useMutation();
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<ForgotPasswordInput>({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: schemaResolver(forgotPasswordInput, { sync: true }),
  });

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
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Enter the email of your account and we will send you a link to choose a new password.
        </Text>
        <TextInput
          label="Email"
          type="email"
          placeholder="you@company.com"
          autoComplete="email"
          required
          data-autofocus
          {...form.getInputProps('email')}
        />
        <FormActions
          justify="flex-end"
          gap="sm"
          mt="xs"
          onCancel={onClose}
          pending={submitOnce.pending}
          submitLabel="Send reset link"
          busyLabel="Please wait..."
        />
        <Text size="sm" ta="center" c="dimmed">
          Remembered it?{' '}
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            Back to sign in
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
