// The server process: config → database → migrate → bootstrap → listen → graceful shutdown.

import { createServer } from 'node:net';
import { migrateToLatest, waitUntilReachable } from '@portal/db';
import { buildApp } from './app';
import { ConfigError, loadConfig, localBaseUrl, type AppConfig } from './config';
import { claimDataDir, ControlSocketPathError, type DataDirClaim } from './control';
import { DataDirError, secureDataDir } from './data-dir';
import { createDeps, openDatabase } from './deps';
import { applyHeapPolicy } from './heap-policy';
import { createLogger } from './logger';
import { resolveSecrets } from './secrets';
import { startMetricsServer } from './metrics';
import { startAccrualTimer } from './workers/accrual-timer';
import { createBackupStream, formatSignIns, seedDemo } from './services/platform';
import { ensureAdmin } from './services/accounts';
import { createOutboxWorker } from './workers/outbox-worker';
import { createWebhookWorker } from './workers/webhook-worker';

/** Ends a start that cannot go on with one line naming the cause (and the variable to look at): no stack trace. */
function stopStarting(message: string): never {
  console.error(message);
  process.exit(1);
}

const reasonOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Why the public listener cannot open, in the words of PORT and HOST; undefined for anything else. */
function listenFailure(error: unknown, host: string, port: number): string | undefined {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'EADDRINUSE':
      return `PORT ${port} on HOST ${host} is already in use by another process: stop it or choose another PORT.`;
    case 'EACCES':
      return `PORT ${port} on HOST ${host} may not be opened by this account (ports below 1024 need privileges): choose another PORT.`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `HOST ${host} is not an address of this machine: use 127.0.0.1, 0.0.0.0, :: or one of its addresses.`;
    default:
      return undefined;
  }
}

/**
 * Opens and closes the public address before anything else happens, so a port in use stops the start
 * before the database is opened or demo data is written. The real listen still reports a port taken
 * in between.
 */
async function checkListenAddress(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once('error', reject);
      probe.listen({ port, host, exclusive: true }, resolve);
    });
  } catch (error) {
    stopStarting(
      listenFailure(error, host, port) ?? `The server cannot listen on HOST ${host} PORT ${port}: ${reasonOf(error)}`,
    );
  }
  await new Promise((resolve) => probe.close(resolve));
}

function readConfig(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

applyHeapPolicy();
const config = readConfig();
const logger = createLogger(config.logLevel);
await checkListenAddress(config.host, config.port);
try {
  secureDataDir(config.dataDir);
  if (!config.databaseUrl) resolveSecrets(config);
} catch (error) {
  stopStarting(error instanceof DataDirError ? error.message : `DATA_DIR ${config.dataDir}: ${reasonOf(error)}`);
}
// The embedded database is this process's alone; its control socket also answers `cli backup`.
let claim: DataDirClaim | undefined;
if (!config.databaseUrl) {
  try {
    claim = await claimDataDir(
      config.dataDir,
      { backup: () => createBackupStream(handle, { dataDir: config.dataDir }) },
      (err) => logger.error({ err }, 'backup failed'),
    );
  } catch (error) {
    // A DATA_DIR too deep for a socket still serves; only `cli backup` cannot reach it then.
    if (error instanceof ControlSocketPathError)
      logger.warn(
        `${error.message} Until then cli backup refuses to run and a second server on this DATA_DIR is not detected.`,
      );
    else {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    }
  }
}
const handle = openDatabase(config);
if (handle.kind === 'postgres') {
  const reached = await waitUntilReachable(handle, {
    withinMs: config.databaseStartWaitMs,
    onRetry: (attempt, nextDelayMs) =>
      logger.warn({ attempt, nextDelayMs }, 'the database does not answer yet; trying again'),
  });
  if (!reached) {
    console.error(
      `The database did not answer within ${config.databaseStartWaitMs / 1000} s (DATABASE_START_WAIT_SECONDS); stopping.`,
    );
    await handle.close();
    process.exit(1);
  }
}
try {
  await migrateToLatest(handle.db);
} catch (error) {
  await handle.close();
  stopStarting(
    `The database could not be brought up to date, so the server does not start: ${reasonOf(error)} (${config.databaseUrl ? 'DATABASE_URL' : `the embedded database in DATA_DIR ${config.dataDir}`}).`,
  );
}
const deps = createDeps(config, handle, logger);
if (config.demoData) {
  try {
    const signIns = await seedDemo(deps);
    // The sign-ins go to the terminal, not the log stream: they are for the person who started it.
    if (signIns.length > 0) console.log(`\n${formatSignIns(signIns)}\n`);
  } catch (error) {
    await deps.rateLimits.close();
    await handle.close();
    const where =
      config.storage.driver === 's3'
        ? `STORAGE_DRIVER=s3: check S3_ENDPOINT, S3_BUCKET and the S3 credentials`
        : `STORAGE_DRIVER=local: check that DATA_DIR ${config.dataDir} takes files`;
    stopStarting(
      `The demo data could not be seeded: ${reasonOf(error)} (${where}; DEMO_DATA=false starts without it).`,
    );
  }
}
if (config.admin) {
  try {
    const result = await ensureAdmin(deps, config.admin);
    logger.info(
      { email: config.admin.email },
      result.status === 'created' ? 'admin account created' : 'admin account present',
    );
  } catch (error) {
    // A start that cannot guarantee its admin must not serve: print why and stop.
    console.error(error instanceof Error ? error.message : error);
    await deps.rateLimits.close();
    await handle.close();
    process.exit(1);
  }
}
const app = await buildApp(deps);

const stopHooks: Array<() => void | Promise<void>> = [];
if (config.accrualTimer) stopHooks.push(startAccrualTimer(deps));
// Mail goes out from every replica's worker; the claim keeps each row to one sender.
const outbox = createOutboxWorker(deps);
outbox.start();
stopHooks.push(() => outbox.stop());
// Webhook events likewise: every replica polls, the claim keeps each delivery to one sender.
const webhooks = createWebhookWorker(deps);
webhooks.start();
stopHooks.push(() => webhooks.stop());

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  const message = listenFailure(error, config.host, config.port);
  if (!message) throw error;
  for (const stop of stopHooks) await stop();
  await app.close();
  await deps.rateLimits.close();
  await handle.close();
  stopStarting(message);
}
if (config.metrics) {
  // Its own listener: the public port never answers /metrics.
  const metricsServer = await startMetricsServer(deps.metrics, config.metrics);
  stopHooks.push(() => metricsServer.close());
  logger.info(`Prometheus metrics on http://${config.metrics.host}:${metricsServer.port}/metrics`);
}
logger.info(
  `Partner Portal on ${localBaseUrl(config)} (${handle.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}, Node ${process.version})`,
);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down: finishing requests under way');
  try {
    for (const stop of stopHooks) await stop();
    // A connection busy when the close begins stays open after its answer (keep-alive, 72 s by Fastify's
    // default) unless something closes it: each is closed as soon as it is idle, so the process stops once
    // the requests under way are answered.
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      await app.close();
    } finally {
      clearInterval(closeIdle);
    }
    await deps.rateLimits.close();
    deps.storage.close?.();
    await handle.close();
    await claim?.release();
    logger.info('stopped cleanly');
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
