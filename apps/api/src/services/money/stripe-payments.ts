// Client payments from Stripe (DESIGN §8). `invoice.paid` becomes a client payment of the referral whose
// client it is (the invoice's or its subscription's `referral_id` metadata, else the one won client with the
// invoice's customer email), for the month its first line's period starts in, earning that month's fee as
// a payment an admin records does. `charge.refunded` takes back the share of the fee the refund is of, as a
// clawback line. The signature is checked by the official package over the raw body; each event is stored
// by its id first, so a replay answers without acting twice; an event that names no client waits as
// 'unmatched' until an admin matches it to a client or dismisses it.

import {
  CLIENT_PAYMENT_MESSAGES,
  formatMoney,
  formatMonthKey,
  fromCents,
  isMonthNotStarted,
  type UnmatchedStripePayment,
} from '@portal/contracts';
import type { Db, StripeEventsTable } from '@portal/db';
import type { Updateable } from 'kysely';
import Stripe from 'stripe';
import { z } from 'zod';
import type { MailDeps } from '../notifications/notify';
import { logActivity, type DbOrTx } from '../platform/activity';
import { DomainError } from '../platform/errors';
import { inTransaction } from '../platform/idempotency';
import { applyClientPaymentRefund } from './client-payment-refunds';
import { recordClientPayment } from './client-payments';

/** A signature older than this (Stripe's own default) is refused: a replayed capture cannot be sent later. */
export const STRIPE_TOLERANCE_SECONDS = 300;

export const STRIPE_MESSAGES = {
  off: 'Stripe webhooks are not configured on this server (set STRIPE_WEBHOOK_SECRET)',
  signatureMissing: 'The Stripe-Signature header is missing',
  signatureInvalid: 'The Stripe-Signature header does not match this body, or is more than five minutes old',
  badPayload: 'The webhook body is not a Stripe event',
  badFields:
    'The Stripe event lacks a field the portal reads (its type, its creation time, or an invoice period), or a field in it is of another type or out of range',
  eventNotFound: 'No unmatched Stripe event has this id',
  notOpen: 'This Stripe event was matched or dismissed already',
  notAnInvoice: 'Only an invoice payment can be matched to a client; dismiss a refund once it is handled',
  notWon: 'Match the payment to a won client',
  monthNotStarted: (month: string) =>
    `The invoice is for ${formatMonthKey(month)}, a month that has not started: match it to the client once the month has started`,
} as const;

/** A Unix time the portal can turn into a date: a whole number of seconds from 1970 to the end of 9999. */
const unixTime = z.number().int().min(0).max(253_402_300_799);

/** The fields of every event the portal reads: its id, its type and when it was created. */
const stripeEnvelope = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: unixTime,
  data: z.object({ object: z.looseObject({}) }),
});

/** A whole number of cents a money column holds (precision 10, scale 2). */
const cents = z.number().int().min(0).max(9_999_999_999);
/** An id, or the expanded object that carries it. */
const idOrObject = z.union([z.string().max(255), z.looseObject({ id: z.string().max(255) })]).nullish();
const optionalText = z.string().max(1000).nullish();

/** The fields the portal reads of the object of the events it acts on, each of the type it reads. */
const stripeObjectFields: Partial<Record<string, z.ZodType>> = {
  'invoice.paid': z
    .looseObject({
      id: z.string().max(255).optional(),
      number: optionalText,
      currency: z.string().max(10).nullish(),
      customer: idOrObject,
      customer_email: optionalText,
      amount_paid: cents.nullish(),
      payment_intent: idOrObject,
      period_start: unixTime.optional(),
      lines: z.object({ data: z.array(z.object({ period: z.object({ start: unixTime }).optional() })) }).optional(),
      status_transitions: z.object({ paid_at: unixTime.nullish() }).nullish(),
    })
    .refine((invoice) => invoice.lines?.data[0]?.period?.start !== undefined || invoice.period_start !== undefined),
  'charge.refunded': z.looseObject({
    created: unixTime,
    amount_refunded: cents.nullish(),
    customer: idOrObject,
    invoice: idOrObject,
    payment_intent: idOrObject,
    billing_details: z.looseObject({ email: optionalText }).nullish(),
  }),
};

