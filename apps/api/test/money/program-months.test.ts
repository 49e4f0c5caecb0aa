// The monthly rollup (migration 0016): after each step of changes through the real services,
// plain SQL and bulk statements, the admin's MRR and the trends chart read from `program_months` equal
// the live queries over every referral and commission (the active rule, the old trend statements),
// for every month of four years.

import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { activeInMonth, activeValueByMonthSql } from '../../src/services/referrals';
import { adminMetrics, programTrends } from '../../src/services/money';
import { useAccrualSeed, useTestApp } from '../support';

const t = useTestApp();
const seed = useAccrualSeed(t);

const FIRST_DAY = '2024-01-01';
const LAST_DAY = '2027-12-01';
const MONTHS = Array.from({ length: 48 }, (_, i) => {
  const d = new Date(Date.UTC(2024, i, 1));
  return d.toISOString().slice(0, 7);
});
/** A moment in the range's last month: programTrends(…, 48) then answers exactly the range. */
const END = new Date('2027-12-15T12:00:00Z');

interface MonthFigures {
  month: string;
  commissionsPaid: string;
  newReferrals: number;
  dealsWon: number;
  referralMrr: string;
}

/** The live answers over the rows: the active rule month by month, and the trend statements before the rollup. */
async function liveFigures(): Promise<MonthFigures[]> {
  const mrr = await Promise.all(
    MONTHS.map(async (month) => {
      const row = await t.db
        .selectFrom('referrals')
        .where(activeInMonth(month))
        .select(sql<string>`round(coalesce(sum(referrals.monthly_value), 0), 2)::text`.as('mrr'))
        .executeTakeFirstOrThrow();
      return row.mrr;
    }),
  );
  // The per-month form of the same rule agrees with it (both are the oracle).
  const perMonth = await activeValueByMonthSql(FIRST_DAY, LAST_DAY).execute(t.db);
  expect(perMonth.rows.map((row) => Number(row.amount).toFixed(2))).toEqual(mrr);
  const { rows } = await sql<{ month: string; paid: string; created: number; won: number }>`
    with m as (select to_char(d, 'YYYY-MM') as month from generate_series(${FIRST_DAY}::timestamp, ${LAST_DAY}::timestamp, interval '1 month') as d),
    paid as (
      select to_char(c.payment_date at time zone 'UTC', 'YYYY-MM') as month, sum(c.amount) as amount
      from commissions c where c.status = 'paid' group by 1
    ),
    created as (select to_char(r.created_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as n from referrals r group by 1),
    won as (
      select to_char(r.close_date at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as n
      from referrals r where r.stage = 'won' and r.close_date is not null group by 1
    )
    select m.month, round(coalesce(paid.amount, 0), 2)::text as paid, coalesce(created.n, 0) as created, coalesce(won.n, 0) as won
    from m left join paid using (month) left join created using (month) left join won using (month)
    order by m.month`.execute(t.db);
  return rows.map((row, i) => ({
    month: row.month,
    commissionsPaid: row.paid,
    newReferrals: Number(row.created),
    dealsWon: Number(row.won),
    referralMrr: mrr[i] as string,
  }));
}

/** The rollup's answers: the trends chart over the range, and the admin's MRR with the clock in each month. */
async function expectRollupEqualsRows(): Promise<MonthFigures[]> {
  const live = await liveFigures();
  expect((await programTrends(t.db, { now: END, months: MONTHS.length })).months).toEqual(live);
  const metrics = await Promise.all(
    MONTHS.map(async (month) => (await adminMetrics(t.db, new Date(`${month}-28T23:59:59Z`))).monthlyReferralRevenue),
  );
  expect(metrics).toEqual(live.map((m) => m.referralMrr));
  return live;
}

const at = (iso: string) => {
  t.clock.now = new Date(iso);
};
const asAdmin = () => t.caller(seed.admin).admin;

const ids: Record<string, string> = {};
const id = (name: string) => ids[name] as string;

