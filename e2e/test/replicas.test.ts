// Two app processes on one PostgreSQL and one Redis. Runs when the CI pass provides
// TEST_DATABASE_URL and TEST_REDIS_URL (vitest.config.ts leaves the file out otherwise: the
// embedded pass has neither server to share).

import { randomBytes, randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@portal/db/testing';
import { previousMonthKey } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, api, partnerSeed } from '../src/api-client';
import { startPortal, type Portal } from '../src/harness';

let database: TestDatabase;
let a: Portal;
let b: Portal;
let adminToken: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const env = {
    DATABASE_URL: database.url as string,
    REDIS_URL: process.env.TEST_REDIS_URL as string,
    JWT_SECRET: randomBytes(48).toString('base64url'),
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };
  // One after the other: the first start creates the admin, the second finds it.
  a = await startPortal(env);
  b = await startPortal(env);
  adminToken = await api(a.baseUrl).login(ADMIN.email, ADMIN.password);
});

afterAll(async () => {
  await a?.stop();
  await b?.stop();
  await database?.close();
});

describe('two replicas', () => {
  it('accept on one replica the token the other issued', async () => {
    const me = await api(b.baseUrl).call<{ email: string }>('GET', '/api/auth/me', undefined, adminToken);
    expect(me.status).toBe(200);
    expect(me.body.email).toBe(ADMIN.email);
  });

  it('share the sign-in throttle through Redis', async () => {
    const email = `throttle-${randomUUID()}@example.com`;
    for (let i = 0; i < 10; i++) {
      const res = await api(a.baseUrl).call('POST', '/api/auth/login', { email, password: 'wrong-password' });
      expect(res.status).toBe(401);
    }
    const blocked = await api(b.baseUrl).call<{ message: string }>('POST', '/api/auth/login', {
      email,
      password: 'wrong-password',
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('create each commission once when both accrue the same month at the same moment', async () => {
    const client = api(a.baseUrl);
    const partner = await client.createPartner(
      adminToken,
      partnerSeed(`replica-${randomUUID()}@example.com`, 'Replica Partners', 'Rita Replica'),
    );
    const month = previousMonthKey(new Date());
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const won = await client.addWonClient(adminToken, {
        partnerId: partner.id,
        clientCompanyName: `Replica Client ${i}`,
        serviceType: i % 2 ? 'controller' : 'basic_accounting',
        monthlyValue: 900,
        contractStartDate: `${month}-01`,
      });
      ids.push(won.id);
    }
    // The accrual runs under the fee basis activeMonth (under clientPayment it creates nothing).
    await api(a.baseUrl).call('PATCH', '/api/admin/program-settings', { feeBasis: 'activeMonth' }, adminToken);
    const [fromA, fromB] = await Promise.all([
      api(a.baseUrl).call<{ created: number }>('POST', '/api/admin/commissions/accrue', { month }, adminToken),
      api(b.baseUrl).call<{ created: number }>('POST', '/api/admin/commissions/accrue', { month }, adminToken),
    ]);
    expect(fromA.status).toBe(200);
    expect(fromB.status).toBe(200);
    expect(fromA.body.created + fromB.body.created).toBe(12);
    const stored = await database.db
      .selectFrom('commissions')
      .select('id')
      .where('monthYear', '=', month)
      .where('referralId', 'in', ids)
      .execute();
    expect(stored.length).toBe(12);
  });
});

describe('SIGTERM under a stream of writes', () => {
  it('loses no write it acknowledged and exits cleanly', async () => {
    const client = api(a.baseUrl);
    const partner = await client.createPartner(
      adminToken,
      partnerSeed(`stream-${randomUUID()}@example.com`, 'Stream Partners', 'Sid Stream'),
    );
    const acknowledged: string[] = [];
    let stopRequested = false;
    let exitCode: Promise<number | null> | undefined;
    const writer = async (worker: number) => {
      for (let i = 0; ; i++) {
        try {
          const res = await client.call<{ id: string }>(
            'POST',
            '/api/admin/referrals',
            {
              partnerId: partner.id,
              clientCompanyName: `Stream ${worker}-${i}`,
              serviceType: 'basic_accounting',
              monthlyValue: '500.00',
            },
            adminToken,
          );
          if (res.status === 201) acknowledged.push(res.body.id);
          if (acknowledged.length >= 20 && !stopRequested) {
            stopRequested = true;
            exitCode = a.stop('SIGTERM');
          }
        } catch {
          return; // the server is gone: the stream ends
        }
      }
    };
    await Promise.all([0, 1, 2, 3].map(writer));
    // It stops once the requests under way are answered, not when the clients' keep-alive runs out (72 s).
    const stopped = performance.now();
    expect(await exitCode).toBe(0);
    expect(performance.now() - stopped).toBeLessThan(20_000);
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);
    const stored = await database.db.selectFrom('referrals').select('id').where('id', 'in', acknowledged).execute();
    expect(stored.length).toBe(acknowledged.length);
  });
});
