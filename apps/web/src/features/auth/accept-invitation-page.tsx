// /accept-invitation?token=… (issue 16): the invited team member chooses a password; the account
// is created with the invitation's role and signed in.

import { Alert, Box, Button, Card, Container, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { MESSAGES, acceptInvitationInput } from '@portal/contracts';
import { useNavigate } from '@tanstack/react-router';
import { errorMessage } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { PasswordStrengthHint } from './password-strength';
import { ProductMark } from './product-mark';

const formSchema = acceptInvitationInput.pick({ password: true });

export function AcceptInvitationPage({ token }: { token: string | undefined }) {
  const navigate = useNavigate();
  const session = useSession();
  const accept = trpc.auth.acceptInvitation.useMutation();
  const form = useForm<{ password: string }>({ mode: 'controlled', initialValues: { password: '' }, validate: schemaResolver(formSchema, { sync: true }) });

  const submit = form.onSubmit(async ({ password }) => {
    try {
      const { token: sessionToken, user } = await accept.mutateAsync({ token: token ?? '', password });
      notifySuccess('Welcome to the team!', `You joined as ${user.role}.`);
      await session.signIn(sessionToken, user);
      await navigate({ to: user.mfaEnrolmentRequired ? '/two-factor-setup' : '/admin', replace: true });
    } catch (error) {
      notifyError('Invitation failed', errorMessage(error, MESSAGES.genericError));
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
                  Join the admin team
                </Title>
                <Text size="sm" c="dimmed">
                  Choose a password of at least 12 characters for your account.
                </Text>
              </div>
              {token ? (
                <form onSubmit={submit} noValidate>
                  <Stack gap="md">
                    <PasswordInput label="Password" autoComplete="new-password" required data-autofocus {...form.getInputProps('password')} />
                    <PasswordStrengthHint password={form.values.password} />
                    <Button type="submit" disabled={accept.isPending}>
                      {accept.isPending ? 'Please wait...' : 'Accept invitation'}
                    </Button>
                  </Stack>
                </form>
              ) : (
                <Alert color="red" title="No invitation">
                  {MESSAGES.invitationInvalid}
                </Alert>
              )}
            </Stack>
          </Card>
        </Stack>
      </Container>
    </Box>
  );
}
