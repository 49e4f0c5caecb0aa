// Notifications: mail templates, the outbox, each user's preferences and mail links, the email log.
export * from './email-log';
export * from './notify';
export * from './outbox';
export * from './preferences';
export * from './templates';
export * from './token-links';
