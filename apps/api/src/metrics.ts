// Prometheus metrics: one registry per app instance (tests build several apps in one process, so
// nothing goes into prom-client's global registry), served only on its own listener (METRICS_PORT).

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DatabaseHandle } from '@portal/db';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds; from a fast read (5 ms) to a slow export or upload (10 s). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Metrics {
  registry: Registry;
  /** Labels: method, route (the route pattern, never the raw URL), status_code. */
  httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Labels: procedure (its path), type (query/mutation), result (ok or the tRPC error code). */
  procedureDuration: Histogram<'procedure' | 'type' | 'result'>;
  /** Labels: result (ok/error). */
  accrualRuns: Counter<'result'>;
  accrualRowsCreated: Counter;
  /** Labels: channel (mail; webhooks when they land), outcome (retry: will be tried again, failed: given up). */
  deliveryFailures: Counter<'channel' | 'outcome'>;
  /** A gauge read at scrape time (e.g. an outbox backlog); `collect` may query the database (a failure reads NaN). */
  registerGauge(name: string, help: string, collect: () => number | Promise<number>): Gauge;
  /** A counter that code increments (e.g. mail or webhook failures). */
  registerCounter<L extends string = never>(name: string, help: string, labelNames?: readonly L[]): Counter<L>;
}

export function createMetrics(handle: Pick<DatabaseHandle, 'poolStats'>): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const registerGauge = (name: string, help: string, collect: () => number | Promise<number>) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      // A read that fails (the database is down) reports NaN instead of failing the whole scrape.
      async collect() {
        this.set(
          await Promise.resolve()
            .then(collect)
            .catch(() => Number.NaN),
        );
      },
    });

  const metrics: Metrics = {
    registry,
    httpDuration: new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'HTTP requests by route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    procedureDuration: new Histogram({
      name: 'portal_trpc_procedure_duration_seconds',
      help: 'tRPC procedure calls by procedure path, type and result',
      labelNames: ['procedure', 'type', 'result'],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    accrualRuns: new Counter({
      name: 'portal_accrual_runs_total',
      help: 'Accrual runs (timer, admin, command line) by result',
      labelNames: ['result'],
      registers: [registry],
    }),
    accrualRowsCreated: new Counter({
      name: 'portal_accrual_commissions_created_total',
      help: 'Commissions written by accrual runs',
      registers: [registry],
    }),
    deliveryFailures: new Counter({
      name: 'portal_delivery_failures_total',
      help: 'Deliveries from the outbox that failed, by channel and outcome (retry or failed for good)',
      labelNames: ['channel', 'outcome'],
      registers: [registry],
    }),
    registerGauge,
    registerCounter: <L extends string = never>(name: string, help: string, labelNames: readonly L[] = []) =>
      new Counter<L>({ name, help, labelNames, registers: [registry] }),
  };

  // PostgreSQL only: the embedded database has one in-process connection and no pool to watch.
  const pool = handle.poolStats;
  if (pool) {
    registerGauge(
      'portal_db_pool_connections_in_use',
      'Database connections checked out of the pool',
      () => pool().total - pool().idle,
    );
    registerGauge('portal_db_pool_connections_open', 'Database connections open in the pool', () => pool().total);
    registerGauge('portal_db_pool_waiting', 'Queries waiting for a database connection', () => pool().waiting);
  }
  return metrics;
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/** GET /metrics on its own listener; every other path is 404. */
export async function startMetricsServer(
  metrics: Metrics,
  options: { port: number; host: string },
): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metrics.registry.metrics().then(
      (body) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(body),
      () => res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Metrics could not be collected\n'),
    );
  });
  // Longer than a scrape interval, so Prometheus keeps its connection instead of racing the server's close.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
