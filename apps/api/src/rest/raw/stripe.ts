// POST /api/integrations/stripe/webhook: Stripe's events about the clients' invoices. A raw route because
// the signature covers the exact bytes sent: the body is read as a buffer and verified by the official
// package (Stripe-Signature, five minutes' tolerance) before it is read. Without STRIPE_WEBHOOK_SECRET it
// answers 404.

import { receiveStripeEvent, STRIPE_MESSAGES, verifyStripeEvent } from '../../services/money';
import type { RawRoutes } from '../routes';
import { inboundWebhookOperation, signedWebhookRoute, withRawBodies } from './raw-routes';

const STRIPE_PATH = '/api/integrations/stripe/webhook';
/** An invoice with many lines stays far below a megabyte; Stripe's own events are capped well under it. */
const BODY_LIMIT = 1024 * 1024;

export const stripeRawRoutes: RawRoutes = {
  register: (app, deps) =>
    withRawBodies(app, ['application/json', 'text/plain'], { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (scope) => {
      signedWebhookRoute(scope, deps, {
        path: STRIPE_PATH,
        secretOf: () => deps.config.stripeWebhookSecret,
        off: STRIPE_MESSAGES.off,
        signatureHeader: 'Stripe-Signature',
        receive: ({ raw, signature, secret, now }) =>
          receiveStripeEvent(deps.db, {
            event: verifyStripeEvent(raw, { header: signature, secret, now }),
            now,
            mail: deps,
          }),
      });
    }),
  openapi: [
    inboundWebhookOperation({
      path: STRIPE_PATH,
      id: 'integrations.stripe',
      summary: "Stripe webhook: the clients' paid invoices become client payments, their refunds clawbacks",
      description:
        "invoice.paid (USD) becomes a payment of the won client named by the invoice's (or its subscription's) `referral_id` metadata, else of the one won client whose email is the invoice's customer email, for the month its first line's period starts in; it earns that month's fee as a recorded payment does. " +
        "charge.refunded finds the payment by the charge's invoice or payment intent and takes back the refunded share of its fee as a clawback line. " +
        'An invoice or refund the portal cannot place is kept as unmatched for an admin (GET /api/admin/client-payments/unmatched). ' +
        'Each event is stored once by its id: a replay answers 200 with replayed: true and changes nothing. Other event types are stored as ignored.',
      signature: {
        name: 'Stripe-Signature',
        description:
          't=<unix seconds>,v1=<HMAC-SHA256 of "t.rawBody" with STRIPE_WEBHOOK_SECRET>; refused beyond five minutes',
      },
      properties: {
        outcome: { type: 'string', enum: ['recorded', 'unmatched', 'ignored'] },
        detail: { type: 'string' },
        clientPaymentId: { type: 'string', format: 'uuid' },
      },
      badBody: 'The verified body is not a Stripe event',
      badSignature: 'The signature is missing, wrong or older than five minutes; nothing is stored',
      off: 'The endpoint is not configured (STRIPE_WEBHOOK_SECRET is unset)',
    }),
  ],
};
