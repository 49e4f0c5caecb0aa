// Integrations for internal tools: API keys (webhooks live in notifications/webhooks).
export * from './api-keys';
