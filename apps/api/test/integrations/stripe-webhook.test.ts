// The Stripe webhook: events signed as Stripe signs them (the official package's
// generateTestHeaderString), verified over the raw body; a paid invoice becomes the client's payment and
// earns the month's fee, once however often it arrives; a refund takes back its share of the fee as a
// clawback; what names no client, or is for a month that has not started, waits for an admin, who matches
// it to a client or dismisses it.

import { randomUUID } from 'node:crypto';
import { CLIENT_PAYMENT_MESSAGES } from '@portal/contracts';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp, expectRefusal, useClock, useUser, usePartner } from '../support';

const SECRET = 'whsec_test_portal_4b1d9c2e';
const t = useTestApp({ STRIPE_WEBHOOK_SECRET: SECRET });
useClock(t, '2026-11-22T10:00:00Z');
const admin = useUser(t, { role: 'admin' });
const partner = usePartner(t);

const unix = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);

/** The Stripe-Signature header of `payload`, signed at `at` (default: now) with `secret` (default: the portal's). */
const signatureOf = (payload: string, { secret = SECRET, at = t.clock.now }: { secret?: string; at?: Date } = {}) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: Math.floor(at.getTime() / 1000) });

const postWebhook = (payload: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: '/api/integrations/stripe/webhook', headers, payload });

function signedPost(event: unknown, options: { secret?: string; at?: Date; signature?: string | null } = {}) {
  const payload = JSON.stringify(event);
  const header = options.signature === null ? undefined : (options.signature ?? signatureOf(payload, options));
  return postWebhook(payload, {
    'content-type': 'application/json',
    ...(header ? { 'stripe-signature': header } : {}),
  });
}

/** An `invoice.paid` event as Stripe sends it (API 2025+: the period on the line, metadata on the subscription). */
function invoicePaid(options: {
  email?: string | null;
  referralId?: string;
  amountCents?: number;
  currency?: string;
  periodStart?: string;
  paidAt?: string;
  paymentIntent?: string;
}) {
  const invoiceId = `in_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
  return {
    id: `evt_${randomUUID().replaceAll('-', '').slice(0, 24)}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: unix('2026-11-20T12:00:00Z'),
    type: 'invoice.paid',
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: {
        id: invoiceId,
        object: 'invoice',
        number: `INV-${invoiceId.slice(3, 9).toUpperCase()}`,
        currency: options.currency ?? 'usd',
        amount_paid: options.amountCents ?? 150000,
        customer: 'cus_T3stCustomer',
        customer_email: options.email === undefined ? 'owner@paying-client.example' : options.email,
        metadata: {},
        parent: {
          type: 'subscription_details',
          subscription_details: {
            subscription: 'sub_123',
            metadata: options.referralId ? { referral_id: options.referralId } : {},
          },
        },
        lines: {
          object: 'list',
          data: [
            {
              id: 'il_1',
              object: 'line_item',
              period: {
                start: unix(options.periodStart ?? '2026-10-01T00:00:00Z'),
                end: unix('2026-11-01T00:00:00Z'),
              },
            },
          ],
        },
        period_start: unix('2026-09-01T00:00:00Z'),
        status: 'paid',
        status_transitions: { paid_at: unix(options.paidAt ?? '2026-11-02T09:30:00Z') },
        ...(options.paymentIntent
          ? {
              payments: {
                object: 'list',
                data: [
                  {
                    id: 'inpay_1',
                    object: 'invoice_payment',
                    payment: { type: 'payment_intent', payment_intent: options.paymentIntent },
                  },
                ],
              },
            }
          : {}),
      },
    },
  };
}

