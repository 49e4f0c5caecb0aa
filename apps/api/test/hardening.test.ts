// Findings of the outside security review: configuration that must refuse to start,
// the per-account sign-in budget, the referral-link throttle, client request ids and what a
// logged database error may carry.

import { randomBytes, randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { MESSAGES, partnerProfileOutput, userOutput } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { RATE_POLICIES, createRateLimits } from '../src/services/platform/rate-limits';
import { buildOpenApiDocument } from '../src/rest/openapi';
import { restRoutes } from '../src/rest/routes';
import { createPartner, createTestApp, createUser, sampleApplication, tokenFor, type TestApp } from './helpers';

const key = () => randomBytes(32).toString('base64');

describe('DEMO_DATA', () => {
  it('is on only for a development start on the embedded database (pnpm start leaves NODE_ENV unset)', () => {
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).demoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).demoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).demoData).toBe(false);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://localhost/x', JWT_SECRET: 'x'.repeat(32), DATA_ENCRYPTION_KEY: key() })
        .demoData,
    ).toBe(false);
  });

  it('is on when asked for explicitly outside production', () => {
    expect(loadConfig({ NODE_ENV: 'test', DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(
      loadConfig({
        DEMO_DATA: 'true',
        DATABASE_URL: 'postgres://localhost/x',
        JWT_SECRET: 'x'.repeat(32),
        DATA_ENCRYPTION_KEY: key(),
      }).demoData,
    ).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('refuses DEMO_DATA=true with NODE_ENV=production, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true' })).toThrow(
      /DEMO_DATA: is refused with NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('never seeds demo accounts beside ADMIN_EMAIL', () => {
    expect(loadConfig({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'admin-password' }).demoData).toBe(false);
    expect(() =>
      loadConfig({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'admin-password', DEMO_DATA: 'true' }),
    ).toThrow(/DEMO_DATA: cannot be combined with ADMIN_EMAIL/);
  });
});

describe('TRUST_PROXY', () => {
  it('refuses true (every hop trusted), naming the variable', () => {
    for (const value of ['true', 'TRUE', ' true '])
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: true is refused/);
  });

  it('takes a hop count or addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});

describe('DATA_ENCRYPTION_OLD_KEYS', () => {
  it('refuses an entry that is not 32 bytes in base64, naming the variable and the entry', () => {
    expect(() => loadConfig({ DATA_ENCRYPTION_OLD_KEYS: `${key()},${randomBytes(16).toString('base64')}` })).toThrow(
      /DATA_ENCRYPTION_OLD_KEYS: entry 2 must be 32 bytes/,
    );
    expect(() => loadConfig({ DATA_ENCRYPTION_OLD_KEYS: 'not a key' })).toThrow(/DATA_ENCRYPTION_OLD_KEYS: entry 1/);
  });

  it('keeps well-formed entries', () => {
    const [a, b] = [key(), key()];
    expect(loadConfig({ DATA_ENCRYPTION_OLD_KEYS: ` ${a} , ${b} ` }).dataEncryptionOldKeys).toEqual([a, b]);
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let ipCounter = 1;
const freshIp = () => `10.12.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
const login = (app: FastifyInstance, email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

describe('sign-in budget per account, across addresses', () => {
  it('after 20 failures from many addresses refuses that account from any address, the right password included', async () => {
    const email = `spread-${randomUUID()}@example.com`;
    await createUser(t.deps, { email, password: 'right-password' });
    const points = RATE_POLICIES.loginFailuresPerEmail.points;
    expect(points).toBe(20);
    // Most of the budget is taken straight (each real failure costs an argon2 run); the last six are
    // real failures, each from another address, fewer per address than the per-address budgets allow.
    for (let i = 0; i < points - 6; i++) await t.deps.rateLimits.consume('loginFailuresPerEmail', email);
    for (let i = 0; i < 6; i++) expect((await login(t.app, email, 'wrong-password', freshIp())).statusCode).toBe(401);

    const blocked = await login(t.app, email, 'right-password', freshIp());
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: MESSAGES.tooManyAttempts, code: 'TOO_MANY_REQUESTS' });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Case and spaces name the same account; other accounts are untouched.
    expect((await login(t.app, ` ${email.toUpperCase()} `, 'right-password', freshIp())).statusCode).toBe(429);
    const other = `bystander-${randomUUID()}@example.com`;
    await createUser(t.deps, { email: other, password: 'right-password' });
    expect((await login(t.app, other, 'right-password', freshIp())).statusCode).toBe(200);

    // Once the window has passed, the right password signs in again.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (retryAfter + 1) * 1000 });
    try {
      expect((await login(t.app, email, 'right-password', freshIp())).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  }, 120_000);

  it('a refused attempt does not spend the address budgets', async () => {
    const email = `refused-${randomUUID()}@example.com`;
    for (let i = 0; i < RATE_POLICIES.loginFailuresPerEmail.points; i++)
      await t.deps.rateLimits.consume('loginFailuresPerEmail', email);
    const ip = freshIp();
    for (let i = 0; i < 3; i++) expect((await login(t.app, email, 'wrong-password', ip)).statusCode).toBe(429);
    const victim = `address-${randomUUID()}@example.com`;
    await createUser(t.deps, { email: victim, password: 'right-password' });
    // The refused attempts left this address's per-account budget for the victim whole.
    for (let i = 0; i < RATE_POLICIES.loginFailuresPerEmailAndIp.points; i++)
      expect((await login(t.app, victim, 'wrong-password', ip)).statusCode).toBe(401);
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
          expect((await login(replicas[i % 2]!, email, 'wrong-password', freshIp())).statusCode).toBe(401);
        }
        for (const app of replicas) expect((await login(app, email, 'wrong-password', freshIp())).statusCode).toBe(429);
      } finally {
        for (const app of replicas) await app.close();
        for (const l of limits) await l.close();
      }
    }, 120_000);
  },
);

describe('referral link look-ups', () => {
  it('are throttled per address over REST and tRPC, with 429 and Retry-After', async () => {
    const partner = await createPartner(t.deps, { status: 'active' });
    const ip = freshIp();
    const points = RATE_POLICIES.referralLinkLookupsPerIp.points;
    for (let i = 0; i < points - 1; i++) {
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/referral-links/${partner.referralCode}`, remoteAddress: ip }))
          .statusCode,
      ).toBe(200);
    }
    const trpcUrl = `/trpc/public.referralLink?input=${encodeURIComponent(JSON.stringify({ code: partner.referralCode }))}`;
    expect((await t.app.inject({ method: 'GET', url: trpcUrl, remoteAddress: ip })).statusCode).toBe(200);
    const rest = await t.app.inject({
      method: 'GET',
      url: `/api/referral-links/${partner.referralCode}`,
      remoteAddress: ip,
    });
    expect(rest.statusCode).toBe(429);
    expect(Number(rest.headers['retry-after'])).toBeGreaterThan(0);
    const trpc = await t.app.inject({ method: 'GET', url: trpcUrl, remoteAddress: ip });
    expect(trpc.statusCode).toBe(429);
    expect(Number(trpc.headers['retry-after'])).toBeGreaterThan(0);
    // Unknown codes count too: guessing codes is what the throttle is for.
    const guessIp = freshIp();
    for (let i = 0; i < points; i++)
      await t.app.inject({ method: 'GET', url: `/api/referral-links/nope-${i}`, remoteAddress: guessIp });
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/referral-links/${partner.referralCode}`,
          remoteAddress: guessIp,
        })
      ).statusCode,
    ).toBe(429);
    // Another address is unaffected.
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/referral-links/${partner.referralCode}`,
          remoteAddress: freshIp(),
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('X-Request-Id', () => {
  it('keeps a client id of 1-64 letters, digits, dots, underscores and hyphens', async () => {
    for (const id of ['abc-123_X.y', 'a', 'x'.repeat(64)]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } });
      expect(res.headers['x-request-id']).toBe(id);
    }
  });

  it('replaces anything else with a fresh id', async () => {
    const seen = new Set<string>();
    for (const id of ['', 'x'.repeat(65), 'has space', 'quote"d', '<script>', 'ünïcode', 'a/b', '{"level":60}']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } });
      const given = String(res.headers['x-request-id']);
      expect(given).not.toBe(id);
      expect(given).toMatch(/^[0-9a-f-]{36}$/);
      seen.add(given);
    }
    expect(seen.size).toBe(8);
  });
});