/**
 * The package verifies the signature, not the shape: a signed event without a type, whose invoice has no
 * period, or with a field of another type or out of range (a time, an amount beyond a money column), is
 * refused (400) before any of it is read.
 */
function checkStripeFields(event: unknown): void {
  const envelope = stripeEnvelope.safeParse(event);
  const object = envelope.success
    ? (stripeObjectFields[envelope.data.type]?.safeParse(envelope.data.data.object) ?? envelope)
    : envelope;
  if (!object.success) throw DomainError.invalid(STRIPE_MESSAGES.badFields);
}

/** The event, once its signature over these exact bytes is good and no older than the tolerance. */
export function verifyStripeEvent(
  raw: Buffer,
  { header, secret, now }: { header: string | undefined; secret: string; now: Date },
): Stripe.Event {
  if (!header) throw DomainError.unauthorized(STRIPE_MESSAGES.signatureMissing);
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(raw, header, secret, STRIPE_TOLERANCE_SECONDS, undefined, now.getTime());
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError)
      throw DomainError.unauthorized(STRIPE_MESSAGES.signatureInvalid);
    throw DomainError.invalid(STRIPE_MESSAGES.badPayload);
  }
  checkStripeFields(event);
  return event;
}

type Outcome = 'recorded' | 'unmatched' | 'ignored';
export interface StripeReceipt {
  outcome: Outcome;
  replayed: boolean;
  detail?: string;
  clientPaymentId?: string;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);
const dayOf = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString().slice(0, 10);
const monthOf = (unixSeconds: number) => dayOf(unixSeconds).slice(0, 7);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What an `invoice.paid` says, in the portal's terms. */
interface InvoicePayment {
  invoiceId: string;
  customerId: string | null;
  customerEmail: string | null;
  referralId: string | null;
  periodMonth: string;
  amount: string | null;
  paidAt: string;
  paymentIntentId: string | null;
  reference: string;
  /** Why it earns nothing whatever the client (another currency, nothing paid). */
  ignored: string | null;
}

function readInvoice(event: Stripe.Event, invoice: Stripe.Invoice): InvoicePayment {
  // The API before 2025-03-31 put the payment intent on the invoice; later ones list the invoice's payments.
  const legacy = invoice as Stripe.Invoice & { payment_intent?: string | { id: string } | null };
  const paymentIntent =
    idOf(legacy.payment_intent) ?? idOf(invoice.payments?.data?.[0]?.payment?.payment_intent ?? null) ?? null;
  const metadata = { ...invoice.parent?.subscription_details?.metadata, ...invoice.metadata };
  const referralId =
    typeof metadata.referral_id === 'string' && UUID.test(metadata.referral_id) ? metadata.referral_id : null;
  const periodStart = invoice.lines?.data?.[0]?.period?.start ?? invoice.period_start;
  const paidUnix = invoice.status_transitions?.paid_at ?? event.created;
  const usd = invoice.currency?.toLowerCase() === 'usd';
  const paid = Number.isInteger(invoice.amount_paid) && invoice.amount_paid > 0;
  return {
    invoiceId: invoice.id ?? event.id,
    customerId: idOf(invoice.customer),
    customerEmail: invoice.customer_email?.trim().toLowerCase() || null,
    referralId,
    periodMonth: monthOf(periodStart),
    amount: paid ? fromCents(invoice.amount_paid) : null,
    paidAt: dayOf(paidUnix),
    paymentIntentId: paymentIntent,
    reference: invoice.number ?? invoice.id ?? event.id,
    ignored: !usd
      ? `The invoice is in ${invoice.currency?.toUpperCase() ?? 'no currency'}; fees are earned on USD payments`
      : !paid
        ? 'Nothing was paid on this invoice'
        : null,
  };
}

