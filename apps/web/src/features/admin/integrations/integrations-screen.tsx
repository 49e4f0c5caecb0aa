// The admin's Integrations screen (issue 15): API keys and webhooks for internal tools.

import { Anchor, Stack, Text, Title } from '@mantine/core';
import { ApiKeysCard } from './api-keys-card';
import { WebhooksCard } from './webhooks-card';

export function IntegrationsScreen() {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Integrations
        </Title>
        <Text c="dimmed">Connect internal tools: API keys for the REST API and webhooks for the events they follow.</Text>
        <Anchor href="/api/docs" target="_blank" size="sm">
          API reference (OpenAPI)
        </Anchor>
      </div>
      <ApiKeysCard />
      <WebhooksCard />
    </Stack>
  );
}