describe('logged database errors', () => {
  it('carry no bind parameters, query text with values or failing row', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logger = createLogger('info', stream);
    const app = await buildApp({ ...t.deps, logger }, { serveWeb: false });
    // A constraint the application does not expect: the insert of a registration fails inside
    // the database with the email and the password hash as bind parameters.
    await sql`alter table users add constraint h12a_refuse_secret check (email not like 'topsecret%')`.execute(t.db);
    try {
      const email = `topsecret-${randomUUID()}@example.com`;
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { email, password: 'hunter2-SECRET' },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(500);
      const text = lines.join('');
      expect(text).toContain('h12a_refuse_secret');
      expect(text).toContain('23514');
      expect(text).not.toContain('topsecret');
      expect(text).not.toContain('$argon2');
      expect(text).not.toContain('hunter2');
      expect(text).not.toMatch(/insert into/i);
      expect(text).not.toMatch(/"(params|parameters|query|detail)"/);
    } finally {
      await sql`alter table users drop constraint h12a_refuse_secret`.execute(t.db);
      await app.close();
    }
  });

  it('quote no input of a data exception in the message', () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const error = Object.assign(new Error('invalid input syntax for type uuid: "topsecret-value"'), {
      code: '22P02',
      params: ['topsecret-value'],
      query: 'select $1',
    });
    createLogger('info', stream).error({ err: new Error('procedure failed', { cause: error }) }, 'procedure failed');
    createLogger('info', stream).error({ err: error }, 'request failed');
    const text = lines.join('');
    expect(text).toContain('invalid input syntax for type uuid');
    expect(text).not.toContain('topsecret');
    expect(text).not.toContain('select $1');
  });
});

