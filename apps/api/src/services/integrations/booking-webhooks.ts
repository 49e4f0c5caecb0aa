// Inbound booking webhooks (DESIGN §8): Cal.com and Calendly tell the portal about bookings made
// through a partner's link. The sender's signature is checked over the raw body (timing-safe, with a
// tolerance for Calendly's timestamp); each event is stored once by its source and id, so a replay
// answers 2xx without acting twice; the event and its effect share one transaction.

import { createHmac, timingSafeEqual } from 'node:crypto';
import { leadInput, optionalPhone, type BookingProvider } from '@portal/contracts';
import type { Db } from '@portal/db';
import type { MailDeps } from '../notifications/notify';
import { DomainError } from '../platform/errors';
import {
  cancelBookedReferral,
  captureLead,
  rescheduleBookedReferral,
  type CapturedLead,
} from '../referrals/lead-capture';
import { holdUnplacedBooking } from './unplaced-bookings';

/** Calendly's signature is refused when its timestamp is further than this from the server's clock. */
export const CALENDLY_TOLERANCE_SECONDS = 300;

export const BOOKING_WEBHOOK_MESSAGES = {
  calcomOff: 'Cal.com webhooks are not configured on this server (set CALCOM_WEBHOOK_SECRET)',
  calendlyOff: 'Calendly webhooks are not configured on this server (set CALENDLY_WEBHOOK_SIGNING_KEY)',
  signatureMissing: 'The webhook signature is missing',
  signatureInvalid: 'The webhook signature does not match',
  signatureStale: 'The webhook signature is too old (more than five minutes)',
  badPayload: 'The webhook body is not a booking event this server understands',
  badEmail: 'The booking’s attendee email is not a valid email address (at most 254 characters)',
} as const;

function equalHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given.trim().toLowerCase(), 'hex');
  // A malformed hex string decodes short: the length check refuses it before the constant-time compare.
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

/** Cal.com: `X-Cal-Signature-256` is the hex HMAC-SHA256 of the raw body with the webhook's secret. */
export function verifyCalcomSignature(
  rawBody: Buffer,
  { header, secret }: { header: string | undefined; secret: string },
): void {
  if (!header) throw DomainError.unauthorized(BOOKING_WEBHOOK_MESSAGES.signatureMissing);
  const expected = createHmac('sha256', secret).update(rawBody).digest('hex');
  if (!equalHex(expected, header)) throw DomainError.unauthorized(BOOKING_WEBHOOK_MESSAGES.signatureInvalid);
}

/**
 * Calendly: `Calendly-Webhook-Signature: t=<unix seconds>,v1=<hex>` where v1 is the HMAC-SHA256 of
 * `${t}.${rawBody}` with the signing key; a timestamp more than five minutes from now is refused.
 */
export function verifyCalendlySignature(
  rawBody: Buffer,
  { header, signingKey, now }: { header: string | undefined; signingKey: string; now: Date },
): void {
  if (!header) throw DomainError.unauthorized(BOOKING_WEBHOOK_MESSAGES.signatureMissing);
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = parts.get('t');
  const v1 = parts.get('v1');
  if (!t || !v1 || !/^\d{1,12}$/.test(t)) throw DomainError.unauthorized(BOOKING_WEBHOOK_MESSAGES.signatureMissing);
  const expected = createHmac('sha256', signingKey)
    .update(Buffer.concat([Buffer.from(`${t}.`), rawBody]))
    .digest('hex');
  if (!equalHex(expected, v1)) throw DomainError.unauthorized(BOOKING_WEBHOOK_MESSAGES.signatureInvalid);
  if (Math.abs(now.getTime() / 1000 - Number(t)) > CALENDLY_TOLERANCE_SECONDS)
    throw DomainError.unauthorized(BOOKING_WEBHOOK_MESSAGES.signatureStale);
}