/** The won referral the invoice is for, or why none could be chosen. */
async function matchReferral(
  trx: DbOrTx,
  invoice: InvoicePayment,
): Promise<{ referralId: string } | { unmatched: string }> {
  if (invoice.referralId) {
    const referral = await trx
      .selectFrom('referrals')
      .select('id')
      .where('id', '=', invoice.referralId)
      .executeTakeFirst();
    if (referral) return { referralId: referral.id };
  }
  if (!invoice.customerEmail) return { unmatched: 'The invoice names no referral_id and no customer email' };
  const won = await trx
    .selectFrom('referrals')
    .select('id')
    .where('clientEmail', '=', invoice.customerEmail)
    .where('stage', '=', 'won')
    .limit(2)
    .execute();
  if (won.length === 1) return { referralId: won[0]!.id };
  return {
    unmatched:
      won.length === 0
        ? `No won client has the email ${invoice.customerEmail}`
        : `More than one won client has the email ${invoice.customerEmail}`,
  };
}

/** Writes what became of a stored event: its outcome, the detail shown to admins, and what it read. */
async function settleEvent(trx: DbOrTx, eventId: string, changes: Updateable<StripeEventsTable>): Promise<void> {
  await trx.updateTable('stripeEvents').set(changes).where('id', '=', eventId).execute();
}

/** Records the invoice as the referral's payment; a refusal (a paid date ahead, a referral gone) is the detail. */
async function recordInvoice(
  trx: DbOrTx,
  {
    invoice,
    referralId,
    actorId,
    now,
  }: { invoice: InvoicePayment; referralId: string; actorId: string | null; now: Date },
): Promise<{ clientPaymentId: string; detail: string }> {
  const today = now.toISOString().slice(0, 10);
  const result = await recordClientPayment(trx, {
    referralId,
    payment: {
      periodMonth: invoice.periodMonth,
      amount: invoice.amount!,
      paidAt: invoice.paidAt > today ? today : invoice.paidAt,
      reference: invoice.reference,
    },
    source: 'stripe',
    externalId: invoice.invoiceId,
    actorId,
    now,
  });
  return {
    clientPaymentId: result.payment.id,
    detail: result.commission
      ? `Earned a fee of ${formatMoney(result.commission.amount)} for ${formatMonthKey(invoice.periodMonth)}`
      : (result.reason ?? 'Earned no fee'),
  };
}

async function receiveInvoicePaid(trx: DbOrTx, event: Stripe.Event, now: Date): Promise<StripeReceipt> {
  const invoice = readInvoice(event, event.data.object as Stripe.Invoice);
  const base = {
    customerId: invoice.customerId,
    customerEmail: invoice.customerEmail,
    invoiceId: invoice.invoiceId,
    periodMonth: invoice.periodMonth,
    amount: invoice.amount,
    paidAt: invoice.paidAt,
    paymentIntentId: invoice.paymentIntentId,
  };
  if (invoice.ignored) {
    await settleEvent(trx, event.id, { ...base, status: 'ignored', detail: invoice.ignored });
    return { outcome: 'ignored', replayed: false, detail: invoice.ignored };
  }
  // A month that has not started earns nothing yet: the invoice waits for an admin, who matches it to the
  // client once the month has started (matching earlier is refused as recording such a payment is).
  if (isMonthNotStarted(invoice.periodMonth, now)) {
    const detail = STRIPE_MESSAGES.monthNotStarted(invoice.periodMonth);
    await settleEvent(trx, event.id, { ...base, status: 'unmatched', detail });
    return { outcome: 'unmatched', replayed: false, detail };
  }
  const match = await matchReferral(trx, invoice);
  if ('unmatched' in match) {
    await settleEvent(trx, event.id, { ...base, status: 'unmatched', detail: match.unmatched });
    return { outcome: 'unmatched', replayed: false, detail: match.unmatched };
  }
  const recorded = await recordInvoice(trx, { invoice, referralId: match.referralId, actorId: null, now });
  await settleEvent(trx, event.id, {
    ...base,
    status: 'recorded',
    detail: recorded.detail,
    clientPaymentId: recorded.clientPaymentId,
  });
  return { outcome: 'recorded', replayed: false, detail: recorded.detail, clientPaymentId: recorded.clientPaymentId };
}

