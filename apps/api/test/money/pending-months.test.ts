// The pending totals (migration 0019): after each step of changes through the real services,
// plain SQL and bulk statements, `pending_months` equals the pending commissions counted and summed per
// month_year, and the Payout Processor's total and totalAmount (every month, or one) equal the direct
// count and sum. Migrating down puts 0016's trigger functions back; migrating up fills the table.

import { randomUUID } from 'node:crypto';
import { migrations, type Db } from '@portal/db';
import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, useAccrualSeed, useTestApp } from '../support';

const t = useTestApp();
const seed = useAccrualSeed(t);

interface MonthTotals {
  month: string;
  count: number;
  amount: string;
}

const keptMonths = async (db: Db) =>
  (
    await sql<MonthTotals>`
      select month_year as month, pending_count::int as count, pending_amount::text as amount from pending_months
      where pending_count <> 0 or pending_amount <> 0 order by month_year`.execute(db)
  ).rows;

const liveMonths = async (db: Db) =>
  (
    await sql<MonthTotals>`
      select month_year as month, count(*)::int as count, sum(amount)::numeric(18, 2)::text as amount from commissions
      where status = 'pending' group by month_year order by month_year`.execute(db)
  ).rows;

/** The page's totals straight from the rows, as listPendingCommissions counted them before 0019. */
async function directTotals(month?: string): Promise<{ total: number; totalAmount: string }> {
  const { rows } = await sql<{ total: number; totalAmount: string }>`
    select count(*)::int as total, coalesce(sum(amount), 0)::numeric(14, 2)::text as "totalAmount" from commissions
    where status = 'pending' and (${month ?? null}::text is null or month_year = ${month ?? null})`.execute(t.db);
  return rows[0] as { total: number; totalAmount: string };
}

const asAdmin = () => t.caller(seed.admin).admin;

/** The table equals the rows, and the page's totals (every month, each month, a month without any) equal the direct ones. */
async function expectPendingMonthsEqualRows(): Promise<MonthTotals[]> {
  const live = await liveMonths(t.db);
  expect(await keptMonths(t.db)).toEqual(live);
  for (const month of [undefined, ...live.map((m) => m.month), '1999-12']) {
    const page = await asAdmin().pendingCommissions({ limit: 1, ...(month ? { month } : {}) });
    expect({ month, total: page.total, totalAmount: page.totalAmount }).toEqual({
      month,
      ...(await directTotals(month)),
    });
  }
  return live;
}

const at = (iso: string) => {
  t.clock.now = new Date(iso);
};

