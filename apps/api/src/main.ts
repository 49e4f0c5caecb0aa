// The server process: config → database → migrate → bootstrap → listen → graceful shutdown.

import { migrateToLatest, waitUntilReachable } from '@portal/db';
import { buildApp } from './app';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { claimDataDir, ControlSocketPathError, type DataDirClaim } from './control';
import { secureDataDir } from './data-dir';
import { createDeps, openDatabase } from './deps';
import { applyHeapPolicy } from './heap-policy';
import { createLogger } from './logger';
import { startMetricsServer } from './metrics';
import { startAccrualTimer } from './workers/accrual-timer';
import { createBackupStream } from './services/platform/backup';
import { ensureAdmin } from './services/accounts/admin-bootstrap';
import { formatSignIns, seedDemo } from './services/platform/demo-seed';
import { createOutboxWorker } from './workers/outbox-worker';
import { createWebhookWorker } from './workers/webhook-worker';

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
secureDataDir(config.dataDir);
// The embedded database is this process's alone; its control socket also answers `cli backup`.
let claim: DataDirClaim | undefined;
if (!config.databaseUrl) {
  try {
    claim = await claimDataDir(config.dataDir, { backup: () => createBackupStream(handle, config.dataDir) }, (err) =>
      logger.error({ err }, 'backup failed'),
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
await migrateToLatest(handle.db);
const deps = createDeps(config, handle, logger);
if (config.demoData) {
  const signIns = await seedDemo(deps);
  // The sign-ins go to the terminal, not the log stream: they are for the person who started it.
  if (signIns.length > 0) console.log(`\n${formatSignIns(signIns)}\n`);
}
if (config.admin) {
  try {
    const result = await ensureAdmin(deps, config.admin.email, config.admin.password);
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

await app.listen({ port: config.port, host: config.host });
if (config.metrics) {
  // Its own listener: the public port never answers /metrics.
  const metricsServer = await startMetricsServer(deps.metrics, config.metrics);
  stopHooks.push(() => metricsServer.close());
  logger.info(`Prometheus metrics on http://${config.metrics.host}:${metricsServer.port}/metrics`);
}
logger.info(
  `Partner Portal on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port} (${handle.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}, Node ${process.version})`,
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
