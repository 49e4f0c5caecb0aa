// /reset-password?token=…: a bare page like the landing. The token comes from the mail;
// on success the visitor lands on the sign-in dialog with a toast.

import { Anchor, Text } from '@mantine/core';
import { MESSAGES, resetPasswordInput } from '@portal/contracts';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { notifySuccess, notifyFailure } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { BareCardPage } from './bare-card-page';
import { TokenPasswordForm } from './token-password-form';
import { useSubmitOnce } from '../../lib/use-submit-once';

const formSchema = resetPasswordInput.pick({ password: true });

export function ResetPasswordPage({ token }: { token: string | undefined }) {
  const navigate = useNavigate();
  const reset = trpc.auth.resetPassword.useMutation();
  const submitOnce = useSubmitOnce(submit);
  // A link the server refuses (unknown, expired, used) is said on the page, as a missing one is: the form
  // would only refuse every password again.
  const [linkRefused, setLinkRefused] = useState(false);

  async function submit(password: string) {
    try {
      await reset.mutateAsync({ token: token ?? '', password });
      notifySuccess(MESSAGES.passwordChanged, MESSAGES.passwordChangedText);
      await navigate({ to: '/', search: { signin: 1 }, replace: true });
    } catch (error) {
      if (errorMessage(error) === MESSAGES.resetLinkInvalid) setLinkRefused(true);
      else notifyFailure(MESSAGES.passwordChangeFailed, error);
    }
  }

  return (
    <BareCardPage title="Choose a new password" description="Every session of your account will be signed out.">
      <TokenPasswordForm
        token={linkRefused ? undefined : token}
        schema={formSchema}
        label="New password"
        submitLabel="Set new password"
        pending={submitOnce.pending}
        onSubmit={submitOnce.run}
        missingTitle={linkRefused ? 'This link no longer works' : 'No reset link'}
        missingMessage={MESSAGES.resetLinkInvalid}
      />
      <Text size="sm" c="dimmed" ta="center">
        <Anchor
          href="/?signin=1"
          onClick={(event) => {
            event.preventDefault();
            void navigate({ to: '/', search: { signin: 1 } });
          }}
        >
          Back to sign in
        </Anchor>
      </Text>
    </BareCardPage>
  );
}
