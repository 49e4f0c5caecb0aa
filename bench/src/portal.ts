// Starts the portal's API in this process on a bench database, the way main.ts does (minus the
// SPA), with a switch that records the SQL it sends, so a bare route can replay the same queries.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type Db } from '@portal/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { createDeps } from '../../apps/api/src/deps';
import { createLogger } from '../../apps/api/src/logger';
import { hashPassword } from '../../apps/api/src/services/accounts';
import { allocateReferralCode } from '../../apps/api/src/services/partners';
import type { AppDeps } from '../../apps/api/src/deps';
import type { PostgresBenchOptions } from './types';

export interface CapturedQuery {
  sql: string;
  parameters: readonly unknown[];
}

export interface RunningPortal {
  app: FastifyInstance;
  deps: AppDeps;
  /** The same database handle, for bare routes (they replay the recorded SQL on it). */
  rawDb: Db;
  baseUrl: string;
  /** Records every query sent while `run` is under way. */
  capture<T>(run: () => Promise<T>): Promise<{ result: T; queries: CapturedQuery[] }>;
  close(): Promise<void>;
}

export const POOL_SIZE = 10;

/** `jwtSecret`: replicas given the same secret accept each other's tokens. */
export async function startPortal(databaseUrl: string, options: { jwtSecret?: string } = {}): Promise<RunningPortal> {
  let recording: CapturedQuery[] | null = null;
  // Recorded where Kysely executes them, so queries compiled once (services/platform/prepared.ts) are seen too.
  const handle = createDb({
    databaseUrl,
    poolSize: POOL_SIZE,
    log: (event) => {
      if (event.level === 'query') recording?.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: options.jwtSecret ?? randomBytes(48).toString('base64url'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'silent',
    ACCRUAL_TIMER: 'false',
    DEMO_DATA: 'false',
    // The benchmark's admin signs in with a password only (production would require TOTP first).
    ADMIN_MFA_REQUIRED: 'false',
  });
  const deps = createDeps(config, handle, createLogger('silent'));
  const app = await buildApp(deps, { serveWeb: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    deps,
    rawDb: handle.db,
    baseUrl: address,
    async capture(run) {
      recording = [];
      try {
        const result = await run();
        return { result, queries: recording };
      } finally {
        recording = null;
      }
    },
    async close() {
      await app.close();
      await deps.rateLimits.close();
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `use` on a portal started on `databaseUrl` (`startPortal`), and closes the portal after `use`, whatever it did. */
export async function withPortal<T>(databaseUrl: string, use: (portal: RunningPortal) => Promise<T>): Promise<T> {
  const portal = await startPortal(databaseUrl);
  try {
    return await use(portal);
  } finally {
    await portal.close();
  }
}

/** What a benchmark on PostgreSQL runs with: the portal on its database, the database's URL and a progress log. */
export interface PostgresBenchRun {
  portal: RunningPortal;
  databaseUrl: string;
  log: (message: string) => void;
}

/**
 * Runs `use` on a portal started on the benchmark's PostgreSQL database (`withPortal`), with the runner's log (none
 * when run alone without one); without a database it fails, saying that `benchmark` needs PostgreSQL.
 */
export async function withPostgresPortal<T>(
  opts: PostgresBenchOptions,
  benchmark: string,
  use: (run: PostgresBenchRun) => Promise<T>,
): Promise<T> {
  const { databaseUrl } = opts;
  if (!databaseUrl) throw new Error(`${benchmark} needs PostgreSQL (BENCH_DATABASE_URL)`);
  const log = opts.log ?? (() => {});
  return withPortal(databaseUrl, (portal) => use({ portal, databaseUrl, log }));
}

export interface BenchPartner {
  userId: string;
  email: string;
  password: string;
  partnerId: string;
  token: string;
}

/** An active partner with a sign-in, straight into the tables (the bench measures reads and sign-in). */
export async function seedActivePartner(deps: AppDeps, label: string): Promise<BenchPartner> {
  const email = `bench-${label}-${randomBytes(4).toString('hex')}@example.com`;
  const password = 'bench-password-1';
  const user = await deps.db
    .insertInto('users')
    .values({ email, passwordHash: await hashPassword(password), role: 'partner' })
    .returning(['id', 'role', 'tokenVersion'])
    .executeTakeFirstOrThrow();
  const companyName = `Bench ${label}`;
  const partner = await deps.db
    .insertInto('partners')
    .values({
      userId: user.id,
      companyName,
      contactName: 'Bench Partner',
      companyType: 'agency',
      expectedVolume: '3-5 referrals/month',
      referralCode: await allocateReferralCode(deps.db, companyName),
      status: 'active',
      agreementSigned: true,
      agreementSignedAt: new Date(),
      approvedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await deps.tokens.sign({ userId: user.id, role: user.role, tokenVersion: user.tokenVersion });
  return { userId: user.id, email, password, partnerId: partner.id, token };
}

/** An admin without a password (it cannot sign in), straight into the table; returns a token for it. */
export async function seedAdminToken(deps: AppDeps): Promise<string> {
  const admin = await deps.db
    .insertInto('users')
    .values({
      email: `bench-admin-${randomBytes(4).toString('hex')}@example.com`,
      passwordHash: '!unusable',
      role: 'admin',
    })
    .returning(['id', 'role', 'tokenVersion'])
    .executeTakeFirstOrThrow();
  return deps.tokens.sign({ userId: admin.id, role: admin.role, tokenVersion: admin.tokenVersion });
}

/** A token for the active partner with the most commissions (the heaviest dashboard on a seeded database). */
export async function busiestPartnerToken(deps: AppDeps): Promise<string> {
  const user = await deps.db
    .selectFrom('commissions')
    .innerJoin('partners', 'partners.id', 'commissions.partnerId')
    .innerJoin('users', 'users.id', 'partners.userId')
    .where('partners.status', '=', 'active')
    .groupBy(['users.id', 'users.role', 'users.tokenVersion'])
    .orderBy((eb) => eb.fn.countAll(), 'desc')
    .limit(1)
    .select(['users.id', 'users.role', 'users.tokenVersion'])
    .executeTakeFirstOrThrow();
  return deps.tokens.sign({ userId: user.id, role: user.role, tokenVersion: user.tokenVersion });
}
