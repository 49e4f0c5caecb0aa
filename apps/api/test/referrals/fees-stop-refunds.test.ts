// A churn date or contract end that voids a fee whose client payment was refunded takes that fee back once: the
// refund's clawbacks that are still unpaid are voided with the fee. When a refund already took part of the fee back
// in a payout, the fee stays and the rest of it is taken back with a clawback, so the month nets to nothing; moving
// the stop again books nothing more. Clawbacks booked before they named their payment are filled in from their
// activity rows.

import { CLIENT_PAYMENT_MESSAGES, fromCents, toCents } from '@portal/contracts';
import { migrations } from '@portal/db';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { useClock, useTestApp, useUser } from '../support';
import { refundFixtures } from '../support/refunds';

const t = useTestApp();
useClock(t, '2026-11-27T12:00:00Z');
const admin = useUser(t, { role: 'admin' });

const { refundedFee, refundedFeeWithPaidClawback, lines, novemberNet } = refundFixtures(t, admin);

const setChurn = (referralId: string, churnDate: string) =>
  t.request(admin, 'PATCH', `/api/admin/referrals/${referralId}`, { churnDate });

describe('a stop that voids a refunded fee', () => {
  it('voids the unpaid refund clawback with the fee, so the fee is taken back once', async () => {
    const { referralId, fee, clawback } = await refundedFee('500.00');
    expect(await novemberNet(referralId)).toBe(toCents(fee.amount) - Math.round(toCents(fee.amount) / 3));
    const response = await setChurn(referralId, '2026-10-15');
    expect(response.statusCode, response.body).toBe(200);
    const reason = CLIENT_PAYMENT_MESSAGES.voidedAfterChurn('2026-10-15');
    expect(await lines(referralId, 'recurring')).toMatchObject([{ id: fee.id, status: 'voided', voidReason: reason }]);
    expect(await lines(referralId, 'clawback')).toMatchObject([
      { id: clawback.id, status: 'voided', voidReason: reason },
    ]);
    expect(await novemberNet(referralId)).toBe(0);
    const logged = await t.activityEntries({ entityId: clawback.id, action: 'commission.voided' });
    expect(logged).toMatchObject([{ userId: admin.id, details: expect.objectContaining({ voidedWith: fee.id }) }]);
  });

  it('keeps a fee whose refund clawback was paid out and takes the rest back, once, so the month nets to nothing', async () => {
    // The clawback is paid out beside an earlier fee of the partner's; the November fee waits for its hold.
    const { partner, referralId, fee, clawback } = await refundedFeeWithPaidClawback('500.00');
    const [paidClawback] = await lines(referralId, 'clawback');
    expect(paidClawback).toMatchObject({ id: clawback.id, status: 'paid' });
    const paidBack = -toCents(paidClawback?.amount ?? '0');

    const response = await setChurn(referralId, '2026-10-15');
    expect(response.statusCode, response.body).toBe(200);
    const reason = CLIENT_PAYMENT_MESSAGES.voidedAfterChurn('2026-10-15');
    expect(await lines(referralId, 'recurring')).toMatchObject([
      { monthYear: '2026-09', status: 'paid' },
      { id: fee.id, status: 'pending', voidReason: null },
    ]);
    expect(await lines(referralId, 'clawback')).toMatchObject([
      { id: clawback.id, status: 'paid' },
      { amount: fromCents(paidBack - toCents(fee.amount)), status: 'pending', reason, monthYear: '2026-11' },
    ]);
    expect(await novemberNet(referralId)).toBe(0);
    const mails = await t.outboxMails({ kind: 'commissionClawback', recipient: partner.user.email });
    expect(mails.at(-1)?.textBody).toContain(reason);

    await setChurn(referralId, '2026-09-20');
    expect(await lines(referralId, 'clawback')).toHaveLength(2);
    expect(await novemberNet(referralId)).toBe(0);
  });
});

describe('migration 0036', () => {
  it("fills a refund clawback's client payment from its activity row, so voiding its fee voids it too", async () => {
    const { referralId, fee, clawback } = await refundedFee('300.00');
    await t.db.updateTable('commissions').set({ clientPaymentId: null }).where('id', '=', clawback.id).execute();
    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0035-processor-page')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const [stored] = await lines(referralId, 'clawback');
    expect(stored?.id).toBe(clawback.id);
    const filled = await t.db
      .selectFrom('commissions')
      .select('clientPaymentId')
      .where('id', '=', clawback.id)
      .executeTakeFirstOrThrow();
    const payment = await t.db
      .selectFrom('commissions')
      .select('clientPaymentId')
      .where('id', '=', fee.id)
      .executeTakeFirstOrThrow();
    expect(filled.clientPaymentId).toBe(payment.clientPaymentId);
    await t.caller(admin).admin.voidCommission({ id: fee.id, reason: 'Recorded against the wrong client' });
    expect(await novemberNet(referralId)).toBe(0);
  });
});
