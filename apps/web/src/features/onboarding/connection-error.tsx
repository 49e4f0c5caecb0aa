// The onboarding screen when the profile could not be loaded for a reason other than "not found".

import { Button, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { SignOutActions } from './sign-out-actions';

export function ConnectionError({ onRetry, onSignOut }: { onRetry: () => void; onSignOut: () => void }) {
  return (
    <Card withBorder radius="lg" padding="xl" shadow="sm" maw={480} w="100%">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="red">
          <IconWifiOff size={26} aria-hidden />
        </ThemeIcon>
        <Title order={1} size="h2">
          Connection Error
        </Title>
        <Text c="dimmed">Unable to load your partner profile. Please check your connection and try again.</Text>
        <SignOutActions gap="sm" onSignOut={onSignOut}>
          <Button onClick={onRetry}>Retry</Button>
        </SignOutActions>
      </Stack>
    </Card>
  );
}
