// The heading of the registration state: 'Welcome to {product} Partners', its badge and Sign Out. Sign Out
// shares the badge's line, so the welcome has the whole width (beside it, a phone broke it over three lines).

import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { PRODUCT_NAME } from '@portal/contracts';

export function RegistrationHeader({ onSignOut }: { onSignOut: () => void }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" gap="md">
        <Badge variant="light" size="lg" w="fit-content">
          Partner Registration
        </Badge>
        <Button variant="default" onClick={onSignOut} style={{ flexShrink: 0 }}>
          Sign Out
        </Button>
      </Group>
      <Title order={1} size="h2">
        Welcome to {PRODUCT_NAME} Partners
      </Title>
      <Text c="dimmed" size="sm">
        Apply once, get approved, and earn recurring monthly commissions on every client you refer.
      </Text>
    </Stack>
  );
}