/** What a vendor's event means for the pipeline, read from its payload. */
export interface BookingEvent {
  eventId: string;
  eventType: string;
  action: 'created' | 'cancelled' | 'rescheduled' | 'ignored';
  /** The booking this event is about (for a reschedule: the new one). */
  uid: string;
  /** A reschedule's earlier booking. */
  previousUid?: string;
  lead?: CapturedLead;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : typeof value === 'number' ? String(value) : undefined;
const isoOf = (value: unknown): string | null => {
  const given = text(value);
  if (!given) return null;
  const date = new Date(given);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
};
const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
/** The campaign parameters (`utm_source` → `source`, ...), the first source that has each. */
function utmOf(...sources: unknown[]): Record<string, string> {
  const utm: Record<string, string> = {};
  for (const source of sources) {
    if (!isObject(source)) continue;
    for (const key of UTM_KEYS) {
      const value = text(source[`utm_${key}`]);
      if (value && !utm[key]) utm[key] = value.slice(0, 200);
    }
  }
  return utm;
}

function badPayload(message: string = BOOKING_WEBHOOK_MESSAGES.badPayload): never {
  throw DomainError.invalid(message);
}

/** One line of at most `max` characters: line breaks and control characters become spaces. */
function oneLine(value: string | null | undefined, max = 200): string | null {
  // eslint-disable-next-line no-control-regex
  const line = value?.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
  return line ? line.slice(0, max) : null;
}

/**
 * The booking's client as the portal stores any lead's: an address that is not an email refuses the event
 * (400: the sender's form let it through, and no referral can be followed up by it); a phone that is not a
 * phone number is left out rather than losing the booking; names and companies are kept to one line.
 */
function checkedLead(lead: CapturedLead): CapturedLead {
  const email = leadInput.shape.clientEmail.safeParse(lead.clientEmail);
  if (!email.success) badPayload(BOOKING_WEBHOOK_MESSAGES.badEmail);
  const phone = optionalPhone.safeParse(lead.clientPhone ?? undefined);
  return {
    ...lead,
    clientEmail: email.data,
    clientName: oneLine(lead.clientName),
    clientCompanyName: oneLine(lead.clientCompanyName),
    clientPhone: phone.success ? (phone.data ?? null) : null,
  };
}

/** A Cal.com booking-form answer: `{ label, value }` in webhook payloads, or the bare value. */
function calcomAnswer(responses: unknown, ...names: string[]): string | undefined {
  if (!isObject(responses)) return undefined;
  for (const name of names) {
    const answer = responses[name];
    const value = isObject(answer) ? text(answer.value) : text(answer);
    if (value) return value;
  }
  return undefined;
}

/** What every booking event carries: its type (in `typeKey`), its payload, and the booking's uid in it (`uidKey`). */
function eventEnvelope(body: unknown, typeKey: string, uidKey: string) {
  if (!isObject(body) || !isObject(body.payload)) badPayload();
  const type = text(body[typeKey]);
  const payload = body.payload;
  const uid = text(payload[uidKey]);
  if (!type || !uid) badPayload();
  return { type, payload, uid, eventId: `${type}:${uid}` };
}

/**
 * Cal.com: `{ triggerEvent, createdAt, payload: { uid, startTime, attendees[], responses, metadata, ... } }`.
 * The code comes from the `ref` booking question (prefilled from the link) or `metadata.ref`; the
 * service from the `service` question or `metadata.service`; a reschedule names the earlier booking
 * in `rescheduleUid` (or `fromReschedule`). Cal.com sends no event id: the trigger and booking uid are one.
 */
export function readCalcomEvent(body: unknown): BookingEvent {
  const { type: trigger, payload, uid, eventId } = eventEnvelope(body, 'triggerEvent', 'uid');
  const action =
    trigger === 'BOOKING_CREATED'
      ? 'created'
      : trigger === 'BOOKING_CANCELLED'
        ? 'cancelled'
        : trigger === 'BOOKING_RESCHEDULED'
          ? 'rescheduled'
          : 'ignored';
  if (action === 'ignored' || action === 'cancelled') return { eventId, eventType: trigger, action, uid };
  const attendee = Array.isArray(payload.attendees) && isObject(payload.attendees[0]) ? payload.attendees[0] : {};
  const responses = payload.responses ?? payload.userFieldsResponses;
  const metadata = isObject(payload.metadata) ? payload.metadata : {};
  const clientEmail = text(attendee.email) ?? calcomAnswer(responses, 'email');
  if (!clientEmail) badPayload();
  return {
    eventId,
    eventType: trigger,
    action,
    uid,
    previousUid: text(payload.rescheduleUid) ?? text(payload.fromReschedule),
    lead: checkedLead({
      referralCode: calcomAnswer(responses, 'ref') ?? text(metadata.ref) ?? null,
      clientEmail,
      clientName: text(attendee.name) ?? calcomAnswer(responses, 'name') ?? null,
      clientCompanyName: calcomAnswer(responses, 'company', 'companyName', 'company_name') ?? null,
      clientPhone: calcomAnswer(responses, 'attendeePhoneNumber', 'phone') ?? null,
      consultationDate: isoOf(payload.startTime),
      service: calcomAnswer(responses, 'service') ?? text(metadata.service) ?? null,
      utm: utmOf(payload.tracking, metadata),
      booking: { provider: 'calcom', uid },
    }),
  };
}

/**
 * Calendly (webhooks v2): `{ event, created_at, payload: { uri, email, name, scheduled_event: { start_time },
 * tracking: { utm_* }, questions_and_answers[], rescheduled, old_invitee } }`. Calendly returns only the
 * link's UTM values, so the code travels as `utm_content` and the service as `utm_term`. The invitee's
 * uri is the booking; a reschedule cancels the old invitee (`rescheduled: true`) and creates a new one
 * that names it in `old_invitee`.
 */
export function readCalendlyEvent(body: unknown): BookingEvent {
  const { type: event, payload, uid, eventId } = eventEnvelope(body, 'event', 'uri');
  if (event === 'invitee.canceled') {
    // The cancellation half of a reschedule: the invitee.created that follows moves the referral.
    return { eventId, eventType: event, action: payload.rescheduled === true ? 'ignored' : 'cancelled', uid };
  }
  if (event !== 'invitee.created') return { eventId, eventType: event, action: 'ignored', uid };
  const clientEmail = text(payload.email);
  if (!clientEmail) badPayload();
  const tracking = isObject(payload.tracking) ? payload.tracking : {};
  const answers = Array.isArray(payload.questions_and_answers) ? payload.questions_and_answers.filter(isObject) : [];
  const company = answers.find((qa) => /company|business/i.test(text(qa.question) ?? ''));
  const scheduled = isObject(payload.scheduled_event) ? payload.scheduled_event : {};
  const previousUid = text(payload.old_invitee);
  return {
    eventId,
    eventType: event,
    action: previousUid ? 'rescheduled' : 'created',
    uid,
    previousUid,
    lead: checkedLead({
      referralCode: text(tracking.utm_content) ?? null,
      clientEmail,
      clientName: text(payload.name) ?? null,
      clientCompanyName: company ? (text(company.answer) ?? null) : null,
      clientPhone: text(payload.text_reminder_number) ?? null,
      consultationDate: isoOf(scheduled.start_time),
      service: text(tracking.utm_term) ?? null,
      utm: utmOf(tracking),
      booking: { provider: 'calendly', uid },
    }),
  };
}

export interface InboundResult {
  outcome: string;
  referralId: string | null;
  /** The event was stored before: nothing was done this time. */
  replayed: boolean;
}

async function referralOfBooking(db: Parameters<typeof captureLead>[0], provider: BookingProvider, uid: string) {
  const row = await db
    .selectFrom('referrals')
    .select('id')
    .where('bookingProvider', '=', provider)
    .where('bookingUid', '=', uid)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Acts on one verified event, once: its id is stored first (a concurrent duplicate waits on the key
 * and then finds it), its effect and outcome follow in the same transaction.
 */
export async function receiveBookingEvent(
  db: Db,
  { source, event, now, mail }: { source: BookingProvider; event: BookingEvent; now: Date; mail: MailDeps },
): Promise<InboundResult> {
  const eventId = event.eventId.slice(0, 500);
  return db.transaction().execute(async (trx) => {
    const stored = await trx
      .insertInto('inboundEvents')
      .values({
        source,
        eventId: eventId,
        eventType: event.eventType.slice(0, 100),
        receivedAt: now,
        outcome: 'received',
        referralCode: event.lead?.referralCode?.slice(0, 64) ?? null,
        clientEmail: event.lead?.clientEmail.slice(0, 254) ?? null,
      })
      .onConflict((oc) => oc.columns(['source', 'eventId']).doNothing())
      .returning('eventId')
      .executeTakeFirst();
    if (!stored) {
      const earlier = await trx
        .selectFrom('inboundEvents')
        .select(['outcome', 'referralId'])
        .where('source', '=', source)
        .where('eventId', '=', eventId)
        .executeTakeFirstOrThrow();
      return { outcome: earlier.outcome, referralId: earlier.referralId, replayed: true };
    }

    let outcome: string;
    let referralId: string | null = null;
    if (event.action === 'ignored') {
      outcome = 'ignored';
    } else if (event.action === 'cancelled') {
      referralId = await referralOfBooking(trx, source, event.uid);
      outcome = referralId ? await cancelBookedReferral(trx, { referralId, now }) : 'ignored: unknown booking';
    } else {
      const lead = event.lead as CapturedLead;
      const earlier = event.previousUid ? await referralOfBooking(trx, source, event.previousUid) : null;
      if (earlier) {
        referralId = earlier;
        outcome = await rescheduleBookedReferral(trx, {
          referralId,
          consultationDate: lead.consultationDate ?? null,
          booking: { provider: source, uid: event.uid },
          now,
        });
      } else {
        const captured = await captureLead(trx, { lead, source: 'booking', actorId: null, now, mail });
        outcome = captured.outcome;
        referralId = captured.referral?.id ?? null;
        if (!captured.referral) await holdUnplacedBooking(trx, { source, eventId, lead, now, mail });
      }
    }
    await trx
      .updateTable('inboundEvents')
      .set({ outcome, referralId })
      .where('source', '=', source)
      .where('eventId', '=', eventId)
      .execute();
    return { outcome, referralId, replayed: false };
  });
}
