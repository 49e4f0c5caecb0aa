// Platform: encryption, domain errors, idempotent creates, keyset paging, file storage (local and S3), rate limits, readiness,
// backup, re-encryption, permissions, the activity log, request actor, row mappers, prepared lookups, program settings and
// terms, the demo seed.
export * from './activity';
export * from './activity-log';
export * from './actor';
export * from './backup';
export * from './crypto';
export * from './demo-seed';
export * from './errors';
export * from './idempotency';
export * from './keyset';
export * from './mappers';
export * from './permissions';
export * from './prepared';
export * from './program-settings';
export * from './program-terms';
export * from './rate-limits';
export * from './readiness';
export * from './reencrypt';
export * from './s3-storage';
export * from './storage';
