// The bank account number as the registration form and Settings ask for it: masked (a show/hide toggle lets
// the partner check it), filtered to the characters an account number holds, and marked invalid for screen
// readers too (Mantine marks a password field invalid only with a data attribute).

import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { bankNumberProps, type BankFields } from '../lib/bank-fields';

export function AccountNumberInput<V extends BankFields>({ form }: { form: UseFormReturnType<V> }) {
  return (
    <PasswordInput
      label="Account Number"
      withAsterisk
      autoComplete="off"
      visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the account number' }}
      {...bankNumberProps(form, 'bankAccountNumber')}
      aria-invalid={form.errors.bankAccountNumber ? true : undefined}
    />
  );
}