describe('request path shortcuts (API overhead)', () => {
  it('sends the Content-Security-Policy helmet serialised, byte for byte, on API, tRPC and unknown paths', async () => {
    const policy =
      "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: blob:;" +
      "object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';upgrade-insecure-requests;connect-src 'self'";
    expect(CONTENT_SECURITY_POLICY).toBe(policy);
    for (const url of ['/api/health', '/trpc/auth.me', '/api/nothing-here']) {
      expect((await t.app.inject({ method: 'GET', url })).headers['content-security-policy'], url).toBe(policy);
    }
  });

  it("sends helmet's headers, recorded once, and the request id on every answer: API, tRPC, 401, 404", async () => {
    const expected = {
      'content-security-policy': CONTENT_SECURITY_POLICY,
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    expect(SECURITY_HEADERS).toEqual(expected);
    for (const url of ['/api/health', '/trpc/auth.me', '/api/partners/me', '/api/nothing-here']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers, url).toMatchObject(expected);
      expect(res.headers['x-request-id'], url).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('auth.me and partner.me answer exactly their schemas without a parse per call, and the REST document keeps the schemas', async () => {
    // The application's sample has bank details: the masked numbers and every optional field are in the answer.
    const applicant = await createUser(t.deps, { role: 'partner' });
    const headers = { authorization: `Bearer ${await tokenFor(t.deps, applicant)}` };
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/partners', headers, payload: sampleApplication() })).statusCode,
    ).toBe(201);
    for (const [url, schema] of [
      ['/api/partners/me', partnerProfileOutput],
      ['/trpc/partner.me', partnerProfileOutput],
      ['/api/auth/me', userOutput],
      ['/trpc/auth.me', userOutput],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      const answer = url.startsWith('/trpc') ? res.json().result.data : res.json();
      // What the mapper built is what a parse (which strips unknown keys) would have let through.
      expect(answer, url).toEqual(JSON.parse(JSON.stringify(schema.parse(answer))));
      expect(Object.keys(answer).sort(), url).toEqual(Object.keys(schema.parse(answer)).sort());
    }
    const doc = buildOpenApiDocument(restRoutes) as {
      paths: Record<
        string,
        { get?: { responses: Record<string, { content?: Record<string, { schema?: { properties?: object } }> }> } }
      >;
    };
    for (const path of ['/api/partners/me', '/api/auth/me']) {
      const schema = doc.paths[path]?.get?.responses['200']?.content?.['application/json']?.schema;
      expect(Object.keys(schema?.properties ?? {}), path).toEqual(
        expect.arrayContaining(['id', path.includes('partners') ? 'referralCode' : 'email']),
      );
    }
  });

  /** One GET query answered by the fast path (single call) and by tRPC's own handler (a batch of one). */
  async function bothWays(path: string, authorization: string | undefined, input?: unknown) {
    const headers = authorization ? { authorization } : {};
    const query = input === undefined ? '' : `input=${encodeURIComponent(JSON.stringify(input))}`;
    const single = await t.app.inject({ method: 'GET', url: `/trpc/${path}${query ? `?${query}` : ''}`, headers });
    const batch = await t.app.inject({
      method: 'GET',
      url: `/trpc/${path}?batch=1${input === undefined ? '' : `&input=${encodeURIComponent(JSON.stringify({ 0: input }))}`}`,
      headers,
    });
    return { single, batch };
  }

  it('a single GET query answers what tRPC answers: data, errors, status, headers', async () => {
    const partner = await createPartner(t.deps, { status: 'active' });
    const applicant = await createUser(t.deps, { role: 'partner' });
    const admin = await createUser(t.deps, { role: 'admin' });
    const cases: [string, string, string | undefined, unknown, number][] = [
      ['partner.me', 'active partner', `Bearer ${await tokenFor(t.deps, partner.user)}`, undefined, 200],
      ['partner.me', 'applicant', `Bearer ${await tokenFor(t.deps, applicant)}`, undefined, 404],
      ['partner.me', 'admin', `Bearer ${await tokenFor(t.deps, admin)}`, undefined, 403],
      ['partner.me', 'anonymous', undefined, undefined, 401],
      ['partner.me', 'forged token', 'Bearer forged.token.here', undefined, 401],
      ['public.referralLink', 'anonymous', undefined, { code: partner.referralCode }, 200],
      ['public.referralLink', 'anonymous, bad input', undefined, { code: 42 }, 400],
    ];
    for (const [path, who, authorization, input, status] of cases) {
      const { single, batch } = await bothWays(path, authorization, input);
      const label = `${path} as ${who} → ${status}`;
      expect(single.statusCode, label).toBe(status);
      expect(batch.statusCode, label).toBe(status);
      expect(single.json(), label).toEqual(batch.json<unknown[]>()[0]);
      expect(single.headers['content-type'], label).toBe('application/json');
      expect(single.headers.vary, label).toBe('trpc-accept, accept');
    }
  });

  it('leaves to tRPC what is not a plain query: mutations over GET, unknown paths, unparsable input', async () => {
    const user = await createUser(t.deps, { role: 'partner' });
    const authorization = `Bearer ${await tokenFor(t.deps, user)}`;
    const mutation = await t.app.inject({ method: 'GET', url: '/trpc/auth.logout', headers: { authorization } });
    expect(mutation.statusCode).toBe(405);
    expect(mutation.json().error.data.code).toBe('METHOD_NOT_SUPPORTED');
    const unknown = await t.app.inject({ method: 'GET', url: '/trpc/partner.nothing', headers: { authorization } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.data.code).toBe('NOT_FOUND');
    const inherited = await t.app.inject({ method: 'GET', url: '/trpc/toString', headers: { authorization } });
    expect(inherited.statusCode).toBe(404);
    const garbled = await t.app.inject({
      method: 'GET',
      url: '/trpc/public.referralLink?input=%7B',
      headers: { authorization },
    });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().error.data.code).toBe('BAD_REQUEST');
    // The session still works afterwards: a GET never ran the mutation.
    expect((await t.app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { authorization } })).statusCode).toBe(
      200,
    );
  });
});