async function receiveChargeRefunded(
  trx: DbOrTx,
  event: Stripe.Event,
  now: Date,
  mail: MailDeps,
): Promise<StripeReceipt> {
  const charge = event.data.object as Stripe.Charge & { invoice?: string | { id: string } | null };
  const invoiceId = idOf(charge.invoice ?? null);
  const paymentIntentId = idOf(charge.payment_intent);
  const refunded = Number.isInteger(charge.amount_refunded) ? charge.amount_refunded : 0;
  const base = {
    customerId: idOf(charge.customer),
    customerEmail: charge.billing_details?.email?.trim().toLowerCase() || null,
    invoiceId,
    paymentIntentId,
    amount: refunded > 0 ? fromCents(refunded) : null,
    paidAt: dayOf(charge.created),
  };
  let query = trx
    .selectFrom('stripeEvents')
    .select('clientPaymentId')
    .where('clientPaymentId', 'is not', null)
    .where('type', '=', 'invoice.paid');
  query =
    invoiceId && paymentIntentId
      ? query.where((eb) => eb.or([eb('invoiceId', '=', invoiceId), eb('paymentIntentId', '=', paymentIntentId)]))
      : invoiceId
        ? query.where('invoiceId', '=', invoiceId)
        : query.where('paymentIntentId', '=', paymentIntentId);
  const paid = invoiceId || paymentIntentId ? await query.executeTakeFirst() : undefined;
  if (!paid?.clientPaymentId) {
    const detail = 'No recorded client payment has this charge’s invoice or payment intent';
    await settleEvent(trx, event.id, { ...base, status: 'unmatched', detail });
    return { outcome: 'unmatched', replayed: false, detail };
  }
  // Stripe's amount_refunded is the refunded total of the charge.
  const { detail } = await applyClientPaymentRefund(trx, {
    clientPaymentId: paid.clientPaymentId,
    refundedCents: refunded,
    source: 'stripe',
    actorId: null,
    now,
    mail,
  });
  await settleEvent(trx, event.id, { ...base, status: 'recorded', detail, clientPaymentId: paid.clientPaymentId });
  return { outcome: 'recorded', replayed: false, detail, clientPaymentId: paid.clientPaymentId };
}

/**
 * One verified event: stored by its id first (a replay finds it and answers what the first did), then
 * acted on in the same transaction. Events of other types are stored as 'ignored'.
 */
