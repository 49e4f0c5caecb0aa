// POST /api/integrations/calcom and /api/integrations/calendly: the scheduling services' booking
// webhooks. Raw routes because the signature covers the exact bytes sent: the body is read as a
// buffer, verified, and only then parsed. An endpoint whose secret is unset answers 404.

import type { BookingProvider } from '@portal/contracts';
import type { AppDeps } from '../../deps';
import {
  BOOKING_WEBHOOK_MESSAGES,
  readCalcomEvent,
  readCalendlyEvent,
  receiveBookingEvent,
  verifyCalcomSignature,
  verifyCalendlySignature,
  type BookingEvent,
} from '../../services/integrations';
import { DomainError } from '../../services/platform';
import type { RawRoutes } from '../routes';
import { inboundWebhookOperation, signedWebhookRoute, withRawBodies } from './raw-routes';

/** Booking payloads are a few kilobytes; a megabyte is generous. */
const BODY_LIMIT = 1024 * 1024;

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    throw DomainError.invalid(BOOKING_WEBHOOK_MESSAGES.badPayload);
  }
}

/** A scheduling service's endpoint: its secret, how its signature is checked and its body read, and its document. */
interface BookingWebhook {
  source: BookingProvider;
  path: string;
  id: string;
  vendor: string;
  signature: { name: string; description: string };
  what: string;
  secretOf: (deps: AppDeps) => string | undefined;
  off: string;
  verify: (rawBody: Buffer, signed: { header: string | undefined; secret: string; now: Date }) => void;
  read: (body: unknown) => BookingEvent;
}

const BOOKING_WEBHOOKS: readonly BookingWebhook[] = [
  {
    source: 'calcom',
    path: '/api/integrations/calcom',
    id: 'integrations.calcom',
    vendor: 'Cal.com',
    signature: {
      name: 'X-Cal-Signature-256',
      description: 'Hex HMAC-SHA256 of the raw body with CALCOM_WEBHOOK_SECRET',
    },
    what: 'BOOKING_CREATED makes a referral in Booked for the partner whose code is the `ref` booking question (or metadata.ref); BOOKING_RESCHEDULED moves its consultation date; BOOKING_CANCELLED moves a referral still in Booked to Lost ("Consultation cancelled").',
    secretOf: (deps) => deps.config.bookingWebhooks.calcomSecret,
    off: BOOKING_WEBHOOK_MESSAGES.calcomOff,
    verify: verifyCalcomSignature,
    read: readCalcomEvent,
  },
  {
    source: 'calendly',
    path: '/api/integrations/calendly',
    id: 'integrations.calendly',
    vendor: 'Calendly',
    signature: {
      name: 'Calendly-Webhook-Signature',
      description:
        't=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody" with CALENDLY_WEBHOOK_SIGNING_KEY>; refused beyond five minutes',
    },
    what: 'invitee.created makes a referral in Booked for the partner whose code is tracking.utm_content (service from utm_term); a reschedule (canceled with rescheduled: true, then created with old_invitee) moves its consultation date; invitee.canceled moves a referral still in Booked to Lost ("Consultation cancelled").',
    secretOf: (deps) => deps.config.bookingWebhooks.calendlySigningKey,
    off: BOOKING_WEBHOOK_MESSAGES.calendlyOff,
    verify: (rawBody, { header, secret, now }) => verifyCalendlySignature(rawBody, { header, signingKey: secret, now }),
    read: readCalendlyEvent,
  },
];

export const bookingWebhookRoutes: RawRoutes = {
  register: (app, deps) =>
    withRawBodies(
      app,
      ['application/json', 'application/x-www-form-urlencoded', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
      (scope) => {
        for (const webhook of BOOKING_WEBHOOKS)
          signedWebhookRoute(scope, deps, {
            path: webhook.path,
            secretOf: () => webhook.secretOf(deps),
            off: webhook.off,
            signatureHeader: webhook.signature.name,
            receive: ({ raw, signature, secret, now }) => {
              webhook.verify(raw, { header: signature, secret, now });
              const event = webhook.read(parseJson(raw));
              return receiveBookingEvent(deps.db, { source: webhook.source, event, now, mail: deps });
            },
          });
      },
    ),
  openapi: BOOKING_WEBHOOKS.map((webhook) =>
    inboundWebhookOperation({
      path: webhook.path,
      id: webhook.id,
      summary: `${webhook.vendor} booking webhook: bookings through a partner's link become referrals`,
      description:
        `${webhook.what} Each event is stored once by its id: a replay answers 200 with replayed: true and changes nothing. ` +
        'A code no active partner has is recorded with outcome "unknown code" (nothing else is stored). ' +
        'Another partner’s client within its window is stored as a conflict for an admin.',
      signature: webhook.signature,
      properties: {
        outcome: {
          type: 'string',
          description: 'created, conflict, attached, cancelled, rescheduled, unknown code, ignored…',
        },
        referralId: { type: ['string', 'null'] },
      },
      badBody: 'The verified body is not a booking event',
      badSignature: 'The signature is missing, wrong or (Calendly) older than five minutes; nothing is stored',
      off: 'The endpoint is not configured (its secret is unset)',
    }),
  ),
};
