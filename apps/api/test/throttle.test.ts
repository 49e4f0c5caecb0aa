// Sign-in and sign-up throttles hold over REST, over tRPC and through tRPC batching (one HTTP
// request carrying many calls must not multiply attempts).

import { MESSAGES } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_POLICIES } from '../src/services/platform/rate-limits';
import { createInnerContext } from '../src/trpc/context';
import { createCaller } from '../src/trpc/router';
import { createTestApp, createUser, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let ipCounter = 1;
const freshIp = () => `10.2.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
let emailCounter = 0;
const freshEmail = () => `throttle-${Date.now().toString(36)}-${emailCounter++}@example.com`;

const restLogin = (email: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

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
    await createUser(t.deps, { email, password: 'right-password' });
    const ip = freshIp();
    for (let i = 0; i < RATE_POLICIES.loginFailuresPerEmailAndIp.points; i++) {
      expect((await restLogin(email, 'wrong-password', ip)).statusCode).toBe(401);
    }
    const blocked = await restLogin(email, 'wrong-password', ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: MESSAGES.tooManyAttempts, code: 'TOO_MANY_REQUESTS' });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // Even the right password waits: the budget protects the account, not the guess.
    expect((await restLogin(email, 'right-password', ip)).statusCode).toBe(429);
    // Case and spaces do not make a new budget.
    expect((await restLogin(` ${email.toUpperCase()} `, 'wrong-password', ip)).statusCode).toBe(429);
    // Another address, or another email from this address, still gets through.
    expect((await restLogin(email, 'right-password', freshIp())).statusCode).toBe(200);
    expect((await restLogin(freshEmail(), 'wrong-password', ip)).statusCode).toBe(401);
  });

  it('does not count successful sign-ins', async () => {
    const email = freshEmail();
    await createUser(t.deps, { email, password: 'right-password' });
    const ip = freshIp();
    // Nine failures, then three successes; had those counted, the next failure would be refused.
    const points = RATE_POLICIES.loginFailuresPerEmailAndIp.points;
    const failures = await batch(
      'auth.login',
      Array.from({ length: points - 1 }, () => ({ email, password: 'wrong-password' })),
      ip,
    );
    expect(count(failures.statuses, 401)).toBe(points - 1);
    for (let i = 0; i < 3; i++) expect((await restLogin(email, 'right-password', ip)).statusCode).toBe(200);
    expect((await restLogin(email, 'wrong-password', ip)).statusCode).toBe(401);
    expect((await restLogin(email, 'wrong-password', ip)).statusCode).toBe(429);
  });

  it('holds through one batched tRPC request of many sign-ins', async () => {
    const email = freshEmail();
    await createUser(t.deps, { email, password: 'right-password' });
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
    await createUser(t.deps, { email, password: 'right-password' });
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
    const blocked = await restLogin(freshEmail(), 'wrong-password', ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await restLogin(freshEmail(), 'wrong-password', freshIp())).statusCode).toBe(401);
  });
});

describe('registration throttle', () => {
  const registrations = (n: number) =>
    Array.from({ length: n }, () => ({ email: freshEmail(), password: 'secret-pass-1' }));

  it('allows 20 registrations per hour from one address, then 429 with Retry-After', async () => {
    const ip = freshIp();
    const first = await batch('auth.register', registrations(10), ip);
    const second = await batch('auth.register', registrations(10), ip);
    expect(count([...first.statuses, ...second.statuses], 200)).toBe(RATE_POLICIES.registrationsPerIp.points);
    const third = await batch('auth.register', registrations(5), ip);
    expect(third.statuses).toEqual([429, 429, 429, 429, 429]);
    const rest = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: freshEmail(), password: 'secret-pass-1' },
      remoteAddress: ip,
    });
    expect(rest.statusCode).toBe(429);
    const retryAfter = Number(rest.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(15 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: freshEmail(), password: 'secret-pass-1' },
      remoteAddress: freshIp(),
    });
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
    await createUser(t.deps, { email });
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'secret-pass-1' },
      remoteAddress: ip,
    });
    expect(taken.statusCode).toBe(409);
    const next = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: freshEmail(), password: 'secret-pass-1' },
      remoteAddress: ip,
    });
    expect(next.statusCode).toBe(429);
  });
});
