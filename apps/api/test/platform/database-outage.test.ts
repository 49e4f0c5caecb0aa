// PostgreSQL goes away and comes back. The app reaches the database through a TCP
// proxy the test can cut, so the shared server itself is never stopped.

import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@portal/contracts';
import { createDb, type DatabaseHandle } from '@portal/db';
import type { TestDatabase } from '@portal/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDeps } from '../../src/deps';
import { createLogger } from '../../src/logger';
import { unsubscribeToken } from '../../src/services/notifications/preferences';
import type { AppDeps } from '../../src/trpc/context';
import { bearer, createTestDatabase, createUser, freePort } from '../support';

class ToggleProxy {
  private server: Server | null = null;
  private sockets = new Set<Socket>();
  constructor(
    private readonly target: { host: string; port: number },
    readonly port: number,
  ) {}

  async open(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server?.listen(this.port, '127.0.0.1', resolve));
  }

  /** The database "goes down": no new connections, and the open ones are cut. */
  async cut(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }
}

let database: TestDatabase;
let proxy: ToggleProxy;
let handle: DatabaseHandle;
let deps: AppDeps;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  const real = new URL(database.url as string);
  proxy = new ToggleProxy({ host: real.hostname, port: Number(real.port || 5432) }, await freePort());
  await proxy.open();
  const viaProxy = new URL(real);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: viaProxy.toString(),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-outage-')),
    JWT_SECRET: randomBytes(48).toString('base64url'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'silent',
  });
  handle = createDb({ databaseUrl: config.databaseUrl, poolSize: 3 });
  deps = createDeps(config, handle, createLogger('silent'));
  app = await buildApp(deps, { serveWeb: false });
});

afterAll(async () => {
  await app?.close();
  await deps?.rateLimits.close();
  await handle?.close();
  await proxy?.cut();
  await database?.close();
});

describe('when PostgreSQL goes away and comes back', () => {
  it('answers 503 on health and a clear 503 on calls while it is gone, then recovers without a restart', async () => {
    const user = await createUser(deps, { role: 'admin' });
    const headers = await bearer(deps, user);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers })).statusCode).toBe(200);

    await proxy.cut();
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
      url: `/api/mail/unsubscribe?token=${encodeURIComponent(unsubscribeToken(deps.config, user.id, 'monthlySummary'))}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(unsubscribe.statusCode).toBe(503);
    expect(unsubscribe.json()).toEqual({ message: MESSAGES.databaseUnavailable, code: 'SERVICE_UNAVAILABLE' });

    await proxy.open();
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const again = await app.inject({ method: 'GET', url: '/api/auth/me', headers });
    expect(again.statusCode).toBe(200);
    expect(again.json().email).toBe(user.email);
  });
});