function chargeRefunded(options: { paymentIntent?: string; invoice?: string; refundedCents: number }) {
  return {
    id: `evt_${randomUUID().replaceAll('-', '').slice(0, 24)}`,
    object: 'event',
    created: unix('2026-11-21T12:00:00Z'),
    type: 'charge.refunded',
    data: {
      object: {
        id: `ch_${randomUUID().replaceAll('-', '').slice(0, 24)}`,
        object: 'charge',
        amount: 150000,
        amount_refunded: options.refundedCents,
        refunded: options.refundedCents >= 150000,
        currency: 'usd',
        created: unix('2026-11-02T09:30:00Z'),
        customer: 'cus_T3stCustomer',
        payment_intent: options.paymentIntent ?? null,
        ...(options.invoice ? { invoice: options.invoice } : {}),
        billing_details: { email: 'owner@paying-client.example' },
      },
    },
  };
}

async function wonClientWithEmail(email: string, serviceType: 'basic_accounting' | 'controller' = 'controller') {
  return t.createWonClient(partner.partnerId, { contractStartDate: '2026-03-01', serviceType, clientEmail: email });
}

const feesOf = (referralId: string) =>
  t.db
    .selectFrom('commissions')
    .select(['amount', 'kind', 'monthYear', 'status', 'dueBy', 'reason'])
    .where('referralId', '=', referralId)
    .orderBy('createdAt')
    .execute()
    .then((rows) => rows.map((row) => ({ ...row, dueBy: row.dueBy ? String(row.dueBy) : null })));

const admin$ = (method: 'GET' | 'POST', url: string, payload?: object) => t.request(admin, method, url, payload);

