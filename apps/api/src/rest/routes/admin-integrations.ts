// REST paths of API keys and webhooks of internal tools (admins only; never an API key).

import { webhookDeliveriesInput } from '@portal/contracts';
import { idempotent, type RestRoute } from '../adapter';

const keys = 'Admin: API keys';
const hooks = 'Admin: webhooks';

/** The deliveries per page when no limit is sent (the contract's default). */
const DELIVERIES_PAGE_SIZE: number = webhookDeliveriesInput.shape.limit.parse(undefined);

export const adminIntegrationRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/admin/api-keys',
    procedure: 'admin.createApiKey',
    summary: 'Create an API key with scopes; the key is in this answer only (stored as a hash)',
    tag: keys,
    status: 201,
    description:
      'A retry with the same Idempotency-Key answers the same key again for 24 hours: that stored answer is sealed with the data encryption key, like every secret at rest.',
    ...idempotent,
  },
  {
    method: 'GET',
    path: '/api/admin/api-keys',
    procedure: 'admin.apiKeys',
    summary: 'API keys not revoked: name, prefix, scopes, created by, created, last used, expires (never the key)',
    tag: keys,
  },
  {
    method: 'DELETE',
    path: '/api/admin/api-keys/{id}',
    procedure: 'admin.revokeApiKey',
    summary: 'Revoke an API key at once',
    tag: keys,
  },
  {
    method: 'POST',
    path: '/api/admin/webhooks',
    procedure: 'admin.createWebhook',
    summary: 'Register a webhook endpoint; the signing secret (whsec_…) is in this answer only',
    tag: hooks,
    status: 201,
    description:
      'The URL must use https and resolve only to public addresses (400 with the reason otherwise); WEBHOOK_ALLOW_PRIVATE_NETWORKS allows http and loopback/private targets, never link-local. A retry with the same Idempotency-Key answers the same endpoint and secret again for 24 hours (that stored answer sealed with the data encryption key).',
    ...idempotent,
  },
  {
    method: 'GET',
    path: '/api/admin/webhooks',
    procedure: 'admin.webhooks',
    summary: 'Webhook endpoints (never their secrets)',
    tag: hooks,
  },
  {
    method: 'PATCH',
    path: '/api/admin/webhooks/{id}',
    procedure: 'admin.updateWebhook',
    summary: 'Change events or enabled, or rotate the secret (the new one is in this answer only)',
    tag: hooks,
  },
  {
    method: 'DELETE',
    path: '/api/admin/webhooks/{id}',
    procedure: 'admin.deleteWebhook',
    summary: 'Delete a webhook endpoint with its deliveries',
    tag: hooks,
  },
  {
    method: 'GET',
    path: '/api/admin/webhooks/{id}/deliveries',
    procedure: 'admin.webhookDeliveries',
    summary: 'One page of the deliveries, newest first, each with its attempts (time, status code, duration, error)',
    tag: hooks,
    paged: { noun: 'deliveries', defaultLimit: DELIVERIES_PAGE_SIZE },
  },
  {
    method: 'POST',
    path: '/api/admin/webhooks/{id}/deliveries/{deliveryId}/resend',
    procedure: 'admin.resendWebhookDelivery',
    summary: 'Send the event again (same webhook-id)',
    tag: hooks,
    status: 201,
    ...idempotent,
  },
  {
    method: 'POST',
    path: '/api/admin/webhooks/{id}/test',
    procedure: 'admin.sendWebhookTestEvent',
    summary: 'Send a webhook.test event to this endpoint',
    tag: hooks,
    status: 201,
    ...idempotent,
  },
];
