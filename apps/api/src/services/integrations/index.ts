// Integrations: API keys, signed outgoing webhooks, inbound booking webhooks and the bookings no partner got.
export * from './api-keys';
export * from './booking-webhooks';
export * from './unplaced-bookings';
export * from './webhooks';
