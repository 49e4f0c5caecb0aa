// The admin's Integrations screen: API keys and webhooks for internal tools.

import { Button } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { AdminPage } from '../../../layout/admin-page';
import { ApiKeysCard } from './api-keys-card';
import { WebhooksCard } from './webhooks-card';

export function IntegrationsScreen() {
  return (
    <AdminPage
      title="Integrations"
      description="Connect internal tools: API keys for the REST API and webhooks for the events they follow."
      actions={
        <Button
          component="a"
          href="/api/docs"
          target="_blank"
          variant="default"
          leftSection={<IconExternalLink size={16} />}
        >
          API reference (OpenAPI)
        </Button>
      }
    >
      <ApiKeysCard />
      <WebhooksCard />
    </AdminPage>
  );
}
