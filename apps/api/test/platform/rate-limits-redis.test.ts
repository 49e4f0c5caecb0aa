// With REDIS_URL the throttles live in Redis, so app replicas share one budget. Runs against the
// Redis named by TEST_REDIS_URL (.ci/run sets it when one answers); without it, shows that
// in-memory counters are per process, which is why a multi-replica deployment needs REDIS_URL.

import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { RateLimitedError, RATE_POLICIES, createRateLimits, type RateLimits } from '../../src/services/platform';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { createTestApp } from '../support';

const redisUrl = process.env.TEST_REDIS_URL;
const opened: Array<{ close(): Promise<void> }> = [];
afterAll(async () => {
  for (const item of opened.reverse()) await item.close();
});

function twoInstances(shared: boolean): [RateLimits, RateLimits] {
  const prefix = `portal-test-${randomUUID()}`;
  const a = createRateLimits({ redisUrl: shared ? redisUrl : undefined, prefix });
  const b = createRateLimits({ redisUrl: shared ? redisUrl : undefined, prefix });
  opened.push(a, b);
  return [a, b];
}

async function spend(limits: RateLimits, times: number, key: string) {
  for (let i = 0; i < times; i++) await limits.consume('loginFailuresPerEmailAndIp', key);
}

describe(
  redisUrl ? `rate limits shared through Redis (${redisUrl})` : 'rate limits without Redis (TEST_REDIS_URL not set)',
  () => {
    if (redisUrl) {
      it('lets two instances on one Redis share a budget', async () => {
        const [a, b] = twoInstances(true);
        const key = 'someone@example.com|10.9.0.1';
        await spend(a, 6, key);
        await spend(b, 4, key);
        // A refund on one instance frees a point on the other.
        await a.refund('loginFailuresPerEmailAndIp', key);
        await expect(b.consume('loginFailuresPerEmailAndIp', key)).resolves.toBeUndefined();
        await expect(a.consume('loginFailuresPerEmailAndIp', key)).rejects.toBeInstanceOf(RateLimitedError);
        const refused = await b.consume('loginFailuresPerEmailAndIp', key).catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(RateLimitedError);
        expect((refused as RateLimitedError).retryAfterSeconds).toBeGreaterThan(0);
        expect((refused as RateLimitedError).retryAfterSeconds).toBeLessThanOrEqual(
          RATE_POLICIES.loginFailuresPerEmailAndIp.durationSeconds,
        );
      });

      it('keeps separate keys and policies apart', async () => {
        const [a, b] = twoInstances(true);
        await spend(a, 10, 'one@example.com|10.9.0.2');
        await expect(b.consume('loginFailuresPerEmailAndIp', 'two@example.com|10.9.0.2')).resolves.toBeUndefined();
        await expect(b.consume('loginFailuresPerIp', '10.9.0.2')).resolves.toBeUndefined();
      });

      it('holds across two app replicas: failures on both count against one budget', async () => {
        // Two Fastify apps on one database, each with its own Redis client on the same prefix:
        // what two replicas of one deployment are.
        const t = await createTestApp();
        opened.push(t);
        const prefix = `portal-test-${randomUUID()}`;
        const replicas: FastifyInstance[] = [];
        for (let i = 0; i < 2; i++) {
          const rateLimits = createRateLimits({ redisUrl, prefix });
          opened.push(rateLimits);
          const app = await buildApp({ ...t.deps, rateLimits }, { serveWeb: false });
          opened.push(app);
          replicas.push(app);
        }
        const [first, second] = replicas as [FastifyInstance, FastifyInstance];
        const login = (app: FastifyInstance) =>
          app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email: 'shared-victim@example.com', password: 'wrong-password' },
            remoteAddress: '10.9.1.1',
          });
        for (let i = 0; i < 5; i++) {
          expect((await login(first)).statusCode).toBe(401);
          expect((await login(second)).statusCode).toBe(401);
        }
        const blocked = await login(first);
        expect(blocked.statusCode).toBe(429);
        expect(blocked.headers['retry-after']).toBeDefined();
        expect((await login(second)).statusCode).toBe(429);
      });
    } else {
      it('keeps separate counters in each in-memory instance', async () => {
        const [a, b] = twoInstances(false);
        const key = 'someone@example.com|10.9.0.1';
        await spend(a, 10, key);
        await expect(a.consume('loginFailuresPerEmailAndIp', key)).rejects.toBeInstanceOf(RateLimitedError);
        await expect(b.consume('loginFailuresPerEmailAndIp', key)).resolves.toBeUndefined();
      });
    }
  },
);
