// "Two-factor sign-in" in the partner's Settings: turn it on (QR code, first code,
// recovery codes) or off (a current code or a recovery code).

import { Badge, Button, Group, Stack } from '@mantine/core';
import { MESSAGES } from '@portal/contracts';
import { useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { CodeInput, useCodeField } from '../auth/code-input';
import { TwoFactorSetup } from '../auth/two-factor-setup';
import { SettingsCard } from './settings-card';

export function TwoFactorCard() {
  const session = useSession();
  const disable = trpc.auth.mfaDisable.useMutation();
  const [turningOff, setTurningOff] = useState(false);
  const code = useCodeField();
  const enabled = !!session.user?.mfaEnabled;

  const submitOff = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await disable.mutateAsync({ code: code.value });
      notifySuccess(MESSAGES.mfaDisabledTitle);
      setTurningOff(false);
      code.reset();
      await session.refreshUser();
    } catch (error) {
      code.reset(errorMessage(error));
    }
  };

  return (
    <SettingsCard
      title="Two-factor sign-in"
      description="Sign in with your password and a code from an authenticator app."
      aside={
        <Badge color={enabled ? 'teal.9' : 'gray.7'} variant="filled" autoContrast>
          {enabled ? 'On' : 'Off'}
        </Badge>
      }
    >
      {!enabled && <TwoFactorSetup onDone={() => void session.refreshUser()} />}
      {enabled && !turningOff && (
        <Group>
          <Button variant="default" onClick={() => setTurningOff(true)}>
            Turn off
          </Button>
        </Group>
      )}
      {enabled && turningOff && (
        <form onSubmit={(e) => void submitOff(e)} noValidate>
          <Stack gap="md">
            <CodeInput {...code.inputProps} />
            <Group gap="sm">
              <Button variant="default" onClick={() => setTurningOff(false)} disabled={disable.isPending}>
                Cancel
              </Button>
              <Button type="submit" color="red.9" loading={disable.isPending}>
                Turn off two-factor sign-in
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </SettingsCard>
  );
}
