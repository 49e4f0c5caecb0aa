// A forfeiture takes each unpaid fee once, refunds included: a refunded fee's unpaid refund clawbacks are voided
// with it. When a refund already took part of a fee back in a payout, the fee stays and the rest of it is taken
// back with a clawback of the forfeiture's reason, so the month nets to nothing; a second forfeiture finds nothing
// left to take. The admin's preview counts what the forfeiture would take.

import { randomUUID } from 'node:crypto';
import { ENDING_MESSAGES, fromCents, toCents } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { expectRefusal, useClock, useTestApp, useUser } from '../support';

const t = useTestApp();
useClock(t, '2026-11-27T12:00:00Z');
const admin = useUser(t, { role: 'admin' });
const REASON = 'Solicited a client of the firm';

/** A won client whose November payment earned a fee, then was refunded in part. */
async function refundedFee(refunded: string) {
  const partner = await t.createPartner();
  const referralId = await t.createReferral(partner.partnerId, {
    stage: 'won',
    contractStartDate: '2026-06-01',
    clientCompanyName: 'Refunding Goods',
  });
  const caller = t.caller(admin);
  const { payment, commission } = await caller.admin.recordClientPayment({
    id: referralId,
    periodMonth: '2026-11',
    amount: '1500.00',
    paidAt: '2026-11-20',
  });
  if (!commission) throw new Error('the November payment earned no fee');
  await caller.admin.refundClientPayment({ id: payment.id, amount: refunded });
  const [clawback] = await lines(referralId, 'clawback');
  if (!clawback) throw new Error('the refund booked no clawback');
  return { partner, referralId, fee: commission, clawback };
}

const lines = (referralId: string, kind: 'recurring' | 'clawback') =>
  t.db
    .selectFrom('commissions')
    .select(['id', 'amount', 'status', 'voidReason', 'reason', 'monthYear'])
    .where('referralId', '=', referralId)
    .where('kind', '=', kind)
    .orderBy('monthYear')
    .orderBy('createdAt')
    .execute();

/** What the client's November lines still count for the partner (every line but the voided ones), in cents. */
async function novemberNet(referralId: string) {
  const rows = await t.db
    .selectFrom('commissions')
    .select(['amount'])
    .where('referralId', '=', referralId)
    .where('monthYear', '=', '2026-11')
    .where('status', '!=', 'voided')
    .execute();
  return rows.reduce((cents, row) => cents + toCents(row.amount), 0);
}

const preview = async (partnerId: string) =>
  (await t.request(admin, 'GET', `/api/admin/partners/${partnerId}/partnership`)).json<{
    unpaidFees: { count: number; amount: string };
  }>().unpaidFees;
const forfeit = (partnerId: string) =>
  t.request(admin, 'POST', `/api/admin/partners/${partnerId}/forfeit`, { reason: REASON });

describe('forfeiting a refunded fee', () => {
  it('voids its unpaid refund clawback with it, so the fee is taken once', async () => {
    const { partner, referralId, fee, clawback } = await refundedFee('500.00');
    const netCents = toCents(fee.amount) + toCents(clawback.amount);
    expect(await preview(partner.partnerId)).toEqual({ count: 2, amount: fromCents(netCents) });

    const response = await forfeit(partner.partnerId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ partnerId: partner.partnerId, voided: 2, amount: fromCents(netCents) });
    expect(await lines(referralId, 'recurring')).toMatchObject([{ id: fee.id, status: 'voided', voidReason: REASON }]);
    expect(await lines(referralId, 'clawback')).toMatchObject([
      { id: clawback.id, status: 'voided', voidReason: REASON },
    ]);
    expect(await novemberNet(referralId)).toBe(0);
  });

  it('keeps a fee whose refund clawback was paid out and takes the rest back, once, so the month nets to nothing', async () => {
    const { partner, referralId, fee, clawback } = await refundedFee('500.00');
    // The clawback is paid out beside an earlier fee of the partner's; the November fee waits for its hold.
    const september = await t.createCommission({ partnerId: partner.partnerId, referralId, monthYear: '2026-09' });
    await t
      .caller(admin)
      .admin.processPayout({ commissionIds: [september, clawback.id], idempotencyKey: randomUUID() });
    const paidBack = -toCents(clawback.amount);
    const restCents = toCents(fee.amount) - paidBack;
    expect(await preview(partner.partnerId)).toEqual({ count: 1, amount: fromCents(restCents) });

    const response = await forfeit(partner.partnerId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ partnerId: partner.partnerId, voided: 1, amount: fromCents(restCents) });
    expect(await lines(referralId, 'recurring')).toMatchObject([
      { monthYear: '2026-09', status: 'paid' },
      { id: fee.id, status: 'pending', voidReason: null },
    ]);
    expect(await lines(referralId, 'clawback')).toMatchObject([
      { id: clawback.id, status: 'paid' },
      { amount: fromCents(-restCents), status: 'pending', reason: REASON, monthYear: '2026-11' },
    ]);
    expect(await novemberNet(referralId)).toBe(0);
    const logged = await t.activityEntries({ entityId: partner.partnerId, action: 'partner.fees_forfeited' });
    expect(logged).toMatchObject([
      { details: expect.objectContaining({ takenInPart: [expect.objectContaining({ commissionId: fee.id })] }) },
    ]);
    expect(await t.outboxMails({ kind: 'feesForfeited', recipient: partner.user.email })).toHaveLength(1);

    expect(await preview(partner.partnerId)).toEqual({ count: 0, amount: '0.00' });
    expectRefusal(await forfeit(partner.partnerId), 409, ENDING_MESSAGES.nothingToForfeit);
    expect(await lines(referralId, 'clawback')).toHaveLength(2);
    expect(await novemberNet(referralId)).toBe(0);
  });
});
