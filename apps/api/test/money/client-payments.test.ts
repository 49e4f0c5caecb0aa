// Client payments earn fees: the fee of a payment (collection costs, half-up rounding), one fee per
// referral and month, payments of months the client was not active or that have not started, the same
// payment sent twice, the Idempotency-Key, refunds recorded by an admin or an API key, the partner's paid
// months, the clients with no payment for last month, the accrual under each fee basis, and when the
// processor offers a fee (from the client's payment plus the hold) against when it is due.

import { randomUUID } from 'node:crypto';
import {
  CLIENT_PAYMENT_MESSAGES,
  COMMISSION_MESSAGES,
  MESSAGES,
  feeForPaymentCents,
  type ClientPayment,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp, expectRefusal, useClock, useUser, usePartner } from '../support';

const t = useTestApp();
useClock(t, '2026-11-22T10:00:00Z');
const admin = useUser(t, { role: 'admin' });
const partner = usePartner(t);

/** POST /api/admin/referrals/{id}/payments as the admin. */
const post = (referralId: string, payment: object, headers?: Record<string, string>) =>
  t.postClientPayment(admin, referralId, payment, headers);
/** Records a payment of the client `referralId` as the admin. */
const recordPayment = (referralId: string, payment: { periodMonth: string; amount: string; paidAt: string }) =>
  t.caller(admin).admin.recordClientPayment({ id: referralId, ...payment });
const wonClient = (options: { churnDate?: string; serviceType?: 'basic_accounting' | 'controller' } = {}) =>
  t.createReferral(partner.partnerId, {
    stage: 'won',
    contractStartDate: '2026-03-10',
    serviceType: options.serviceType ?? 'controller',
    ...(options.churnDate ? { churnDate: options.churnDate } : {}),
  });

describe('the fee of a payment', () => {
  it('is the monthly fee × (amount − cost) ÷ amount, half-up to the cent, in integer cents', () => {
    expect(feeForPaymentCents(10_000, 100_000, 0)).toBe(10_000);
    expect(feeForPaymentCents(10_000, 100_000, 100_000)).toBe(0);
    expect(feeForPaymentCents(10_000, 100_000, 2_500)).toBe(9_750);
    // 5000 × 1 ÷ 2 = 2500; 5000 × 3 ÷ 8 = 1875; 1 × 1 ÷ 2 = 0.5 → 1 (half-up); 1 × 1 ÷ 3 = 0.33 → 0.
    expect(feeForPaymentCents(1, 2, 1)).toBe(1);
    expect(feeForPaymentCents(1, 3, 2)).toBe(0);
    // 50.00 × 300.01 ÷ 400.02 = 37.4993… → 37.50; no float error at large amounts either.
    expect(feeForPaymentCents(5_000, 40_002, 10_001)).toBe(3_750);
    expect(feeForPaymentCents(999_999_999, 999_999_999_999, 1)).toBe(999_999_999);
  });
});

