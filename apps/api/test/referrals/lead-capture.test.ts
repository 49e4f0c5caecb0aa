// Leads from the firm's tools (POST /api/leads: the leads:write scope, Idempotency-Key), one client
// per partner (conflicts at the edges of the qualification window, free-mail vs business domains,
// the same partner twice, lost referrals), self-referrals, resolving conflicts, the booking mail,
// and the funnel's numbers.

import { randomUUID } from 'node:crypto';
import { AGREEMENT_DEFAULTS, type ApiKeyScope } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { receiveLead } from '../../src/services/referrals';
import { mailingEnv, useTestApp, useTestSmtp, expectRefusal } from '../support';

const smtp = useTestSmtp();
const t = useTestApp(mailingEnv(smtp));
const DAY = 86_400_000;

async function keyWith(scopes: ApiKeyScope[]) {
  return t.createApiKey(await t.createUser({ role: 'admin' }), scopes, 'Lead form');
}

const postLead = (key: string, body: Record<string, unknown>, idempotencyKey?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/leads',
    headers: { authorization: `Bearer ${key}`, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload: body,
  });

/** A referral of `partnerId` for `email`, created `daysAgo` days before the test clock. */
async function referralFor(partnerId: string, email: string, options: { daysAgo?: number; stage?: 'lost' } = {}) {
  return t.createReferral(partnerId, {
    stage: options.stage,
    clientEmail: email,
    createdAt: new Date(t.clock.now.getTime() - (options.daysAgo ?? 1) * DAY),
  });
}

const lead = (referralCode: string, clientEmail: string) =>
  receiveLead(t.db, {
    input: { referralCode, clientEmail },
    actorId: null,
    now: t.clock.now,
    mail: t.deps,
  });

