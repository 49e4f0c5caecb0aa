// Integrations for internal tools: API keys and signed outgoing webhooks.
export * from './api-keys';
export * from './webhooks';
