// The booking webhooks: signatures over the raw body (good, wrong, stale, missing), one referral per
// event however often it arrives, cancellation, reschedule, unknown codes, and the endpoints' answer
// when their secret is unset.

import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp, useTestApp, expectRefusal } from '../support';
import { BOOKING_WEBHOOK_MESSAGES } from '../../src/services/integrations';
import { calcomBody, calendlyBody, calendlyInviteeUri } from './fixtures/booking-payloads';

const CALCOM_SECRET = 'calcom-test-secret-123';
const CALENDLY_KEY = 'calendly-test-signing-key-456';
const t = useTestApp({ CALCOM_WEBHOOK_SECRET: CALCOM_SECRET, CALENDLY_WEBHOOK_SIGNING_KEY: CALENDLY_KEY });

const calcomSignature = (raw: string, secret = CALCOM_SECRET) => createHmac('sha256', secret).update(raw).digest('hex');
const calendlySignature = (raw: string, at: Date, key = CALENDLY_KEY) => {
  const ts = Math.floor(at.getTime() / 1000);
  return `t=${ts},v1=${createHmac('sha256', key).update(`${ts}.${raw}`).digest('hex')}`;
};

const ENDPOINTS = {
  calcom: { header: 'x-cal-signature-256', sign: (raw: string) => calcomSignature(raw) },
  calendly: { header: 'calendly-webhook-signature', sign: (raw: string) => calendlySignature(raw, t.clock.now) },
};

/** Posts a body to a booking endpoint, signed with the endpoint's secret unless a signature is given (null: none). */
function postBooking(provider: keyof typeof ENDPOINTS, body: unknown, signature?: string | null) {
  const raw = JSON.stringify(body);
  const { header, sign } = ENDPOINTS[provider];
  return t.app.inject({
    method: 'POST',
    url: `/api/integrations/${provider}`,
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { [header]: signature ?? sign(raw) }),
    },
    payload: raw,
  });
}

const postCalcom = (body: unknown, signature?: string | null) => postBooking('calcom', body, signature);
const postCalendly = (body: unknown, signature?: string | null) => postBooking('calendly', body, signature);

/** A new partner, and a booking (`uid`) of `email` through their code that has not been sent yet. */
async function newCalcomBooking(email: string) {
  const partner = await t.createPartner();
  const uid = randomUUID();
  return { partner, uid, body: calcomBody('BOOKING_CREATED', { uid, ref: partner.referralCode, email }) };
}

async function newCalendlyBooking(email: string) {
  const partner = await t.createPartner();
  return { partner, body: calendlyBody('invitee.created', { uuid: randomUUID(), code: partner.referralCode, email }) };
}

const referralsOf = (partnerId: string) =>
  t.db.selectFrom('referrals').selectAll().where('partnerId', '=', partnerId).orderBy('createdAt').execute();
/** The referral a first booking made, once its answer says it made one. */
async function createdReferral(res: Awaited<ReturnType<typeof postBooking>>, partnerId: string) {
  expect(res.statusCode).toBe(200);
  expect(res.json().outcome).toBe('created');
  const [referral] = await referralsOf(partnerId);
  return referral;
}

/** The partner's only referral, after a booking and its follow-up, with its consultation at `consultation`. */
async function onlyReferralOf(partnerId: string, consultation: string) {
  const referrals = await referralsOf(partnerId);
  expect(referrals).toHaveLength(1);
  expect(referrals[0]?.consultationDate?.toISOString()).toBe(consultation);
  return referrals[0];
}
const inboundCount = () =>
  t.db
    .selectFrom('inboundEvents')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

