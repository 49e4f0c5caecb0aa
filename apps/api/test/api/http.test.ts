// The HTTP layer every path shares: health, JSON 404 and size and JSON refusals, security headers,
// the OpenAPI document, CORS, client request ids, what a logged database error or request URL may carry,
// and the fast path of single tRPC queries.

import { randomUUID } from 'node:crypto';
import { partnerProfileOutput, userOutput } from '@portal/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '../../src/app';
import { createLogger } from '../../src/logger';
import { buildOpenApiDocument } from '../../src/rest/openapi';
import { restRoutes } from '../../src/rest/routes';
import { addressSequence, logSink, sampleApplication, useTestApp, withLoggingApp } from '../support';

const t = useTestApp();
const freshIp = addressSequence('10.12');

describe('every answer', () => {
  it('answers health with ok once the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('sends security headers with a CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('refuses a body over the size limit with 413 and a JSON message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('serves an OpenAPI 3.1 document and a docs page', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toBe('3.1.0');
    const payout = doc.json().paths['/api/admin/payouts'].post;
    expect(payout.parameters).toContainEqual(
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true }),
    );
    expect(Object.keys(payout.requestBody.content['application/json'].schema.properties)).toEqual([
      'commissionIds',
      'matching',
    ]);
    const list = doc.json().paths['/api/admin/partners'].get.responses['200'];
    expect(list.content['application/json'].schema.type).toBe('array');
    expect(list.headers['X-Total-Count']).toBeDefined();
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/api/openapi.json');
  });

  it('declares Retry-After on the 429 answer only, never on a success (sign-in included)', async () => {
    const doc = await t.openApiDocument<{
      paths: Record<string, Record<string, { responses: Record<string, { headers?: object; $ref?: string }> }>>;
      components: { responses: Record<string, { headers?: object }> };
    }>();
    const login = doc.paths['/api/auth/login']?.post;
    expect(login?.responses['200']?.headers ?? {}).not.toHaveProperty('Retry-After');
    expect(login?.responses['429']?.$ref).toBe('#/components/responses/TooManyRequests');
    expect(doc.components.responses.TooManyRequests?.headers).toHaveProperty('Retry-After');
    const successesWithRetryAfter = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, operation]) =>
        Object.entries(operation.responses ?? {})
          .filter(
            ([status, response]) => status.startsWith('2') && response.headers && 'Retry-After' in response.headers,
          )
          .map(([status]) => `${method.toUpperCase()} ${path} ${status}`),
      ),
    );
    expect(successesWithRetryAfter).toEqual([]);
  });

  it('allows only listed CORS origins', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
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
    // A constraint the application does not expect: the insert of a registration fails inside
    // the database with the email and the password hash as bind parameters.
    await sql`alter table users add constraint h12a_refuse_secret check (email not like 'topsecret%')`.execute(t.db);
    try {
      await withLoggingApp(t, async (app, log) => {
        const email = `topsecret-${randomUUID()}@example.com`;
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: { email, password: 'hunter2-SECRET' },
          remoteAddress: freshIp(),
        });
        expect(res.statusCode).toBe(500);
        const text = log.text();
        expect(text).toContain('h12a_refuse_secret');
        expect(text).toContain('23514');
        expect(text).not.toContain('topsecret');
        expect(text).not.toContain('$argon2');
        expect(text).not.toContain('hunter2');
        expect(text).not.toMatch(/insert into/i);
        expect(text).not.toMatch(/"(params|parameters|query|detail)"/);
      });
    } finally {
      await sql`alter table users drop constraint h12a_refuse_secret`.execute(t.db);
    }
  });

  it('quote no input of a data exception in the message', () => {
    const { stream, text: logged } = logSink();
    const error = Object.assign(new Error('invalid input syntax for type uuid: "topsecret-value"'), {
      code: '22P02',
      params: ['topsecret-value'],
      query: 'select $1',
    });
    createLogger('info', stream).error({ err: new Error('procedure failed', { cause: error }) }, 'procedure failed');
    createLogger('info', stream).error({ err: error }, 'request failed');
    const text = logged();
    expect(text).toContain('invalid input syntax for type uuid');
    expect(text).not.toContain('topsecret');
    expect(text).not.toContain('select $1');
  });
});

