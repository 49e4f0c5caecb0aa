import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { MESSAGES } from '@portal/contracts';
import { createDb } from '@portal/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { accrueMonth } from '../../src/services/money';
import { startAccrualTimer } from '../../src/workers/accrual-timer';
import type { SessionUser } from '../../src/trpc/context';
import { apiDir, CLI, migratedDataDir, TEST_PROCESS_FLAGS, type TestApp, useTestApp, expectRefusal } from '../support';

const t = useTestApp();
beforeAll(async () => {
  t.clock.now = new Date('2026-11-22T10:00:00Z');
  await t.setFeeBasis('activeMonth');
});

const commissionsOf = (month: string) =>
  t.db.selectFrom('commissions').selectAll().where('monthYear', '=', month).execute();

describe('accrueMonth', () => {
  it('creates one pending commission of the referral amount per active referral, and nothing for the others', async () => {
    const { partnerId } = await t.createPartner();
    const basic = await t.createWonClient(partnerId, {
      contractStartDate: '2026-01-15',
      serviceType: 'basic_accounting',
    });
    const controller = await t.createWonClient(partnerId, {
      contractStartDate: '2026-01-31',
      serviceType: 'controller',
    });
    // Not active in 2026-01: started later, churned before, ended before, lost, still in the pipeline.
    await t.createWonClient(partnerId, { contractStartDate: '2026-02-01' });
    await t.createWonClient(partnerId, { contractStartDate: '2025-06-01', churnDate: '2025-12-31' });
    await t.createWonClient(partnerId, { contractStartDate: '2025-06-01', contractEndDate: '2025-12-31' });
    await t.createReferral(partnerId, { stage: 'lost', contractStartDate: '2025-06-01' });
    await t.createReferral(partnerId, { stage: 'proposal', contractStartDate: '2025-06-01' });
    // Churned during the month: still active in it.
    const churnedLate = await t.createWonClient(partnerId, {
      contractStartDate: '2025-06-01',
      churnDate: '2026-01-01',
    });

    const result = await accrueMonth(t.db, { month: '2026-01', now: t.clock.now });
    expect(result).toEqual({ month: '2026-01', created: 3, skipped: 0 });
    const rows = await commissionsOf('2026-01');
    expect(rows.map((r) => [r.referralId, r.amount, r.status, r.partnerId]).sort()).toEqual(
      [
        [basic, '50.00', 'pending', partnerId],
        [controller, '100.00', 'pending', partnerId],
        [churnedLate, '50.00', 'pending', partnerId],
      ].sort(),
    );
  });

  it('creates nothing more when run again for the same month, and counts the skipped', async () => {
    const again = await accrueMonth(t.db, { month: '2026-01', now: t.clock.now });
    expect(again).toEqual({ month: '2026-01', created: 0, skipped: 3 });
    expect(await commissionsOf('2026-01')).toHaveLength(3);
  });

  it('creates each commission once when two accruals run at the same time', async () => {
    const [a, b] = await Promise.all([
      accrueMonth(t.db, { month: '2026-02', now: t.clock.now }),
      accrueMonth(t.db, { month: '2026-02', now: t.clock.now }),
    ]);
    const rows = await commissionsOf('2026-02');
    expect(a.created + b.created).toBe(rows.length);
    expect(a.created + a.skipped).toBe(rows.length);
    expect(b.created + b.skipped).toBe(rows.length);
    expect(new Set(rows.map((r) => r.referralId)).size).toBe(rows.length);
  });

  it('refuses a month that has not started, and accepts the current one', async () => {
    await expect(accrueMonth(t.db, { month: '2026-12', now: t.clock.now })).rejects.toMatchObject({
      kind: 'invalid',
      message: MESSAGES.futureMonth,
    });
    await expect(accrueMonth(t.db, { month: '2026-11', now: t.clock.now })).resolves.toMatchObject({
      month: '2026-11',
    });
  });

  it('gives the commissions it writes version 7 ids that begin with the time they were made', async () => {
    const { partnerId } = await t.createPartner();
    for (let i = 0; i < 5; i++) await t.createWonClient(partnerId, { contractStartDate: '2026-01-10' });
    const startedAt = Date.now();
    await accrueMonth(t.db, { month: '2026-05', now: t.clock.now });
    const ids = (
      await t.db
        .selectFrom('commissions')
        .select(['id', 'createdAt'])
        .where('monthYear', '=', '2026-05')
        .where('partnerId', '=', partnerId)
        .execute()
    ).map((r) => r.id);
    expect(ids).toHaveLength(5);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      // The first 48 bits are the Unix milliseconds of the insert (the database's clock, this machine's).
      const millis = Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);
      expect(Math.abs(millis - startedAt)).toBeLessThan(60_000);
    }
  });

  it('writes one activity row per run with the counts', async () => {
    const admin = await t.createUser({ role: 'admin' });
    await accrueMonth(t.db, { month: '2026-03', now: t.clock.now, actorId: admin.id });
    const rows = await t.activityEntries({ action: 'commissions.accrued', userId: admin.id });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.details).toMatchObject({
      month: '2026-03',
      created: expect.any(Number),
      skipped: expect.any(Number),
    });
  });

  it('records the timer’s run only when it created commissions, and an admin’s run always', async () => {
    const { partnerId } = await t.createPartner();
    await t.createWonClient(partnerId, { contractStartDate: '2025-07-10' });
    const logged = async () =>
      (
        await t.db.selectFrom('activityLog').select('details').where('action', '=', 'commissions.accrued').execute()
      ).filter((row) => (row.details as { month?: string }).month === '2025-08').length;
    const first = await accrueMonth(t.db, { month: '2025-08', now: t.clock.now });
    expect(first.created).toBeGreaterThan(0);
    expect(await logged()).toBe(1);
    // The same month again from the timer: nothing created, nothing logged.
    expect(await accrueMonth(t.db, { month: '2025-08', now: t.clock.now })).toMatchObject({ created: 0 });
    expect(await logged()).toBe(1);
    // An admin's run that finds nothing to create is still on record, with who ran it.
    const admin = await t.createUser({ role: 'admin' });
    expect(await accrueMonth(t.db, { month: '2025-08', now: t.clock.now, actorId: admin.id })).toMatchObject({
      created: 0,
    });
    expect(await logged()).toBe(2);
  });
});

