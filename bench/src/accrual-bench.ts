// "Accrual": accrues a month with 1,000,000 active
// referrals (10,000 with --quick) through
// accrueMonth — the statement the admin screen, the CLI and the daily timer run — and times one
// page of GET /api/admin/commissions/pending over HTTP with all of them pending: first as accrued
// fees (no due date), then as fees earned by client payments, each with its deadline.

import { sql } from 'kysely';
import { createDb, DEFAULT_DATABASE_TIMEOUTS } from '@portal/db';
import { accrueMonth } from '../../apps/api/src/services/money';
import { seedAdminToken, withPostgresPortal } from './portal';
import { seedActivePartners } from './seed-partners';
import { fmt, latencyFigure, median } from './stats';
import type { PostgresBenchOptions, TimedFigure } from './types';

const BENCHMARK = 'Accrual';
const MONTH = '2026-10';
const NOW = new Date('2026-11-02T03:00:00Z');
/** 1,000,000 active referrals in under 20 s. */
export const ACCRUAL_TARGET_MS = 20_000;
export const PENDING_PAGE_TARGET_MS = 50;

/** One figure of this benchmark (the runner's report line and the timings). */
export type AccrualFigure = TimedFigure;

const figure = (name: string, times: number[], targetMs: number, note: string, informational = false): AccrualFigure =>
  latencyFigure(BENCHMARK, name, times, targetMs, note, informational);

