// The authentication dialog (spec §2): sign in or create a partner account with email and password.
// Validation is the contracts schema the server applies too, so the messages are the spec's.

import { Anchor, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import {
  MESSAGES,
  credentialsInput,
  type AuthResult,
  type CredentialsInput,
  type LoginResult,
} from '@portal/contracts';
import { useState } from 'react';
import { CodeInput } from './code-input';
import { ForgotPasswordForm } from './forgot-password-form';
import { errorMessage } from '../../lib/errors';
import { notifySuccess, notifyFailure } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { FormActions } from '../../layout/form-actions';

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
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const form = useForm<CredentialsInput>({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(credentialsInput, { sync: true }),
  });

  const send =
    authenticate ??
    ((m: AuthMode, credentials: CredentialsInput) => (m === 'login' ? login : register).mutateAsync(credentials));

  const close = () => {
    if (submitting) return;
    form.reset();
    setMfaToken(null);
    setCode('');
    setCodeError(null);
    onClose();
  };

  const finish = async ({ token, user }: AuthResult) => {
    if (mode === 'login') notifySuccess(MESSAGES.welcomeBack, MESSAGES.welcomeBackText);
    else notifySuccess(MESSAGES.accountCreated, MESSAGES.accountCreatedText);
    setSubmitting(false);
    form.reset();
    setMfaToken(null);
    setCode('');
    onClose();
    await session.signIn(token, user);
  };

  const submitCode = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!mfaToken) return;
    if (code.replace(/\s/g, '').length < 6) {
      setCodeError(MESSAGES.mfaCodeRequired);
      return;
    }
    setSubmitting(true);
    try {
      await finish(await verify.mutateAsync({ mfaToken, code }));
    } catch (error) {
      setSubmitting(false);
      setCode('');
      const message = errorMessage(error);
      // An expired step starts over from the password.
      if (message === MESSAGES.mfaChallengeInvalid) setMfaToken(null);
      setCodeError(message);
    }
  };

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      const result = await send(mode, credentialsInput.parse(values));
      if ('mfaRequired' in result) {
        setSubmitting(false);
        setCodeError(null);
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
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {mode === 'forgot' ? (
        <ForgotPasswordForm onBack={() => onModeChange('login')} onClose={close} />
      ) : mfaToken ? (
        <form onSubmit={(e) => void submitCode(e)} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              Two-factor sign-in is on for this account. Enter the code from your authenticator app.
            </Text>
            <CodeInput
              value={code}
              onChange={(v) => {
                setCode(v);
                setCodeError(null);
              }}
              error={codeError}
            />
            <FormActions
              justify="flex-end"
              gap="sm"
              mt="xs"
              onCancel={close}
              pending={submitting}
              submitLabel="Verify"
              busyLabel="Please wait..."
            />
          </Stack>
        </form>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {copy.description}
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
            <FormActions
              justify="flex-end"
              gap="sm"
              mt="xs"
              onCancel={close}
              pending={submitting}
              submitLabel={copy.submit}
              busyLabel="Please wait..."
            />
            <Text size="sm" ta="center" c="dimmed">
              {copy.switchPrompt}{' '}
              <Anchor
                component="button"
                type="button"
                size="sm"
                disabled={submitting}
                onClick={() => {
                  form.clearErrors();
                  onModeChange(mode === 'login' ? 'register' : 'login');
                }}
              >
                {copy.switchAction}
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
