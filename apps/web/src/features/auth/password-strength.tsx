// A hint, not a rule: the rule is the account's minimum (contracts: the sign-up minimum for a
// partner, 12 characters for a team member) and the server's common-password list. Longer
// passwords and a mix of letters, digits and symbols score higher.

import { PasswordInput, Progress, Text, type PasswordInputProps } from '@mantine/core';
import { AUTH_PASSWORD_MIN } from '@portal/contracts';

export type PasswordStrength = 'too short' | 'weak' | 'fair' | 'strong';

export function passwordStrength(password: string, minLength: number = AUTH_PASSWORD_MIN): PasswordStrength {
  if (password.length < minLength) return 'too short';
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((pattern) => pattern.test(password)).length;
  const score = (password.length >= 12 ? 2 : password.length >= 9 ? 1 : 0) + (kinds >= 3 ? 2 : kinds >= 2 ? 1 : 0);
  return score >= 3 ? 'strong' : score >= 2 ? 'fair' : 'weak';
}

const LOOK: Record<PasswordStrength, { value: number; color: string }> = {
  'too short': { value: 10, color: 'red' },
  weak: { value: 35, color: 'orange' },
  fair: { value: 65, color: 'yellow' },
  strong: { value: 100, color: 'teal' },
};

function PasswordStrengthHint({
  password,
  minLength = AUTH_PASSWORD_MIN,
}: {
  password: string;
  /** The account's minimum length: the hint names it and calls anything shorter too short. */
  minLength?: number;
}) {
  const strength = passwordStrength(password, minLength);
  const look = LOOK[strength];
  return (
    <div>
      <Progress value={password ? look.value : 0} color={look.color} size="sm" aria-hidden />
      <Text size="xs" c="dimmed" mt={4} aria-live="polite">
        {password
          ? `Password strength: ${strength}`
          : `At least ${minLength} characters; longer with numbers and symbols is stronger.`}
      </Text>
    </div>
  );
}

/** A password being chosen (a reset, an invitation, a change), with the hint on its strength under it. */
export function NewPasswordInput({
  minLength,
  ...input
}: PasswordInputProps & {
  /** The account's minimum length, named by the hint. */
  minLength?: number;
}) {
  return (
    <>
      <PasswordInput autoComplete="new-password" required {...input} />
      <PasswordStrengthHint password={String(input.value ?? '')} minLength={minLength} />
    </>
  );
}
