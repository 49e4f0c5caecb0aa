// Signed webhooks for internal tools: events, endpoints, target safety, delivery.
export * from './deliver';
export * from './endpoints';
export * from './events';
export * from './target';
