// A won client's fee whose client payment was refunded in part, and the client's lines as stored: the set-up of the
// tests of what takes a fee back (a churn date, a contract end, a forfeiture) when a refund already took part of it.

import { randomUUID } from 'node:crypto';
import { toCents } from '@portal/contracts';
import type { SessionUser } from '../../src/trpc/context';
import type { TestApp } from './index';

/** The refund fixtures on `t`, recorded and refunded by `admin` (a useUser object may be given before it is filled). */
export function refundFixtures(t: TestApp, admin: SessionUser) {
  /** The referral's lines of `kind`, by month, then oldest first. */
  const lines = (referralId: string, kind: 'recurring' | 'clawback') =>
    t.db
      .selectFrom('commissions')
      .select(['id', 'amount', 'status', 'voidReason', 'reason', 'monthYear'])
      .where('referralId', '=', referralId)
      .where('kind', '=', kind)
      .orderBy('monthYear')
      .orderBy('createdAt')
      .execute();

  /** A won client of a new partner whose November payment earned a fee, then was refunded in part. */
  async function refundedFee(refunded: string) {
    const partner = await t.createPartner();
    const referralId = await t.createWonClient(partner.partnerId, {
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

  return {
    lines,
    refundedFee,

    /**
     * `refundedFee(refunded)`, whose refund clawback was then paid out beside an earlier (September) fee of the
     * partner's; the November fee waits for its hold.
     */
    async refundedFeeWithPaidClawback(refunded: string) {
      const created = await refundedFee(refunded);
      const { partner, referralId, clawback } = created;
      const september = await t.createCommission({ partnerId: partner.partnerId, referralId, monthYear: '2026-09' });
      await t
        .caller(admin)
        .admin.processPayout({ commissionIds: [september, clawback.id], idempotencyKey: randomUUID() });
      return created;
    },

    /** What the client's November lines still count for the partner (every line but the voided ones), in cents. */
    async novemberNet(referralId: string) {
      const rows = await t.db
        .selectFrom('commissions')
        .select(['amount'])
        .where('referralId', '=', referralId)
        .where('monthYear', '=', '2026-11')
        .where('status', '!=', 'voided')
        .execute();
      return rows.reduce((cents, row) => cents + toCents(row.amount), 0);
    },
  };
}
