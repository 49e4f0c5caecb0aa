// Builds the dependencies of the app from configuration: database, secrets, cipher, throttles, storage.

import { join } from 'node:path';
import { createDb, type DatabaseHandle } from '@portal/db';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import { createMetrics } from './metrics';
import { resolveSecrets } from './secrets';
import { createFieldCipher } from './services/crypto';
import { createRateLimits } from './services/rate-limits';
import { createLocalStorage } from './services/storage';
import { createTokenService } from './services/tokens';
import type { AppDeps } from './trpc/context';

export function openDatabase(config: AppConfig): DatabaseHandle {
  return createDb({ databaseUrl: config.databaseUrl, dataDir: join(config.dataDir, 'pglite') });
}

export function createDeps(config: AppConfig, handle: DatabaseHandle, logger: FastifyBaseLogger, now: () => Date = () => new Date()): AppDeps {
  const secrets = resolveSecrets(config);
  return {
    db: handle.db,
    dbKind: handle.kind,
    pingDb: handle.ping,
    config,
    logger,
    tokens: createTokenService(secrets.jwtSecret, now),
    cipher: createFieldCipher(secrets.dataEncryptionKey, config.dataEncryptionOldKeys),
    rateLimits: createRateLimits({ redisUrl: config.redisUrl }),
    storage: createLocalStorage(join(config.dataDir, 'uploads')),
    metrics: createMetrics(handle),
    now,
  };
}
