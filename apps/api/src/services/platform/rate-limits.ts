// Throttles for sign-in, sign-up and public writes. In memory for one process; in Redis when
// REDIS_URL is set, so several replicas share the same counters. Redis is not vital: while it does
// not answer (a command fails or takes more than a second), each throttle falls back to this
// process's own counters, the fallback is reported (onRedisFailure: a log line and a metric), and
// readiness says `degraded`, so a load balancer keeps the replicas.

import { MESSAGES } from '@portal/contracts';
import { Redis } from 'ioredis';
import { DomainError } from './errors';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface RatePolicy {
  points: number;
  durationSeconds: number;
}

export const RATE_POLICIES = {
  /** Failed sign-ins for one email from one address. */
  loginFailuresPerEmailAndIp: { points: 10, durationSeconds: 15 * 60 },
  /** Failed sign-ins from one address, any email. */
  loginFailuresPerIp: { points: 100, durationSeconds: 15 * 60 },
  /** Failed sign-ins for one email from any address: a guesser spreading over many addresses. */
  loginFailuresPerEmail: { points: 20, durationSeconds: 15 * 60 },
  registrationsPerIp: { points: 20, durationSeconds: 60 * 60 },
  referralVisitsPerIp: { points: 120, durationSeconds: 60 },
  /** Referral link look-ups from one address (the landing page asks once per visit). */
  referralLinkLookupsPerIp: { points: 60, durationSeconds: 60 },
  /** Password reset requests for one email (any address), and from one address (any email). */
  passwordResetsPerEmail: { points: 5, durationSeconds: 60 * 60 },
  passwordResetsPerIp: { points: 20, durationSeconds: 60 * 60 },
  /** Wrong two-factor codes for one account (any address), and from one address. */
  mfaFailuresPerUser: { points: 10, durationSeconds: 15 * 60 },
  mfaFailuresPerIp: { points: 50, durationSeconds: 15 * 60 },
  /** Invitation links tried from one address. */
  invitationAcceptsPerIp: { points: 20, durationSeconds: 60 * 60 },
} as const satisfies Record<string, RatePolicy>;

export type RatePolicyName = keyof typeof RATE_POLICIES;

/** A spent budget: the domain's rate_limited kind, with the seconds until a point comes back (Retry-After). */
export class RateLimitedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    super('rate_limited', MESSAGES.tooManyAttempts);
  }
}

/** Where an API key stands in its per-minute budget, for the RateLimit-* headers. */
export interface KeyBudget {
  limit: number;
  remaining: number;
  resetSeconds: number;
  /** Set when the request is over the budget. */
  retryAfterSeconds?: number;
}

export interface RateLimits {
  /** Takes one request from an API key's per-minute budget (API_KEY_RATE_LIMIT). */
  /** Takes `calls` from the key's budget of API_KEY_RATE_LIMIT calls a minute (a tRPC batch is one per procedure). */
  consumeApiKey(keyId: string, calls?: number): Promise<KeyBudget>;
  /** Takes one point; throws RateLimitedError when the policy's budget is spent. */
  consume(policy: RatePolicyName, key: string): Promise<void>;
  /** Gives a point back (a sign-in that turned out to be right). */
  refund(policy: RatePolicyName, key: string): Promise<void>;
  /** Readiness: 'not configured' without REDIS_URL; rejects when Redis does not answer a PING. */
  check(): Promise<'ok' | 'not configured'>;
  close(): Promise<void>;
}

/** A point of one policy's budget, under one key (an address, an email, an account). */
export type Budget = readonly [policy: RatePolicyName, key: string];

/**
 * Takes a point of each budget in turn. When one is spent, the points already taken are given back
 * (a refused attempt is not a failure of the budgets it did pass) and RateLimitedError is thrown.
 * Answers the refund of every point, for an attempt that turns out right.
 */
export async function takeBudgets(rateLimits: RateLimits, budgets: readonly Budget[]): Promise<() => Promise<void>> {
  const taken: Budget[] = [];
  try {
    for (const [policy, key] of budgets) {
      await rateLimits.consume(policy, key);
      taken.push([policy, key]);
    }
  } catch (error) {
    await Promise.all(taken.map(([policy, key]) => rateLimits.refund(policy, key)));
    throw error;
  }
  return async () => {
    await Promise.all(budgets.map(([policy, key]) => rateLimits.refund(policy, key)));
  };
}

/** How long a throttle waits for Redis before using this process's counters instead. */
export const REDIS_COMMAND_TIMEOUT_MS = 1000;
/** After Redis failed, how long the throttles use this process's counters before asking Redis again. */
export const REDIS_RETRY_AFTER_MS = 5000;

