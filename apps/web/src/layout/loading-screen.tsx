import { Center, Loader, Stack, Text } from '@mantine/core';

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
