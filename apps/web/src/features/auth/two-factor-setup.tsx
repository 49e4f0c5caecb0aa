// Enrolment in two-factor sign-in: a new secret as a QR code (and as text), a first code from the
// app and the current password (a session alone cannot turn it on), then the ten recovery codes,
// shown once. Turning it on signs every other session out; this one continues on the new token.

import { Alert, Anchor, Button, Code, CopyButton, Group, Image, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { MESSAGES, type MfaSetup } from '@portal/contracts';
import { IconCopy, IconDownload, IconShieldLock } from '@tabler/icons-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/errors';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { trpc } from '../../lib/trpc';
import { CodeInput, useCodeField } from './code-input';
import { CurrentPasswordInput } from '../../components/current-password-input';

/** Saves the recovery codes as a text file (one a line), named for the product and the account. */
export function downloadRecoveryCodes(codes: readonly string[], email: string | undefined) {
  const text = [`Recovery codes${email ? ` for ${email}` : ''}`, 'Each code works once.', '', ...codes, ''].join('\n');
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'partner-portal-recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

export function TwoFactorSetup({ onDone }: { onDone: () => void }) {
  const setup = trpc.auth.mfaSetup.useMutation();
  const enable = trpc.auth.mfaEnable.useMutation();
  const [secret, setSecret] = useState<MfaSetup | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const code = useCodeField();
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const session = useSession();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  useEffect(() => {
    if (!secret) return;
    let live = true;
    void QRCode.toDataURL(secret.otpauthUrl, { margin: 1, width: 200 }).then((url) => live && setQr(url));
    return () => {
      live = false;
    };
  }, [secret]);

  if (recoveryCodes) {
    return (
      <Stack gap="md">
        <Alert color="green" title={MESSAGES.mfaEnabledTitle}>
          Keep these recovery codes somewhere safe. Each works once if you lose your phone; they are not shown again.
        </Alert>
        <SimpleGrid cols={2} spacing="xs" data-testid="recovery-codes">
          {recoveryCodes.map((c) => (
            <Code key={c} fz="sm">
              {c}
            </Code>
          ))}
        </SimpleGrid>
        <Group>
          <CopyButton value={recoveryCodes.join('\n')}>
            {({ copied, copy }) => (
              <Button variant="default" leftSection={<IconCopy size={16} />} onClick={copy}>
                {copied ? 'Copied' : 'Copy codes'}
              </Button>
            )}
          </CopyButton>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => downloadRecoveryCodes(recoveryCodes, session.user?.email)}
          >
            Download
          </Button>
          <Button onClick={onDone}>I have saved them</Button>
        </Group>
      </Stack>
    );
  }

  if (!secret) {
    return (
      <Group>
        <Button
          leftSection={<IconShieldLock size={16} />}
          loading={setup.isPending}
          onClick={() => {
            setup.mutateAsync().then(setSecret, (error: unknown) => notifyFailure('Two-factor setup failed', error));
          }}
        >
          Set up two-factor sign-in
        </Button>
      </Group>
    );
  }

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const badCode = !/^\d{6}$/.test(code.value);
    if (badCode) code.setError(MESSAGES.mfaCodeRequired);
    if (!currentPassword) setPasswordError(MESSAGES.currentPasswordRequired);
    if (badCode || !currentPassword) return;
    try {
      const result = await enable.mutateAsync({ code: code.value, currentPassword });
      session.replaceToken(result.token);
      setRecoveryCodes(result.recoveryCodes);
      notifySuccess(MESSAGES.mfaEnabledTitle, 'Your other sessions have been signed out.');
    } catch (error) {
      const message = errorMessage(error);
      if (message === MESSAGES.currentPasswordIncorrect || message === MESSAGES.currentPasswordRequired) {
        setCurrentPassword('');
        setPasswordError(message);
      } else {
        code.reset(message);
      }
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <List type="ordered" size="sm" spacing={4}>
          <List.Item>Scan the QR code with an authenticator app (Google Authenticator, 1Password, Authy…).</List.Item>
          <List.Item>Enter the 6-digit code the app shows.</List.Item>
        </List>
        <Group align="flex-start" gap="lg" wrap="wrap">
          {qr ? (
            <Image src={qr} alt="QR code for your authenticator app" w={200} h={200} radius="sm" bg="white" />
          ) : null}
          <Stack gap={4} maw={320}>
            <Text size="sm" c="dimmed">
              Cannot scan? Enter this key in the app:
            </Text>
            <Code fz="sm" data-testid="mfa-secret" style={{ overflowWrap: 'anywhere' }}>
              {secret.secret}
            </Code>
            {/* On the phone that holds the app, the QR code cannot be scanned: copy the key or hand it over. */}
            <Group gap="xs" mt={4}>
              <CopyButton value={secret.secret}>
                {({ copied, copy }) => (
                  <Button size="compact-sm" variant="default" leftSection={<IconCopy size={14} />} onClick={copy}>
                    {copied ? 'Copied' : 'Copy key'}
                  </Button>
                )}
              </CopyButton>
              <Anchor href={secret.otpauthUrl} size="sm">
                Open in authenticator app
              </Anchor>
            </Group>
          </Stack>
        </Group>
        <CodeInput {...code.inputProps} allowRecovery={false} />
        <CurrentPasswordInput
          description="Asked so that a signed-in session alone cannot turn it on."
          required
          maw={320}
          value={currentPassword}
          onChange={(event) => {
            setCurrentPassword(event.currentTarget.value);
            setPasswordError(null);
          }}
          error={passwordError}
        />
        <Group>
          <Button type="submit" loading={enable.isPending}>
            Turn on
          </Button>
          <Button
            variant="default"
            disabled={enable.isPending}
            onClick={() => {
              // Nothing is on until the first code is confirmed: leaving drops the unconfirmed key.
              setSecret(null);
              setQr(null);
              code.reset();
              setCurrentPassword('');
              setPasswordError(null);
            }}
          >
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
