// A real PostgreSQL behind a TCP proxy the test controls: it can close (the database goes away: open
// connections cut, new ones refused), open again, or freeze (connections stay open and nothing passes
// either way: a database that stops answering without resetting). The shared server itself is never
// stopped or frozen. `appBehindProxy` builds an app whose every connection goes through one.

import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type DatabaseHandle } from '@portal/db';
import type { TestDatabase } from '@portal/db/testing';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config';
import { createDeps } from '../../src/deps';
import { createLogger } from '../../src/logger';
import type { AppDeps } from '../../src/trpc/context';
import { createTestDatabase, freePort } from './index';

export class DatabaseProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  /** While true, bytes are dropped both ways and connections stay open. */
  frozen = false;
  constructor(
    private readonly target: { host: string; port: number },
    readonly port: number,
  ) {}

  /** A proxy to the database of `url`, on a free port (not yet open). */
  static async to(url: string): Promise<DatabaseProxy> {
    const real = new URL(url);
    return new DatabaseProxy({ host: real.hostname, port: Number(real.port || 5432) }, await freePort());
  }

  /** `url` with its host and port replaced by this proxy's. */
  urlVia(url: string): string {
    const via = new URL(url);
    via.hostname = '127.0.0.1';
    via.port = String(this.port);
    return via.toString();
  }

  async open(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const [from, to] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        this.sockets.add(from);
        from.on('data', (chunk: Buffer) => {
          if (!this.frozen) to.write(chunk);
        });
        from.on('close', () => {
          this.sockets.delete(from);
          to.destroy();
        });
        from.on('error', () => from.destroy());
      }
    });
    await new Promise<void>((resolve) => this.server?.listen(this.port, '127.0.0.1', resolve));
  }

  /** The database "goes down": no new connections, and the open ones are cut. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }
}

export interface AppBehindProxy {
  database: TestDatabase;
  proxy: DatabaseProxy;
  config: AppConfig;
  handle: DatabaseHandle;
  deps: AppDeps;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** A fresh test database on PostgreSQL and an app that reaches it only through an open proxy. */
export async function appBehindProxy(env: Record<string, string> = {}): Promise<AppBehindProxy> {
  const database = await createTestDatabase();
  const proxy = await DatabaseProxy.to(database.url as string);
  await proxy.open();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: proxy.urlVia(database.url as string),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-proxied-')),
    JWT_SECRET: randomBytes(48).toString('base64url'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'silent',
    ...env,
  });
  const handle = createDb({ databaseUrl: config.databaseUrl, poolSize: 3, timeouts: config.databaseTimeouts });
  const deps = createDeps(config, handle, createLogger('silent'));
  const app = await buildApp(deps, { serveWeb: Boolean(env.WEB_DIST) });
  return {
    database,
    proxy,
    config,
    handle,
    deps,
    app,
    async close() {
      await app.close();
      await deps.rateLimits.close();
      await handle.close();
      await proxy.close();
      await database.close();
    },
  };
}
