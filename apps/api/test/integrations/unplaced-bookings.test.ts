// Unplaced bookings: a signed booking whose code reaches no active partner keeps its client for an
// admin, who places it with an active partner (a referral in Booked, as a booking with that partner's
// code would make) or dismisses it with a reason; the administrators are mailed when one arrives.

import { createHmac, randomUUID } from 'node:crypto';
import { REFERRAL_MESSAGES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { expectRefusal, useTestApp, type PartnerFixture } from '../support';
import { calcomBody, calendlyBody } from './fixtures/booking-payloads';

const CALCOM_SECRET = 'calcom-unplaced-secret-123';
const CALENDLY_KEY = 'calendly-unplaced-signing-key-456';
const t = useTestApp({ CALCOM_WEBHOOK_SECRET: CALCOM_SECRET, CALENDLY_WEBHOOK_SIGNING_KEY: CALENDLY_KEY });

function postCalcom(body: unknown) {
  const raw = JSON.stringify(body);
  return t.app.inject({
    method: 'POST',
    url: '/api/integrations/calcom',
    headers: {
      'content-type': 'application/json',
      'x-cal-signature-256': createHmac('sha256', CALCOM_SECRET).update(raw).digest('hex'),
    },
    payload: raw,
  });
}

function postCalendly(body: unknown) {
  const raw = JSON.stringify(body);
  const ts = Math.floor(t.clock.now.getTime() / 1000);
  return t.app.inject({
    method: 'POST',
    url: '/api/integrations/calendly',
    headers: {
      'content-type': 'application/json',
      'calendly-webhook-signature': `t=${ts},v1=${createHmac('sha256', CALENDLY_KEY).update(`${ts}.${raw}`).digest('hex')}`,
    },
    payload: raw,
  });
}

const admin = () => t.createUser({ role: 'admin' });

/** Sends a Cal.com booking with `ref` (or none) for a new client address, and answers the listed booking. */
async function unplacedCalcomBooking(ref: string | undefined, overrides: { company?: string; name?: string } = {}) {
  const email = `client-${randomUUID().slice(0, 8)}@unplaced-client.example`;
  const res = await postCalcom(
    calcomBody('BOOKING_CREATED', {
      uid: randomUUID(),
      ref,
      email,
      name: overrides.name ?? 'Quinn Unplaced',
      company: overrides.company,
      service: 'cfo',
      startTime: '2026-12-08T14:00:00.000Z',
    }),
  );
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ outcome: 'unknown code', referralId: null });
  return listedBooking(email);
}

async function listedBooking(email: string) {
  const list = await t.caller(await admin()).admin.unplacedBookings({ limit: 100 });
  const booking = list.items.find((item) => item.clientEmail === email);
  if (!booking) throw new Error(`${email} is not listed`);
  return booking;
}

const isListed = async (id: string) =>
  (await t.caller(await admin()).admin.unplacedBookings({ limit: 100 })).items.some((item) => item.id === id);

describe('a booking no active partner gets', () => {
  it('is listed with the client as the booking gave it and why it was not placed', async () => {
    const booking = await unplacedCalcomBooking('NOPE-0000', { company: 'Lost Harbour Ltd', name: 'Quinn Lost' });
    expect(booking).toMatchObject({
      provider: 'calcom',
      referralCode: 'NOPE-0000',
      reason: 'unknown_code',
      clientName: 'Quinn Lost',
      clientCompanyName: 'Lost Harbour Ltd',
      consultationDate: '2026-12-08T14:00:00.000Z',
      service: 'cfo',
      resolution: null,
      referralId: null,
    });
  });

  it('names a missing code and a partner who is not active as the reason', async () => {
    expect((await unplacedCalcomBooking(undefined)).reason).toBe('no_code');
    const suspended = await t.createPartner({ status: 'suspended' });
    expect((await unplacedCalcomBooking(suspended.referralCode)).reason).toBe('partner_suspended');
    const pending = await t.createPartner({ status: 'pending' });
    expect((await unplacedCalcomBooking(pending.referralCode)).reason).toBe('partner_pending');
  });

  it('keeps a Calendly booking with a mistyped code and its campaign parameters', async () => {
    const email = `calendly-${randomUUID().slice(0, 8)}@unplaced-client.example`;
    const res = await postCalendly(
      calendlyBody('invitee.created', { uuid: randomUUID(), code: 'NORTHWND-TYPO', email, company: 'Typo Traders' }),
    );
    expect(res.json().outcome).toBe('unknown code');
    expect(await listedBooking(email)).toMatchObject({
      provider: 'calendly',
      referralCode: 'NORTHWND-TYPO',
      clientCompanyName: 'Typo Traders',
      utm: { source: 'newsletter', medium: 'email', campaign: 'spring', content: 'NORTHWND-TYPO' },
    });
  });

  it('mails every active administrator a link to the unplaced bookings', async () => {
    const first = await admin();
    const booking = await unplacedCalcomBooking('NOPE-MAIL');
    const mails = await t.db
      .selectFrom('emailOutbox')
      .selectAll()
      .where('kind', '=', 'unplacedBooking')
      .where('recipient', '=', first.email)
      .where('textBody', 'like', `%${booking.clientEmail}%`)
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain('/admin/pipeline#unplaced-bookings');
    expect(mails[0]?.textBody).toContain('NOPE-MAIL');
  });

  it('keeps no client details on an event that became a referral', async () => {
    const partner = await t.createPartner();
    const email = `placed-${randomUUID().slice(0, 8)}@direct-client.example`;
    await postCalcom(calcomBody('BOOKING_CREATED', { uid: randomUUID(), ref: partner.referralCode, email }));
    const stored = await t.db
      .selectFrom('inboundEvents')
      .selectAll()
      .where('clientEmail', '=', email)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ outcome: 'created', unplacedReason: null, clientName: null, utm: null });
  });
});