describe('Cal.com booking webhook', () => {
  it('makes a booked referral for the partner whose code is the ref booking question', async () => {
    const partner = await t.createPartner();
    const res = await postCalcom(
      calcomBody('BOOKING_CREATED', {
        uid: randomUUID(),
        ref: partner.referralCode,
        email: 'Dana@Brightside-Goods.example',
        name: 'Dana Bright',
        service: 'cfo',
        startTime: '2026-12-03T15:00:00.000Z',
      }),
    );
    const referral = await createdReferral(res, partner.partnerId);
    expect(res.json()).toMatchObject({ received: true, replayed: false });
    expect(referral).toMatchObject({
      stage: 'booked',
      clientEmail: 'dana@brightside-goods.example',
      clientName: 'Dana Bright',
      clientCompanyName: 'brightside-goods.example',
      serviceType: 'controller',
      monthlyValue: '1500.00',
      referralSource: 'booking',
      bookingProvider: 'calcom',
      conflictOf: null,
    });
    expect(referral?.consultationDate?.toISOString()).toBe('2026-12-03T15:00:00.000Z');
  });

  it('reads the code from metadata.ref and the company from the booking form', async () => {
    const partner = await t.createPartner();
    const res = await postCalcom(
      calcomBody('BOOKING_CREATED', {
        uid: randomUUID(),
        ref: partner.referralCode.toLowerCase(),
        refIn: 'metadata',
        email: 'owner@gmail.com',
        company: 'Fern & Field Ltd',
      }),
    );
    expect((await createdReferral(res, partner.partnerId))?.clientCompanyName).toBe('Fern & Field Ltd');
  });

  it('refuses a wrong signature with 401 and stores nothing', async () => {
    const { partner, body } = await newCalcomBooking('x@wrong.example');
    const before = await inboundCount();
    const res = await postCalcom(body, calcomSignature(JSON.stringify(body), 'another-secret-entirely'));
    expectRefusal(res, 401, 'The webhook signature does not match');
    expect(await referralsOf(partner.partnerId)).toEqual([]);
    expect(await inboundCount()).toBe(before);
  });

  it('refuses a missing signature and a signature over another body', async () => {
    const { partner, body } = await newCalcomBooking('y@missing.example');
    expect((await postCalcom(body, null)).statusCode).toBe(401);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/integrations/calcom',
      headers: { 'content-type': 'application/json', 'x-cal-signature-256': calcomSignature(JSON.stringify(body)) },
      // The same JSON with other whitespace: the signature covers the exact bytes.
      payload: JSON.stringify(body, null, 2),
    });
    expect(tampered.statusCode).toBe(401);
    expect(await referralsOf(partner.partnerId)).toEqual([]);
  });

  it('acts once on the same event sent twice and answers the replay 200', async () => {
    const { partner, body } = await newCalcomBooking('twice@repeat.example');
    const first = await postCalcom(body);
    const second = await postCalcom(body);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ outcome: 'created', replayed: true, referralId: first.json().referralId });
    expect(await referralsOf(partner.partnerId)).toHaveLength(1);
  });

  it('moves a cancelled booking still in Booked to Lost with the reason', async () => {
    const { partner, uid, body } = await newCalcomBooking('cancel@later.example');
    await postCalcom(body);
    const res = await postCalcom(calcomBody('BOOKING_CANCELLED', { uid, email: 'cancel@later.example' }));
    expect(res.json().outcome).toBe('cancelled');
    const [referral] = await referralsOf(partner.partnerId);
    expect(referral).toMatchObject({ stage: 'lost', lostReason: 'Consultation cancelled' });
    expect(referral?.closeDate).not.toBeNull();
  });

  it('keeps a referral that moved past Booked when its booking is cancelled', async () => {
    const { partner, uid, body } = await newCalcomBooking('kept@deal.example');
    const created = await postCalcom(body);
    await t.db
      .updateTable('referrals')
      .set({ stage: 'qualified' })
      .where('id', '=', created.json().referralId)
      .execute();
    const res = await postCalcom(calcomBody('BOOKING_CANCELLED', { uid, email: 'kept@deal.example' }));
    expect(res.json().outcome).toBe('ignored: referral past booked');
    expect((await referralsOf(partner.partnerId))[0]?.stage).toBe('qualified');
  });

  it('moves the consultation date on a reschedule without a second referral', async () => {
    const { partner, uid, body } = await newCalcomBooking('move@later.example');
    await postCalcom(body);
    const next = randomUUID();
    const res = await postCalcom(
      calcomBody('BOOKING_RESCHEDULED', {
        uid: next,
        rescheduleUid: uid,
        ref: partner.referralCode,
        email: 'move@later.example',
        startTime: '2026-12-10T09:30:00.000Z',
      }),
    );
    expect(res.json().outcome).toBe('rescheduled');
    const referral = await onlyReferralOf(partner.partnerId, '2026-12-10T09:30:00.000Z');
    expect(referral?.bookingUid).toBe(next);
    // The new booking's cancellation now finds the referral.
    expect(
      (await postCalcom(calcomBody('BOOKING_CANCELLED', { uid: next, email: 'move@later.example' }))).json().outcome,
    ).toBe('cancelled');
  });

  it('records a booking with an unknown code as such and creates no referral', async () => {
    const body = calcomBody('BOOKING_CREATED', { uid: randomUUID(), ref: 'NOPE-0000', email: 'lost@nowhere.example' });
    const res = await postCalcom(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'unknown code', referralId: null });
    const stored = await t.db
      .selectFrom('inboundEvents')
      .selectAll()
      .where('clientEmail', '=', 'lost@nowhere.example')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ source: 'calcom', outcome: 'unknown code', referralCode: 'NOPE-0000' });
    const referrals = await t.db
      .selectFrom('referrals')
      .select('id')
      .where('clientEmail', '=', 'lost@nowhere.example')
      .execute();
    expect(referrals).toEqual([]);
  });

  it("attaches a second booking of the same client to the same partner's open referral", async () => {
    const partner = await t.createPartner();
    await postCalcom(
      calcomBody('BOOKING_CREATED', { uid: randomUUID(), ref: partner.referralCode, email: 'again@same.example' }),
    );
    const res = await postCalcom(
      calcomBody('BOOKING_CREATED', {
        uid: randomUUID(),
        ref: partner.referralCode,
        email: 'again@same.example',
        startTime: '2026-12-20T10:00:00.000Z',
      }),
    );
    expect(res.json().outcome).toBe('attached');
    await onlyReferralOf(partner.partnerId, '2026-12-20T10:00:00.000Z');
  });

  it('answers 400 to a signed body that is not a booking event', async () => {
    const res = await postCalcom({ hello: 'world' });
    expect(res.statusCode).toBe(400);
  });

  it('refuses an attendee email that is no email address (400), storing nothing', async () => {
    for (const email of ['not-an-email', `${'x'.repeat(10_000)}@long.example`]) {
      const { partner, body } = await newCalcomBooking(email);
      const before = await inboundCount();
      const res = await postCalcom(body);
      expectRefusal(res, 400, BOOKING_WEBHOOK_MESSAGES.badEmail);
      expect(await referralsOf(partner.partnerId)).toEqual([]);
      expect(await inboundCount()).toBe(before);
    }
  });

  it('keeps the booking of a client whose phone is no phone number, without the phone, and its name on one line', async () => {
    const { partner, body } = await newCalcomBooking(`phone-${randomUUID().slice(0, 8)}@client.example`);
    const withOddFields = body as { payload: { responses: Record<string, { label: string; value: string }> } };
    withOddFields.payload.responses.attendeePhoneNumber = { label: 'Phone', value: '<script>alert(1)</script>' };
    withOddFields.payload.responses.company = { label: 'Company', value: 'Two\nLines Ltd' };
    const referral = await createdReferral(await postCalcom(body), partner.partnerId);
    expect(referral).toMatchObject({ clientPhone: null, clientCompanyName: 'Two Lines Ltd' });
  });
});

