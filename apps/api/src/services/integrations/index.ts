// Integrations for internal tools: API keys, signed outgoing webhooks, and the bookings no partner got.
export * from './api-keys';
export * from './webhooks';
export * from './unplaced-bookings';
