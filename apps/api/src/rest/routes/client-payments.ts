// REST paths of client payments: record and list a referral's payments, the clients with no payment
// for last month, and the months a partner's referrals were paid for. The CSV import and the Stripe
// webhook read raw bodies (rest/raw/client-payments.ts, rest/raw/stripe.ts).

import { IDEMPOTENT_REPLAYED_HEADER, type RestRoute } from '../adapter';

const adminTag = 'Admin: client payments';

const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  required: false,
  description:
    'Optional, 8 to 200 visible characters (e.g. a UUID): a retry with the same key and body answers the first result again (200, Idempotent-Replayed: true) and records nothing more; the same key with another body is 422. Keys are kept 24 hours.',
};

export const clientPaymentRoutes: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/admin/referrals/{id}/payments',
    procedure: 'admin.recordClientPayment',
    summary:
      "Record a client's payment for a month ({ periodMonth: 'YYYY-MM', amount, paidAt: 'YYYY-MM-DD', collectionCost?, reference? })",
    tag: adminTag,
    status: 201,
    description:
      "The payment earns the month's fee when the client was an active won client in that month and no fee was earned for the month yet: " +
      "the referral's monthly fee × (amount − collectionCost) ÷ amount, rounded half-up to the cent, pending, payable from paidAt and due the payout days of the referral's terms after it (30 by default; the commission's dueBy). " +
      'The Payout Processor offers the fee once paidAt + the hold days of the program settings has come: `offeredOn` is that day (today or earlier: offered now). ' +
      'The answer is `{ payment, commission, offeredOn?, reason? }`: a payment that earns nothing (a second payment for a month, a month the client was not active, a collection cost taking the whole amount) is recorded with `commission: null` and the reason. ' +
      'collectionCost defaults to 0.00 and is at most the amount (400 otherwise); a paid date in the future, a month that has not started (after the current month) or one before 2000-01 is refused (400). ' +
      'The same payment again (same month, amount, paid date and reference) is refused with 409 naming the payment recorded first, with or without an Idempotency-Key: a second real payment of the same values needs its own reference.',
    requestHeaders: [IDEMPOTENCY_KEY],
    responseHeaders: [IDEMPOTENT_REPLAYED_HEADER],
  },
  {
    method: 'POST',
    path: '/api/admin/client-payments/{id}/refunds',
    procedure: 'admin.refundClientPayment',
    summary: 'Record a refund of a client payment ({ amount }): the fee it earned is taken back in the same share',
    tag: adminTag,
    status: 201,
    description:
      'For a refund made outside Stripe (a manual, imported or API payment; a Stripe payment is refunded by its `charge.refunded` event). ' +
      "`amount` is this refund's amount, more than 0.00 and at most what is left unrefunded of the payment (422 otherwise); refunds add up in the payment's `refundedAmount`. " +
      "The payment's fee is taken back as Stripe refunds do: a `clawback` line of fee × refunded ÷ amount, half-up to the cent, less what earlier refunds took, so refunding the whole payment takes back exactly the fee; a voided fee or a payment that earned none takes back nothing. " +
      'The partner is mailed the clawback; activity `client_payment.refunded` and `commission.clawback_added`. The answer is `{ payment, clawback, detail }`. 404 for an unknown payment.',
    requestHeaders: [IDEMPOTENCY_KEY],
    responseHeaders: [IDEMPOTENT_REPLAYED_HEADER],
  },
  {
    method: 'GET',
    path: '/api/admin/referrals/{id}/payments',
    procedure: 'admin.clientPayments',
    summary: "A referral's client payments, newest month first, each with the fee it earned (feeAmount) or null",
    tag: adminTag,
  },
  {
    method: 'GET',
    path: '/api/admin/client-payments/missing',
    procedure: 'admin.clientsMissingPayment',
    summary: 'Won clients active last month with no payment recorded for it (at most 500)',
    tag: adminTag,
  },
  {
    method: 'GET',
    path: '/api/admin/client-payments/unmatched',
    procedure: 'admin.unmatchedStripePayments',
    summary: 'Stripe events waiting for an admin: invoices that name no client, refunds of no recorded payment',
    tag: adminTag,
    description:
      'Newest first, at most 200. `detail` says why the portal could not act on the event by itself (no won client with the email, two of them, no recorded payment for the refund).',
  },
  {
    method: 'POST',
    path: '/api/admin/client-payments/unmatched/{eventId}/match',
    procedure: 'admin.matchStripePayment',
    summary: "Record an unmatched Stripe invoice as a won client's payment ({ referralId })",
    tag: adminTag,
    description:
      "The invoice becomes the client's payment (source stripe) and earns the month's fee as a recorded payment does. 404 for an unknown event, 409 once it was matched or dismissed, 422 for a refund or a client not won.",
  },
  {
    method: 'POST',
    path: '/api/admin/client-payments/unmatched/{eventId}/dismiss',
    procedure: 'admin.dismissStripeEvent',
    summary: 'Set aside an unmatched Stripe event (handled by hand, or not a client of the program)',
    tag: adminTag,
  },
  {
    method: 'GET',
    path: '/api/partners/referrals/paid-months',
    procedure: 'partner.referralPaidMonths',
    summary: 'Per referral of the signed-in partner, the months its client paid for (months only, never amounts)',
    tag: 'Partner: commissions',
  },
];