export async function receiveStripeEvent(
  db: Db,
  { event, now, mail }: { event: Stripe.Event; now: Date; mail: MailDeps },
): Promise<StripeReceipt> {
  return inTransaction(db, async (trx) => {
    const fresh = await trx
      .insertInto('stripeEvents')
      .values({ id: event.id, type: event.type, status: 'ignored', receivedAt: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!fresh) {
      const first = await trx
        .selectFrom('stripeEvents')
        .select(['status', 'detail', 'clientPaymentId'])
        .where('id', '=', event.id)
        .executeTakeFirstOrThrow();
      return {
        outcome: first.status === 'matched' ? 'recorded' : first.status,
        replayed: true,
        ...(first.detail ? { detail: first.detail } : {}),
        ...(first.clientPaymentId ? { clientPaymentId: first.clientPaymentId } : {}),
      };
    }
    if (event.type === 'invoice.paid') return receiveInvoicePaid(trx, event, now);
    if (event.type === 'charge.refunded') return receiveChargeRefunded(trx, event, now, mail);
    const detail = `The portal acts on invoice.paid and charge.refunded, not ${event.type}`;
    await settleEvent(trx, event.id, { detail });
    return { outcome: 'ignored', replayed: false, detail };
  });
}

/** The events waiting for an admin, newest first (at most 200). */
export async function listUnmatchedStripeEvents(db: DbOrTx): Promise<UnmatchedStripePayment[]> {
  const rows = await db
    .selectFrom('stripeEvents')
    .select([
      'id',
      'type',
      'customerId',
      'customerEmail',
      'invoiceId',
      'periodMonth',
      'amount',
      'paidAt',
      'detail',
      'receivedAt',
    ])
    .where('status', '=', 'unmatched')
    .orderBy('receivedAt', 'desc')
    .orderBy('id')
    .limit(200)
    .execute();
  return rows.map((row) => ({
    eventId: row.id,
    type: row.type,
    customerId: row.customerId,
    customerEmail: row.customerEmail,
    invoiceId: row.invoiceId,
    periodMonth: row.periodMonth,
    amount: row.amount,
    paidAt: row.paidAt,
    detail: row.detail,
    receivedAt: row.receivedAt.toISOString(),
  }));
}

async function lockOpenEvent(trx: DbOrTx, eventId: string) {
  const row = await trx.selectFrom('stripeEvents').selectAll().where('id', '=', eventId).forUpdate().executeTakeFirst();
  if (!row) throw DomainError.notFound(STRIPE_MESSAGES.eventNotFound);
  if (row.status !== 'unmatched') throw DomainError.conflict(STRIPE_MESSAGES.notOpen);
  return row;
}

/** An admin names the won client an unmatched invoice was for: it becomes that client's payment. */
export async function matchStripePayment(
  db: Db,
  { eventId, referralId, actorId, now }: { eventId: string; referralId: string; actorId: string; now: Date },
) {
  return inTransaction(db, async (trx) => {
    const row = await lockOpenEvent(trx, eventId);
    if (row.type !== 'invoice.paid' || !row.amount || !row.periodMonth || !row.paidAt || !row.invoiceId)
      throw DomainError.unprocessable(STRIPE_MESSAGES.notAnInvoice);
    const referral = await trx.selectFrom('referrals').select('stage').where('id', '=', referralId).executeTakeFirst();
    if (!referral) throw DomainError.notFound(CLIENT_PAYMENT_MESSAGES.referralNotFound);
    if (referral.stage !== 'won') throw DomainError.unprocessable(STRIPE_MESSAGES.notWon);
    const invoice: InvoicePayment = {
      invoiceId: row.invoiceId,
      customerId: row.customerId,
      customerEmail: row.customerEmail,
      referralId,
      periodMonth: row.periodMonth,
      amount: row.amount,
      paidAt: row.paidAt,
      paymentIntentId: row.paymentIntentId,
      reference: row.invoiceId,
      ignored: null,
    };
    const recorded = await recordInvoice(trx, { invoice, referralId, actorId, now });
    await settleEvent(trx, eventId, {
      status: 'matched',
      detail: recorded.detail,
      clientPaymentId: recorded.clientPaymentId,
      resolvedBy: actorId,
      resolvedAt: now,
    });
    return { eventId, clientPaymentId: recorded.clientPaymentId, detail: recorded.detail };
  });
}

/** An admin sets aside an event the portal cannot act on (handled by hand, or not the firm's client). */
export async function dismissStripeEvent(
  db: Db,
  { eventId, actorId, now }: { eventId: string; actorId: string; now: Date },
) {
  return inTransaction(db, async (trx) => {
    const row = await lockOpenEvent(trx, eventId);
    const detail = `Dismissed by an admin (${row.detail ?? row.type})`;
    await settleEvent(trx, eventId, { status: 'ignored', detail, resolvedBy: actorId, resolvedAt: now });
    await logActivity(trx, {
      userId: actorId,
      action: 'client_payment.stripe_event_dismissed',
      entityType: 'client_payment',
      entityId: null,
      details: { eventId, type: row.type, customerEmail: row.customerEmail, amount: row.amount },
    });
    return { eventId, detail };
  });
}
