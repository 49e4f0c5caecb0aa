// The authentication dialog (spec §2): sign in or create a partner account with email and password.
// Validation is the contracts schema the server applies too, so the messages are the spec's.

import { Anchor, Modal, PasswordInput } from '@mantine/core';
import { useSchemaForm } from '../../lib/use-schema-form';
import {
  MESSAGES,
  credentialsInput,
  type AuthResult,
  type CredentialsInput,
  type LoginResult,
} from '@portal/contracts';
import { useState } from 'react';
import { AccountEmailInput, AuthForm, AuthSwitchLine } from './auth-form';
import { CodeInput, useCodeField } from './code-input';
import { ForgotPasswordForm } from './forgot-password-form';
import { errorMessage } from '../../lib/errors';
import { notifySuccess, notifyFailure } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';

export type AuthMode = 'login' | 'register' | 'forgot';

const COPY = {
  login: {
    title: 'Sign In',
    description: 'Sign in to your partner or admin account.',
    submit: 'Sign In',
    switchPrompt: "Don't have an account?",
    switchAction: 'Create a partner account',
  },
  register: {
    title: 'Create Partner Account',
    description: 'Create your account, then complete your partner registration.',
    submit: 'Create Account',
    switchPrompt: 'Already have an account?',
    switchAction: 'Sign in',
  },
} as const;

export interface AuthDialogProps {
  opened: boolean;
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  onClose: () => void;
  /** Sends the credentials; by default auth.login or auth.register. Tests pass their own. */
  authenticate?: (mode: AuthMode, credentials: CredentialsInput) => Promise<LoginResult>;
}

export function AuthDialog({ opened, mode, onModeChange, onClose, authenticate }: AuthDialogProps) {
  // The forgot-password form has its own words; only the title comes from here.
  const copy = COPY[mode === 'forgot' ? 'login' : mode];
  const session = useSession();
  const login = trpc.auth.login.useMutation();
  const register = trpc.auth.register.useMutation();
  const verify = trpc.auth.mfaVerify.useMutation();
  const [submitting, setSubmitting] = useState(false);
  /** Set after a right password when two-factor sign-in is on: the code step shows. */
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const code = useCodeField();
  const form = useSchemaForm<CredentialsInput>(credentialsInput, { email: '', password: '' });

  const send =
    authenticate ??
    ((m: AuthMode, credentials: CredentialsInput) => (m === 'login' ? login : register).mutateAsync(credentials));

  const close = () => {
    if (submitting) return;
    form.reset();
    setMfaToken(null);
    code.reset();
    onClose();
  };

  const finish = async ({ token, user }: AuthResult) => {
    if (mode === 'login') notifySuccess(MESSAGES.welcomeBack, MESSAGES.welcomeBackText);
    else notifySuccess(MESSAGES.accountCreated, MESSAGES.accountCreatedText);
    setSubmitting(false);
    form.reset();
    setMfaToken(null);
    code.reset();
    onClose();
    await session.signIn(token, user);
  };

  const submitCode = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!mfaToken) return;
    if (code.value.replace(/\s/g, '').length < 6) {
      code.setError(MESSAGES.mfaCodeRequired);
      return;
    }
    setSubmitting(true);
    try {
      await finish(await verify.mutateAsync({ mfaToken, code: code.value }));
    } catch (error) {
      setSubmitting(false);
      const message = errorMessage(error);
      // An expired step starts over from the password.
      if (message === MESSAGES.mfaChallengeInvalid) setMfaToken(null);
      code.reset(message);
    }
  };

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      const result = await send(mode, credentialsInput.parse(values));
      if ('mfaRequired' in result) {
        setSubmitting(false);
        code.setError(null);
        setMfaToken(result.mfaToken);
        return;
      }
      await finish(result);
    } catch (error) {
      setSubmitting(false);
      notifyFailure(mode === 'login' ? MESSAGES.loginFailed : MESSAGES.registrationFailed, error);
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={mode === 'forgot' ? 'Reset Password' : copy.title}
      centered
      size="sm"
      closeOnClickOutside={!submitting}
      closeOnEscape={!submitting}
    >
      {mode === 'forgot' ? (
        <ForgotPasswordForm onBack={() => onModeChange('login')} onClose={close} />
      ) : mfaToken ? (
        <AuthForm
          onSubmit={(e) => void submitCode(e)}
          intro="Two-factor sign-in is on for this account. Enter the code from your authenticator app."
          onCancel={close}
          pending={submitting}
          submitLabel="Verify"
        >
          <CodeInput {...code.inputProps} />
        </AuthForm>
      ) : (
        <AuthForm
          onSubmit={submit}
          intro={copy.description}
          onCancel={close}
          pending={submitting}
          submitLabel={copy.submit}
          footer={
            <AuthSwitchLine
              prompt={copy.switchPrompt}
              action={copy.switchAction}
              disabled={submitting}
              onClick={() => {
                form.clearErrors();
                onModeChange(mode === 'login' ? 'register' : 'login');
              }}
            />
          }
        >
          <AccountEmailInput {...form.getInputProps('email')} />
          <PasswordInput
            label="Password"
            placeholder={mode === 'register' ? 'At least 6 characters' : 'Your password'}
            autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
            required
            {...form.getInputProps('password')}
          />
          {mode === 'login' && (
            <Anchor
              component="button"
              type="button"
              size="sm"
              ta="right"
              disabled={submitting}
              onClick={() => onModeChange('forgot')}
              style={{ alignSelf: 'flex-end' }}
            >
              Forgot password?
            </Anchor>
          )}
        </AuthForm>
      )}
    </Modal>
  );
}