describe('Calendly booking webhook', () => {
  it('makes a booked referral from the utm_content code, with the service from utm_term', async () => {
    const partner = await t.createPartner();
    const uuid = randomUUID();
    const res = await postCalendly(
      calendlyBody('invitee.created', {
        uuid,
        code: partner.referralCode,
        email: 'robin@harbor-supply.example',
        company: 'Harbor Supply Co',
        service: 'basic',
      }),
    );
    const referral = await createdReferral(res, partner.partnerId);
    expect(referral).toMatchObject({
      stage: 'booked',
      clientCompanyName: 'Harbor Supply Co',
      clientName: 'Robin Booker',
      serviceType: 'basic_accounting',
      bookingProvider: 'calendly',
      bookingUid: calendlyInviteeUri(uuid),
      utm: expect.objectContaining({ source: 'newsletter', content: partner.referralCode }),
    });
  });

  it('refuses a signature older than five minutes, and one just inside the tolerance passes', async () => {
    const { partner, body } = await newCalendlyBooking('stale@old.example');
    const raw = JSON.stringify(body);
    const stale = await postCalendly(body, calendlySignature(raw, new Date(t.clock.now.getTime() - 301_000)));
    expectRefusal(stale, 401, 'The webhook signature is too old (more than five minutes)');
    expect(await referralsOf(partner.partnerId)).toEqual([]);
    const fresh = await postCalendly(body, calendlySignature(raw, new Date(t.clock.now.getTime() - 290_000)));
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses a wrong and a missing signature', async () => {
    const { partner, body } = await newCalendlyBooking('bad@sig.example');
    const wrong = await postCalendly(body, calendlySignature(JSON.stringify(body), t.clock.now, 'not-the-key-at-all'));
    expect(wrong.statusCode).toBe(401);
    expect((await postCalendly(body, null)).statusCode).toBe(401);
    expect((await postCalendly(body, 'v1=abcdef')).statusCode).toBe(401);
    expect(await referralsOf(partner.partnerId)).toEqual([]);
  });

  it('acts once on the same invitee event sent twice', async () => {
    const { partner, body } = await newCalendlyBooking('dup@calendly.example');
    await postCalendly(body);
    const replay = await postCalendly(body);
    expect(replay.json()).toMatchObject({ replayed: true, outcome: 'created' });
    expect(await referralsOf(partner.partnerId)).toHaveLength(1);
  });

  it('follows a reschedule (canceled with rescheduled: true, then created naming the old invitee)', async () => {
    const partner = await t.createPartner();
    const first = randomUUID();
    const second = randomUUID();
    await postCalendly(
      calendlyBody('invitee.created', { uuid: first, code: partner.referralCode, email: 'resched@cal.example' }),
    );
    const canceled = await postCalendly(
      calendlyBody('invitee.canceled', {
        uuid: first,
        code: partner.referralCode,
        email: 'resched@cal.example',
        rescheduled: true,
        newInvitee: calendlyInviteeUri(second),
      }),
    );
    expect(canceled.json().outcome).toBe('ignored');
    const created = await postCalendly(
      calendlyBody('invitee.created', {
        uuid: second,
        code: partner.referralCode,
        email: 'resched@cal.example',
        oldInvitee: calendlyInviteeUri(first),
        startTime: '2026-12-11T14:00:00.000000Z',
      }),
    );
    expect(created.json().outcome).toBe('rescheduled');
    const referral = await onlyReferralOf(partner.partnerId, '2026-12-11T14:00:00.000Z');
    expect(referral).toMatchObject({ stage: 'booked', bookingUid: calendlyInviteeUri(second) });
  });

  it('moves a plain cancellation to Lost', async () => {
    const partner = await t.createPartner();
    const uuid = randomUUID();
    await postCalendly(
      calendlyBody('invitee.created', { uuid, code: partner.referralCode, email: 'gone@cal.example' }),
    );
    const res = await postCalendly(calendlyBody('invitee.canceled', { uuid, email: 'gone@cal.example' }));
    expect(res.json().outcome).toBe('cancelled');
    expect((await referralsOf(partner.partnerId))[0]).toMatchObject({
      stage: 'lost',
      lostReason: 'Consultation cancelled',
    });
  });

  it('records an invitee without a code as an unknown code', async () => {
    const res = await postCalendly(
      calendlyBody('invitee.created', { uuid: randomUUID(), email: 'nocode@cal.example' }),
    );
    expect(res.json()).toMatchObject({ outcome: 'unknown code', referralId: null });
  });
});

describe('booking webhooks without their secrets', () => {
  it('answer 404 with what to set, and store nothing', async () => {
    const bare = await createTestApp();
    try {
      const calcom = await bare.app.inject({ method: 'POST', url: '/api/integrations/calcom', payload: {} });
      expectRefusal(calcom, 404, expect.stringContaining('CALCOM_WEBHOOK_SECRET'));
      const calendly = await bare.app.inject({ method: 'POST', url: '/api/integrations/calendly', payload: {} });
      expectRefusal(calendly, 404, expect.stringContaining('CALENDLY_WEBHOOK_SIGNING_KEY'));
    } finally {
      await bare.close();
    }
  });
});
