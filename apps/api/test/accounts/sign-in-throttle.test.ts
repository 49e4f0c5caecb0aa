// Sign-in and sign-up throttles hold over REST, over tRPC and through tRPC batching (one HTTP
// request carrying many calls must not multiply attempts); an account's sign-in budget holds across
// addresses and across app replicas.

import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app';
import { RATE_POLICIES, createRateLimits } from '../../src/services/platform';
import { createInnerContext } from '../../src/trpc/context';
import { createCaller } from '../../src/trpc/router';
import { addressSequence, postLogin, uniqueEmail, useTestApp } from '../support';

const t = useTestApp();
const freshIp = addressSequence('10.2');
const freshEmail = () => uniqueEmail('throttle');

/** A sign-in refused for too many attempts, with a Retry-After within the account's 15-minute window: its seconds. */
function expectLockedOut(response: Awaited<ReturnType<typeof postLogin>>): number {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ message: MESSAGES.tooManyAttempts, code: 'TOO_MANY_REQUESTS' });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  return retryAfter;
}

/** One HTTP request carrying `inputs.length` calls of `procedure` (tRPC's batch link format). */
async function batch(procedure: string, inputs: object[], remoteAddress: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/trpc/${inputs.map(() => procedure).join(',')}?batch=1`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(Object.fromEntries(inputs.map((input, i) => [String(i), input]))),
    remoteAddress,
  });
  const items =
    res.json<Array<{ result?: { data: unknown }; error?: { message: string; data: { httpStatus: number } } }>>();
  return { res, statuses: items.map((item) => (item.error ? item.error.data.httpStatus : 200)), items };
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('sign-in throttle per email and address', () => {
  it('refuses the 11th failed sign-in within 15 minutes with 429 and Retry-After', async () => {
    const email = freshEmail();
    await t.createUser({ email, password: 'right-password' });
    const ip = freshIp();
    for (let i = 0; i < RATE_POLICIES.loginFailuresPerEmailAndIp.points; i++) {
      expect((await postLogin(t.app, email, 'wrong-password', ip)).statusCode).toBe(401);
    }
    expectLockedOut(await postLogin(t.app, email, 'wrong-password', ip));

    // Even the right password waits: the budget protects the account, not the guess.
    expect((await postLogin(t.app, email, 'right-password', ip)).statusCode).toBe(429);
    // Case and spaces do not make a new budget.
    expect((await postLogin(t.app, ` ${email.toUpperCase()} `, 'wrong-password', ip)).statusCode).toBe(429);
    // Another address, or another email from this address, still gets through.
    expect((await postLogin(t.app, email, 'right-password', freshIp())).statusCode).toBe(200);
    expect((await postLogin(t.app, freshEmail(), 'wrong-password', ip)).statusCode).toBe(401);
  });

  it('does not count successful sign-ins', async () => {
    const email = freshEmail();
    await t.createUser({ email, password: 'right-password' });
    const ip = freshIp();
    // Nine failures, then three successes; had those counted, the next failure would be refused.
    const points = RATE_POLICIES.loginFailuresPerEmailAndIp.points;
    const failures = await batch(
      'auth.login',
      Array.from({ length: points - 1 }, () => ({ email, password: 'wrong-password' })),
      ip,
    );
    expect(count(failures.statuses, 401)).toBe(points - 1);
    for (let i = 0; i < 3; i++) expect((await postLogin(t.app, email, 'right-password', ip)).statusCode).toBe(200);
    expect((await postLogin(t.app, email, 'wrong-password', ip)).statusCode).toBe(401);
    expect((await postLogin(t.app, email, 'wrong-password', ip)).statusCode).toBe(429);
  });

  it('holds through one batched tRPC request of many sign-ins', async () => {
    const email = freshEmail();
    await t.createUser({ email, password: 'right-password' });
    const ip = freshIp();
    const { res, statuses, items } = await batch(
      'auth.login',
      Array.from({ length: 15 }, () => ({ email, password: 'wrong-password' })),
      ip,
    );
    expect(count(statuses, 401)).toBe(10);
    expect(count(statuses, 429)).toBe(5);
    expect(items.find((item) => item.error?.data.httpStatus === 429)?.error?.message).toBe(MESSAGES.tooManyAttempts);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);

    // A second batch, even with the right password in it, gets nothing more.
    const second = await batch(
      'auth.login',
      [
        { email, password: 'right-password' },
        { email, password: 'guess-number-2' },
      ],
      ip,
    );
    expect(second.statuses).toEqual([429, 429]);
  });

  it('holds when many sign-ins run in parallel through the caller', async () => {
    const email = freshEmail();
    await t.createUser({ email, password: 'right-password' });
    const caller = createCaller(createInnerContext(t.deps, null, { ip: freshIp() }));
    const results = await Promise.allSettled(
      Array.from({ length: 14 }, () => caller.auth.login({ email, password: 'wrong-password' })),
    );
    const codes = results.map((r) => (r.status === 'rejected' ? (r.reason as { code: string }).code : 'OK'));
    expect(codes.filter((c) => c === 'UNAUTHORIZED')).toHaveLength(10);
    expect(codes.filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(4);
  });
});

describe('sign-in throttle per address', () => {
  it('refuses the 101st failed sign-in from one address, whatever the email', async () => {
    const ip = freshIp();
    const limit = RATE_POLICIES.loginFailuresPerIp.points;
    // The first 95 failures are taken straight from the budget (each real one costs an argon2 run).
    for (let i = 0; i < limit - 5; i++) await t.deps.rateLimits.consume('loginFailuresPerIp', ip);
    const { statuses } = await batch(
      'auth.login',
      Array.from({ length: 8 }, () => ({ email: freshEmail(), password: 'wrong-password' })),
      ip,
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    const blocked = await postLogin(t.app, freshEmail(), 'wrong-password', ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await postLogin(t.app, freshEmail(), 'wrong-password', freshIp())).statusCode).toBe(401);
  });
});

describe('registration throttle', () => {
  const register = (email: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'secret-pass-1' },
      remoteAddress,
    });
  const registrations = (n: number) =>
    Array.from({ length: n }, () => ({ email: freshEmail(), password: 'secret-pass-1' }));

  it('allows 20 registrations per hour from one address, then 429 with Retry-After', async () => {
    const ip = freshIp();
    const first = await batch('auth.register', registrations(10), ip);
    const second = await batch('auth.register', registrations(10), ip);
    expect(count([...first.statuses, ...second.statuses], 200)).toBe(RATE_POLICIES.registrationsPerIp.points);
    const third = await batch('auth.register', registrations(5), ip);
    expect(third.statuses).toEqual([429, 429, 429, 429, 429]);
    const rest = await register(freshEmail(), ip);
    expect(rest.statusCode).toBe(429);
    const retryAfter = Number(rest.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(15 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    const other = await register(freshEmail(), freshIp());
    expect(other.statusCode).toBe(201);
  });

  it('cuts a single batch down to the remaining budget', async () => {
    const ip = freshIp();
    for (let i = 0; i < 17; i++) await t.deps.rateLimits.consume('registrationsPerIp', ip);
    const { statuses } = await batch('auth.register', registrations(10), ip);
    expect(count(statuses, 200)).toBe(3);
    expect(count(statuses, 429)).toBe(7);
  });

  it('counts a refused registration too (a taken email is still an attempt)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 19; i++) await t.deps.rateLimits.consume('registrationsPerIp', ip);
    const email = freshEmail();
    await t.createUser({ email });
    const taken = await register(email, ip);
    expect(taken.statusCode).toBe(409);
    const next = await register(freshEmail(), ip);
    expect(next.statusCode).toBe(429);
  });
});

describe('sign-in budget per account, across addresses', () => {
  it('after 20 failures from many addresses refuses that account from any address, the right password included', async () => {
    const email = `spread-${randomUUID()}@example.com`;
    await t.createUser({ email, password: 'right-password' });
    const points = RATE_POLICIES.loginFailuresPerEmail.points;
    expect(points).toBe(20);
    // Most of the budget is taken straight (each real failure costs an argon2 run); the last six are
    // real failures, each from another address, fewer per address than the per-address budgets allow.
    for (let i = 0; i < points - 6; i++) await t.deps.rateLimits.consume('loginFailuresPerEmail', email);
    for (let i = 0; i < 6; i++)
      expect((await postLogin(t.app, email, 'wrong-password', freshIp())).statusCode).toBe(401);

    const retryAfter = expectLockedOut(await postLogin(t.app, email, 'right-password', freshIp()));
    // Case and spaces name the same account; other accounts are untouched.
    expect((await postLogin(t.app, ` ${email.toUpperCase()} `, 'right-password', freshIp())).statusCode).toBe(429);
    const other = `bystander-${randomUUID()}@example.com`;
    await t.createUser({ email: other, password: 'right-password' });
    expect((await postLogin(t.app, other, 'right-password', freshIp())).statusCode).toBe(200);

    // Once the window has passed, the right password signs in again.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (retryAfter + 1) * 1000 });
    try {
      expect((await postLogin(t.app, email, 'right-password', freshIp())).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  }, 120_000);

  it('a refused attempt does not spend the address budgets', async () => {
    const email = `refused-${randomUUID()}@example.com`;
    for (let i = 0; i < RATE_POLICIES.loginFailuresPerEmail.points; i++)
      await t.deps.rateLimits.consume('loginFailuresPerEmail', email);
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await postLogin(t.app, email, 'wrong-password', ip)).statusCode).toBe(429);
    const victim = `address-${randomUUID()}@example.com`;
    await t.createUser({ email: victim, password: 'right-password' });
    // The refused attempts left this address's per-account budget for the victim whole.
    for (let i = 0; i < RATE_POLICIES.loginFailuresPerEmailAndIp.points; i++)
      expect((await postLogin(t.app, victim, 'wrong-password', ip)).statusCode).toBe(401);
  }, 120_000);
});

const redisUrl = process.env.TEST_REDIS_URL;
describe(
  redisUrl ? 'per-account budget shared through Redis' : 'per-account budget (in memory; TEST_REDIS_URL not set)',
  () => {
    it('counts failures on two replicas against one account budget', async () => {
      const prefix = `portal-test-h12a-${randomUUID()}`;
      const replicas: FastifyInstance[] = [];
      const limits = [createRateLimits({ redisUrl, prefix }), createRateLimits({ redisUrl, prefix })];
      try {
        // Without Redis the two in-memory instances must be one to share (a single process).
        const shared = redisUrl ? limits : [limits[0]!, limits[0]!];
        for (const rateLimits of shared) replicas.push(await buildApp({ ...t.deps, rateLimits }, { serveWeb: false }));
        const email = `replicated-${randomUUID()}@example.com`;
        // Sixteen points straight into the shared store, four real failures alternating replicas.
        for (let i = 0; i < RATE_POLICIES.loginFailuresPerEmail.points - 4; i++)
          await shared[1]!.consume('loginFailuresPerEmail', email);
        for (let i = 0; i < 4; i++) {
          expect((await postLogin(replicas[i % 2]!, email, 'wrong-password', freshIp())).statusCode).toBe(401);
        }
        for (const app of replicas)
          expect((await postLogin(app, email, 'wrong-password', freshIp())).statusCode).toBe(429);
      } finally {
        for (const app of replicas) await app.close();
        for (const l of limits) await l.close();
      }
    }, 120_000);
  },
);