describe('pending_months, the pending totals behind the Payout Processor', () => {
  it('starts empty: every total is 0 and "0.00"', async () => {
    expect(await expectPendingMonthsEqualRows()).toEqual([]);
    expect(await asAdmin().pendingCommissions({ limit: 10 })).toMatchObject({ total: 0, totalAmount: '0.00' });
    expect(await asAdmin().pendingCommissions({ limit: 10, month: '2026-01' })).toMatchObject({
      total: 0,
      totalAmount: '0.00',
    });
  });

  it('counts accrual (one insert of many rows) and single inserts of every status', async () => {
    for (const owner of [seed.partner, seed.partner, seed.other])
      await t.createWonClient(owner.partnerId, { contractStartDate: '2025-06-01', serviceType: 'controller' });
    await t.createWonClient(seed.other.partnerId, { contractStartDate: '2025-06-01' });
    at('2026-04-02T12:00:00Z');
    for (const month of ['2026-01', '2026-02', '2026-03']) await asAdmin().accrue({ month });
    const referralId = await t.createWonClient(seed.partner.partnerId, { contractStartDate: '2025-01-01' });
    await t.createCommission({ partnerId: seed.partner.partnerId, referralId, monthYear: '2025-11', amount: '12.34' });
    await t.createCommission({
      partnerId: seed.partner.partnerId,
      referralId,
      monthYear: '2025-12',
      amount: '99.00',
      status: 'paid',
    });
    await t.createCommission({
      partnerId: seed.partner.partnerId,
      referralId,
      monthYear: '2025-10',
      amount: '7.00',
      status: 'failed',
    });
    const live = await expectPendingMonthsEqualRows();
    expect(live).toEqual([
      { month: '2025-11', count: 1, amount: '12.34' },
      { month: '2026-01', count: 4, amount: '350.00' },
      { month: '2026-02', count: 4, amount: '350.00' },
      { month: '2026-03', count: 4, amount: '350.00' },
    ]);
    const rest = await t.request(seed.admin, 'GET', '/api/admin/commissions/pending?limit=100&month=2026-02');
    expect(rest.headers['x-total-count']).toBe('4');
    expect(rest.headers['x-total-amount']).toBe('350.00');
  });

  it('follows payouts by id and by filter, failures, voids, bonuses and clawbacks', async () => {
    // A partner with a failed payment is not paid until it is settled: the failed fee is retried first.
    const failed = await t.db
      .selectFrom('commissions')
      .select('id')
      .where('partnerId', '=', seed.partner.partnerId)
      .where('status', '=', 'failed')
      .execute();
    for (const { id } of failed) await asAdmin().retryCommission({ id });
    const [first, second, third, ...rest] = await t.pendingCommissionIds(seed.partner.partnerId);
    expect(rest.length).toBeGreaterThan(0);
    await asAdmin().processPayout({ commissionIds: [first as string], idempotencyKey: randomUUID() });
    await asAdmin().failCommission({ id: second as string, reason: 'Bank rejected the transfer' });
    await asAdmin().voidCommission({ id: third as string, reason: 'Duplicate' });
    await expectPendingMonthsEqualRows();

    const bonus = await asAdmin().addAdjustment({
      partnerId: seed.other.partnerId,
      amount: '75.25',
      reason: 'Launch bonus',
      month: '2026-03',
    });
    const clawback = await asAdmin().addAdjustment({
      partnerId: seed.other.partnerId,
      amount: '-20.10',
      reason: 'Refund',
      month: '2026-02',
    });
    // A clawback alone in its month: the month's pending sum is negative.
    await asAdmin().addAdjustment({
      partnerId: seed.partner.partnerId,
      amount: '-5.55',
      reason: 'Refund',
      month: '2025-09',
    });
    const voided = await asAdmin().addAdjustment({ partnerId: seed.other.partnerId, amount: '5.00', reason: 'Typo' });
    await asAdmin().voidCommission({ id: voided.id, reason: 'Entered twice' });
    const live = await expectPendingMonthsEqualRows();
    expect(live.find((m) => m.month === '2025-09')).toEqual({ month: '2025-09', count: 1, amount: '-5.55' });

    await asAdmin().processPayout({ commissionIds: [bonus.id, clawback.id], idempotencyKey: randomUUID() });
    await asAdmin().processPayout({
      matching: { partnerId: seed.other.partnerId, month: '2026-01' },
      idempotencyKey: randomUUID(),
    });
    await expectPendingMonthsEqualRows();
    // A partner with a failed payment waits until it is settled: retried, it is pending again.
    await asAdmin().retryCommission({ id: second as string });
    await asAdmin().processPayout({ matching: { month: '2026-02' }, idempotencyKey: randomUUID() });
    const after = await expectPendingMonthsEqualRows();
    expect(after.find((m) => m.month === '2026-02')).toBeUndefined();
    expect(await asAdmin().pendingCommissions({ limit: 10, month: '2026-02' })).toMatchObject({
      total: 0,
      totalAmount: '0.00',
    });
  });

  it('follows changes made in plain SQL: back to pending, month and amount changes, deletes', async () => {
    const [first, second] = await t.pendingCommissionIds(seed.partner.partnerId);
    await t.db
      .updateTable('commissions')
      .set({ status: 'pending', failureReason: null })
      .where('status', '=', 'failed')
      .execute();
    await t.db
      .updateTable('commissions')
      .set({ status: 'pending', paymentDate: null, paymentMethod: null, paymentReference: null, payoutId: null })
      .where('amount', '=', '99.00')
      .execute();
    await t.db
      .updateTable('commissions')
      .set({ monthYear: '2024-07' })
      .where('id', '=', first as string)
      .execute();
    await t.db
      .updateTable('commissions')
      .set({ amount: '0.01' })
      .where('id', '=', second as string)
      .execute();
    await t.db
      .updateTable('commissions')
      .set({ monthYear: '2026-05', amount: '1.50' })
      .where('reason', '=', 'Launch bonus')
      .execute(); // paid: no pending change
    await t.db.deleteFrom('commissions').where('amount', '=', '12.34').execute();
    await t.db.deleteFrom('commissions').where('status', '=', 'voided').execute();
    const live = await expectPendingMonthsEqualRows();
    expect(live.find((m) => m.month === '2024-07')?.count).toBe(1);
  });

  it('keeps bulk statements exact, with one statement-level trigger per event and no new ones', async () => {
    await sql`
      insert into commissions (partner_id, amount, month_year, kind, status, payment_date, payment_method, voided_at, reason)
      select case when i % 2 = 0 then ${seed.partner.partnerId}::uuid else ${seed.other.partnerId}::uuid end,
             case when i % 7 = 0 then -(1 + i * 0.13) else 10 + i * 0.37 end::numeric(10, 2),
             '2027-' || lpad((1 + i % 12)::text, 2, '0'),
             case when i % 7 = 0 then 'clawback' else 'bonus' end,
             case when i % 5 = 0 then 'paid' when i % 11 = 0 then 'voided' else 'pending' end,
             case when i % 5 = 0 then now() end, case when i % 5 = 0 then 'Wire' end, case when i % 5 <> 0 and i % 11 = 0 then now() end, 'Bulk'
      from generate_series(1, 600) as i`.execute(t.db);
    await expectPendingMonthsEqualRows();
    await sql`update commissions set month_year = '2027-' || lpad((1 + (substr(month_year, 6)::int + 4) % 12)::text, 2, '0') where reason = 'Bulk'`.execute(
      t.db,
    );
    await sql`update commissions set status = 'voided', voided_at = now() where reason = 'Bulk' and status = 'pending' and amount < 50`.execute(
      t.db,
    );
    await sql`update commissions set status = 'pending', payment_date = null, payment_method = null where reason = 'Bulk' and status = 'paid' and amount > 100`.execute(
      t.db,
    );
    await expectPendingMonthsEqualRows();
    await sql`delete from commissions where reason = 'Bulk' and amount > 150`.execute(t.db);
    const live = await expectPendingMonthsEqualRows();
    expect(live.filter((m) => m.month.startsWith('2027-'))).toHaveLength(12);

    const { rows: triggers } = await sql<{ name: string; perRow: boolean }>`
      select tgname as name, (tgtype & 1) = 1 as "perRow" from pg_trigger
      where tgrelid = 'commissions'::regclass and not tgisinternal and tgname like '%months%' order by tgname`.execute(
      t.db,
    );
    expect(triggers).toEqual(
      ['delete', 'insert', 'update'].map((event) => ({ name: `commissions_program_months_${event}`, perRow: false })),
    );
  });

  it('touches no month for an update that leaves the pending set as it was', async () => {
    const before = await sql<{
      month: string;
      xmin: string;
    }>`select month_year as month, xmin::text from pending_months order by month_year`.execute(t.db);
    await sql`update commissions set updated_at = now()`.execute(t.db);
    await sql`update commissions set status = 'voided', voided_at = now() where status = 'failed'`.execute(t.db);
    expect(
      (
        await sql<{
          month: string;
          xmin: string;
        }>`select month_year as month, xmin::text from pending_months order by month_year`.execute(t.db)
      ).rows,
    ).toEqual(before.rows);
  });

  it('keeps a partner filter on the rows: its totals with and without a month equal the direct ones', async () => {
    for (const owner of [seed.partner, seed.other]) {
      for (const month of [undefined, '2026-03', '2027-05']) {
        const page = await asAdmin().pendingCommissions({
          limit: 1,
          partnerId: owner.partnerId,
          ...(month ? { month } : {}),
        });
        const { rows } = await sql<{ total: number; totalAmount: string }>`
          select count(*)::int as total, coalesce(sum(amount), 0)::numeric(14, 2)::text as "totalAmount" from commissions
          where status = 'pending' and partner_id = ${owner.partnerId} and (${month ?? null}::text is null or month_year = ${month ?? null})`.execute(
          t.db,
        );
        expect({ total: page.total, totalAmount: page.totalAmount }).toEqual(rows[0]);
      }
    }
  });
});

