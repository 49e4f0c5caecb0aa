// Writers racing on one partner's deals, on two replicas of one PostgreSQL database: adding clients,
// a partner submitting referrals and admins moving deals to Won at the same moment. Every writer takes
// the partner's row lock first, and a transaction PostgreSQL still aborts (deadlock, serialization)
// runs again inside the server, so no call answers 500 and the partner's totals stay exact.

import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type DatabaseHandle } from '@portal/db';
import type { TestDatabase } from '@portal/db/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDeps } from '../../src/deps';
import { createLogger } from '../../src/logger';
import type { AppDeps } from '../../src/trpc/context';
import { bearer, createPartner, createTestDatabase, createUser, type PartnerFixture } from '../support';

interface Replica {
  handle: DatabaseHandle;
  deps: AppDeps;
  app: FastifyInstance;
}

let database: TestDatabase;
const replicas: Replica[] = [];
let retries = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const env = {
    NODE_ENV: 'test',
    DATABASE_URL: database.url as string,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'silent',
    ACCRUAL_TIMER: 'false',
  };
  for (let i = 0; i < 2; i++) {
    const config = loadConfig({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-writers-')) });
    const handle = createDb({
      databaseUrl: config.databaseUrl,
      poolSize: 6,
      timeouts: config.databaseTimeouts,
      onTransactionRetry: () => retries++,
    });
    const deps = createDeps(config, handle, createLogger('silent'));
    replicas.push({ handle, deps, app: await buildApp(deps, { serveWeb: false }) });
  }
});

afterAll(async () => {
  for (const { app, deps, handle } of replicas) {
    await app.close();
    await deps.rateLimits.close();
    await handle.close();
  }
  await database?.close();
});

interface Answer {
  status: number;
  retryAfter: string | undefined;
  body: string;
}

describe('concurrent writers on one partner', () => {
  it('never answer 500: every call succeeds or is a 503 with Retry-After, and the totals stay exact', async () => {
    const [first, second] = replicas as [Replica, Replica];
    const admin = await createUser(first.deps, { role: 'admin' });
    const partner: PartnerFixture = await createPartner(first.deps);
    const adminHeaders = await bearer(first.deps, admin);
    const partnerHeaders = await bearer(first.deps, partner.user);
    const answers: Answer[] = [];
    const call = async (replica: Replica, method: 'POST' | 'PATCH', url: string, payload: object, headers: object) => {
      const response = await replica.app.inject({ method, url, payload: { ...payload }, headers: { ...headers } });
      const retryAfter = response.headers['retry-after'];
      answers.push({ status: response.statusCode, retryAfter: retryAfter, body: response.body });
      return response;
    };

    const admins = Array.from({ length: 6 }, (_, client) => async () => {
      const replica = client % 2 === 0 ? first : second;
      for (let round = 0; round < 6; round++) {
        const added = await call(
          replica,
          'POST',
          '/api/admin/referrals',
          {
            partnerId: partner.partnerId,
            clientCompanyName: `Racer ${client}-${round}`,
            serviceType: round % 2 === 0 ? 'basic_accounting' : 'controller',
            monthlyValue: '1000.00',
          },
          adminHeaders,
        );
        if (added.statusCode !== 201) continue;
        await call(
          replica,
          'PATCH',
          `/api/admin/referrals/${added.json().id}`,
          { stage: 'won', contractStartDate: '2026-01-01' },
          adminHeaders,
        );
      }
    });
    const partners = Array.from({ length: 2 }, (_, client) => async () => {
      const replica = client % 2 === 0 ? second : first;
      for (let round = 0; round < 6; round++) {
        await call(
          replica,
          'POST',
          '/api/partners/referrals',
          {
            clientCompanyName: `Submitted ${client}-${round}`,
            serviceType: 'basic_accounting',
            monthlyValue: '250.00',
          },
          partnerHeaders,
        );
      }
    });
    await Promise.all([...admins, ...partners].map((run) => run()));

    expect(answers.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
    for (const busy of answers.filter((a) => a.status === 503)) expect(busy.retryAfter).toBe('1');
    expect(answers.filter((a) => a.status < 300).length).toBeGreaterThan(answers.length * 0.9);

    const stored = await first.deps.db
      .selectFrom('partners')
      .select('currentMrr')
      .where('id', '=', partner.partnerId)
      .executeTakeFirstOrThrow();
    const won = await first.deps.db
      .selectFrom('referrals')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('monthlyValue'), eb.val('0')).as('total'))
      .where('partnerId', '=', partner.partnerId)
      .where('stage', '=', 'won')
      .executeTakeFirstOrThrow();
    expect(Number(stored.currentMrr)).toBe(Number(won.total));
  });
});
