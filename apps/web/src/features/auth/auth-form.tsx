// The shape every step of signing in or changing a password shares: a dimmed line saying what the
// step is for, its fields, Cancel and the submit button, and optionally a link line below.

import { Anchor, Stack, Text, TextInput, type TextInputProps } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { FormActions } from '../../layout/form-actions';

/** The title of the account dialogs (sign in, reset, change password): bolder and larger than Mantine's. */
export function AuthForm({
  onSubmit,
  intro,
  onCancel,
  pending,
  submitLabel,
  footer,
  children,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  intro: ReactNode;
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
  /** The line under the buttons ("Remembered it? Back to sign in"). */
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
        {children}
        <FormActions
          justify="flex-end"
          gap="sm"
          mt="xs"
          onCancel={onCancel}
          pending={pending}
          submitLabel={submitLabel}
          busyLabel="Please wait..."
        />
        {footer}
      </Stack>
    </form>
  );
}

/** The footer line that leads to another step: a question and its answer as a link-styled button. */
export function AuthSwitchLine({
  prompt,
  action,
  onClick,
  disabled,
}: {
  prompt: string;
  action: string;
  onClick: () => void;
  disabled?: boolean;
}) {
  return (
    <Text size="sm" ta="center" c="dimmed">
      {prompt}{' '}
      <Anchor component="button" type="button" size="sm" disabled={disabled} onClick={onClick}>
        {action}
      </Anchor>
    </Text>
  );
}

/** The account's email, first in the sign-in and the reset form. */
export function AccountEmailInput(props: TextInputProps) {
  return (
    <TextInput
      label="Email"
      type="email"
      placeholder="you@company.com"
      autoComplete="email"
      required
      data-autofocus
      {...props}
    />
  );
}