describe('admin.accrue and POST /api/admin/commissions/accrue', () => {
  const accrueByRest = (month: string, user: SessionUser | null = null) =>
    t.request(user, 'POST', '/api/admin/commissions/accrue', { month });

  it('accrues the month for an admin through REST, answering created and skipped', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const { partnerId } = await t.createPartner();
    await t.createWonClient(partnerId, { contractStartDate: '2026-04-01', serviceType: 'controller' });
    const before = (await commissionsOf('2026-04')).length;
    const res = await accrueByRest('2026-04', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ month: '2026-04', created: expect.any(Number), skipped: 0 });
    expect((await commissionsOf('2026-04')).length).toBe(before + res.json().created);
    const again = await accrueByRest('2026-04', admin);
    expect(again.json()).toMatchObject({ created: 0, skipped: res.json().created });
  });

  it('answers 400 with the spec message for a future month and for a malformed one', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const future = await accrueByRest('2027-01', admin);
    expectRefusal(future, 400, MESSAGES.futureMonth);
    const malformed = await accrueByRest('2026-13', admin);
    expectRefusal(malformed, 400, MESSAGES.invalidMonth);
  });

  it('is for admins only: 401 anonymous, 403 partner', async () => {
    const anonymous = await accrueByRest('2026-01');
    expect(anonymous.statusCode).toBe(401);
    const { user } = await t.createPartner();
    const partner = await accrueByRest('2026-01', user);
    expect(partner.statusCode).toBe(403);
    await expect(t.caller(user).admin.accrue({ month: '2026-01' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});

describe('the daily accrual timer', () => {
  it('accrues the month just ended as soon as it starts', async () => {
    const { partnerId } = await t.createPartner();
    const referralId = await t.createWonClient(partnerId, { contractStartDate: '2026-10-01' });
    let stop: (() => Promise<void>) | undefined;
    const outcome = await new Promise<{ result?: unknown; error?: unknown }>((resolve) => {
      stop = startAccrualTimer(t.deps, { onRun: resolve });
    });
    await stop?.();
    expect(outcome.error).toBeUndefined();
    expect(outcome.result).toMatchObject({ month: '2026-10' });
    const rows = await commissionsOf('2026-10');
    expect(rows.map((r) => r.referralId)).toContain(referralId);
  });

  it('logs a failed run instead of crashing', async () => {
    const errors: unknown[] = [];
    // A real PostgreSQL client pointed at a port where nothing listens: every query fails.
    const closed = createDb({ databaseUrl: 'postgres://portal@127.0.0.1:9/none' });
    const logger = {
      ...t.deps.logger,
      info: () => {},
      error: (obj: unknown) => errors.push(obj),
    } as unknown as TestApp['deps']['logger'];
    let stop: (() => Promise<void>) | undefined;
    const outcome = await new Promise<{ error?: unknown }>((resolve) => {
      stop = startAccrualTimer({ db: closed.db, logger, now: t.deps.now, metrics: t.deps.metrics }, { onRun: resolve });
    });
    await stop?.();
    await closed.close();
    expect(outcome.error).toBeInstanceOf(Error);
    expect(errors).toHaveLength(1);
  });
});

describe('cli accrue --month', () => {
  const run = async (args: string[]) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-cli-'));
    // PostgreSQL runs share the test database; the embedded one gets its own folder, already migrated.
    if (!t.database.url) migratedDataDir(dataDir);
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    };
    if (t.database.url)
      Object.assign(env, {
        DATABASE_URL: t.database.url,
        JWT_SECRET: randomBytes(48).toString('base64url'),
        DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      });
    try {
      return await promisify(execFile)(process.execPath, [...TEST_PROCESS_FLAGS, CLI, 'accrue', ...args], {
        cwd: apiDir,
        env,
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  };

  it('accrues the given month and prints created and skipped', async () => {
    const { stdout } = await run(['--month', '2025-12']);
    expect(stdout).toMatch(/^Accrued 2025-12: \d+ created, \d+ skipped \(already accrued\)\n$/);
  }, 60_000);

  it('refuses a malformed month with the usage and a non-zero exit', async () => {
    const failure = await run(['--month', '2025-13']).catch((error: { code?: number; stderr?: string }) => error);
    expect(failure).toMatchObject({ code: 1, stderr: expect.stringContaining(MESSAGES.invalidMonth) });
  }, 60_000);
});
