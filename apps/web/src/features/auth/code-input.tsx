// The code of two-factor sign-in: six digits in Mantine's PinInput, or a recovery code instead.

import { Anchor, Input, PinInput, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';

export function CodeInput({
  value,
  onChange,
  error,
  allowRecovery = true,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  allowRecovery?: boolean;
}) {
  const [recovery, setRecovery] = useState(false);
  return (
    <Stack gap={6}>
      {recovery ? (
        <TextInput
          label="Recovery code"
          placeholder="xxxxx-xxxxx"
          autoComplete="one-time-code"
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
      ) : (
        <Input.Wrapper
          label="Authentication code"
          description="The 6-digit code from your authenticator app"
          error={error}
        >
          <PinInput
            length={6}
            type="number"
            oneTimeCode
            autoFocus
            value={value}
            onChange={onChange}
            ariaLabel="Authentication code"
            error={!!error}
            mt={6}
            // Six boxes of a code's size, not the form's whole width.
            maw={320}
          />
        </Input.Wrapper>
      )}
      {allowRecovery && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => {
            onChange('');
            setRecovery((r) => !r);
          }}
        >
          {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
        </Anchor>
      )}
    </Stack>
  );
}

/**
 * The state of a CodeInput: typing clears its error; `reset` empties it after a wrong code (with the
 * server's words) or a done step (without).
 */
export function useCodeField() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  return {
    value,
    setError,
    reset: (message: string | null = null) => {
      setValue('');
      setError(message);
    },
    inputProps: {
      value,
      error,
      onChange: (next: string) => {
        setValue(next);
        setError(null);
      },
    },
  };
}
