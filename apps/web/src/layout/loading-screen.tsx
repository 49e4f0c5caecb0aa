import { Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A full-page spinner with the spec's words ('Loading...', 'Validating admin access...'). */
export function LoadingScreen({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center mih="60vh" p="md" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}

/** The screen in place of one that could not load: why, in the user's words (`children`). */
export function FailureScreen({ children }: { children: ReactNode }) {
  return (
    <Stack p="md">
      <Text c="var(--mantine-color-error)">{children}</Text>
    </Stack>
  );
}
