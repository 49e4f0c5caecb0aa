// A forfeiture takes each unpaid fee once, refunds included: a refunded fee's unpaid refund clawbacks are voided
// with it. When a refund already took part of a fee back in a payout, the fee stays and the rest of it is taken
// back with a clawback of the forfeiture's reason, so the month nets to nothing; a second forfeiture finds nothing
// left to take. The admin's preview counts what the forfeiture would take.

import { ENDING_MESSAGES, fromCents, toCents } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { expectRefusal, useClock, useTestApp, useUser } from '../support';
import { refundFixtures } from '../support/refunds';

const t = useTestApp();
useClock(t, '2026-11-27T12:00:00Z');
const admin = useUser(t, { role: 'admin' });
const REASON = 'Solicited a client of the firm';

const { refundedFee, refundedFeeWithPaidClawback, lines, novemberNet } = refundFixtures(t, admin);

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
    expect(response.json()).toMatchObject({ partnerId: partner.partnerId, voided: 2, amount: fromCents(netCents) });
    expect(await lines(referralId, 'recurring')).toMatchObject([{ id: fee.id, status: 'voided', voidReason: REASON }]);
    expect(await lines(referralId, 'clawback')).toMatchObject([
      { id: clawback.id, status: 'voided', voidReason: REASON },
    ]);
    expect(await novemberNet(referralId)).toBe(0);
  });

  it('keeps a fee whose refund clawback was paid out and takes the rest back, once, so the month nets to nothing', async () => {
    // The clawback is paid out beside an earlier fee of the partner's; the November fee waits for its hold.
    const { partner, referralId, fee, clawback } = await refundedFeeWithPaidClawback('500.00');
    const paidBack = -toCents(clawback.amount);
    const restCents = toCents(fee.amount) - paidBack;
    expect(await preview(partner.partnerId)).toEqual({ count: 1, amount: fromCents(restCents) });

    const response = await forfeit(partner.partnerId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ partnerId: partner.partnerId, voided: 1, amount: fromCents(restCents) });
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
    expectRefusal(
      await forfeit(partner.partnerId),
      409,
      ENDING_MESSAGES.alreadyForfeited(response.json().feesForfeitedAt),
    );
    expect(await lines(referralId, 'clawback')).toHaveLength(2);
    expect(await novemberNet(referralId)).toBe(0);
  });
});