describe('program_months, the monthly rollup behind the admin MRR and trends', () => {
  it('starts empty and equal to the rows', async () => {
    const live = await expectRollupEqualsRows();
    expect(live.every((m) => m.referralMrr === '0.00' && m.newReferrals === 0)).toBe(true);
  });

  it('counts referrals created by a partner and by an admin, in the UTC month of their creation, for partners of any status', async () => {
    at('2025-11-20T10:00:00Z');
    for (const name of ['a', 'b', 'c']) {
      ids[name] = (
        await t.caller(seed.partner.user).partner.createReferral({
          clientCompanyName: `Client ${name}`,
          serviceType: 'controller',
          monthlyValue: '1200.00',
        })
      ).id;
    }
    at('2025-12-31T23:30:00Z');
    const addedByAdmin = [
      ['d', { monthlyValue: '310.10', contractStartDate: '2021-03-01', contractEndDate: '2026-09-15' }],
      ['e', { monthlyValue: '99.99' }],
    ] as const;
    for (const [name, terms] of addedByAdmin) {
      ids[name] = (
        await asAdmin().addClient({
          partnerId: seed.other.partnerId,
          clientCompanyName: `Client ${name}`,
          serviceType: 'basic_accounting',
          ...terms,
        })
      ).id;
    }
    // A suspended partner's won deal still counts in the program's MRR.
    const suspended = await t.createPartner({ status: 'suspended' });
    ids.f = await t.createWonClient(suspended.partnerId, { monthlyValue: '45.45', contractStartDate: '2024-07-31' });
    const live = await expectRollupEqualsRows();
    expect(live.find((m) => m.month === '2025-11')?.newReferrals).toBe(3);
  });

  it('follows stage changes to won, lost and back', async () => {
    // Annual sales at the agreement's minimum: the won clients are qualifying clients and earn below.
    const SALES = '1000000.00';
    at('2026-01-10T08:00:00Z');
    await asAdmin().updateReferral({ id: id('a'), stage: 'won', annualSales: SALES }); // starts today
    await asAdmin().updateReferral({ id: id('b'), stage: 'won', contractStartDate: '2025-12-15', annualSales: SALES });
    await asAdmin().updateReferral({ id: id('c'), stage: 'lost', lostReason: 'Chose another firm' });
    for (const stage of ['qualified', 'proposal', 'won'] as const)
      await asAdmin().updateReferral({ id: id('d'), stage, annualSales: SALES });
    await asAdmin().updateReferral({ id: id('e'), stage: 'won', contractStartDate: '2026-02-01', annualSales: SALES });
    await expectRollupEqualsRows();

    at('2026-02-27T23:59:59Z');
    await asAdmin().updateReferral({ id: id('c'), stage: 'won', contractStartDate: '2026-03-01', annualSales: SALES }); // lost → won
    await asAdmin().updateReferral({ id: id('e'), stage: 'proposal' }); // reopened: no longer won, no close date
    const live = await expectRollupEqualsRows();
    expect(live.find((m) => m.month === '2026-03')?.referralMrr).toBe('3955.55');
  });

  it('follows churn and contract end dates set, moved and cleared', async () => {
    at('2026-03-05T09:00:00Z');
    await asAdmin().updateReferral({ id: id('a'), churnDate: '2026-02-28' });
    await expectRollupEqualsRows();
    await asAdmin().updateReferral({ id: id('a'), churnDate: '2026-04-30' });
    await asAdmin().updateReferral({ id: id('b'), contractEndDate: '2026-06-30' });
    // A churn before the start: never active, not even in the start month.
    await asAdmin().updateReferral({ id: id('c'), churnDate: '2026-01-15' });
    await expectRollupEqualsRows();
    await asAdmin().updateReferral({ id: id('a'), churnDate: null });
    await asAdmin().updateReferral({ id: id('c'), churnDate: null, contractEndDate: '2026-03-01' });
    await asAdmin().updateReferral({ id: id('d'), contractEndDate: null, churnDate: '2027-01-31' });
    await asAdmin().updateReferral({ id: id('b'), stage: 'lost' }); // won → lost
    await expectRollupEqualsRows();
  });

  it('follows changes made in plain SQL: value, creation and close dates, deletes', async () => {
    await t.db.updateTable('referrals').set({ monthlyValue: '1234.56' }).where('id', '=', id('a')).execute();
    await t.db
      .updateTable('referrals')
      .set({ createdAt: new Date('2024-02-29T23:59:59.999Z') })
      .where('id', '=', id('d'))
      .execute();
    await t.db
      .updateTable('referrals')
      .set({ closeDate: new Date('2026-05-01T00:00:00Z') })
      .where('id', '=', id('c'))
      .execute();
    await t.db.updateTable('referrals').set({ notes: 'moves nothing' }).where('id', '=', id('a')).execute();
    await t.db.deleteFrom('referrals').where('id', '=', id('e')).execute();
    await expectRollupEqualsRows();
  });

  it('sums commissions paid by their UTC payment month through accrual, payouts, failures, voids and adjustments', async () => {
    at('2026-02-03T12:00:00Z');
    await asAdmin().accrue({ month: '2026-01' });
    at('2026-05-02T12:00:00Z');
    for (const month of ['2026-02', '2026-03', '2026-04']) await asAdmin().accrue({ month });
    const [first, second, third, fourth, ...rest] = [
      ...(await t.pendingCommissionIds(seed.partner.partnerId)),
      ...(await t.pendingCommissionIds(seed.other.partnerId)),
    ];
    expect(rest.length).toBeGreaterThan(0);
    at('2026-02-28T23:59:59.999Z');
    await asAdmin().processPayout({ commissionIds: [first as string], idempotencyKey: randomUUID() });
    at('2026-03-01T00:00:00Z');
    await asAdmin().processPayout({ commissionIds: [second as string, ...rest], idempotencyKey: randomUUID() });
    await asAdmin().failCommission({ id: third as string, reason: 'Bank rejected the transfer' });
    await asAdmin().voidCommission({ id: fourth as string, reason: 'Duplicate' });
    await expectRollupEqualsRows();

    at('2026-06-30T23:00:00Z');
    const bonus = await asAdmin().addAdjustment({
      partnerId: seed.other.partnerId,
      amount: '75.25',
      reason: 'Launch bonus',
    });
    const clawback = await asAdmin().addAdjustment({
      partnerId: seed.other.partnerId,
      amount: '-20.10',
      reason: 'Refund',
    });
    const voided = await asAdmin().addAdjustment({ partnerId: seed.other.partnerId, amount: '5.00', reason: 'Typo' });
    await asAdmin().voidCommission({ id: voided.id, reason: 'Entered twice' });
    await asAdmin().processPayout({ commissionIds: [bonus.id, clawback.id], idempotencyKey: randomUUID() });
    const live = await expectRollupEqualsRows();
    expect(live.find((m) => m.month === '2026-06')?.commissionsPaid).toBe('55.15');

    // Data fixes in plain SQL: a payment moved to another month, a bounced payment (failed, its
    // payment date kept, as the demo seed writes it), an amount corrected, a row deleted.
    await t.db
      .updateTable('commissions')
      .set({ paymentDate: new Date('2025-12-31T23:59:59Z') })
      .where('id', '=', first as string)
      .execute();
    await t.db
      .updateTable('commissions')
      .set({ status: 'failed', failureReason: 'Bounced' })
      .where('id', '=', second as string)
      .execute();
    await t.db.updateTable('commissions').set({ amount: '80.00' }).where('id', '=', bonus.id).execute();
    await t.db.deleteFrom('commissions').where('id', '=', clawback.id).execute();
    await expectRollupEqualsRows();
  });

  it('keeps bulk statements exact with one aggregate per statement, whatever the session time zone', async () => {
    // Rows are put in UTC months even when the session runs fourteen hours ahead of UTC.
    await t.db.transaction().execute(async (trx) => {
      await sql`set local time zone 'Pacific/Kiritimati'`.execute(trx);
      await sql`
        insert into referrals (partner_id, client_company_name, service_type, monthly_value, commission_amount, stage, close_date,
                               contract_start_date, contract_end_date, churn_date, created_at, updated_at)
        select case when i % 2 = 0 then ${seed.partner.partnerId}::uuid else ${seed.other.partnerId}::uuid end,
               'Bulk ' || i, 'basic_accounting', (100 + i * 7.13)::numeric(10, 2), 50.00,
               case when i % 4 < 2 then 'won' when i % 4 = 2 then 'lost' else 'booked' end,
               case when i % 4 < 3 then timestamptz '2023-12-31 23:00:00+00' + i * interval '3 days 1 hour' end,
               case when i % 4 < 2 then date '2023-06-01' + i * 5 end,
               case when i % 8 = 1 then date '2023-06-01' + i * 9 end,
               case when i % 6 = 0 then date '2023-06-01' + i * 7 end,
               timestamptz '2023-12-31 22:00:00+00' + i * interval '2 days 3 hours', now()
        from generate_series(1, 400) as i`.execute(trx);
      await sql`
        insert into commissions (partner_id, amount, month_year, kind, status, payment_date, payment_method, reason)
        select ${seed.other.partnerId}::uuid, (10 + i * 0.37)::numeric(10, 2), '2025-01', 'bonus',
               case when i % 5 = 0 then 'pending' else 'paid' end,
               case when i % 5 <> 0 then timestamptz '2024-01-31 23:30:00+00' + i * interval '1 day 7 hours' end,
               case when i % 5 <> 0 then 'Wire' end, 'Bulk bonus'
        from generate_series(1, 600) as i`.execute(trx);
    });
    await expectRollupEqualsRows();
    // Statement-level triggers (bit 0 of tgtype clear): one aggregate per statement, not one per row.
    const { rows: triggers } = await sql<{ name: string; perRow: boolean }>`
      select tgname as name, (tgtype & 1) = 1 as "perRow" from pg_trigger where tgname like '%program_months%' order by tgname`.execute(
      t.db,
    );
    expect(triggers).toHaveLength(6);
    expect(triggers.filter((trigger) => trigger.perRow)).toEqual([]);

    await sql`update referrals set churn_date = contract_start_date + 200 where client_company_name like 'Bulk %' and stage = 'won' and churn_date is null`.execute(
      t.db,
    );
    await sql`update referrals set stage = 'lost' where client_company_name like 'Bulk %' and stage = 'won' and contract_start_date < date '2024-06-01'`.execute(
      t.db,
    );
    await sql`update commissions set payment_date = payment_date + interval '20 days', amount = amount + 1 where kind = 'bonus' and reason = 'Bulk bonus' and status = 'paid'`.execute(
      t.db,
    );
    await expectRollupEqualsRows();

    await sql`delete from commissions where reason = 'Bulk bonus' and amount < 100`.execute(t.db);
    await sql`delete from referrals where client_company_name like 'Bulk %' and stage <> 'won'`.execute(t.db);
    const live = await expectRollupEqualsRows();
    expect(live.filter((m) => m.referralMrr !== '0.00').length).toBeGreaterThan(24);
    expect(live.filter((m) => m.commissionsPaid !== '0.00').length).toBeGreaterThan(12);
    expect(live.filter((m) => m.dealsWon > 0).length).toBeGreaterThan(12);
  });

  it('touches no month for an update that moves nothing', async () => {
    const before = await t.db.selectFrom('programMonths').selectAll().orderBy('month').execute();
    const { rows } = await sql<{ xmin: string }>`select xmin::text from program_months order by month`.execute(t.db);
    await sql`update referrals set notes = 'reviewed', updated_at = now()`.execute(t.db);
    await sql`update commissions set updated_at = now()`.execute(t.db);
    expect(await t.db.selectFrom('programMonths').selectAll().orderBy('month').execute()).toEqual(before);
    expect(
      (await sql<{ xmin: string }>`select xmin::text from program_months order by month`.execute(t.db)).rows,
    ).toEqual(rows);
  });
});
