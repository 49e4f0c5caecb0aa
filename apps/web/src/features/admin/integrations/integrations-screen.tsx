// The admin's Integrations screen (issue 15): API keys and webhooks for internal tools.

import { Anchor } from '@mantine/core';
import { AdminPage } from '../../../layout/admin-page';
import { ApiKeysCard } from './api-keys-card';
import { WebhooksCard } from './webhooks-card';

export function IntegrationsScreen() {
  return (
    <AdminPage
      trail={[{ label: 'Admin Dashboard', to: '/admin' }, { label: 'Integrations' }]}
      title="Integrations"
      description={
        <>
          Connect internal tools: API keys for the REST API and webhooks for the events they follow.{' '}
          <Anchor href="/api/docs" target="_blank" inherit>
            API reference (OpenAPI)
          </Anchor>
        </>
      }
    >
      <ApiKeysCard />
      <WebhooksCard />
    </AdminPage>
  );
}
