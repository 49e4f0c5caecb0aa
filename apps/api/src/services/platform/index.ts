// Platform: encryption, domain errors, keyset paging, file storage (local and S3), rate limits, readiness, backup, re-encryption, permissions, the activity log, request actor, row mappers, prepared lookups, program settings, the demo seed.
export * from './activity-log';
export * from './activity';
export * from './actor';
export * from './backup';
export * from './crypto';
export * from './demo-seed';
export * from './errors';
export * from './keyset';
export * from './mappers';
export * from './permissions';
export * from './prepared';
export * from './program-settings';
export * from './rate-limits';
export * from './readiness';
export * from './reencrypt';
export * from './s3-storage';
export * from './storage';