describe('migration 0019', () => {
  const functionsOf = async (db: Db) =>
    (
      await sql<{ name: string; definition: string }>`
        select proname as name, pg_get_functiondef(oid) as definition from pg_proc
        where proname like 'program_months_on_commissions_%' order by proname`.execute(db)
    ).rows;

  it('fills the table from the rows on the way up and puts back the functions of 0016 on the way down', async () => {
    const database = await createTestDatabase();
    try {
      const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
      const to = async (name: string) => {
        const { error } = await migrator.migrateTo(name);
        if (error) throw error;
      };
      await to('0015-ordered-commission-ids');
      await to('0016-program-months');
      const of0016 = await functionsOf(database.db);
      expect(of0016).toHaveLength(3);

      const user = await database.db
        .insertInto('users')
        .values({ email: 'migration@example.com', passwordHash: '!unusable' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const owner = await database.db
        .insertInto('partners')
        .values({
          userId: user.id,
          companyName: 'Migration Partners',
          contactName: 'Pat',
          companyType: 'agency',
          referralCode: 'MIGR-0019',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const addCommissions = () =>
        sql`
        insert into commissions (partner_id, amount, month_year, kind, status, payment_date, payment_method, reason)
        select ${owner.id}::uuid, case when i % 4 = 0 then -2.5 else 10 + i end, '2026-' || lpad((1 + i % 5)::text, 2, '0'),
               case when i % 4 = 0 then 'clawback' else 'bonus' end,
               case when i % 3 = 0 then 'paid' else 'pending' end, case when i % 3 = 0 then now() end, case when i % 3 = 0 then 'Wire' end, 'Before 0019'
        from generate_series(1, 40) as i`.execute(database.db);
      await addCommissions();

      await to('0019-pending-months');
      const live = await liveMonths(database.db);
      expect(live).toHaveLength(5);
      expect(await keptMonths(database.db)).toEqual(live);

      await to('0018-commissions-created-index');
      expect(await functionsOf(database.db)).toEqual(of0016);
      expect(
        (await sql<{ table: string | null }>`select to_regclass('pending_months')::text as table`.execute(database.db))
          .rows[0]?.table,
      ).toBeNull();
      await addCommissions(); // the commission triggers still run, without the table

      await to('0019-pending-months');
      expect(await keptMonths(database.db)).toEqual(await liveMonths(database.db));
    } finally {
      await database.close();
    }
  });
});