describe('the Stripe webhook', () => {
  it('records a paid invoice as the payment of the won client with its email, earning the month’s fee once', async () => {
    const email = `billing-${randomUUID().slice(0, 8)}@client.example`;
    const referralId = await wonClientWithEmail(email);
    const event = invoicePaid({ email: email.toUpperCase(), amountCents: 150000 });
    const first = await signedPost(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ received: true, outcome: 'recorded', replayed: false });
    expect(first.json().detail).toBe('Earned a fee of $100.00 for October 2026');

    const payments = await t.db.selectFrom('clientPayments').selectAll().where('referralId', '=', referralId).execute();
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      periodMonth: '2026-10',
      amount: '1500.00',
      source: 'stripe',
      externalId: event.data.object.id,
      reference: event.data.object.number,
    });
    expect(String(payments[0]!.paidAt)).toBe('2026-11-02');
    expect(await feesOf(referralId)).toEqual([
      {
        amount: '100.00',
        kind: 'recurring',
        monthYear: '2026-10',
        status: 'pending',
        dueBy: '2026-12-02',
        reason: null,
      },
    ]);

    // Stripe delivers again (a timeout on its side): the same answer, nothing more.
    const again = await signedPost(event);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ outcome: 'recorded', replayed: true, clientPaymentId: payments[0]!.id });
    expect(await feesOf(referralId)).toHaveLength(1);
    expect(await t.clientPaymentIds(referralId)).toHaveLength(1);
  });

  it('takes the client from the subscription’s referral_id metadata before the email', async () => {
    const referralId = await wonClientWithEmail(`meta-${randomUUID().slice(0, 8)}@client.example`, 'basic_accounting');
    const res = await signedPost(
      invoicePaid({ referralId, email: 'someone-else@elsewhere.example', amountCents: 90000 }),
    );
    expect(res.json()).toMatchObject({ outcome: 'recorded' });
    expect((await feesOf(referralId)).map((fee) => fee.amount)).toEqual(['50.00']);
  });

  it('refuses a body whose signature is missing, made with another secret, or more than five minutes old, storing nothing', async () => {
    const event = invoicePaid({});
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('stripeEvents')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const missing = await signedPost(event, { signature: null });
    expectRefusal(missing, 401, 'The Stripe-Signature header is missing');
    const wrong = await signedPost(event, { secret: 'whsec_someone_elses_secret' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(
      'The Stripe-Signature header does not match this body, or is more than five minutes old',
    );
    const stale = await signedPost(event, { at: new Date(t.clock.now.getTime() - 301_000) });
    expect(stale.statusCode).toBe(401);
    // A body changed after signing fails too: the signature covers the exact bytes.
    const payload = JSON.stringify(event);
    const tampered = await postWebhook(payload.replace('150000', '990000'), {
      'content-type': 'application/json',
      'stripe-signature': signatureOf(payload),
    });
    expect(tampered.statusCode).toBe(401);
    expect(await count()).toBe(before);
  });

  it('keeps an invoice whose customer is no won client for an admin, who matches it to the client', async () => {
    const event = invoicePaid({ email: `nobody-${randomUUID().slice(0, 8)}@unknown.example`, amountCents: 200000 });
    const res = await signedPost(event);
    expect(res.json()).toMatchObject({ outcome: 'unmatched', replayed: false });
    expect(res.json().detail).toMatch(/^No won client has the email nobody-/);

    const listed = await admin$('GET', '/api/admin/client-payments/unmatched');
    expect(listed.statusCode).toBe(200);
    const waiting = listed.json<Array<{ eventId: string }>>().find((row) => row.eventId === event.id);
    expect(waiting).toMatchObject({
      type: 'invoice.paid',
      customerEmail: event.data.object.customer_email,
      amount: '2000.00',
      periodMonth: '2026-10',
      paidAt: '2026-11-02',
    });

    const referralId = await wonClientWithEmail(`matched-${randomUUID().slice(0, 8)}@client.example`);
    const booked = await t.createReferral(partner.partnerId, { stage: 'booked' });
    const notWon = await admin$('POST', `/api/admin/client-payments/unmatched/${event.id}/match`, {
      referralId: booked,
    });
    expectRefusal(notWon, 422, 'Match the payment to a won client');

    const matched = await admin$('POST', `/api/admin/client-payments/unmatched/${event.id}/match`, { referralId });
    expect(matched.statusCode).toBe(200);
    expect(matched.json()).toMatchObject({ eventId: event.id, detail: 'Earned a fee of $100.00 for October 2026' });
    expect((await feesOf(referralId)).map((fee) => fee.amount)).toEqual(['100.00']);
    const twice = await admin$('POST', `/api/admin/client-payments/unmatched/${event.id}/match`, { referralId });
    expect(twice.statusCode).toBe(409);
    const gone = (await admin$('GET', '/api/admin/client-payments/unmatched')).json<Array<{ eventId: string }>>();
    expect(gone.some((row) => row.eventId === event.id)).toBe(false);
    // The replay after the match answers what became of it.
    expect((await signedPost(event)).json()).toMatchObject({ outcome: 'recorded', replayed: true });
  });

  it('keeps an invoice for a month that has not started for an admin, earning nothing; matching it waits for the month', async () => {
    const email = `ahead-${randomUUID().slice(0, 8)}@client.example`;
    const referralId = await wonClientWithEmail(email);
    const event = invoicePaid({
      email,
      amountCents: 150000,
      periodStart: '2026-12-01T00:00:00Z',
      paidAt: '2026-11-20T09:00:00Z',
    });
    const res = await signedPost(event);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      outcome: 'unmatched',
      replayed: false,
      detail:
        'The invoice is for December 2026, a month that has not started: match it to the client once the month has started',
    });
    expect(await feesOf(referralId)).toEqual([]);
    expect(await t.clientPaymentIds(referralId)).toEqual([]);
    const waiting = (await admin$('GET', '/api/admin/client-payments/unmatched'))
      .json<Array<{ eventId: string }>>()
      .find((row) => row.eventId === event.id);
    expect(waiting).toMatchObject({ periodMonth: '2026-12', amount: '1500.00', detail: res.json().detail });

    const early = await admin$('POST', `/api/admin/client-payments/unmatched/${event.id}/match`, { referralId });
    expectRefusal(early, 400, CLIENT_PAYMENT_MESSAGES.monthNotStarted('2026-12'));
    const saved = t.clock.now;
    try {
      t.clock.now = new Date('2026-12-02T10:00:00Z');
      const matched = await admin$('POST', `/api/admin/client-payments/unmatched/${event.id}/match`, { referralId });
      expect(matched.json()).toMatchObject({ detail: 'Earned a fee of $100.00 for December 2026' });
    } finally {
      t.clock.now = saved;
    }
    expect((await feesOf(referralId)).map((fee) => [fee.monthYear, fee.amount])).toEqual([['2026-12', '100.00']]);
  });

  it('takes back the refunded share of the fee as a clawback line, found by the payment intent', async () => {
    const referralId = await wonClientWithEmail(`refund-${randomUUID().slice(0, 8)}@client.example`);
    const paymentIntent = `pi_${randomUUID().replaceAll('-', '').slice(0, 24)}`;
    const email = (
      await t.db.selectFrom('referrals').select('clientEmail').where('id', '=', referralId).executeTakeFirstOrThrow()
    ).clientEmail;
    expect((await signedPost(invoicePaid({ email, amountCents: 150000, paymentIntent }))).json()).toMatchObject({
      outcome: 'recorded',
    });

    // A third refunded first, then the rest: the fee comes back a third, then the remainder, exactly.
    const partial = await signedPost(chargeRefunded({ paymentIntent, refundedCents: 50000 }));
    expect(partial.json()).toMatchObject({ outcome: 'recorded' });
    expect(partial.json().detail).toBe('$500.00 of the October 2026 payment refunded; $33.33 of the fee taken back');
    const full = chargeRefunded({ paymentIntent, refundedCents: 150000 });
    expect((await signedPost(full)).json().detail).toBe(
      '$1,000.00 of the October 2026 payment refunded; $66.67 of the fee taken back',
    );
    expect((await signedPost(full)).json()).toMatchObject({ replayed: true });

    const fees = await feesOf(referralId);
    expect(fees.map((fee) => [fee.kind, fee.amount])).toEqual([
      ['recurring', '100.00'],
      ['clawback', '-33.33'],
      ['clawback', '-66.67'],
    ]);
    expect(fees[1]!.reason).toBe('Client refund: $500.00 of the October 2026 payment refunded (Stripe)');
    const payment = await t.db
      .selectFrom('clientPayments')
      .select('refundedAmount')
      .where('referralId', '=', referralId)
      .executeTakeFirstOrThrow();
    expect(payment.refundedAmount).toBe('1500.00');
    // The partner is told of each clawback, as of one an admin adds.
    const mails = await t.outboxMails({ kind: 'commissionClawback', recipient: partner.user.email });
    expect(mails.length).toBeGreaterThanOrEqual(2);
  });

  it('finds the payment of a refund by the charge’s invoice on older API versions; a refund of nothing recorded waits for an admin, who dismisses it', async () => {
    const referralId = await wonClientWithEmail(
      `legacy-${randomUUID().slice(0, 8)}@client.example`,
      'basic_accounting',
    );
    const email = (
      await t.db.selectFrom('referrals').select('clientEmail').where('id', '=', referralId).executeTakeFirstOrThrow()
    ).clientEmail;
    const paid = invoicePaid({ email, amountCents: 100000 });
    await signedPost(paid);
    const refund = await signedPost(chargeRefunded({ invoice: paid.data.object.id, refundedCents: 100000 }));
    expect(refund.json().detail).toBe('$1,000.00 of the October 2026 payment refunded; $50.00 of the fee taken back');

    const stray = chargeRefunded({ paymentIntent: 'pi_never_seen_here', refundedCents: 2000 });
    expect((await signedPost(stray)).json()).toMatchObject({ outcome: 'unmatched' });
    const match = await admin$('POST', `/api/admin/client-payments/unmatched/${stray.id}/match`, { referralId });
    expect(match.statusCode).toBe(422);
    const dismissed = await admin$('POST', `/api/admin/client-payments/unmatched/${stray.id}/dismiss`);
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().detail).toMatch(/^Dismissed by an admin/);
    expect((await admin$('POST', `/api/admin/client-payments/unmatched/${stray.id}/dismiss`)).statusCode).toBe(409);
    expect((await admin$('POST', `/api/admin/client-payments/unmatched/evt_unknown/dismiss`)).statusCode).toBe(404);
  });

  it('stores another currency, an unpaid invoice and other event types without acting on them', async () => {
    const referralId = await wonClientWithEmail(`euro-${randomUUID().slice(0, 8)}@client.example`);
    const email = (
      await t.db.selectFrom('referrals').select('clientEmail').where('id', '=', referralId).executeTakeFirstOrThrow()
    ).clientEmail;
    const euro = await signedPost(invoicePaid({ email, currency: 'eur' }));
    expect(euro.json()).toMatchObject({
      outcome: 'ignored',
      detail: 'The invoice is in EUR; fees are earned on USD payments',
    });
    const zero = await signedPost(invoicePaid({ email, amountCents: 0 }));
    expect(zero.json()).toMatchObject({ outcome: 'ignored', detail: 'Nothing was paid on this invoice' });
    const other = await signedPost({
      id: `evt_${randomUUID().slice(0, 8)}`,
      object: 'event',
      type: 'customer.created',
      created: 1,
      data: { object: {} },
    });
    expect(other.json()).toMatchObject({ outcome: 'ignored' });
    expect(await feesOf(referralId)).toEqual([]);
  });

  it('answers 400 for a signed body that is not JSON', async () => {
    const payload = 'not json at all';
    const res = await postWebhook(payload, { 'content-type': 'text/plain', 'stripe-signature': signatureOf(payload) });
    expectRefusal(res, 400, 'The webhook body is not a Stripe event');
  });

  it('answers 400 for a signed event without a field it reads, or with one of another type or out of range, storing nothing', async () => {
    const withoutPeriod = invoicePaid({});
    const invoice: Record<string, unknown> = { ...withoutPeriod.data.object, lines: { object: 'list', data: [] } };
    delete invoice.period_start;
    const farPeriod = invoicePaid({});
    farPeriod.data.object.lines.data[0]!.period.start = 1e16;
    const { created: _created, ...refund } = chargeRefunded({ refundedCents: 100 });
    const { type: _type, ...untyped } = invoicePaid({});
    const refused = [
      { ...withoutPeriod, data: { object: invoice } },
      farPeriod,
      { ...refund, data: { object: { ...refund.data.object, created: undefined } } },
      untyped,
      { ...invoicePaid({}), created: -1 },
      ...[{ currency: 5 }, { currency: {} }, { customer_email: 7 }, { customer_email: {} }, { amount_paid: 2 ** 53 }]
        .map((field) => ({
          ...invoicePaid({}),
          id: `evt_${Object.keys(field)[0]}_${typeof Object.values(field)[0]}_${String(Object.values(field)[0]).length}`,
          field,
        }))
        .map(({ field, ...event }) => ({ ...event, data: { object: { ...event.data.object, ...field } } })),
      {
        ...refund,
        id: 'evt_refund_huge',
        data: { object: { ...chargeRefunded({ refundedCents: 100 }).data.object, amount_refunded: 1e30 } },
      },
    ];
    for (const event of refused) {
      const res = await signedPost(event);
      expectRefusal(
        res,
        400,
        'The Stripe event lacks a field the portal reads (its type, its creation time, or an invoice period), or a field in it is of another type or out of range',
      );
      expect(await t.db.selectFrom('stripeEvents').select('id').where('id', '=', event.id).execute()).toEqual([]);
    }
  });
});

describe('the Stripe webhook without its secret', () => {
  it('answers 404 and says how to turn it on', async () => {
    const bare = await createTestApp();
    try {
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/integrations/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
        payload: '{}',
      });
      expectRefusal(res, 404, 'Stripe webhooks are not configured on this server (set STRIPE_WEBHOOK_SECRET)');
    } finally {
      await bare.close();
    }
  });
});