export function createRateLimits(
  options: {
    redisUrl?: string;
    prefix?: string;
    apiKeyPerMinute?: number;
    /** Told when a throttle could not reach Redis and used this process's counters. */
    onRedisFailure?: (error: unknown) => void;
  } = {},
): RateLimits {
  const redis = options.redisUrl
    ? new Redis(options.redisUrl, {
        // A command sent while connecting waits for the connection, at most the command timeout;
        // while Redis is away it fails by then and the throttle falls back.
        enableOfflineQueue: true,
        maxRetriesPerRequest: 1,
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
        connectTimeout: 2000,
        retryStrategy: (times) => Math.min(times * 200, 2000),
      })
    : undefined;
  // ioredis reports a lost connection as an 'error' event too: the throttles already handle it.
  redis?.on('error', () => {});
  const prefix = options.prefix ?? 'portal-rl';
  let redisSkippedUntil = 0;
  /** A Redis limiter that falls back to an in-memory twin when Redis fails (not when the budget is spent). */
  const resilient = (opts: { keyPrefix: string; points: number; duration: number }): RateLimiterAbstract => {
    const memory = new RateLimiterMemory(opts);
    if (!redis) return memory;
    const shared = new RateLimiterRedis({ ...opts, storeClient: redis, useRedisPackage: false });
    const fallBack =
      <A extends unknown[]>(call: (limiter: RateLimiterAbstract, ...args: A) => Promise<RateLimiterRes>) =>
      async (...args: A) => {
        if (Date.now() < redisSkippedUntil) return call(memory, ...args);
        try {
          const result = await call(shared, ...args);
          redisSkippedUntil = 0;
          return result;
        } catch (error) {
          if (error instanceof RateLimiterRes) {
            redisSkippedUntil = 0;
            throw error;
          }
          // A Redis that hangs would cost every check its full timeout: after a failure the
          // throttles use local counters for a few seconds before asking Redis again.
          redisSkippedUntil = Date.now() + REDIS_RETRY_AFTER_MS;
          options.onRedisFailure?.(error);
          return call(memory, ...args);
        }
      };
    return Object.assign(Object.create(shared) as RateLimiterAbstract, {
      consume: fallBack((limiter, key: string | number, points?: number) => limiter.consume(key, points)),
      reward: fallBack((limiter, key: string | number, points?: number) => limiter.reward(key, points)),
    });
  };
  const limiters = new Map<RatePolicyName, RateLimiterAbstract>();
  for (const [name, policy] of Object.entries(RATE_POLICIES) as [RatePolicyName, RatePolicy][]) {
    limiters.set(
      name,
      resilient({ keyPrefix: `${prefix}:${name}`, points: policy.points, duration: policy.durationSeconds }),
    );
  }
  const limiter = (name: RatePolicyName) => limiters.get(name) as RateLimiterAbstract;
  const keyLimit = options.apiKeyPerMinute ?? 600;
  const keyLimiter = resilient({ keyPrefix: `${prefix}:apiKey`, points: keyLimit, duration: 60 });
  return {
    async consumeApiKey(keyId, calls = 1) {
      const budgetOf = (res: RateLimiterRes) => ({
        limit: keyLimit,
        remaining: Math.max(0, res.remainingPoints),
        resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
      });
      try {
        return budgetOf(await keyLimiter.consume(keyId, calls));
      } catch (result) {
        if (result instanceof RateLimiterRes) {
          const budget = budgetOf(result);
          return { ...budget, retryAfterSeconds: budget.resetSeconds };
        }
        throw result;
      }
    },
    async consume(policy, key) {
      try {
        await limiter(policy).consume(key, 1);
      } catch (result) {
        if (result instanceof RateLimiterRes)
          throw new RateLimitedError(Math.max(1, Math.ceil(result.msBeforeNext / 1000)));
        throw result;
      }
    },
    async refund(policy, key) {
      await limiter(policy).reward(key, 1);
    },
    async check() {
      if (!redis) return 'not configured';
      // Between reconnection attempts a PING would only wait in the queue: say so at once.
      if (['reconnecting', 'close', 'end'].includes(redis.status)) throw new Error(`no connection (${redis.status})`);
      const answer = await redis.ping().catch((error: unknown) => {
        // ioredis gives up on a queued command after its retries: the server does not accept connections.
        throw (error as Error).name === 'MaxRetriesPerRequestError'
          ? new Error('no connection', { cause: error })
          : error;
      });
      if (answer !== 'PONG') throw new Error(`unexpected answer ${answer}`);
      return 'ok';
    },
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
