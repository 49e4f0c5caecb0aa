// /reset-password?token=… (issue 14): a bare page like the landing. The token comes from the mail;
// on success the visitor lands on the sign-in dialog with a toast.

import { Alert, Anchor, Box, Button, Card, Container, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { MESSAGES, resetPasswordInput } from '@portal/contracts';
import { useNavigate } from '@tanstack/react-router';
import { errorMessage } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { PasswordStrengthHint } from './password-strength';
import { ProductMark } from './product-mark';

const formSchema = resetPasswordInput.pick({ password: true });

export function ResetPasswordPage({ token }: { token: string | undefined }) {
  const navigate = useNavigate();
  const reset = trpc.auth.resetPassword.useMutation();
  const form = useForm<{ password: string }>({ mode: 'controlled', initialValues: { password: '' }, validate: schemaResolver(formSchema, { sync: true }) });

  const submit = form.onSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ token: token ?? '', password });
      notifySuccess(MESSAGES.passwordChanged, MESSAGES.passwordChangedText);
      await navigate({ to: '/', search: { signin: '1' }, replace: true });
    } catch (error) {
      notifyError(MESSAGES.passwordChangeFailed, errorMessage(error, MESSAGES.genericError));
    }
  });

  return (
    <Box mih="100vh" bg="var(--mantine-color-body)">
      <Container size="xs" py="xl" component="main">
        <Stack gap="lg">
          <ProductMark />
          <Card withBorder padding="lg" radius="md">
            <Stack gap="md">
              <div>
                <Title order={1} size="h3">
                  Choose a new password
                </Title>
                <Text size="sm" c="dimmed">
                  Every session of your account will be signed out.
                </Text>
              </div>
              {token ? (
                <form onSubmit={submit} noValidate>
                  <Stack gap="md">
                    <PasswordInput label="New password" autoComplete="new-password" required data-autofocus {...form.getInputProps('password')} />
                    <PasswordStrengthHint password={form.values.password} />
                    <Button type="submit" disabled={reset.isPending}>
                      {reset.isPending ? 'Please wait...' : 'Set new password'}
                    </Button>
                  </Stack>
                </form>
              ) : (
                <Alert color="red" title="No reset link">
                  {MESSAGES.resetLinkInvalid}
                </Alert>
              )}
              <Text size="sm" c="dimmed" ta="center">
                <Anchor
                  href="/?signin=1"
                  onClick={(event) => {
                    event.preventDefault();
                    void navigate({ to: '/', search: { signin: '1' } });
                  }}
                >
                  Back to sign in
                </Anchor>
              </Text>
            </Stack>
          </Card>
        </Stack>
      </Container>
    </Box>
  );
}
