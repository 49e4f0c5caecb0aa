// The statement as a ledger across month boundaries: each event stands in the month of its instant (a fee at
// 23:59:59.999 on the last day, a payout at midnight), each month opens on the last one's closing balance, a later
// return, refund or void never changes an earlier month, and all months together owe what the partner is owed.
// With it, the refund's clawback against a fee that is later voided: the fee is taken back once, not twice.

import { randomUUID } from 'node:crypto';
import { formatMoney, toCents } from '@portal/contracts';
import { parse } from 'csv-parse/sync';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { expectRefusal, useTestApp, useUser } from '../support';

const t = useTestApp();
const admin = useUser(t, { role: 'admin' });

type Row = Record<string, string>;

const at = (iso: string) => {
  t.clock.now = new Date(iso);
};

/** A fresh partner with two won clients (one on each service) that pay for their months. */
async function partnerWithClients(companyName: string) {
  const partner = await t.createPartner({ companyName });
  const client = (clientCompanyName: string, serviceType: 'basic_accounting' | 'controller') =>
    t.createWonClient(partner.partnerId, { contractStartDate: '2025-12-01', clientCompanyName, serviceType });
  const csv = async (month: string): Promise<Row[]> => {
    const res = await t.request(partner.user, 'GET', `/api/partners/statements/${month}.csv`);
    expect(res.statusCode, res.body).toBe(200);
    return parse<Row>(res.body, { columns: true });
  };
  const pdf = async (month: string): Promise<string> => {
    const res = await t.request(admin, 'GET', `/api/admin/partners/${partner.partnerId}/statements/${month}.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), { mergePages: true });
    return text.replace(/\s+/g, ' ');
  };
  /** The fee a payment of the client earns (booked on the clock's instant), and the payment. */
  const pay = async (referralId: string, periodMonth: string, amount: string, paidAt: string) => {
    const { payment, commission } = await t
      .caller(admin)
      .admin.recordClientPayment({ id: referralId, periodMonth, amount, paidAt });
    if (!commission) throw new Error(`the ${periodMonth} payment earned no fee`);
    return { paymentId: payment.id, feeId: commission.id };
  };
  return { partner, client, csv, pdf, pay };
}

/** What a row books: everything but where it stands today (Status, Note). */
const booked = (rows: Row[]) => rows.map((r) => [r.Section, r.Date, r.Month, r['Client or reference'], r.Amount]);
const cents = (rows: Row[]) => rows.reduce((total, r) => total + toCents(r.Amount ?? '0'), 0);
const money = (value: number) => (value / 100).toFixed(2);

describe('a statement across month boundaries', () => {
  it('books each event in the month of its instant, chains the balances, and keeps closed months as they were', async () => {
    const { partner, client, csv, pdf, pay } = await partnerWithClients('Boundary Books Co');
    const alpha = await client('Alpha Goods', 'controller');
    const beta = await client('Beta Wares', 'basic_accounting');
    const months = ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05'];
    const closed = new Map<string, Row[]>();

    // The last instant of January and the first of February.
    at('2026-01-31T23:59:59.999Z');
    const january = await pay(alpha, '2026-01', '1500.00', '2026-01-31');
    at('2026-02-01T00:00:00.000Z');
    const february = await pay(beta, '2026-02', '500.00', '2026-02-01');
    closed.set('2026-01', await csv('2026-01'));

    // Paid at the last instant of February; the line comes back at the first of March.
    at('2026-02-28T23:59:59.999Z');
    const first = await t.caller(admin).admin.processPayout({
      commissionIds: [january.feeId, february.feeId],
      idempotencyKey: randomUUID(),
    });
    await t.caller(admin).admin.markPayoutSent({ payoutId: first.id });
    closed.set('2026-02', await csv('2026-02'));
    at('2026-03-01T00:00:00.000Z');
    await t
      .caller(admin)
      .admin.returnPayoutLine({ payoutId: first.id, partnerId: partner.partnerId, returnCode: 'R03' });

    // Offered again and paid at the last instant of March.
    at('2026-03-15T12:00:00.000Z');
    await t.caller(admin).admin.retryCommission({ id: january.feeId });
    await t.caller(admin).admin.retryCommission({ id: february.feeId });
    at('2026-03-31T23:59:59.999Z');
    const second = await t.caller(admin).admin.processPayout({
      commissionIds: [january.feeId, february.feeId],
      idempotencyKey: randomUUID(),
    });
    closed.set('2026-03', await csv('2026-03'));

    // April: January's payment is half refunded (its clawback is for January, booked in April), and a fee
    // booked in April is voided at the first instant of May.
    at('2026-04-01T00:00:00.000Z');
    const refund = await t.request(admin, 'POST', `/api/admin/client-payments/${january.paymentId}/refunds`, {
      amount: '750.00',
    });
    expect(refund.statusCode, refund.body).toBe(201);
    at('2026-04-30T23:59:59.999Z');
    const april = await pay(alpha, '2026-04', '1500.00', '2026-04-30');
    closed.set('2026-04', await csv('2026-04'));
    at('2026-05-01T00:00:00.000Z');
    await t.caller(admin).admin.voidCommission({ id: april.feeId, reason: 'Invoice issued in error' });

    const statements = new Map<string, Row[]>();
    for (const month of months) statements.set(month, await csv(month));
    const lines = (month: string) => (statements.get(month) ?? []).slice(1, -1);

    expect(booked(lines('2026-01'))).toEqual([['Commission', '2026-01-31', '2026-01', 'Alpha Goods', '100.00']]);
    expect(booked(lines('2026-02'))).toEqual([
      ['Commission', '2026-02-01', '2026-02', 'Beta Wares', '50.00'],
      ['Payout', '2026-02-28', '', first.reference, '-150.00'],
    ]);
    expect(booked(lines('2026-03'))).toEqual([
      ['Returned payout', '2026-03-01', '', first.reference, '150.00'],
      ['Payout', '2026-03-31', '', second.reference, '-150.00'],
    ]);
    expect(booked(lines('2026-04'))).toEqual([
      ['Clawback', '2026-04-01', '2026-01', 'Alpha Goods', '-50.00'],
      ['Commission', '2026-04-30', '2026-04', 'Alpha Goods', '100.00'],
    ]);
    expect(booked(lines('2026-05'))).toEqual([['Void', '2026-05-01', '2026-04', 'Alpha Goods', '-100.00']]);

    // Each month opens on the closing balance of the one before and closes on its opening plus its lines.
    let opening = 0;
    for (const month of months) {
      const rows = statements.get(month) ?? [];
      expect(rows[0], month).toMatchObject({ Section: 'Opening balance', Amount: money(opening) });
      const closing = opening + cents(lines(month));
      expect(rows.at(-1), month).toMatchObject({ Section: 'Closing balance', Amount: money(closing) });
      opening = closing;
    }
    // All months together owe what the partner is owed: the pending and failed fees, clawbacks netted.
    const metrics = await t.caller(partner.user).partner.metrics();
    expect(money(opening)).toBe(money(toCents(metrics.pendingCommissions) + toCents(metrics.failedCommissions)));
    expect(money(opening)).toBe('-50.00');

    // A closed month reads as it did at its end: only where its lines stand today has moved.
    for (const [month, then] of closed) expect(booked(statements.get(month) ?? []), month).toEqual(booked(then));

    // The PDF carries the CSV's balances: February earns 50.00 and pays 150.00, March's return and payment net out.
    for (const month of months) {
      const rows = statements.get(month) ?? [];
      const text = await pdf(month);
      expect(text, month).toContain(`Opening balance ${formatMoney(rows[0]?.Amount ?? '')}`);
      expect(text, month).toContain(`Closing balance ${formatMoney(rows.at(-1)?.Amount ?? '')}`);
    }
    expect(await pdf('2026-02')).toMatch(/Earned this month \$50\.00.*Paid this month \$150\.00/);
    expect(await pdf('2026-03')).toMatch(/Returned: .*-\$150\.00.*Paid this month \$0\.00/);
  });
});

describe('a refund clawback against a fee that is voided later', () => {
  it('names the client payment it takes back, and says why on the statement', async () => {
    at('2026-06-10T12:00:00.000Z');
    const { client, csv, pdf, pay } = await partnerWithClients('Reasoned Refund Co');
    const { paymentId } = await pay(await client('Gamma Shop', 'controller'), '2026-06', '1500.00', '2026-06-05');
    const res = await t.request(admin, 'POST', `/api/admin/client-payments/${paymentId}/refunds`, { amount: '600.00' });
    expect(res.statusCode, res.body).toBe(201);
    const clawback = await t.row('commissions', res.json().clawback.id);
    expect(clawback).toMatchObject({ kind: 'clawback', amount: '-40.00', clientPaymentId: paymentId });

    const reason = 'Client refund: $600.00 of the June 2026 payment refunded (recorded by an admin)';
    expect((await csv('2026-06')).find((r) => r.Section === 'Clawback')).toMatchObject({
      'Client or reference': 'Gamma Shop',
      'Service or method': reason,
      Amount: '-40.00',
    });
    expect(await pdf('2026-06')).toContain('Client refund: $600.00');
  });

  it('is voided with the fee, so the fee is taken back once and the partner is owed nothing of it', async () => {
    at('2026-07-10T12:00:00.000Z');
    const { partner, client, csv, pay } = await partnerWithClients('Single Takeback Co');
    const { paymentId, feeId } = await pay(
      await client('Delta Mart', 'controller'),
      '2026-07',
      '1500.00',
      '2026-07-05',
    );
    at('2026-07-11T12:00:00.000Z');
    const refunded = await t.request(admin, 'POST', `/api/admin/client-payments/${paymentId}/refunds`, {
      amount: '1500.00',
    });
    expect(refunded.statusCode, refunded.body).toBe(201);
    const clawbackId: string = refunded.json().clawback.id;

    at('2026-07-12T12:00:00.000Z');
    await t.caller(admin).admin.voidCommission({ id: feeId, reason: 'Client refunded in full' });

    expect(await t.row('commissions', clawbackId)).toMatchObject({
      status: 'voided',
      voidReason: 'Client refunded in full',
    });
    expect(await t.activityActions(clawbackId)).toEqual(['commission.clawback_added', 'commission.voided']);
    const metrics = await t.caller(partner.user).partner.metrics();
    expect(metrics.pendingCommissions).toBe('0.00');
    const july = await csv('2026-07');
    const lines = booked(july.slice(1, -1));
    expect(lines.slice(0, 2)).toEqual([
      ['Commission', '2026-07-10', '2026-07', 'Delta Mart', '100.00'],
      ['Clawback', '2026-07-11', '2026-07', 'Delta Mart', '-100.00'],
    ]);
    // Both voids stand on the day of the void: the fee's takes it back, the clawback's gives its share back.
    expect(lines.slice(2)).toEqual(
      expect.arrayContaining([
        ['Void', '2026-07-12', '2026-07', 'Delta Mart', '-100.00'],
        ['Void', '2026-07-12', '2026-07', 'Delta Mart', '100.00'],
      ]),
    );
    expect(lines).toHaveLength(4);
    expect(july.at(-1)).toMatchObject({ Section: 'Closing balance', Amount: '0.00' });
  });

  it('refuses to void a fee whose refund clawback was paid out (409 naming what is left), changing nothing', async () => {
    at('2026-08-10T12:00:00.000Z');
    const { partner, client, pay } = await partnerWithClients('Paid Clawback Co');
    const { paymentId, feeId } = await pay(
      await client('Epsilon Supply', 'controller'),
      '2026-08',
      '1500.00',
      '2026-08-05',
    );
    const refunded = await t.request(admin, 'POST', `/api/admin/client-payments/${paymentId}/refunds`, {
      amount: '600.00',
    });
    const clawbackId: string = refunded.json().clawback.id;
    // The clawback is netted into a payout with a bonus, while the fee itself waits.
    const bonus = await t.caller(admin).admin.addAdjustment({
      partnerId: partner.partnerId,
      amount: '100.00',
      reason: 'Launch bonus',
    });
    await t.caller(admin).admin.processPayout({ commissionIds: [bonus.id, clawbackId], idempotencyKey: randomUUID() });

    const res = await t.request(admin, 'POST', `/api/admin/commissions/${feeId}/void`, { reason: 'Refunded' });
    expectRefusal(
      res,
      409,
      `Commission ${feeId} cannot be voided: a refund of its client payment already took back $40.00 of it in a payout. Record a clawback of the rest ($60.00) instead.`,
    );
    expect(await t.row('commissions', feeId)).toMatchObject({ status: 'pending', voidedAt: null });
    expect(await t.row('commissions', clawbackId)).toMatchObject({ status: 'paid' });
    expect(await t.activityActions(feeId)).not.toContain('commission.voided');
  });
});
