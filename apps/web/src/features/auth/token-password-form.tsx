// A new password against a token from a mail (reset link, team invitation): the password field
// with its strength hint, or, when the link carries no token, why nothing can be done.

import { Alert, Button, Stack } from '@mantine/core';
import { useSchemaForm } from '../../lib/use-schema-form';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { NewPasswordInput } from './password-strength';

export interface TokenPasswordFormProps {
  token: string | undefined;
  /** Validates the password as the server will (the procedure's input schema, password only). */
  schema: z.ZodType<{ password: string }>;
  /** The account's minimum length, named by the strength hint. */
  minLength?: number;
  label: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (password: string) => Promise<void>;
  missingTitle: string;
  missingMessage: string;
  /** Fields shown above the password (the invitation's name). */
  children?: ReactNode;
}

export function TokenPasswordForm({
  token,
  schema,
  minLength,
  label,
  submitLabel,
  pending,
  onSubmit,
  missingTitle,
  missingMessage,
  children,
}: TokenPasswordFormProps) {
  const form = useSchemaForm<{ password: string }>(schema, { password: '' });
  if (!token) {
    return (
      <Alert color="red" title={missingTitle}>
        {missingMessage}
      </Alert>
    );
  }
  return (
    <form onSubmit={form.onSubmit(({ password }) => onSubmit(password))} noValidate>
      <Stack gap="md">
        {children}
        <NewPasswordInput label={label} minLength={minLength} data-autofocus {...form.getInputProps('password')} />
        <Button type="submit" disabled={pending}>
          {pending ? 'Please wait...' : submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
