// Every wait on PostgreSQL has a bound: a lock held by someone else, a replica frozen inside a
// transaction, a database that stops answering without closing the connection, a statement that runs
// too long, and a database that is not there yet when the server starts. The app reaches the database
// through a TCP proxy the test controls, so the shared server itself is never stopped or frozen.

import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@portal/contracts';
import { createDb, waitUntilReachable, type DatabaseHandle } from '@portal/db';
import type { TestDatabase } from '@portal/db/testing';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config';
import { createDeps } from '../../src/deps';
import { createLogger } from '../../src/logger';
import type { AppDeps } from '../../src/trpc/context';
import { isDatabaseUnavailable } from '../../src/trpc/errors';
import { bearer, createTestDatabase, createUser } from '../support';

/** A proxy that can be closed, opened, or frozen: connections stay open and nothing passes either way. */
class FreezableProxy {
  private server: Server | null = null;
  private readonly pairs = new Set<[Socket, Socket]>();
  frozen = false;
  constructor(
    private readonly target: { host: string; port: number },
    readonly port: number,
  ) {}

  async open(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      const pair: [Socket, Socket] = [client, upstream];
      this.pairs.add(pair);
      for (const [from, to] of [pair, [upstream, client] as const]) {
        from.on('data', (chunk: Buffer) => {
          if (!this.frozen) to.write(chunk);
        });
        from.on('close', () => {
          to.destroy();
          this.pairs.delete(pair);
        });
        from.on('error', () => from.destroy());
      }
    });
    await new Promise<void>((resolve) => this.server?.listen(this.port, '127.0.0.1', resolve));
  }

  async close(): Promise<void> {
    for (const pair of this.pairs) for (const socket of pair) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = null;
  }
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}

let database: TestDatabase;
let proxy: FreezableProxy;
let config: AppConfig;
let handle: DatabaseHandle;
let deps: AppDeps;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  const real = new URL(database.url as string);
  proxy = new FreezableProxy({ host: real.hostname, port: Number(real.port || 5432) }, await freePort());
  await proxy.open();
  const viaProxy = new URL(real);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: viaProxy.toString(),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-waits-')),
    JWT_SECRET: randomBytes(48).toString('base64url'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'silent',
    DATABASE_STATEMENT_TIMEOUT_SECONDS: '5',
    DATABASE_LOCK_TIMEOUT_SECONDS: '2',
    DATABASE_IDLE_TRANSACTION_TIMEOUT_SECONDS: '1',
    DATABASE_QUERY_TIMEOUT_SECONDS: '6',
    DATABASE_CONNECT_TIMEOUT_SECONDS: '2',
  });
  handle = createDb({ databaseUrl: config.databaseUrl, poolSize: 3, timeouts: config.databaseTimeouts });
  deps = createDeps(config, handle, createLogger('silent'));
  app = await buildApp(deps, { serveWeb: false });
});

afterAll(async () => {
  await app?.close();
  await deps?.rateLimits.close();
  await handle?.close();
  await proxy?.close();
  await database?.close();
});

