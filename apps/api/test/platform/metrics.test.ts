// Prometheus metrics: a registry per app, on their own listener, never on the public port.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { startMetricsServer, type MetricsServer } from '../../src/metrics';
import { createTestApp, useTestApp, withWebApp } from '../support';

const t = useTestApp();
let server: MetricsServer;

beforeAll(async () => {
  await t.setFeeBasis('activeMonth');
  server = await startMetricsServer(t.deps.metrics, { port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await server?.close();
});

async function scrape(): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return res.text();
}

/** The value of one sample line `name{labels} value`, labels in any order. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe('metrics', () => {
  it('are not served on the public port', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(404);
  });

  it('are a 404 on the public port also when it serves the web app (not its shell)', async () => {
    await withWebApp(async (web) => {
      expect((await web.app.inject({ method: 'GET', url: '/admin' })).statusCode).toBe(200);
      const res = await web.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    });
  });

  it('answer only /metrics on their own port', async () => {
    expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${server.port}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('count requests by route pattern, procedures, accruals and the process', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const partner = await t.createPartner();
    await t.createWonClient(partner.partnerId);
    const headers = await t.bearer(admin);
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/partners/${partner.partnerId}`, headers });
    expect(detail.statusCode).toBe(200);
    const trpc = await t.app.inject({ method: 'GET', url: '/trpc/admin.metrics', headers });
    expect(trpc.statusCode).toBe(200);
    t.clock.now = new Date('2026-03-15T12:00:00Z');
    const accrued = await t.caller(admin).admin.accrue({ month: '2026-02' });
    expect(accrued.created).toBe(1);

    const text = await scrape();
    // The pattern, not the id: one series for every partner.
    expect(
      sample(text, 'portal_http_request_duration_seconds_count', {
        method: 'GET',
        route: '/api/admin/partners/:id',
        status_code: '200',
      }),
    ).toBe(1);
    expect(text).not.toContain(partner.partnerId);
    expect(
      sample(text, 'portal_http_request_duration_seconds_count', { route: '/trpc/:path', status_code: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, 'portal_http_request_duration_seconds_bucket', { route: '/api/admin/partners/:id', le: '+Inf' }),
    ).toBe(1);
    // REST routes run procedures too: admin.partner by REST, admin.metrics by tRPC, admin.accrue by a caller.
    expect(
      sample(text, 'portal_trpc_procedure_duration_seconds_count', {
        procedure: 'admin.partner',
        type: 'query',
        result: 'ok',
      }),
    ).toBe(1);
    expect(
      sample(text, 'portal_trpc_procedure_duration_seconds_count', {
        procedure: 'admin.metrics',
        type: 'query',
        result: 'ok',
      }),
    ).toBe(1);
    expect(
      sample(text, 'portal_trpc_procedure_duration_seconds_count', {
        procedure: 'admin.accrue',
        type: 'mutation',
        result: 'ok',
      }),
    ).toBe(1);
    expect(sample(text, 'portal_accrual_runs_total', { result: 'ok' })).toBe(1);
    expect(sample(text, 'portal_accrual_commissions_created_total')).toBe(1);
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    if (t.deps.dbKind === 'postgres') {
      expect(sample(text, 'portal_db_pool_connections_open')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'portal_db_pool_connections_in_use')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'portal_db_pool_waiting')).toBe(0);
    } else {
      expect(text).not.toContain('portal_db_pool');
    }
  });

  it('time a failing procedure by its error code and a refused month is no accrual run', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/trpc/admin.metrics' });
    expect(anonymous.statusCode).toBe(401);
    const admin = await t.createUser({ role: 'admin' });
    await expect(t.caller(admin).admin.accrue({ month: '2099-01' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    const text = await scrape();
    expect(
      sample(text, 'portal_trpc_procedure_duration_seconds_count', {
        procedure: 'admin.metrics',
        result: 'UNAUTHORIZED',
      }),
    ).toBe(1);
    expect(
      sample(text, 'portal_trpc_procedure_duration_seconds_count', {
        procedure: 'admin.accrue',
        result: 'BAD_REQUEST',
      }),
    ).toBe(1);
    expect(sample(text, 'portal_accrual_runs_total', { result: 'error' })).toBeUndefined();
  });

  it('keep each app its own registry', async () => {
    const other = await createTestApp();
    try {
      const text = await other.deps.metrics.registry.metrics();
      expect(sample(text, 'portal_accrual_runs_total', { result: 'ok' })).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it('registers gauges read at scrape time (for later queues) and counters', async () => {
    let backlog = 3;
    t.deps.metrics.registerGauge('portal_test_backlog', 'A backlog read when scraped', () => backlog);
    const failures = t.deps.metrics.registerCounter('portal_test_failures_total', 'Failures', ['kind']);
    failures.inc({ kind: 'mail' });
    expect(sample(await scrape(), 'portal_test_backlog')).toBe(3);
    backlog = 5;
    const text = await scrape();
    expect(sample(text, 'portal_test_backlog')).toBe(5);
    expect(sample(text, 'portal_test_failures_total', { kind: 'mail' })).toBe(1);
  });

  it('reports a gauge whose read fails as NaN and still answers the scrape', async () => {
    t.deps.metrics.registerGauge('portal_test_unreadable', 'A read that fails', () =>
      Promise.reject(new Error('database down')),
    );
    const text = await scrape();
    expect(sample(text, 'portal_test_unreadable')).toBeNaN();
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
  });
});

describe('METRICS_PORT', () => {
  const base = { NODE_ENV: 'test' };
  it('is off by default and listens on loopback when set', () => {
    expect(loadConfig(base).metrics).toBeUndefined();
    expect(loadConfig({ ...base, METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ ...base, METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({
      port: 9464,
      host: '0.0.0.0',
    });
  });

  it('refuses the public port', () => {
    expect(() => loadConfig({ ...base, PORT: '3000', METRICS_PORT: '3000' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
    expect(() => loadConfig({ ...base, METRICS_PORT: 'x' })).toThrow(/METRICS_PORT: must be a port number/);
  });
});