describe('POST /api/leads', () => {
  it('answers 201 with a booked referral for a key holding leads:write', async () => {
    const partner = await t.createPartner();
    const key = await keyWith(['leads:write']);
    const res = await postLead(key, {
      referralCode: partner.referralCode,
      clientEmail: 'Jo@Northpeak-Outdoor.example',
      clientName: 'Jo North',
      service: 'controller',
      consultationDate: '2026-12-02T11:00:00Z',
      utm: { source: 'site', campaign: 'winter' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      partnerId: partner.partnerId,
      stage: 'booked',
      clientEmail: 'jo@northpeak-outdoor.example',
      clientCompanyName: 'northpeak-outdoor.example',
      clientName: 'Jo North',
      serviceType: 'controller',
      referralSource: 'lead',
      consultationDate: '2026-12-02T11:00:00.000Z',
      utm: { source: 'site', campaign: 'winter' },
    });
  });

  it('refuses a key without leads:write (403) and no key at all (401)', async () => {
    const partner = await t.createPartner();
    const key = await keyWith(['referrals:write']);
    const body = { referralCode: partner.referralCode, clientEmail: 'no@scope.example' };
    expect((await postLead(key, body)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/leads', payload: body })).statusCode).toBe(401);
  });

  it('answers 422 to an unknown code and 400 to a missing email', async () => {
    const key = await keyWith(['leads:write']);
    const unknown = await postLead(key, { referralCode: 'NONE-0000', clientEmail: 'a@b.example' });
    expectRefusal(unknown, 422, 'No active partner has this referral code');
    expect((await postLead(key, { referralCode: 'NONE-0000' })).statusCode).toBe(400);
  });

  it('replays the first answer for the same Idempotency-Key and body, and refuses another body', async () => {
    const partner = await t.createPartner();
    const key = await keyWith(['leads:write']);
    const idem = randomUUID();
    const body = { referralCode: partner.referralCode, clientEmail: 'idem@replay.example' };
    const first = await postLead(key, body, idem);
    const again = await postLead(key, body, idem);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    const count = await t.db.selectFrom('referrals').select('id').where('partnerId', '=', partner.partnerId).execute();
    expect(count).toHaveLength(1);
    expect((await postLead(key, { ...body, clientName: 'Other' }, idem)).statusCode).toBe(422);
  });
});

describe('one client, one partner', () => {
  it(`is a conflict on day ${AGREEMENT_DEFAULTS.qualificationDays} of the first referral's window, not on day ${AGREEMENT_DEFAULTS.qualificationDays + 1}`, async () => {
    const first = await t.createPartner();
    const second = await t.createPartner();
    const inside = await referralFor(first.partnerId, 'edge@window-in.example', { daysAgo: 60 });
    await referralFor(first.partnerId, 'edge@window-out.example', { daysAgo: 61 });
    expect((await lead(second.referralCode, 'edge@window-in.example')).conflictOf).toBe(inside);
    expect((await lead(second.referralCode, 'edge@window-out.example')).conflictOf).toBeNull();
  });

  it("reads the qualification days of the first referral's own terms version and adds its extensions", async () => {
    const admin = await t.createUser({ role: 'admin' });
    const published = await t.publishTerms(admin, {
      agreementVersion: 'window-90',
      qualificationDays: 90,
      changes: ['A window of 90 days'],
    });
    expect(published.statusCode).toBe(201);
    const v2 = published.json<{ version: number }>().version;
    const first = await t.createPartner();
    const second = await t.createPartner();
    const onVersion = async (
      email: string,
      daysAgo: number,
      values: { termsVersion?: number | null; extensionDays?: number },
    ) => {
      const id = await referralFor(first.partnerId, email, { daysAgo });
      await t.db.updateTable('referrals').set(values).where('id', '=', id).execute();
      return id;
    };
    // Version 2's 90 days: day 90 is inside, day 91 is not; under version 1 day 61 is already outside.
    const day90 = await onVersion('v2@day-90.example', 90, { termsVersion: v2 });
    await onVersion('v2@day-91.example', 91, { termsVersion: v2 });
    await onVersion('v1@day-61.example', 61, { termsVersion: 1 });
    expect((await lead(second.referralCode, 'v2@day-90.example')).conflictOf).toBe(day90);
    expect((await lead(second.referralCode, 'v2@day-91.example')).conflictOf).toBeNull();
    expect((await lead(second.referralCode, 'v1@day-61.example')).conflictOf).toBeNull();
    // Version 1's 60 days and 10 days of extensions: day 70 is inside, day 71 is not.
    const extended = await onVersion('ext@day-70.example', 70, { termsVersion: 1, extensionDays: 10 });
    await onVersion('ext@day-71.example', 71, { termsVersion: 1, extensionDays: 10 });
    expect((await lead(second.referralCode, 'ext@day-70.example')).conflictOf).toBe(extended);
    expect((await lead(second.referralCode, 'ext@day-71.example')).conflictOf).toBeNull();
    // Not accepted yet: the version its partner is on.
    await t.db.updateTable('partners').set({ termsVersion: v2 }).where('id', '=', first.partnerId).execute();
    const booked = await onVersion('booked@day-80.example', 80, { termsVersion: null });
    expect((await lead(second.referralCode, 'booked@day-80.example')).conflictOf).toBe(booked);
  });

  it('matches a business domain but not a free-mail domain', async () => {
    const first = await t.createPartner();
    const second = await t.createPartner();
    const owner = await referralFor(first.partnerId, 'ceo@acme-widgets.example');
    await referralFor(first.partnerId, 'someone@gmail.com');
    expect((await lead(second.referralCode, 'cfo@acme-widgets.example')).conflictOf).toBe(owner);
    expect((await lead(second.referralCode, 'another@gmail.com')).conflictOf).toBeNull();
  });

  it('is not blocked by a lost referral', async () => {
    const first = await t.createPartner();
    const second = await t.createPartner();
    await referralFor(first.partnerId, 'free@again.example', { stage: 'lost' });
    expect((await lead(second.referralCode, 'free@again.example')).conflictOf).toBeNull();
  });

  it("attaches the same partner's second lead for a client to its open referral", async () => {
    const partner = await t.createPartner();
    const existing = await referralFor(partner.partnerId, 'twice@same-partner.example');
    const again = await lead(partner.referralCode, 'twice@same-partner.example');
    expect(again.id).toBe(existing);
    expect(again.conflictOf).toBeNull();
  });

  it('flags a conflict on a partner-submitted referral too, and the partner reads only that it was introduced', async () => {
    const first = await t.createPartner();
    const second = await t.createPartner();
    await referralFor(first.partnerId, 'buyer@shared-client.example');
    const created = await t.caller(second.user).partner.createReferral({
      clientCompanyName: 'Shared Client',
      clientEmail: 'buyer@shared-client.example',
      monthlyValue: '700',
    });
    expect(created).toMatchObject({ clientAlreadyIntroduced: true, conflictOf: null });
    const listed = await t.caller(second.user).partner.referrals();
    expect(listed[0]).toMatchObject({ clientAlreadyIntroduced: true, conflictOf: null });
    expect(JSON.stringify(listed)).not.toContain(first.partnerId);
  });

  it("flags a client on the partner's own domain as a self-referral", async () => {
    const partner = await t.createPartner({ email: `owner-${randomUUID().slice(0, 8)}@self-firm.example` });
    const own = await lead(partner.referralCode, 'colleague@self-firm.example');
    expect(own.selfReferral).toBe(true);
    const freeMail = await t.createPartner({ email: `p-${randomUUID().slice(0, 8)}@gmail.com` });
    expect((await lead(freeMail.referralCode, 'client@gmail.com')).selfReferral).toBe(false);
    await t.db
      .updateTable('partners')
      .set({ website: 'https://www.web-firm.example/about' })
      .where('id', '=', freeMail.partnerId)
      .execute();
    expect((await lead(freeMail.referralCode, 'x@web-firm.example')).selfReferral).toBe(true);
  });
});

describe('resolving a conflict', () => {
  async function conflict() {
    const first = await t.createPartner();
    const second = await t.createPartner();
    const email = `c@resolve-${randomUUID().slice(0, 8)}.example`;
    const firstId = await referralFor(first.partnerId, email);
    const secondRef = await lead(second.referralCode, email);
    return { firstId, secondId: secondRef.id };
  }
  const admin = () => t.createUser({ role: 'admin' });

  it('lists open conflicts with both partners, and keep_first loses the second with the words the partner reads', async () => {
    const { firstId, secondId } = await conflict();
    const headers = await t.bearer(await admin());
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/referral-conflicts', headers });
    const entry = list.json().conflicts.find((c: { id: string }) => c.id === secondId);
    expect(entry.first.referralId).toBe(firstId);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/referral-conflicts/${secondId}/resolve`,
      headers,
      payload: { resolution: 'keep_first' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const second = await t.db.selectFrom('referrals').selectAll().where('id', '=', secondId).executeTakeFirstOrThrow();
    expect(second).toMatchObject({
      stage: 'lost',
      lostReason: 'Client already introduced by another partner',
      conflictOf: null,
    });
    const log = await t.activityEntries({ entityId: secondId, action: 'referral.conflict_resolved' });
    expect(log).toHaveLength(1);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/referral-conflicts/${secondId}/resolve`,
      headers,
      payload: { resolution: 'keep_first' },
    });
    expect(again.statusCode).toBe(404);
  });

  it('move_to_second loses the first and clears the second; reject loses the second', async () => {
    const caller = t.caller(await admin());
    const moved = await conflict();
    expect(await caller.admin.resolveConflict({ id: moved.secondId, resolution: 'move_to_second' })).toMatchObject({
      stage: 'booked',
      firstStage: 'lost',
    });
    const first = await t.row('referrals', moved.firstId);
    expect(first.lostReason).toBe('Client moved to another partner by an admin');
    const rejected = await conflict();
    expect(await caller.admin.resolveConflict({ id: rejected.secondId, resolution: 'reject' })).toMatchObject({
      stage: 'lost',
      firstStage: 'booked',
    });
  });
});

describe('the booking mail', () => {
  it('mails the partner "{client} booked a consultation", unless switched off', async () => {
    const partner = await t.createPartner({ email: `mail-${randomUUID().slice(0, 8)}@partner-mail.example` });
    const silent = await t.createPartner({ email: `quiet-${randomUUID().slice(0, 8)}@partner-mail.example` });
    await t.caller(silent.user).partner.updateMailPreferences({ bookings: false });
    const input = (code: string, email: string) => ({
      referralCode: code,
      clientEmail: email,
      clientName: 'Morgan Meyer',
      consultationDate: '2026-12-05T16:30:00Z',
    });
    await receiveLead(t.db, {
      input: input(partner.referralCode, 'morgan@meyer-co.example'),
      actorId: partner.user.id,
      now: t.clock.now,
      mail: t.deps,
    });
    await receiveLead(t.db, {
      input: input(silent.referralCode, 'morgan@meyer-two.example'),
      actorId: silent.user.id,
      now: t.clock.now,
      mail: t.deps,
    });
    const mails = await t.outboxMails({ recipient: (await t.row('users', partner.user.id)).email });
    expect(mails.map((m) => [m.kind, m.subject])).toEqual([
      ['consultationBooked', 'Morgan Meyer booked a consultation'],
    ]);
    expect(mails[0]?.headers).toBeTruthy();
    const quiet = await t.db
      .selectFrom('emailOutbox')
      .select('id')
      .where('kind', '=', 'consultationBooked')
      .where('recipient', 'like', 'quiet-%')
      .execute();
    expect(quiet).toEqual([]);
  });
});

describe('the funnel', () => {
  it('counts visits, bookings, accepted, won and paying per month for one partner', async () => {
    const partner = await t.createPartner();
    const now = t.clock.now;
    for (let i = 0; i < 3; i++)
      await t.db
        .insertInto('referralVisits')
        .values({ partnerId: partner.partnerId, referralCode: partner.referralCode, createdAt: now })
        .execute();
    await t.createReferral(partner.partnerId, { stage: 'booked' });
    await t.createReferral(partner.partnerId, { stage: 'qualified' });
    await t.createWonClient(partner.partnerId, { contractStartDate: '2020-01-01' });
    await t.createWonClient(partner.partnerId, { contractStartDate: '2020-01-01', churnDate: '2021-01-01' });
    await t.createReferral(partner.partnerId, { stage: 'lost' });
    // Entered by hand: no visit led to them, so they stay out of the steps and are counted apart.
    for (const referralSource of ['partner', 'admin'])
      await t.db
        .updateTable('referrals')
        .set({ referralSource })
        .where('id', '=', await t.createWonClient(partner.partnerId, { contractStartDate: '2020-01-01' }))
        .execute();
    const funnel = await t.caller(partner.user).partner.funnel({ months: 3 });
    expect(funnel.months).toHaveLength(3);
    expect(funnel.months.at(-1)).toEqual({
      month: now.toISOString().slice(0, 7),
      visits: 3,
      bookings: 5,
      accepted: 3,
      won: 2,
      paying: 1,
    });
    expect(funnel.total).toEqual({ visits: 3, bookings: 5, accepted: 3, won: 2, paying: 1 });
    expect(funnel.enteredByHand).toBe(2);
    const admin = await t.createUser({ role: 'admin' });
    const res = await t.request(admin, 'GET', `/api/admin/funnel?partnerId=${partner.partnerId}&months=2`);
    expect(res.json().total).toEqual(funnel.total);
    expect(res.json().enteredByHand).toBe(2);
  });

  it('keeps the bookings of the link within its visits when the partner enters referrals by hand', async () => {
    const partner = await t.createPartner();
    await t.db
      .insertInto('referralVisits')
      .values({ partnerId: partner.partnerId, referralCode: partner.referralCode, createdAt: t.clock.now })
      .execute();
    await lead(partner.referralCode, `lead-${randomUUID().slice(0, 8)}@funnel-shop.example`);
    for (let i = 0; i < 3; i++) {
      const res = await t.request(partner.user, 'POST', '/api/partners/referrals', {
        clientCompanyName: `By Hand ${i}`,
        serviceType: 'basic_accounting',
        monthlyValue: '900',
      });
      expect(res.statusCode).toBe(201);
    }
    const funnel = await t.caller(partner.user).partner.funnel({ months: 1 });
    expect(funnel.total).toMatchObject({ visits: 1, bookings: 1 });
    expect(funnel.enteredByHand).toBe(3);
  });
});