describe('bounded waits on PostgreSQL', () => {
  it('answers 503 when a lock is not granted within DATABASE_LOCK_TIMEOUT_SECONDS', async () => {
    const admin = await createUser(deps, { role: 'admin' });
    const headers = await bearer(deps, admin);
    // Another session holds the partners table; the list waits for it, then gives up.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = database.db.transaction().execute(async (trx) => {
      await sql`lock table partners in access exclusive mode`.execute(trx);
      locked();
      await released;
    });
    await isLocked;
    try {
      const res = await app.inject({ method: 'GET', url: '/api/admin/partners?limit=5', headers });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(MESSAGES.databaseUnavailable);
    } finally {
      release();
      await holder;
    }
    expect((await app.inject({ method: 'GET', url: '/api/admin/partners?limit=5', headers })).statusCode).toBe(200);
  });

  it('ends a session idle inside a transaction, so a frozen replica cannot hold its locks', async () => {
    const admin = await createUser(deps, { role: 'admin' });
    const headers = await bearer(deps, admin);
    // The other replica: same settings, takes the lock and then stops doing anything.
    const replica = createDb({ databaseUrl: config.databaseUrl, poolSize: 1, timeouts: config.databaseTimeouts });
    let frozenInTransaction!: () => void;
    const isFrozen = new Promise<void>((resolve) => (frozenInTransaction = resolve));
    let thaw!: () => void;
    const thawed = new Promise<void>((resolve) => (thaw = resolve));
    const frozen = replica.db
      .transaction()
      .execute(async (trx) => {
        await sql`lock table partners in access exclusive mode`.execute(trx);
        frozenInTransaction();
        await thawed;
        await sql`select 1`.execute(trx);
      })
      .then(
        () => 'committed',
        () => 'ended by the server',
      );
    await isFrozen;
    try {
      // The lock bound is 2 s; the idle bound (1 s) ends the frozen session first and frees the table.
      const res = await app.inject({ method: 'GET', url: '/api/admin/partners?limit=5', headers });
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      thaw();
      expect(await frozen).toBe('ended by the server');
      await replica.close();
    }
  });

  it('cancels a statement past DATABASE_STATEMENT_TIMEOUT_SECONDS, and the cancellation reads as unavailable', async () => {
    const strict = createDb({
      databaseUrl: config.databaseUrl,
      poolSize: 1,
      timeouts: { ...config.databaseTimeouts, statementMs: 1_000 },
    });
    const error = await sql`select pg_sleep(3)`.execute(strict.db).then(
      () => null,
      (caught: unknown) => caught,
    );
    await strict.close();
    expect((error as { code?: string } | null)?.code).toBe('57014');
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('answers 503 when the database stops answering without closing the connection, then recovers', async () => {
    const admin = await createUser(deps, { role: 'admin' });
    const headers = await bearer(deps, admin);
    expect((await app.inject({ method: 'GET', url: '/api/admin/metrics', headers })).statusCode).toBe(200);
    proxy.frozen = true;
    try {
      const res = await app.inject({ method: 'GET', url: '/api/admin/metrics', headers });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(MESSAGES.databaseUnavailable);
    } finally {
      proxy.frozen = false;
    }
    // The connection that got no answer was dropped; a fresh one serves the next call.
    const again = await app.inject({ method: 'GET', url: '/api/admin/metrics', headers });
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('a database that is not there yet at start', () => {
  it('is waited for with growing pauses until it answers', async () => {
    const port = await freePort();
    const real = new URL(database.url as string);
    const later = new FreezableProxy({ host: real.hostname, port: Number(real.port || 5432) }, port);
    const url = new URL(real);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    const waiting = createDb({ databaseUrl: url.toString(), poolSize: 1, timeouts: config.databaseTimeouts });
    const pauses: number[] = [];
    try {
      const reached = await waitUntilReachable(waiting, {
        withinMs: 60_000,
        onRetry: (attempt, nextDelayMs) => {
          pauses.push(nextDelayMs);
          // The database comes up after the third failed attempt.
          if (attempt === 3) void later.open();
        },
      });
      expect(reached).toBe(true);
      expect(pauses.slice(0, 3)).toEqual([250, 500, 1000]);
    } finally {
      await waiting.close();
      await later.close();
    }
  });

  it('gives up after DATABASE_START_WAIT_SECONDS when it never answers', async () => {
    const url = new URL(database.url as string);
    url.hostname = '127.0.0.1';
    url.port = String(await freePort());
    const absent = createDb({ databaseUrl: url.toString(), poolSize: 1, timeouts: config.databaseTimeouts });
    try {
      expect(await waitUntilReachable(absent, { withinMs: 1_000 })).toBe(false);
    } finally {
      await absent.close();
    }
  });
});
