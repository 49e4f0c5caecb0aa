// Redis is not vital. With REDIS_URL pointing at a Redis that is gone (nothing listens) or frozen
// (accepts connections and never answers), sign-in, the referral link and every throttle keep
// working on the process's own counters, within a bounded wait, and the fallback is counted.

import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_COMMAND_TIMEOUT_MS } from '../../src/services/platform';
import { createTestApp, freePort, type TestApp } from '../support';

/** A TCP server that accepts connections and never answers: a Redis that hangs. */
async function frozenServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const PASSWORD = 'correct-horse-battery-9';

describe.each([
  ['gone (nothing listens)', async () => ({ port: await freePort(), close: async () => {} })],
  ['frozen (never answers)', frozenServer],
])('with Redis %s', (_name, startRedis) => {
  let t: TestApp;
  let redis: { port: number; close(): Promise<void> };
  beforeAll(async () => {
    redis = await startRedis();
    t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${redis.port}` });
  });
  afterAll(async () => {
    await t.close();
    await redis.close();
  });

  it('signs in (and refuses a wrong password) without a 5xx, within a bounded wait', { timeout: 90_000 }, async () => {
    const user = await t.createUser({ role: 'admin', password: PASSWORD });
    for (const [password, status] of [
      ['wrong-password-1', 401],
      [PASSWORD, 200],
    ] as const) {
      const started = Date.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password },
      });
      expect(res.statusCode).toBe(status);
      // One command waits at most its timeout; the throttles then use local counters without asking again.
      expect(Date.now() - started).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS + 10_000);
    }
  });

  it('serves the referral link and counts a visit', async () => {
    const partner = await t.createPartner();
    const link = await t.app.inject({ method: 'GET', url: `/api/referral-links/${partner.referralCode}` });
    expect(link.statusCode).toBe(200);
    const visit = await t.app.inject({
      method: 'POST',
      url: '/api/referral-visits',
      payload: { referralCode: partner.referralCode },
    });
    expect(visit.statusCode).toBeLessThan(300);
  });

  it('still throttles, on the process’s own counters', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'throttled@example.com' },
      });
      statuses.push(res.statusCode);
    }
    // Five reset requests an hour for one email.
    expect(statuses.slice(0, 5).every((status) => status < 300)).toBe(true);
    expect(statuses[5]).toBe(429);
  });

  it('counts the fallbacks in the metrics and stays ready with redis degraded', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().checks.redis).toMatch(/^degraded: /);
    const metrics = await t.deps.metrics.registry.getSingleMetricAsString('portal_rate_limit_redis_fallbacks_total');
    const count = Number(/portal_rate_limit_redis_fallbacks_total (\d+)/.exec(metrics)?.[1]);
    expect(count).toBeGreaterThan(0);
  });
});
