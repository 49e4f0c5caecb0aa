// /reset-password?token=…: a bare page like the landing. The token comes from the mail; the page asks
// whether it still works before offering a new password, and offers a new link at once when it does
// not. On success the visitor lands on the sign-in dialog with a toast.

import { Alert, Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { MESSAGES, PASSWORD_RESET_VALID_MINUTES, resetPasswordInput } from '@portal/contracts';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { notifySuccess, notifyFailure } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { BareCardPage } from './bare-card-page';
import { ForgotPasswordForm } from './forgot-password-form';
import { TokenPasswordForm } from './token-password-form';
import { useSubmitOnce } from '../../lib/use-submit-once';

const formSchema = resetPasswordInput.pick({ password: true });

/** Where a link stands: being checked, usable, or refused by the server (unknown, expired, used). */
type LinkState = 'checking' | 'valid' | 'refused';

/** Asks once whether the link's token still works; a failed check leaves the form (the reset checks again). */
function useResetLinkState(token: string | undefined): [LinkState, (state: LinkState) => void] {
  const check = trpc.auth.checkResetLink.useMutation();
  const [state, setState] = useState<LinkState>(token ? 'checking' : 'refused');
  useEffect(() => {
    if (!token) return;
    check.mutate(
      { token },
      {
        onSuccess: ({ valid }) => setState(valid ? 'valid' : 'refused'),
        onError: () => setState('valid'),
      },
    );
    // One check per link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);
  return [state, setState];
}

export function ResetPasswordPage({ token }: { token: string | undefined }) {
  const navigate = useNavigate();
  const reset = trpc.auth.resetPassword.useMutation();
  const submitOnce = useSubmitOnce(submit);
  const [linkState, setLinkState] = useResetLinkState(token);
  const [requestingLink, setRequestingLink] = useState(false);
  const toSignIn = () => void navigate({ to: '/', search: { signin: 1 } });

  async function submit(password: string) {
    try {
      await reset.mutateAsync({ token: token ?? '', password });
      notifySuccess(MESSAGES.passwordChanged, MESSAGES.passwordChangedText);
      await navigate({ to: '/', search: { signin: 1 }, replace: true });
    } catch (error) {
      // The link can stop working while the page is open (used elsewhere, expired).
      if (errorMessage(error) === MESSAGES.resetLinkInvalid) setLinkState('refused');
      else notifyFailure(MESSAGES.passwordChangeFailed, error);
    }
  }

  let body;
  if (linkState === 'checking') {
    body = (
      <Center py="md" aria-busy="true">
        <Loader size="sm" aria-label="Checking the link" />
      </Center>
    );
  } else if (linkState === 'refused' && requestingLink) {
    body = <ForgotPasswordForm onBack={toSignIn} onClose={() => setRequestingLink(false)} />;
  } else if (linkState === 'refused') {
    body = (
      <Stack gap="md">
        <Alert color="red" title={token ? 'This link no longer works' : 'No reset link'}>
          {MESSAGES.resetLinkInvalid}
        </Alert>
        <Button onClick={() => setRequestingLink(true)}>Request a new link</Button>
      </Stack>
    );
  } else {
    body = (
      <TokenPasswordForm
        token={token}
        schema={formSchema}
        label="New password"
        submitLabel="Set new password"
        pending={submitOnce.pending}
        onSubmit={submitOnce.run}
        missingTitle="No reset link"
        missingMessage={MESSAGES.resetLinkInvalid}
      />
    );
  }

  return (
    <BareCardPage
      {...(linkState === 'refused'
        ? {
            title: 'Reset your password',
            description: `A reset link works once, for ${PASSWORD_RESET_VALID_MINUTES} minutes.`,
          }
        : { title: 'Choose a new password', description: 'Every session of your account will be signed out.' })}
    >
      {body}
      {/* The request form has its own way back. */}
      {!requestingLink && (
        <Text size="sm" c="dimmed" ta="center">
          <Anchor
            href="/?signin=1"
            onClick={(event) => {
              event.preventDefault();
              toSignIn();
            }}
          >
            Back to sign in
          </Anchor>
        </Text>
      )}
    </BareCardPage>
  );
}
