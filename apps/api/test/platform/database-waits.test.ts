// Every wait on PostgreSQL has a bound: a lock held by someone else, a replica frozen inside a
// transaction, a database that stops answering without closing the connection, a statement that runs
// too long, and a database that is not there yet when the server starts. The app reaches the database
// through a TCP proxy the test controls, so the shared server itself is never stopped or frozen.

import { MESSAGES } from '@portal/contracts';
import { createDb, waitUntilReachable } from '@portal/db';
import type { TestDatabase } from '@portal/db/testing';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../src/config';
import type { AppDeps } from '../../src/trpc/context';
import { isDatabaseUnavailable } from '../../src/trpc/errors';
import { bearer, createUser } from '../support';
import { appBehindProxy, DatabaseProxy, type AppBehindProxy } from '../support/database-proxy';

let behind: AppBehindProxy;
let database: TestDatabase;
let proxy: DatabaseProxy;
let config: AppConfig;
let deps: AppDeps;
let app: FastifyInstance;

beforeAll(async () => {
  behind = await appBehindProxy({
    DATABASE_STATEMENT_TIMEOUT_SECONDS: '5',
    DATABASE_LOCK_TIMEOUT_SECONDS: '2',
    DATABASE_IDLE_TRANSACTION_TIMEOUT_SECONDS: '1',
    DATABASE_QUERY_TIMEOUT_SECONDS: '6',
    DATABASE_CONNECT_TIMEOUT_SECONDS: '2',
  });
  ({ database, proxy, config, deps, app } = behind);
});

afterAll(async () => {
  await behind?.close();
});

/** A database handle of one connection to `databaseUrl`, with the app's timeouts unless others are given. */
const singleConnection = (databaseUrl: string | undefined, timeouts = config.databaseTimeouts) =>
  createDb({ databaseUrl, poolSize: 1, timeouts });

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
    const replica = singleConnection(config.databaseUrl);
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
    const strict = singleConnection(config.databaseUrl, { ...config.databaseTimeouts, statementMs: 1_000 });
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
    const later = await DatabaseProxy.to(database.url as string);
    const waiting = singleConnection(later.urlVia(database.url as string));
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
    // A proxy never opened: nothing listens on its port.
    const never = await DatabaseProxy.to(database.url as string);
    const absent = singleConnection(never.urlVia(database.url as string));
    try {
      expect(await waitUntilReachable(absent, { withinMs: 1_000 })).toBe(false);
    } finally {
      await absent.close();
    }
  });
});
