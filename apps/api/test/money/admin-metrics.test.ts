// admin.metrics against fixtures whose figures are worked out by hand below.

import { describe, expect, it } from 'vitest';
import { useTestApp, useClock, useUser } from '../support';
import { sql } from 'kysely';
import { refreshPartnerTotals } from '../../src/services/partners';

const t = useTestApp();
useClock(t, '2026-06-15T12:00:00Z');
const admin = useUser(t, { role: 'admin' });

const metrics = async () => {
  const res = await t.request(admin, 'GET', '/api/admin/metrics');
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('admin metrics', () => {
  it('answers zeros for an empty program, with a conversion rate of 0', async () => {
    expect(await metrics()).toEqual({
      totalPartnerCommissions: '0.00',
      activePartnerCount: 0,
      pendingPartnerCount: 0,
      monthlyReferralRevenue: '0.00',
      conversionRate: 0,
    });
  });

  it('computes the four figures and the pending count from the rows', async () => {
    const a = await t.createPartner({ status: 'active' });
    const b = await t.createPartner({ status: 'active' });
    await t.createPartner({ status: 'pending' });
    await t.createPartner({ status: 'pending' });
    await t.createPartner({ status: 'pending' });
    await t.createPartner({ status: 'suspended' });
    await t.createPartner({ status: 'rejected' });
    await t.createPartner({ status: 'inactive' });

    // June 2026. Active now: r1 (1000.00), r2 (250.50, starts on the month's last day), r5 (100.25, ends on its first day).
    const r1 = await t.createWonClient(a.partnerId, { monthlyValue: '1000.00', contractStartDate: '2026-01-01' });
    await t.createWonClient(a.partnerId, { monthlyValue: '250.50', contractStartDate: '2026-06-30' });
    await t.createWonClient(a.partnerId, { monthlyValue: '999.00', contractStartDate: '2026-07-01' }); // starts next month
    await t.createWonClient(a.partnerId, {
      monthlyValue: '400.00',
      contractStartDate: '2026-01-01',
      churnDate: '2026-05-31',
    }); // churned
    const r5 = await t.createWonClient(b.partnerId, {
      monthlyValue: '100.25',
      contractStartDate: '2026-01-01',
      contractEndDate: '2026-06-01',
    });
    await t.createReferral(b.partnerId, {
      stage: 'lost',
      monthlyValue: '700.00',
      contractStartDate: '2026-01-01',
    });
    await t.createReferral(b.partnerId, { stage: 'booked', monthlyValue: '300.00' });
    await t.createReferral(b.partnerId, { stage: 'qualified', monthlyValue: '300.00' });
    await t.createReferral(b.partnerId, { stage: 'won', monthlyValue: '800.00' }); // won without a start date
    // Won 6 of 9 → 66.666… → 66.7.

    // Paid 50.00 + 100.00 + 33.33 = 183.33; pending and failed do not count.
    await t.createCommission({
      partnerId: a.partnerId,
      referralId: r1,
      monthYear: '2026-03',
      amount: '50.00',
      status: 'paid',
    });
    await t.createCommission({
      partnerId: a.partnerId,
      referralId: r1,
      monthYear: '2026-04',
      amount: '100.00',
      status: 'paid',
    });
    await t.createCommission({
      partnerId: b.partnerId,
      referralId: r5,
      monthYear: '2026-04',
      amount: '33.33',
      status: 'paid',
    });
    await t.createCommission({
      partnerId: a.partnerId,
      referralId: r1,
      monthYear: '2026-05',
      amount: '50.00',
      status: 'pending',
    });
    await t.createCommission({
      partnerId: b.partnerId,
      referralId: r5,
      monthYear: '2026-05',
      amount: '100.00',
      status: 'failed',
    });
    // The factories write rows directly; the services refresh the stored totals in the same transaction.
    await refreshPartnerTotals(t.db, { partnerIds: [a.partnerId, b.partnerId], now: t.clock.now });

    expect(await metrics()).toEqual({
      totalPartnerCommissions: '183.33',
      activePartnerCount: 2,
      pendingPartnerCount: 3,
      monthlyReferralRevenue: '1350.75',
      conversionRate: 66.7,
    });
  });

  it('answers the same total as summing the paid commissions themselves', async () => {
    const { rows } = await sql<{
      paid: string;
    }>`select coalesce(sum(amount), 0)::text as paid from commissions where status = 'paid'`.execute(t.db);
    expect((await metrics()).totalPartnerCommissions).toBe(rows[0]?.paid);
  });

  it('counts monthly referral revenue for the current month of the clock', async () => {
    t.clock.now = new Date('2026-07-15T12:00:00Z');
    // July: r1 1000.00 + r2 250.50 + the July starter 999.00; r5 ended in June.
    expect((await metrics()).monthlyReferralRevenue).toBe('2249.50');
    t.clock.now = new Date('2026-06-15T12:00:00Z');
  });

  it('rounds the conversion rate to one decimal', async () => {
    const c = await t.createPartner({ status: 'active' });
    // Won 6 of 10 → 60.0; then 6 of 11 → 54.545… → 54.5.
    await t.createReferral(c.partnerId, { stage: 'proposal' });
    expect((await metrics()).conversionRate).toBe(60);
    await t.createReferral(c.partnerId, { stage: 'proposal' });
    expect((await metrics()).conversionRate).toBe(54.5);
  });

  it('keeps the per-stage referral counts equal to the referrals through inserts, stage changes and deletes', async () => {
    const counted = async () => {
      const kept = await t.db
        .selectFrom('referralStageCounts')
        .select(['stage', 'referralCount'])
        .orderBy('stage')
        .execute();
      const actual = await t.db
        .selectFrom('referrals')
        .select(['stage', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('stage')
        .execute();
      const byStage = Object.fromEntries(actual.map((r) => [r.stage, Number(r.n)]));
      return kept.map((k) => [k.stage, Number(k.referralCount), byStage[k.stage] ?? 0]);
    };
    const p = await t.createPartner({ status: 'active' });
    const ids = [
      await t.createReferral(p.partnerId, { stage: 'booked' }),
      await t.createReferral(p.partnerId, { stage: 'booked' }),
      await t.createReferral(p.partnerId, { stage: 'qualified' }),
    ];
    await t.db.updateTable('referrals').set({ stage: 'won' }).where('id', 'in', ids.slice(0, 2)).execute();
    await t.db
      .updateTable('referrals')
      .set({ notes: 'no stage change' })
      .where('id', '=', ids[2] as string)
      .execute();
    await t.db
      .deleteFrom('referrals')
      .where('id', '=', ids[2] as string)
      .execute();
    const rows = await counted();
    expect(rows).toHaveLength(5);
    for (const [stage, kept, actual] of rows) expect({ stage, count: kept }).toEqual({ stage, count: actual });
    // And the rate follows: 6 won of 11 before this test; two more won and one deleted make 8 of 13 → 61.5.
    expect((await metrics()).conversionRate).toBe(61.5);
  });
});
