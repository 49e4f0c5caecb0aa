// The heading of the registration state: 'Welcome to {product} Partners', its badge and Sign Out.

import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { PRODUCT_NAME } from '@portal/contracts';

export function RegistrationHeader({ onSignOut }: { onSignOut: () => void }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
      <Stack gap={6}>
        <Badge variant="light" size="lg" w="fit-content">
          Partner Registration
        </Badge>
        <Title order={1} size="h2">
          Welcome to {PRODUCT_NAME} Partners
        </Title>
        <Text c="dimmed" size="sm">
          Apply once, get approved, and earn recurring monthly commissions on every client you refer.
        </Text>
      </Stack>
      <Button variant="default" onClick={onSignOut} style={{ flexShrink: 0 }}>
        Sign Out
      </Button>
    </Group>
  );
}