describe('POST /api/admin/referrals/{id}/payments', () => {
  it('records the payment and earns the pending fee, payable from the payment and due 30 days after it', async () => {
    const referralId = await wonClient();
    const response = await post(referralId, {
      periodMonth: '2026-10',
      amount: '1500.00',
      paidAt: '2026-10-31',
      reference: 'INV-1001',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.payment).toMatchObject({
      referralId,
      periodMonth: '2026-10',
      amount: '1500.00',
      collectionCost: '0.00',
      paidAt: '2026-10-31',
      reference: 'INV-1001',
      source: 'manual',
      feeAmount: '100.00',
    });
    expect(body.commission).toMatchObject({
      amount: '100.00',
      monthYear: '2026-10',
      kind: 'recurring',
      status: 'pending',
    });
    expect(body.reason).toBeUndefined();
    // Payable from the client's payment day (offered then, with no hold) and due 30 days after it.
    expect(body.offeredOn).toBe('2026-10-31');
    const row = await t.row('commissions', body.commission.id);
    expect(row).toMatchObject({ dueBy: '2026-11-30', payableFrom: '2026-10-31', clientPaymentId: body.payment.id });
    const log = await t.activityEntries({ entityId: body.payment.id });
    expect(log).toMatchObject([{ action: 'client_payment.recorded', userId: admin.id }]);
  });

  it('deducts a collection cost proportionally, and a cost equal to the amount earns no fee', async () => {
    const referralId = await wonClient({ serviceType: 'basic_accounting' });
    const partial = await post(referralId, {
      periodMonth: '2026-09',
      amount: '400.02',
      collectionCost: '100.01',
      paidAt: '2026-09-30',
    });
    expect(partial.json().commission.amount).toBe('37.50');
    const whole = await post(referralId, {
      periodMonth: '2026-10',
      amount: '500.00',
      collectionCost: '500.00',
      paidAt: '2026-10-30',
    });
    expect(whole.statusCode).toBe(201);
    expect(whole.json()).toMatchObject({ commission: null, reason: CLIENT_PAYMENT_MESSAGES.nothingLeft });
    expect(whole.json().payment.collectionCost).toBe('500.00');
  });

  it('refuses a collection cost above the amount, a bad month or a future paid date (400), and an unknown referral (404)', async () => {
    const referralId = await wonClient();
    const above = await post(referralId, {
      periodMonth: '2026-10',
      amount: '10.00',
      collectionCost: '10.01',
      paidAt: '2026-10-01',
    });
    expectRefusal(above, 400, expect.stringContaining(CLIENT_PAYMENT_MESSAGES.collectionCostAboveAmount));
    for (const refused of [
      { periodMonth: '2026-13', amount: '10.00', paidAt: '2026-10-01' },
      { periodMonth: '2026-10', amount: '0', paidAt: '2026-10-01' },
      { periodMonth: '2026-10', amount: '10.00', paidAt: '2026-02-30' },
      { periodMonth: '2026-10', amount: '10.00', paidAt: '2026-12-01' },
    ])
      expect((await post(referralId, refused)).statusCode, JSON.stringify(refused)).toBe(400);
    const unknown = await post(randomUUID(), {
      periodMonth: '2026-10',
      amount: '10.00',
      paidAt: '2026-10-01',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await t.clientPaymentIds(referralId)).toEqual([]);
  });

  it('records a second payment for a month already earned, earning nothing more', async () => {
    const referralId = await wonClient();
    const caller = t.caller(admin);
    const first = await recordPayment(referralId, { periodMonth: '2026-08', amount: '1500.00', paidAt: '2026-08-31' });
    const second = await recordPayment(referralId, { periodMonth: '2026-08', amount: '200.00', paidAt: '2026-09-02' });
    expect(first.commission?.amount).toBe('100.00');
    expect(second).toMatchObject({ commission: null, reason: CLIENT_PAYMENT_MESSAGES.alreadyEarned('2026-08') });
    const payments = await caller.admin.clientPayments({ id: referralId });
    expect(payments.map((p) => [p.amount, p.feeAmount])).toEqual([
      ['200.00', null],
      ['1500.00', '100.00'],
    ]);
    const fees = await t.commissionRows({ referralId });
    expect(fees.map((fee) => fee.amount)).toEqual(['100.00']);
  });

  it('earns nothing for a month before the contract start, after churn, or for a client not won', async () => {
    const churned = await wonClient({ churnDate: '2026-07-15' });
    const before = await recordPayment(churned, { periodMonth: '2026-02', amount: '100.00', paidAt: '2026-02-27' });
    expect(before.commission).toBeNull();
    expect(before.reason).toBe(CLIENT_PAYMENT_MESSAGES.notActive('2026-02', 'the contract starts on Mar 10, 2026'));
    // In the words of every screen: the month and the day spelled out, never their ISO keys.
    expect(before.reason).toBe(
      'The client was not an active client in February 2026 (the contract starts on Mar 10, 2026); this payment earns no fee',
    );
    // The churn month itself is still active (DESIGN §4); the month after is not.
    const churnMonth = await recordPayment(churned, { periodMonth: '2026-07', amount: '100.00', paidAt: '2026-07-20' });
    expect(churnMonth.commission?.amount).toBe('100.00');
    const after = await recordPayment(churned, { periodMonth: '2026-08', amount: '100.00', paidAt: '2026-08-20' });
    expect(after.reason).toBe(CLIENT_PAYMENT_MESSAGES.notActive('2026-08', 'the client churned on Jul 15, 2026'));
    const booked = await t.createReferral(partner.partnerId, { stage: 'proposal' });
    const notWon = await recordPayment(booked, { periodMonth: '2026-10', amount: '100.00', paidAt: '2026-10-20' });
    expect(notWon.reason).toBe(CLIENT_PAYMENT_MESSAGES.notActive('2026-10', 'the deal is proposal, not won'));
    expect(await t.clientPaymentIds(churned, booked)).toHaveLength(4);
  });

  it('answers a retry with the same Idempotency-Key once (200, replayed) and refuses the key with another body', async () => {
    const referralId = await wonClient();
    const key = { 'idempotency-key': `pay-${randomUUID()}` };
    const payload = { periodMonth: '2026-10', amount: '900.00', paidAt: '2026-10-05' };
    const first = await post(referralId, payload, key);
    const again = await post(referralId, payload, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await post(referralId, { ...payload, amount: '901.00' }, key)).statusCode).toBe(422);
    expect(await t.clientPaymentIds(referralId)).toHaveLength(1);
  });

  it('is for commissions:write; a partner cannot record one', async () => {
    const referralId = await wonClient();
    const response = await t.postClientPayment(partner.user, referralId, {
      periodMonth: '2026-10',
      amount: '10.00',
      paidAt: '2026-10-05',
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('a month that has not started', () => {
  it('refuses a payment for a month after the current one (400), as an admin over tRPC and REST and as an API key', async () => {
    const referralId = await wonClient();
    const payment = { periodMonth: '2026-12', amount: '500.00', paidAt: '2026-11-20' };
    expectRefusal(await post(referralId, payment), 400, CLIENT_PAYMENT_MESSAGES.monthNotStarted('2026-12'));
    expect(CLIENT_PAYMENT_MESSAGES.monthNotStarted('2026-12')).toBe(
      'Payments cannot be recorded for a month that has not started (December 2026)',
    );
    await expect(recordPayment(referralId, { ...payment, periodMonth: '2030-12' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: CLIENT_PAYMENT_MESSAGES.monthNotStarted('2030-12'),
    });
    const key = await t.createApiKey(admin, ['commissions:write']);
    const byKey = await t.request(null, 'POST', `/api/admin/referrals/${referralId}/payments`, payment, {
      authorization: `Bearer ${key}`,
    });
    expectRefusal(byKey, 400, CLIENT_PAYMENT_MESSAGES.monthNotStarted('2026-12'));
    // The current month has started: it is recorded and earns.
    const current = await post(referralId, { ...payment, periodMonth: '2026-11' });
    expect(current.statusCode).toBe(201);
    expect(current.json().commission.monthYear).toBe('2026-11');
    expect(
      await t.db.selectFrom('clientPayments').select('periodMonth').where('referralId', '=', referralId).execute(),
    ).toEqual([{ periodMonth: '2026-11' }]);
  });

  it('refuses a month before 2000-01 (400)', async () => {
    const referralId = await wonClient();
    for (const periodMonth of ['0000-01', '1999-12'])
      expectRefusal(
        await post(referralId, { periodMonth, amount: '500.00', paidAt: '2026-11-20' }),
        400,
        MESSAGES.monthTooEarly,
      );
    expect(await t.clientPaymentIds(referralId)).toEqual([]);
  });

  it('refuses an import with a row for a month that has not started, naming the row; nothing is written', async () => {
    const referralId = await wonClient();
    const csv = [
      'referral_id,period,amount,paid_date',
      `${referralId},2026-10,500.00,2026-11-02`,
      `${referralId},2027-01,500.00,2026-11-02`,
    ].join('\n');
    const response = await t.request(admin, 'POST', '/api/admin/client-payments/import', csv, {
      'content-type': 'text/csv',
    });
    expect(response.statusCode).toBe(422);
    expect(
      response.json().rows.map((r: { row: number; ok: boolean; message: string | null }) => [r.row, r.ok, r.message]),
    ).toEqual([
      [2, true, null],
      [3, false, CLIENT_PAYMENT_MESSAGES.monthNotStarted('2027-01')],
    ]);
    expect(await t.clientPaymentIds(referralId)).toEqual([]);
  });
});

describe('the same payment sent twice', () => {
  it('records one of 10 identical payments sent at once without an Idempotency-Key; the others are 409 naming it', async () => {
    const referralId = await wonClient();
    const payment = { periodMonth: '2026-10', amount: '1500.00', paidAt: '2026-11-01' };
    const responses = await Promise.all(Array.from({ length: 10 }, () => post(referralId, payment)));
    const created = responses.filter((r) => r.statusCode === 201);
    expect(created).toHaveLength(1);
    const first = created[0]!.json().payment as ClientPayment;
    const refused = responses.filter((r) => r.statusCode !== 201);
    expect(refused.map((r) => r.statusCode)).toEqual(Array.from({ length: 9 }, () => 409));
    for (const response of refused)
      expectRefusal(response, 409, CLIENT_PAYMENT_MESSAGES.duplicatePayment({ ...payment, id: first.id }));
    expect(refused[0]!.json().message).toContain(`payment ${first.id}`);
    expect(await t.clientPaymentIds(referralId)).toEqual([first.id]);
  });

  it('records a payment of the same month, amount and day with its own reference', async () => {
    const referralId = await wonClient();
    const payment = { periodMonth: '2026-10', amount: '700.00', paidAt: '2026-11-01', reference: 'INV-1' };
    expect((await post(referralId, payment)).statusCode).toBe(201);
    expect((await post(referralId, payment)).statusCode).toBe(409);
    const second = await post(referralId, { ...payment, reference: 'INV-2' });
    expect(second.statusCode).toBe(201);
    expect(second.json().reason).toBe(CLIENT_PAYMENT_MESSAGES.alreadyEarned('2026-10'));
  });
});

describe('POST /api/admin/client-payments/{id}/refunds', () => {
  const refund = (paymentId: string, amount: unknown, headers?: Record<string, string>) =>
    t.request(admin, 'POST', `/api/admin/client-payments/${paymentId}/refunds`, { amount }, headers);
  const paymentOf = async (
    referralId: string,
    payment = { periodMonth: '2026-10', amount: '1500.00', paidAt: '2026-11-01' },
  ) => (await recordPayment(referralId, payment)).payment;
  const clawbacksOf = (referralId: string) =>
    t.db
      .selectFrom('commissions')
      .select(['amount', 'reason', 'monthYear', 'status'])
      .where('referralId', '=', referralId)
      .where('kind', '=', 'clawback')
      .orderBy('createdAt')
      .orderBy('amount', 'desc')
      .execute();

  it('takes back the refunded share of the fee, cumulatively, as the Stripe refund does, and mails the partner', async () => {
    const referralId = await wonClient();
    const payment = await paymentOf(referralId);
    const mailsBefore = await t.outboxMails({ kind: 'commissionClawback', recipient: partner.user.email });
    // A third first: 100.00 × 500 ÷ 1500 = 33.33; then the rest brings the total back to exactly the fee.
    const partial = await refund(payment.id, '500.00');
    expect(partial.statusCode).toBe(201);
    expect(partial.json()).toMatchObject({
      payment: { id: payment.id, refundedAmount: '500.00', feeAmount: '100.00' },
      clawback: { kind: 'clawback', amount: '-33.33', monthYear: '2026-10', status: 'pending', referralId },
      detail: '$500.00 of the October 2026 payment refunded; $33.33 of the fee taken back',
    });
    const rest = await refund(payment.id, '1000.00');
    expect(rest.json()).toMatchObject({
      payment: { refundedAmount: '1500.00' },
      clawback: { amount: '-66.67' },
      detail: '$1,000.00 of the October 2026 payment refunded; $66.67 of the fee taken back',
    });
    expect(await clawbacksOf(referralId)).toEqual([
      {
        amount: '-33.33',
        reason: 'Client refund: $500.00 of the October 2026 payment refunded (recorded by an admin)',
        monthYear: '2026-10',
        status: 'pending',
      },
      {
        amount: '-66.67',
        reason: 'Client refund: $1,000.00 of the October 2026 payment refunded (recorded by an admin)',
        monthYear: '2026-10',
        status: 'pending',
      },
    ]);
    const mails = await t.outboxMails({ kind: 'commissionClawback', recipient: partner.user.email });
    expect(mails.length - mailsBefore.length).toBe(2);
    const logged = await t.activityEntries({ entityId: payment.id, action: 'client_payment.refunded' });
    expect(logged).toMatchObject([
      { action: 'client_payment.refunded', userId: admin.id },
      { action: 'client_payment.refunded', userId: admin.id },
    ]);
  });

  it('rounds the share half-up to the cent', async () => {
    const referralId = await wonClient();
    const payment = await paymentOf(referralId, { periodMonth: '2026-09', amount: '400.00', paidAt: '2026-10-01' });
    expect(payment.feeAmount).toBe('100.00');
    // 100.00 × 0.02 ÷ 400.00 = 0.005 → 0.01.
    expect(feeForPaymentCents(10_000, 40_000, 40_000 - 2)).toBe(1);
    expect((await refund(payment.id, '0.02')).json().clawback.amount).toBe('-0.01');
  });

  it('refuses more than is left unrefunded (422), a bad amount (400) and an unknown payment (404), writing nothing', async () => {
    const referralId = await wonClient();
    const payment = await paymentOf(referralId);
    expectRefusal(await refund(payment.id, '1500.01'), 422, CLIENT_PAYMENT_MESSAGES.refundAboveLeft('1500.00'));
    expect((await refund(payment.id, '1400.00')).statusCode).toBe(201);
    expectRefusal(await refund(payment.id, '100.01'), 422, CLIENT_PAYMENT_MESSAGES.refundAboveLeft('100.00'));
    expect((await refund(payment.id, '100.00')).statusCode).toBe(201);
    expectRefusal(
      await refund(payment.id, '0.01'),
      422,
      'This payment is refunded in full already: nothing is left to refund',
    );
    for (const amount of ['0', '-5.00', '1.001', 'ten'])
      expectRefusal(await refund(payment.id, amount), 400, CLIENT_PAYMENT_MESSAGES.refundAmount);
    expect((await refund(randomUUID(), '1.00')).statusCode).toBe(404);
    // 93.33 for 1400.00, then 6.67 for the last 100.00: the whole fee.
    expect((await clawbacksOf(referralId)).map((c) => c.amount).sort()).toEqual(['-6.67', '-93.33']);
  });

  it('takes back nothing of a payment that earned no fee, and records the refund', async () => {
    const referralId = await wonClient();
    await paymentOf(referralId, { periodMonth: '2026-08', amount: '1500.00', paidAt: '2026-09-01' });
    const second = await paymentOf(referralId, { periodMonth: '2026-08', amount: '300.00', paidAt: '2026-09-02' });
    const response = await refund(second.id, '300.00');
    expect(response.json()).toMatchObject({
      payment: { refundedAmount: '300.00' },
      clawback: null,
      detail: '$300.00 of the August 2026 payment refunded; it had no fee to take back',
    });
  });

  it('answers a retry with the same Idempotency-Key once (200, replayed); an API key with commissions:write records one, a partner cannot', async () => {
    const referralId = await wonClient();
    const payment = await paymentOf(referralId);
    const key = { 'idempotency-key': `refund-${randomUUID()}` };
    const first = await refund(payment.id, '150.00', key);
    const again = await refund(payment.id, '150.00', key);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const apiKey = await t.createApiKey(admin, ['commissions:write']);
    const byKey = await t.request(
      null,
      'POST',
      `/api/admin/client-payments/${payment.id}/refunds`,
      { amount: '150.00' },
      { authorization: `Bearer ${apiKey}` },
    );
    expect(byKey.statusCode).toBe(201);
    expect(byKey.json().clawback.reason).toBe(
      'Client refund: $150.00 of the October 2026 payment refunded (recorded through the API)',
    );
    expect(byKey.json().payment.refundedAmount).toBe('300.00');
    const byPartner = await t.request(partner.user, 'POST', `/api/admin/client-payments/${payment.id}/refunds`, {
      amount: '1.00',
    });
    expect(byPartner.statusCode).toBe(403);
    expect((await clawbacksOf(referralId)).map((c) => c.amount)).toEqual(['-10.00', '-10.00']);
  });
});

describe('what the partner and the admin see', () => {
  it('shows the partner the months paid per referral, never amounts', async () => {
    const { partner: own, referralId } = await t.createPartnerWithWonClient();
    await recordPayment(referralId, { periodMonth: '2026-10', amount: '700.00', paidAt: '2026-10-03' });
    await recordPayment(referralId, { periodMonth: '2026-09', amount: '700.00', paidAt: '2026-09-03' });
    const response = await t.request(own.user, 'GET', '/api/partners/referrals/paid-months');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ referralId, months: ['2026-09', '2026-10'] }]);
    expect(response.body).not.toContain('700');
  });

  it('lists the won clients active last month with no payment for it', async () => {
    const own = await t.createPartner();
    const unpaid = await t.createWonClient(own.partnerId, { clientCompanyName: 'Unpaid Co' });
    const paid = await t.createWonClient(own.partnerId, { clientCompanyName: 'Paid Co' });
    await t.createWonClient(own.partnerId, { contractStartDate: '2026-11-01', clientCompanyName: 'Starts later' });
    await recordPayment(paid, { periodMonth: '2026-10', amount: '10.00', paidAt: '2026-10-03' });
    const missing = await t.caller(admin).admin.clientsMissingPayment();
    expect(missing.month).toBe('2026-10');
    const names = missing.items.map((item) => item.clientCompanyName);
    expect(names).toContain('Unpaid Co');
    expect(names).not.toContain('Paid Co');
    expect(names).not.toContain('Starts later');
    expect(missing.items.find((item) => item.referralId === unpaid)?.commissionAmount).toBe('50.00');
  });
});

describe('the monthly accrual under each fee basis', () => {
  it('creates nothing under clientPayment (saying why) and accrues as before under activeMonth', async () => {
    const { referralId } = await t.createPartnerWithWonClient({ contractStartDate: '2025-01-01' });
    const caller = t.caller(admin);
    await t.setFeeBasis('clientPayment');
    const skipped = await caller.admin.accrue({ month: '2025-06' });
    expect(skipped).toEqual({
      month: '2025-06',
      created: 0,
      skipped: 0,
      reason: CLIENT_PAYMENT_MESSAGES.accrualUnderClientPayment,
    });
    expect(await t.commissionRows({ referralId })).toEqual([]);
    await t.setFeeBasis('activeMonth');
    try {
      const accrued = await caller.admin.accrue({ month: '2025-06' });
      expect(accrued.created).toBeGreaterThanOrEqual(1);
      expect(await t.commissionRows({ referralId })).toHaveLength(1);
      // A payment of an accrued month is recorded and earns nothing more.
      const late = await recordPayment(referralId, { periodMonth: '2025-06', amount: '10.00', paidAt: '2025-07-01' });
      expect(late.reason).toBe(CLIENT_PAYMENT_MESSAGES.alreadyEarned('2025-06'));
    } finally {
      await t.setFeeBasis('clientPayment');
    }
  });
});

describe('POST /api/admin/client-payments/import', () => {
  const upload = async (csv: string, query = '') =>
    t.request(admin, 'POST', `/api/admin/client-payments/import${query}`, csv, { 'content-type': 'text/csv' });

  it('checks every row first: with a bad row nothing is written; fixed, every row is recorded once', async () => {
    const own = await t.createPartner();
    const email = `billing-${randomUUID()}@client.example`;
    const byEmail = await t.createWonClient(own.partnerId, {
      clientCompanyName: 'Email Client',
      clientEmail: email,
      serviceType: 'controller',
      monthlyValue: '1500.00',
      annualSales: null,
    });
    const byId = await t.createWonClient(own.partnerId);
    const header = 'client_email,referral_id,period,amount,paid_date,collection_cost,reference';
    const good1 = `${email.toUpperCase()},,2026-10,1500.00,2026-10-31,150.00,INV-7`;
    const good2 = `,${byId},2026-10,500.00,2026-11-02,,INV-8`;
    const bad = `,${byId},2026-13,500.00,2026-11-02,,INV-9`;
    const refused = await upload([header, good1, good2, bad].join('\n'));
    expect(refused.statusCode).toBe(422);
    const report = refused.json();
    expect(report.written).toBe(false);
    expect(report.rows.map((r: { row: number; ok: boolean; fee: string | null }) => [r.row, r.ok, r.fee])).toEqual([
      [2, true, '90.00'],
      [3, true, '50.00'],
      [4, false, null],
    ]);
    expect(report.rows[2].message).toBe(MESSAGES.invalidMonth);
    expect(await t.clientPaymentIds(byEmail, byId)).toEqual([]);

    const fixed = [header, good1, good2, `,${byId},2026-09,500.00,2026-10-02,,INV-9`].join('\n');
    const dry = await upload(fixed, '?dryRun=true');
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ dryRun: true, written: false, errorCount: 0, feeTotal: '190.00' });
    expect(await t.clientPaymentIds(byId)).toEqual([]);

    const written = await upload(fixed);
    expect(written.statusCode).toBe(201);
    expect(written.json()).toMatchObject({ written: true, recorded: 3, feesCreated: 3, feeTotal: '190.00' });
    const fees = await t.db
      .selectFrom('commissions')
      .select(['referralId', 'monthYear', 'amount', 'dueBy', 'payableFrom'])
      .where('referralId', 'in', [byEmail, byId])
      .orderBy('monthYear')
      .orderBy('amount')
      .execute();
    expect(fees).toEqual([
      { referralId: byId, monthYear: '2026-09', amount: '50.00', dueBy: '2026-11-01', payableFrom: '2026-10-02' },
      { referralId: byId, monthYear: '2026-10', amount: '50.00', dueBy: '2026-12-02', payableFrom: '2026-11-02' },
      { referralId: byEmail, monthYear: '2026-10', amount: '90.00', dueBy: '2026-11-30', payableFrom: '2026-10-31' },
    ]);

    // The same file again: every row was imported before; nothing is recorded twice.
    const again = await upload(fixed);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ recorded: 0, feesCreated: 0 });
    expect(again.json().rows.every((r: { alreadyImported: boolean }) => r.alreadyImported)).toBe(true);
    expect(await t.clientPaymentIds(byEmail, byId)).toHaveLength(3);
  });

  it('names a missing column, and refuses a body that is not CSV text', async () => {
    const missing = await upload('client_email,amount\nx@example.com,10.00');
    expectRefusal(missing, 400, 'The file has no period, paid_date column');
    const json = await t.request(admin, 'POST', '/api/admin/client-payments/import', { csv: 'x' });
    expect(json.statusCode).toBe(415);
    // Who may import is answered before what the body is.
    const asPartner = await t.request(partner.user, 'POST', '/api/admin/client-payments/import', { csv: 'x' });
    expect(asPartner.statusCode).toBe(403);
    const anonymous = await t.request(null, 'POST', '/api/admin/client-payments/import', { csv: 'x' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the processor offers a fee from the client payment, before its deadline', () => {
  /** Runs `body` under a hold of `days` (program setting payout_hold_days), then puts back no hold. */
  async function withHold(days: number, body: () => Promise<void>) {
    await t.db.updateTable('programSettings').set({ payoutHoldDays: days }).execute();
    try {
      await body();
    } finally {
      await t.db.updateTable('programSettings').set({ payoutHoldDays: 0 }).execute();
    }
  }
  /** Runs `body` on `day` (noon UTC), then puts the clock back. */
  async function on(day: string, body: () => Promise<void>) {
    const saved = t.clock.now;
    t.clock.now = new Date(`${day}T12:00:00Z`);
    try {
      await body();
    } finally {
      t.clock.now = saved;
    }
  }
  const queueOf = async (partnerId: string, filter: { dueBy?: string; month?: string } = {}) => {
    const page = await t.caller(admin).admin.pendingCommissions({ partnerId, ...filter });
    return {
      items: page.items.map((item) => [item.monthYear, item.dueBy, item.clientPaidAt]),
      total: page.total,
      notYetOffered: page.notYetOffered,
    };
  };
  const noneHeld = { count: 0, amount: '0.00', firstOfferedOn: null };

  it('offers a fee the client paid today at once with no hold, due 30 days later', async () => {
    const { partner: own, referralId } = await t.createPartnerWithWonClient();
    const recorded = await recordPayment(referralId, {
      periodMonth: '2026-10',
      amount: '500.00',
      paidAt: '2026-11-22',
    });
    expect(recorded.commission?.dueBy).toBe('2026-12-22');
    expect(recorded.offeredOn).toBe('2026-11-22');
    expect(await queueOf(own.partnerId)).toEqual({
      items: [['2026-10', '2026-12-22', '2026-11-22']],
      total: 1,
      notYetOffered: noneHeld,
    });
    // Offered, so paid on this payout day, weeks before its deadline.
    const payout = await t.caller(admin).admin.processPayout({
      matching: { partnerId: own.partnerId },
      idempotencyKey: `now-${randomUUID()}`,
    });
    expect(payout).toMatchObject({ commissionCount: 1, total: '50.00' });
  });

  it('holds a fee for the hold days after the client payment, then offers it, still due 30 days after the payment', async () => {
    const { partner: own, referralId } = await t.createPartnerWithWonClient();
    await withHold(5, async () => {
      const recorded = await recordPayment(referralId, {
        periodMonth: '2026-10',
        amount: '500.00',
        paidAt: '2026-11-22',
      });
      expect(recorded.offeredOn).toBe('2026-11-27');
      const held = { count: 1, amount: '50.00', firstOfferedOn: '2026-11-27' };
      expect(await queueOf(own.partnerId)).toEqual({ items: [], total: 0, notYetOffered: held });
      // Without a partner, the count comes from the pending_months rollup less the held fees.
      const all = await t.caller(admin).admin.pendingCommissions({});
      expect(all.items.some((item) => item.partnerId === own.partnerId)).toBe(false);
      expect(all.notYetOffered.count).toBeGreaterThanOrEqual(1);
      await on('2026-11-26', async () => {
        expect(await queueOf(own.partnerId)).toEqual({ items: [], total: 0, notYetOffered: held });
        await expect(
          t.caller(admin).admin.processPayout({
            matching: { partnerId: own.partnerId },
            idempotencyKey: `held-${randomUUID()}`,
          }),
        ).rejects.toMatchObject({ message: COMMISSION_MESSAGES.nothingMatches });
      });
      await on('2026-11-27', async () => {
        expect(await queueOf(own.partnerId)).toEqual({
          items: [['2026-10', '2026-12-22', '2026-11-22']],
          total: 1,
          notYetOffered: noneHeld,
        });
      });
    });
  });

  it('counts the held fees beside the queue, narrowed by partner and month but not by due date', async () => {
    const { partner: own, referralId } = await t.createPartnerWithWonClient();
    // Paid 2026-09-01 → due 2026-10-01; paid 2026-11-15 → due 2026-12-15; paid 2026-11-20 → due 2026-12-20.
    await recordPayment(referralId, { periodMonth: '2026-08', amount: '500.00', paidAt: '2026-09-01' });
    await recordPayment(referralId, { periodMonth: '2026-09', amount: '500.00', paidAt: '2026-11-15' });
    await recordPayment(referralId, { periodMonth: '2026-10', amount: '500.00', paidAt: '2026-11-20' });
    expect((await queueOf(own.partnerId)).notYetOffered).toEqual(noneHeld);
    await withHold(10, async () => {
      // 2026-11-15 + 10 and 2026-11-20 + 10 are after today (2026-11-22); 2026-09-01 + 10 is long past.
      const held = { count: 2, amount: '100.00', firstOfferedOn: '2026-11-25' };
      expect(await queueOf(own.partnerId)).toEqual({
        items: [['2026-08', '2026-10-01', '2026-09-01']],
        total: 1,
        notYetOffered: held,
      });
      expect((await queueOf(own.partnerId, { dueBy: '2026-10-31' })).notYetOffered).toEqual(held);
      expect((await queueOf(own.partnerId, { month: '2026-10' })).notYetOffered).toEqual({
        count: 1,
        amount: '50.00',
        firstOfferedOn: '2026-11-30',
      });
      expect((await queueOf(own.partnerId, { month: '2026-08' })).notYetOffered).toEqual(noneHeld);
    });
  });

  it('sorts by due date, and "due by" selects the offered fees by their deadline and pays them', async () => {
    const { partner: own, referralId } = await t.createPartnerWithWonClient();
    const caller = t.caller(admin);
    // Paid 2026-09-01 → due 2026-10-01 (overdue); paid 2026-10-15 → due 2026-11-14; paid 2026-11-20 → due 2026-12-20.
    await recordPayment(referralId, { periodMonth: '2026-10', amount: '500.00', paidAt: '2026-11-20' });
    await recordPayment(referralId, { periodMonth: '2026-08', amount: '500.00', paidAt: '2026-09-01' });
    await recordPayment(referralId, { periodMonth: '2026-09', amount: '500.00', paidAt: '2026-10-15' });
    // Every fee is offered (each was paid by the client on or before today), the earliest deadline first.
    expect((await queueOf(own.partnerId)).items).toEqual([
      ['2026-08', '2026-10-01', '2026-09-01'],
      ['2026-09', '2026-11-14', '2026-10-15'],
      ['2026-10', '2026-12-20', '2026-11-20'],
    ]);
    expect(await queueOf(own.partnerId, { dueBy: '2026-10-31' })).toEqual({
      items: [['2026-08', '2026-10-01', '2026-09-01']],
      total: 1,
      notYetOffered: noneHeld,
    });
    expect((await queueOf(own.partnerId, { dueBy: '2026-11-30' })).items).toEqual([
      ['2026-08', '2026-10-01', '2026-09-01'],
      ['2026-09', '2026-11-14', '2026-10-15'],
    ]);
    const payout = await caller.admin.processPayout({
      matching: { partnerId: own.partnerId, dueBy: '2026-10-31' },
      idempotencyKey: `due-${randomUUID()}`,
    });
    expect(payout).toMatchObject({ commissionCount: 1, total: '50.00' });

    const page = await t.caller(own.user).partner.commissionsPage({});
    expect(page.items.map((item) => [item.monthYear, item.status, item.dueBy, item.clientPaidAt])).toEqual([
      ['2026-10', 'pending', '2026-12-20', '2026-11-20'],
      ['2026-09', 'pending', '2026-11-14', '2026-10-15'],
      ['2026-08', 'paid', '2026-10-01', '2026-09-01'],
    ]);
  });

  it('offers fees without a client payment (adjustments) at once under a hold', async () => {
    const own = await t.createPartner();
    await withHold(10, async () => {
      await t.caller(admin).admin.addAdjustment({ partnerId: own.partnerId, amount: '25.00', reason: 'Welcome bonus' });
      const queue = await queueOf(own.partnerId);
      expect(queue).toMatchObject({ total: 1, notYetOffered: noneHeld });
    });
  });
});
