import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('platform', () => {
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

  it('allows only listed CORS origins', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the web app', () => {
  it('serves deep links the SPA shell with no-cache, and unknown API paths a JSON 404', async () => {
    const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const webDist = mkdtempSync(join(tmpdir(), 'portal-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Partner Portal</title><div id="root"></div>');
    const web = await createTestApp({ WEB_DIST: webDist });
    try {
      const deep = await web.app.inject({ method: 'GET', url: '/admin/anything?x=1' });
      expect(deep.statusCode).toBe(200);
      expect(deep.headers['content-type']).toMatch(/text\/html/);
      expect(deep.headers['cache-control']).toBe('no-cache');
      expect(deep.body).toContain('<div id="root">');
      const api = await web.app.inject({ method: 'GET', url: '/api/missing' });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe('NOT_FOUND');
    } finally {
      await web.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });
});

describe('configuration', () => {
  it('names a missing JWT_SECRET and DATA_ENCRYPTION_KEY with DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/x' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/x' })).toThrow(
      /JWT_SECRET[\s\S]*DATA_ENCRYPTION_KEY/,
    );
  });

  it('names a wrong PORT', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('refuses an encryption key that is not 32 bytes', () => {
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: Buffer.from('short').toString('base64') })).toThrow(
      /DATA_ENCRYPTION_KEY/,
    );
  });

  it('defaults to the embedded database with demo data on', () => {
    const config = loadConfig({});
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demoData).toBe(true);
    expect(config.port).toBe(3000);
  });
});
