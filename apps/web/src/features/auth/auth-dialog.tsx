// The authentication dialog (spec §2): sign in or create a partner account with email and password.
// Validation is the contracts schema the server applies too, so the messages are the spec's.

import { Anchor, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { MESSAGES, credentialsInput, type AuthResult, type CredentialsInput } from '@portal/contracts';
import { useState } from 'react';
import { ForgotPasswordForm } from './forgot-password-form';
import { errorMessage } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notify';
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
  authenticate?: (mode: AuthMode, credentials: CredentialsInput) => Promise<AuthResult>;
}

export function AuthDialog({ opened, mode, onModeChange, onClose, authenticate }: AuthDialogProps) {
  // The forgot-password form has its own words; only the title comes from here.
  const copy = COPY[mode === 'forgot' ? 'login' : mode];
  const session = useSession();
  const login = trpc.auth.login.useMutation();
  const register = trpc.auth.register.useMutation();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm<CredentialsInput>({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(credentialsInput, { sync: true }),
  });

  const send = authenticate ?? ((m: AuthMode, credentials: CredentialsInput) => (m === 'login' ? login : register).mutateAsync(credentials));

  const close = () => {
    if (submitting) return;
    form.reset();
    onClose();
  };

  const submit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      const { token, user } = await send(mode, credentialsInput.parse(values));
      if (mode === 'login') notifySuccess(MESSAGES.welcomeBack, MESSAGES.welcomeBackText);
      else notifySuccess(MESSAGES.accountCreated, MESSAGES.accountCreatedText);
      setSubmitting(false);
      form.reset();
      onClose();
      await session.signIn(token, user);
    } catch (error) {
      setSubmitting(false);
      notifyError(mode === 'login' ? MESSAGES.loginFailed : MESSAGES.registrationFailed, errorMessage(error, MESSAGES.genericError));
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
              <Anchor component="button" type="button" size="sm" ta="right" disabled={submitting} onClick={() => onModeChange('forgot')} style={{ alignSelf: 'flex-end' }}>
                Forgot password?
              </Anchor>
            )}
            <FormActions justify="flex-end" gap="sm" mt="xs" onCancel={close} pending={submitting} submitLabel={copy.submit} busyLabel="Please wait..." />
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