describe('the request log', () => {
  it('shows no one-time token of a link: query values of token parameters and signed file paths are redacted', async () => {
    await withLoggingApp(t, async (app, { lines, text }) => {
      const secret = `OneTime${randomUUID().replace(/-/g, '')}`;
      const urls = [
        `/reset-password?token=${secret}`,
        `/accept-invitation?token=${secret}&next=%2Fadmin`,
        `/api/mail/unsubscribe?token=${secret}`,
        `/api/files/${secret}`,
        `/api/files/${secret}?download=1`,
        `/callback?code=${secret}&state=kept`,
        `/anything?X-Amz-Signature=${secret}&api_key=${secret}&secret=${secret}`,
      ];
      for (const url of urls) await app.inject({ method: 'GET', url });
      const logged = lines.map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } });
      const requestUrls = logged.filter((line) => line.msg === 'incoming request').map((line) => line.req?.url);
      expect(requestUrls).toEqual([
        '/reset-password?token=[REDACTED]',
        '/accept-invitation?token=[REDACTED]&next=%2Fadmin',
        '/api/mail/unsubscribe?token=[REDACTED]',
        '/api/files/[REDACTED]',
        '/api/files/[REDACTED]?download=1',
        '/callback?code=[REDACTED]&state=kept',
        '/anything?X-Amz-Signature=[REDACTED]&api_key=[REDACTED]&secret=[REDACTED]',
      ]);
      expect(text()).not.toContain(secret);
    });
  });

  it('keeps the public parts of a URL: a referral code in the path and ordinary query parameters', async () => {
    await withLoggingApp(t, async (app, log) => {
      await app.inject({ method: 'GET', url: '/r/ACME42?utm_source=mail&ref=ACME42' });
      expect(log.text()).toContain('"url":"/r/ACME42?utm_source=mail&ref=ACME42"');
    });
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
    const applicant = await t.createUser({ role: 'partner' });
    const headers = { authorization: `Bearer ${await t.tokenFor(applicant)}` };
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
        { get?: { responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }> } }
      >;
      components: { schemas: Record<string, { properties?: object }> };
    };
    for (const path of ['/api/partners/me', '/api/auth/me']) {
      const ref = doc.paths[path]?.get?.responses['200']?.content?.['application/json']?.schema?.$ref ?? '';
      const schema = doc.components.schemas[ref.replace('#/components/schemas/', '')];
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
    const partner = await t.createPartner({ status: 'active' });
    const applicant = await t.createUser({ role: 'partner' });
    const admin = await t.createUser({ role: 'admin' });
    const cases: [string, string, string | undefined, unknown, number][] = [
      ['partner.me', 'active partner', `Bearer ${await t.tokenFor(partner.user)}`, undefined, 200],
      ['partner.me', 'applicant', `Bearer ${await t.tokenFor(applicant)}`, undefined, 200],
      ['partner.me', 'admin', `Bearer ${await t.tokenFor(admin)}`, undefined, 403],
      ['partner.me', 'anonymous', undefined, undefined, 401],
      ['partner.me', 'forged token', 'Bearer forged.token.here', undefined, 401],
      ['public.referralLink', 'anonymous', undefined, { code: partner.referralCode }, 200],
      ['public.referralLink', 'anonymous, bad input', undefined, { code: 42 }, 400],
      ['public.referralLink', 'anonymous, unknown code', undefined, { code: 'NOPE-0000' }, 200],
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
    const user = await t.createUser({ role: 'partner' });
    const authorization = `Bearer ${await t.tokenFor(user)}`;
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