describe('placing an unplaced booking', () => {
  it('makes a referral in Booked for the chosen partner, mails them, and takes the booking off the list', async () => {
    const booking = await unplacedCalcomBooking('NOPE-PLACE', { company: 'Placed Goods Co' });
    const partner = await t.createPartner();
    const actor = await admin();
    const placed = await t.caller(actor).admin.placeUnplacedBooking({ id: booking.id, partnerId: partner.partnerId });
    expect(placed).toMatchObject({ id: booking.id, outcome: 'created' });
    expect(placed.referral).toMatchObject({
      partnerId: partner.partnerId,
      stage: 'booked',
      clientEmail: booking.clientEmail,
      clientName: 'Quinn Unplaced',
      clientCompanyName: 'Placed Goods Co',
      serviceType: 'controller',
      referralSource: 'booking',
      bookingProvider: 'calcom',
      consultationDate: '2026-12-08T14:00:00.000Z',
    });
    expect(await isListed(booking.id)).toBe(false);
    const event = await t.db
      .selectFrom('inboundEvents')
      .selectAll()
      .where('id', '=', booking.id)
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      resolution: 'placed',
      referralId: placed.referral.id,
      resolvedBy: actor.id,
      clientName: null,
      clientPhone: null,
    });
    expect(await t.activityActions(booking.id)).toEqual(['booking.placed']);
    expect(await t.activityActions(placed.referral.id)).toContain('referral.booked');
    const mails = await t.outboxMails({ recipient: partner.user.email });
    expect(mails.map((mail) => mail.kind)).toContain('consultationBooked');
  });

  it('is a conflict when another partner introduced the client first, as for any booking', async () => {
    const first = await t.createPartner();
    const booking = await unplacedCalcomBooking('NOPE-CONFLICT');
    await postCalcom(
      calcomBody('BOOKING_CREATED', { uid: randomUUID(), ref: first.referralCode, email: booking.clientEmail }),
    );
    const second = await t.createPartner();
    const placed = await t
      .caller(await admin())
      .admin.placeUnplacedBooking({ id: booking.id, partnerId: second.partnerId });
    expect(placed.outcome).toBe('conflict');
    expect(placed.referral.conflictOf).not.toBeNull();
  });

  it('refuses a partner who is not active and leaves the booking listed', async () => {
    const booking = await unplacedCalcomBooking('NOPE-INACTIVE');
    const suspended: PartnerFixture = await t.createPartner({ status: 'suspended' });
    const res = await t.request(await admin(), 'POST', `/api/admin/unplaced-bookings/${booking.id}/place`, {
      partnerId: suspended.partnerId,
    });
    expectRefusal(res, 422, REFERRAL_MESSAGES.unplacedPartnerNotActive);
    expect(await isListed(booking.id)).toBe(true);
  });

  it('answers 409 to a second placement and to placing a dismissed booking', async () => {
    const partner = await t.createPartner();
    const actor = await admin();
    const booking = await unplacedCalcomBooking('NOPE-TWICE');
    await t.caller(actor).admin.placeUnplacedBooking({ id: booking.id, partnerId: partner.partnerId });
    const again = await t.request(actor, 'POST', `/api/admin/unplaced-bookings/${booking.id}/place`, {
      partnerId: partner.partnerId,
    });
    expectRefusal(again, 409, REFERRAL_MESSAGES.unplacedBookingPlaced);

    const dismissed = await unplacedCalcomBooking('NOPE-DISMISSED');
    await t.caller(actor).admin.dismissUnplacedBooking({ id: dismissed.id, reason: 'Test booking' });
    const placing = await t.request(actor, 'POST', `/api/admin/unplaced-bookings/${dismissed.id}/place`, {
      partnerId: partner.partnerId,
    });
    expectRefusal(placing, 409, REFERRAL_MESSAGES.unplacedBookingDismissed);
  });

  it('makes one referral when two placements of the same booking race', async () => {
    const partner = await t.createPartner();
    const other = await t.createPartner();
    const actor = await admin();
    const booking = await unplacedCalcomBooking('NOPE-RACE');
    const results = await Promise.allSettled([
      t.caller(actor).admin.placeUnplacedBooking({ id: booking.id, partnerId: partner.partnerId }),
      t.caller(actor).admin.placeUnplacedBooking({ id: booking.id, partnerId: other.partnerId }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const referrals = await t.db
      .selectFrom('referrals')
      .select('id')
      .where('clientEmail', '=', booking.clientEmail)
      .execute();
    expect(referrals).toHaveLength(1);
  });

  it('answers 404 for an id that is no unplaced booking', async () => {
    const partner = await t.createPartner();
    const res = await t.request(await admin(), 'POST', `/api/admin/unplaced-bookings/${randomUUID()}/place`, {
      partnerId: partner.partnerId,
    });
    expectRefusal(res, 404, REFERRAL_MESSAGES.unplacedBookingNotFound);
  });
});

describe('dismissing an unplaced booking', () => {
  it('takes it off the list, keeps the reason and logs who dismissed it', async () => {
    const booking = await unplacedCalcomBooking('NOPE-DISMISS');
    const actor = await admin();
    const res = await t.request(actor, 'POST', `/api/admin/unplaced-bookings/${booking.id}/dismiss`, {
      reason: 'A test booking by our own team',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: booking.id,
      resolution: 'dismissed',
      dismissReason: 'A test booking by our own team',
    });
    expect(await isListed(booking.id)).toBe(false);
    const [entry] = await t.activityEntries({ entityId: booking.id, action: 'booking.dismissed' });
    expect(entry).toMatchObject({ userId: actor.id, entityType: 'booking' });
    expect(entry?.details).toMatchObject({ reason: 'A test booking by our own team' });
  });

  it('requires a reason', async () => {
    const booking = await unplacedCalcomBooking('NOPE-NOREASON');
    const res = await t.request(await admin(), 'POST', `/api/admin/unplaced-bookings/${booking.id}/dismiss`, {
      reason: '  ',
    });
    expect(res.statusCode).toBe(400);
    expect(await isListed(booking.id)).toBe(true);
  });
});

describe('who may see and settle unplaced bookings', () => {
  it('lets finance and viewers read the list but not place or dismiss', async () => {
    const booking = await unplacedCalcomBooking('NOPE-ROLES');
    const partner = await t.createPartner();
    for (const role of ['finance', 'viewer'] as const) {
      const member = await t.createUser({ role });
      const list = await t.request(member, 'GET', '/api/admin/unplaced-bookings?limit=100');
      expect(list.statusCode).toBe(200);
      expect(list.json<Array<{ id: string }>>().some((item) => item.id === booking.id)).toBe(true);
      const place = await t.request(member, 'POST', `/api/admin/unplaced-bookings/${booking.id}/place`, {
        partnerId: partner.partnerId,
      });
      expect(place.statusCode).toBe(403);
      const dismiss = await t.request(member, 'POST', `/api/admin/unplaced-bookings/${booking.id}/dismiss`, {
        reason: 'No',
      });
      expect(dismiss.statusCode).toBe(403);
    }
    expect(await isListed(booking.id)).toBe(true);
  });

  it('refuses partners (403) and anonymous callers (401)', async () => {
    const partner = await t.createPartner();
    expect((await t.request(partner.user, 'GET', '/api/admin/unplaced-bookings')).statusCode).toBe(403);
    expect((await t.request(null, 'GET', '/api/admin/unplaced-bookings')).statusCode).toBe(401);
  });

  it('serves the list over REST newest first with X-Total-Count', async () => {
    await unplacedCalcomBooking('NOPE-REST-1');
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    const newest = await unplacedCalcomBooking('NOPE-REST-2');
    const res = await t.request(await admin(), 'GET', '/api/admin/unplaced-bookings?limit=1');
    expect(res.statusCode).toBe(200);
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    expect(res.json<Array<{ id: string }>>().map((item) => item.id)).toEqual([newest.id]);
  });

  it('replays a placement sent again with the same Idempotency-Key', async () => {
    const booking = await unplacedCalcomBooking('NOPE-IDEMPOTENT');
    const partner = await t.createPartner();
    const actor = await admin();
    const key = randomUUID();
    const send = () =>
      t.request(
        actor,
        'POST',
        `/api/admin/unplaced-bookings/${booking.id}/place`,
        { partnerId: partner.partnerId },
        { 'idempotency-key': key },
      );
    const first = await send();
    expect(first.statusCode).toBe(201);
    const again = await send();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().referral.id).toBe(first.json().referral.id);
  });
});
