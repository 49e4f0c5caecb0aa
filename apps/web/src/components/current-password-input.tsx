// The account's current password, asked again before a change only its owner may make (a new password,
// two-factor sign-in, the payment method, the tax information): the browser offers the saved one.

import { PasswordInput, type PasswordInputProps } from '@mantine/core';

export function CurrentPasswordInput(props: PasswordInputProps) {
  return <PasswordInput label="Current password" autoComplete="current-password" {...props} />;
}
