// PostgreSQL goes away and comes back. The app reaches the database through a TCP
// proxy the test can cut, so the shared server itself is never stopped.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeToken } from '../../src/services/notifications';
import type { AppDeps } from '../../src/trpc/context';
import { bearer, createUser } from '../support';
import { appBehindProxy, type AppBehindProxy } from '../support/database-proxy';
import { writeFakeWebBuild } from '../support/web-build';

let behind: AppBehindProxy;
let deps: AppDeps;
let app: FastifyInstance;
const webRoot = mkdtempSync(join(tmpdir(), 'portal-outage-web-'));

beforeAll(async () => {
  // With the public pages, which look the referral code up in the database.
  behind = await appBehindProxy({ WEB_DIST: writeFakeWebBuild(webRoot) });
  ({ deps, app } = behind);
});

afterAll(async () => {
  await behind?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('when PostgreSQL goes away and comes back', () => {
  it('answers 503 on health and a clear 503 with Retry-After on calls and public pages while it is gone, then recovers without a restart', async () => {
    const user = await createUser(deps, { role: 'admin' });
    const headers = await bearer(deps, user);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(200);

    await behind.proxy.close();
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    const rest = await app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(rest.statusCode).toBe(503);
    expect(rest.json().message).toBe(MESSAGES.databaseUnavailable);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'someone@example.com', password: 'whatever-1' },
    });
    expect(login.statusCode).toBe(503);
    const rpc = await app.inject({ method: 'GET', url: '/trpc/auth.me', headers });
    expect(rpc.statusCode).toBe(503);
    // A raw route answers through the same mapping.
    const unsubscribe = await app.inject({
      method: 'POST',
      url: `/api/mail/unsubscribe?token=${encodeURIComponent(unsubscribeToken(deps.config, { userId: user.id, topic: 'monthlySummary' }))}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribe.statusCode).toBe(503);
    expect(unsubscribe.json()).toEqual({ message: MESSAGES.databaseUnavailable, code: 'SERVICE_UNAVAILABLE' });
    // The server-rendered referral pages too, with a time to come back.
    for (const url of ['/r/ABC', '/partners/ABC?ref=XYZ']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(503);
      expect(page.json()).toEqual({ message: MESSAGES.databaseUnavailable, code: 'SERVICE_UNAVAILABLE' });
      expect(Number(page.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(Number(rest.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(login.headers['retry-after'])).toBeGreaterThan(0);

    await behind.proxy.open();
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const again = await app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(again.statusCode).toBe(200);
    expect(again.json().email).toBe(user.email);
    expect((await app.inject({ method: 'GET', url: '/r/ABC' })).statusCode).toBe(200);
  });
});
