// Builds the dependencies of the app from configuration: database, secrets, cipher, throttles, storage.

import { join } from 'node:path';
import type { UserRole } from '@portal/contracts';
import { createDb, type DatabaseHandle, type Db } from '@portal/db';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import { createMetrics, type Metrics } from './metrics';
import { resolveSecrets } from './secrets';
import {
  createFieldCipher,
  type FieldCipher,
  createRateLimits,
  type RateLimits,
  createS3Storage,
  createLocalStorage,
  type FileStorage,
} from './services/platform';
import { registerOutboxMetrics } from './services/notifications';
import { createTokenService, type TokenService } from './services/accounts';

/** What the app runs on; procedures, services and tests receive it. */
export interface AppDeps {
  db: Db;
  dbKind: 'postgres' | 'pglite';
  /** Answers whether the database responds right now (health checks). */
  pingDb: () => Promise<boolean>;
  config: AppConfig;
  logger: FastifyBaseLogger;
  tokens: TokenService;
  cipher: FieldCipher;
  rateLimits: RateLimits;
  storage: FileStorage;
  /** This instance's Prometheus registry and instruments (served on METRICS_PORT). */
  metrics: Metrics;
  /** The clock; tests move it. */
  now: () => Date;
}

/**
 * The principal behind a request: a signed-in user as its bearer token and the user row agree, or an
 * API key (apiKeyId + scopes; id/email/role are then those of the admin who created the key).
 */
export interface SessionUser {
  id: string;
  email: string;
  role: UserRole;
  tokenVersion: number;
  /** Set by authenticate(): the user's own name (team members set it), null when none. */
  displayName?: string | null;
  /** Set when the request is made with an API key: the principal is the key, acting within its scopes. */
  apiKeyId?: string | null;
  /** The key's scopes (its permissions); only with apiKeyId. */
  scopes?: readonly string[];
  /** Set by authenticate(): TOTP is on for this user. */
  mfaEnabled?: boolean;
  /** Set by authenticate(): a team member without TOTP while ADMIN_MFA_REQUIRED (only enrolment is open). */
  mfaEnrolmentRequired?: boolean;
}

export function openDatabase(config: AppConfig): DatabaseHandle {
  return createDb({
    databaseUrl: config.databaseUrl,
    dataDir: join(config.dataDir, 'pglite'),
    timeouts: config.databaseTimeouts,
  });
}

export function createDeps(
  config: AppConfig,
  handle: DatabaseHandle,
  logger: FastifyBaseLogger,
  now: () => Date = () => new Date(),
): AppDeps {
  const secrets = resolveSecrets(config);
  const metrics = createMetrics(handle);
  registerOutboxMetrics(metrics, { db: handle.db, now });
  return {
    db: handle.db,
    dbKind: handle.kind,
    pingDb: handle.ping,
    config,
    logger,
    tokens: createTokenService(secrets.jwtSecret, now),
    cipher: createFieldCipher(secrets.dataEncryptionKey, secrets.dataEncryptionOldKeys),
    rateLimits: createRateLimits({
      redisUrl: config.redisUrl,
      apiKeyPerMinute: config.apiKeyRateLimit,
      onRedisFailure: redisFailureReporter(metrics, logger),
    }),
    storage: createStorage(config),
    metrics,
    now,
  };
}

/** Counts each throttle that ran on this process's counters because Redis failed, and logs it at most once a minute. */
function redisFailureReporter(metrics: Metrics, logger: FastifyBaseLogger): (error: unknown) => void {
  const fallbacks = metrics.registerCounter(
    'portal_rate_limit_redis_fallbacks_total',
    "Throttle checks that used this process's own counters because Redis did not answer",
  );
  let lastLogged = 0;
  return (error) => {
    fallbacks.inc();
    if (Date.now() - lastLogged < 60_000) return;
    lastLogged = Date.now();
    logger.warn({ err: error }, "Redis did not answer: throttles use this process's own counters until it is back");
  };
}

/** STORAGE_DRIVER: DATA_DIR/uploads (local, the default) or an S3 bucket shared by every replica. */
export function createStorage(config: AppConfig): FileStorage {
  return config.storage.driver === 's3'
    ? createS3Storage(config.storage)
    : createLocalStorage(join(config.dataDir, 'uploads'));
}
