// Signed webhooks for internal tools (issue 15): events, endpoints, target safety, delivery.
export * from './deliver';
export * from './endpoints';
export * from './events';
export * from './target';
