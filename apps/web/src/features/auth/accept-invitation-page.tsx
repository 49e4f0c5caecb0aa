// /accept-invitation?token=…: the invited team member chooses a password (and may give their name); the account
// is created with the invitation's role and signed in.

import { ADMIN_ACCOUNT_PASSWORD_MIN, MESSAGES, acceptInvitationInput } from '@portal/contracts';
import { TextInput } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { notifySuccess, notifyFailure } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { BareCardPage } from './bare-card-page';
import { TokenPasswordForm } from './token-password-form';
import { useSubmitOnce } from '../../lib/use-submit-once';

const formSchema = acceptInvitationInput.pick({ password: true });

export function AcceptInvitationPage({ token }: { token: string | undefined }) {
  const navigate = useNavigate();
  const session = useSession();
  const accept = trpc.auth.acceptInvitation.useMutation();
  const submitOnce = useSubmitOnce(submit);

  const [displayName, setDisplayName] = useState('');

  async function submit(password: string) {
    try {
      const { token: sessionToken, user } = await accept.mutateAsync({
        token: token ?? '',
        password,
        ...(displayName.trim() ? { displayName: displayName.trim() } : {}),
      });
      notifySuccess('Welcome to the team!', `You joined as ${user.role}.`);
      await session.signIn(sessionToken, user);
      await navigate({ to: user.mfaEnrolmentRequired ? '/two-factor-setup' : '/admin', replace: true });
    } catch (error) {
      notifyFailure('Invitation failed', error);
    }
  }

  return (
    <BareCardPage
      title="Join the admin team"
      description={`Choose a password of at least ${ADMIN_ACCOUNT_PASSWORD_MIN} characters for your account.`}
    >
      <TokenPasswordForm
        token={token}
        schema={formSchema}
        minLength={ADMIN_ACCOUNT_PASSWORD_MIN}
        label="Password"
        submitLabel="Accept invitation"
        pending={submitOnce.pending}
        onSubmit={submitOnce.run}
        missingTitle="No invitation"
        missingMessage={MESSAGES.invitationInvalid}
      >
        <TextInput
          label="Your name"
          description="Optional: the activity log names you by it instead of your email; the user menu changes it later"
          autoComplete="name"
          maxLength={100}
          value={displayName}
          onChange={(event) => setDisplayName(event.currentTarget.value)}
        />
      </TokenPasswordForm>
    </BareCardPage>
  );
}