export async function runAccrualBench(opts: PostgresBenchOptions): Promise<AccrualFigure[]> {
  const referralCount = opts.quick ? 10_000 : 1_000_000;
  const partnerCount = referralCount / 100;
  const rounds = opts.quick ? 2 : 3;
  return withPostgresPortal(opts, 'the accrual benchmark', async ({ portal, databaseUrl, log }) => {
    const db = portal.rawDb;
    await seedActivePartners(db, { label: 'Accrual', count: partnerCount });
    // Every referral is won and active in the month; one in ten also has a lost or pipeline twin that must be skipped.
    await sql`
      insert into referrals (partner_id, client_company_name, service_type, monthly_value, commission_amount, stage, contract_start_date)
      select p.id, 'Client ' || i, case when i % 3 = 0 then 'controller' else 'basic_accounting' end, 1000,
             case when i % 3 = 0 then 100.00 else 50.00 end, 'won', date '2025-01-01' + (i % 365)
      from generate_series(0, ${referralCount - 1}) i
      join partners p on p.referral_code = 'ACCRUAL-' || (1 + i % ${partnerCount})
    `.execute(db);
    await sql`
      insert into referrals (partner_id, client_company_name, service_type, monthly_value, commission_amount, stage)
      select p.id, 'Prospect ' || i, 'basic_accounting', 800, 50.00, (array['booked', 'qualified', 'proposal', 'lost'])[1 + i % 4]
      from generate_series(0, ${referralCount / 10 - 1}) i
      join partners p on p.referral_code = 'ACCRUAL-' || (1 + i % ${partnerCount})
    `.execute(db);
    await sql`analyze`.execute(db);
    log(`accrual: seeded ${fmt(referralCount)} active referrals for ${fmt(partnerCount)} partners`);

    const firstRuns: number[] = [];
    const reruns: number[] = [];
    for (let round = 0; round < rounds; round++) {
      await sql`delete from commissions where month_year = ${MONTH}`.execute(db);
      await sql`vacuum analyze commissions`.execute(db);
      let started = performance.now();
      const first = await accrueMonth(db, { month: MONTH, now: NOW });
      firstRuns.push(performance.now() - started);
      if (first.created !== referralCount)
        throw new Error(`accrual created ${first.created} commissions, expected ${referralCount}`);
      started = performance.now();
      const again = await accrueMonth(db, { month: MONTH, now: NOW });
      reruns.push(performance.now() - started);
      if (again.created !== 0 || again.skipped !== referralCount)
        throw new Error(`a second accrual created ${again.created}, skipped ${again.skipped}`);
      log(`accrual: round ${round + 1}: ${fmt(firstRuns.at(-1) ?? 0)} ms, rerun ${fmt(reruns.at(-1) ?? 0)} ms`);
    }

    // What autovacuum does after a million inserts (its insert threshold): a visibility map and fresh
    // statistics. The page's count and sum read pending_months (migration 0019), not the pending index.
    await sql`vacuum analyze commissions`.execute(db);
    const token = await seedAdminToken(portal.deps);
    const url = `${portal.baseUrl}/api/admin/commissions/pending?limit=100`;
    const samples = opts.quick ? 20 : 200;
    /** `samples` sequential requests of the first page after a warm-up; each one's time. */
    const timeFirstPage = async () => {
      const times: number[] = [];
      for (let i = 0; i < samples + (opts.quick ? 3 : 20); i++) {
        const started = performance.now();
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${url} answered ${res.status}`);
        if (i >= (opts.quick ? 3 : 20)) times.push(performance.now() - started);
      }
      return times;
    };
    const times = await timeFirstPage();

    // The same fees as earned by client payments (migration 0023): each client paid on one of the 40 days up to
    // today, so its fee is offered (no hold) and due 30 days after the payment, from 10 days overdue to 30 days
    // ahead. The processor lists them by due date, an order no single index holds (see pendingPageIds). Its today
    // is the server's: the UTC day of the real clock.
    const today = new Date().toISOString().slice(0, 10);
    // A statement over the million outlasts the server's statement bound: its own session, without one.
    const loader = createDb({
      databaseUrl,
      poolSize: 1,
      timeouts: { ...DEFAULT_DATABASE_TIMEOUTS, statementMs: 0, queryMs: 0 },
    });
    try {
      await sql`
        insert into client_payments (referral_id, period_month, amount, paid_at, source)
        select c.referral_id, c.month_year, 1000, ${today}::date - (row_number() over (order by c.id) % 40)::int, 'import'
        from commissions c where c.month_year = ${MONTH}
      `.execute(loader.db);
      await sql`
        update commissions c set client_payment_id = cp.id, payable_from = cp.paid_at, due_by = cp.paid_at + 30
        from client_payments cp
        where cp.referral_id = c.referral_id and cp.period_month = c.month_year and c.month_year = ${MONTH}
      `.execute(loader.db);
      await sql`vacuum analyze commissions, client_payments`.execute(loader.db);
    } finally {
      await loader.close();
    }
    const datedTimes = await timeFirstPage();
    log(`accrual: first pending page ${fmt(median(times))} ms accrued, ${fmt(median(datedTimes))} ms with due dates`);

    const scale = `${fmt(referralCount)} active referrals (+${fmt(referralCount / 10)} inactive) across ${fmt(partnerCount)} partners`;
    return [
      figure(
        `accrueMonth ${MONTH} (${fmt(referralCount)} commissions created)`,
        firstRuns,
        ACCRUAL_TARGET_MS,
        `${rounds} rounds on an emptied month: one INSERT … SELECT in partner order under the month's advisory lock, version 7 ids; ${scale}`,
      ),
      figure(
        `accrueMonth ${MONTH} again (nothing to create)`,
        reruns,
        ACCRUAL_TARGET_MS,
        `the same month right after: every row conflicts and is skipped; ${scale}`,
      ),
      figure(
        'GET /api/admin/commissions/pending (one page of 100)',
        times,
        PENDING_PAGE_TARGET_MS,
        `${samples} sequential requests over HTTP with an admin token, after warm-up, with ${fmt(referralCount)} pending commissions (page, total count and sum), after a vacuum`,
      ),
      figure(
        'GET /api/admin/commissions/pending (one page of 100), every fee due by its client payment',
        datedTimes,
        PENDING_PAGE_TARGET_MS,
        `as above, with the ${fmt(referralCount)} pending fees earned by client payments paid over the 40 days up to today: each offered and due 30 days after its payment (9 in 40 overdue), listed by due date`,
      ),
    ];
  });
}
