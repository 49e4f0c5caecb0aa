// Ending a partnership and forfeiting fees: notice takes effect after the notice days (until then nothing
// changes), from that day the partner is inactive and fees of client payments for months before it are still
// earned; a breach of non-solicitation voids every pending fee with the reason, logged and mailed.

import { CLIENT_PAYMENT_MESSAGES, ENDING_MESSAGES } from '@portal/contracts';
import { migrations } from '@portal/db';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { feeOfPayment, type FeeReferral } from '../../src/services/money';
import { applyDueTerminations } from '../../src/services/partners';
import { useTestApp, expectRefusal, useClock, useUser, type PartnerFixture } from '../support';

const t = useTestApp();
useClock(t, '2026-11-26T10:00:00Z');
const admin = useUser(t, { role: 'admin' });

/** An admin's record of written notice ending the partnership (by either party). */
const terminate = (
  partnerId: string,
  notice: { givenBy: 'firm' | 'partner'; reason: string; effectiveDate?: string },
) => t.request(admin, 'POST', `/api/admin/partners/${partnerId}/terminate`, notice);

const statusOf = async (partnerId: string) =>
  (await t.db.selectFrom('partners').select('status').where('id', '=', partnerId).executeTakeFirstOrThrow()).status;

/** The mails of `kind` in the outbox, by recipient and subject. */
const mailsOf = async (kind: string) =>
  (await t.outboxMails({ kind })).map(({ recipient, subject }) => ({ recipient, subject }));

/** The answer to a notice the partner gave today (sent by them or recorded by an admin): active until it takes effect. */
function expectPartnerNotice(response: Awaited<ReturnType<typeof t.request>>, partnerId: string, reason: string) {
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({
    partnerId,
    givenBy: 'partner',
    reason,
    effectiveDate: '2026-12-26',
    status: 'active',
  });
}

/** The partner's referral of a new client: allowed until the partnership has ended. */
const referClient = (partner: PartnerFixture, clientCompanyName: string) =>
  t.request(partner.user, 'POST', '/api/partners/referrals', {
    clientCompanyName,
    serviceType: 'basic_accounting',
    monthlyValue: '500.00',
  });

describe('notice of termination', () => {
  it('takes effect the notice days after today; until then nothing changes, then the partner is inactive', async () => {
    const { partner, referralId } = await t.createPartnerWithWonClient();
    const response = await terminate(partner.partnerId, {
      givenBy: 'partner',
      reason: 'Closing the agency',
    });
    expectPartnerNotice(response, partner.partnerId, 'Closing the agency');
    expect((await referClient(partner, 'Still Allowed Co')).statusCode).toBe(201);

    t.clock.now = new Date('2026-12-26T06:00:00Z');
    expect(await applyDueTerminations(t.db, t.clock.now)).toBe(1);
    expect(await statusOf(partner.partnerId)).toBe('inactive');
    expect((await referClient(partner, 'Too Late Co')).statusCode).toBe(403);

    // Earned fees remain payable: December started before the end and earns; January does not.
    const december = await t.postClientPayment(admin, referralId, {
      periodMonth: '2026-12',
      amount: '500.00',
      paidAt: '2026-12-20',
    });
    expect(december.json().commission).toMatchObject({ amount: '50.00' });
    t.clock.now = new Date('2027-01-20T06:00:00Z');
    const january = await t.postClientPayment(admin, referralId, {
      periodMonth: '2027-01',
      amount: '500.00',
      paidAt: '2027-01-15',
    });
    expect(january.json()).toMatchObject({
      commission: null,
      reason: 'The partnership ended on Dec 26, 2026: payments for months from then on earn no fee',
    });
    t.clock.now = new Date('2026-11-26T10:00:00Z');
  });

  it('ends the partnership at once when the effective date is today, logged and mailed', async () => {
    const partner = await t.createPartner();
    const response = await terminate(partner.partnerId, {
      givenBy: 'firm',
      reason: 'Breach of the agreement',
      effectiveDate: '2026-11-26',
    });
    expect(response.json()).toMatchObject({ status: 'inactive', effectiveDate: '2026-11-26' });
    expect(await t.activityActions(partner.partnerId)).toEqual(['partner.notice_given', 'partner.terminated']);
    const mails = await mailsOf('partnershipEnding');
    expect(mails.map((mail) => mail.subject)).toContain('Your partnership ends on Nov 26, 2026');
  });

  it('refuses an effective date before today, a second notice, and an inactive partner', async () => {
    const partner = await t.createPartner();
    const past = await terminate(partner.partnerId, {
      givenBy: 'firm',
      reason: 'x',
      effectiveDate: '2026-11-25',
    });
    expectRefusal(past, 400, ENDING_MESSAGES.effectiveBeforeToday);
    await terminate(partner.partnerId, { givenBy: 'firm', reason: 'x' });
    const again = await terminate(partner.partnerId, {
      givenBy: 'partner',
      reason: 'y',
    });
    expectRefusal(again, 409, ENDING_MESSAGES.alreadyGiven('2026-12-26'));
    const inactive = await t.createPartner({ status: 'inactive' });
    const refused = await terminate(inactive.partnerId, {
      givenBy: 'firm',
      reason: 'x',
    });
    expect(refused.statusCode).toBe(409);
  });
});

describe('the reason a payment after the end earns nothing', () => {
  const referral: FeeReferral = {
    id: 'r',
    partnerId: 'p',
    clientCompanyName: 'Client',
    commissionAmount: '50.00',
    stage: 'won',
    contractStartDate: '2026-01-01',
    contractEndDate: null,
    churnDate: null,
    payoutDays: 30,
    qualifying: true,
    qualificationReason: null,
    terminationEffective: '2026-12-27',
    conflictOf: null,
    feesForfeitedAt: null,
  };
  const january = { periodMonth: '2027-01', amount: '500.00', paidAt: '2026-11-27' };

  it('says the partnership ends while the notice has not taken effect', () => {
    expect(feeOfPayment({ referral, payment: january, earnedMonths: new Set(), today: '2026-11-27' })).toEqual({
      cents: 0,
      reason: 'The partnership ends on Dec 27, 2026: payments for months from then on earn no fee',
    });
  });

  it('says the partnership ended from the effective day on', () => {
    expect(feeOfPayment({ referral, payment: january, earnedMonths: new Set(), today: '2026-12-27' }).reason).toBe(
      'The partnership ended on Dec 27, 2026: payments for months from then on earn no fee',
    );
    expect(CLIENT_PAYMENT_MESSAGES.partnershipEnded('2026-12-27', '2027-01-02')).toContain('ended on Dec 27, 2026');
  });
});

describe("a partnership's ending as it stands", () => {
  it('names the notice days of the partner’s terms and the day notice given today takes effect', async () => {
    const partner = await t.createPartner();
    const response = await t.request(admin, 'GET', `/api/admin/partners/${partner.partnerId}/partnership`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'active',
      noticeDays: 30,
      noticeEffectiveDate: '2026-12-26',
      termination: null,
      unpaidFees: { count: 0, amount: '0.00' },
      feesForfeitedAt: null,
    });
    await terminate(partner.partnerId, {
      givenBy: 'firm',
      reason: 'Program closing',
      effectiveDate: '2027-01-15',
    });
    const own = await t.request(partner.user, 'GET', '/api/partners/partnership');
    expect(own.json()).toEqual({
      status: 'active',
      noticeDays: 30,
      noticeEffectiveDate: '2026-12-26',
      termination: { givenBy: 'firm', reason: 'Program closing', effectiveDate: '2027-01-15' },
    });
  });
});

describe("a partner's own notice", () => {
  it('takes effect the notice days of their terms after today, logged, mailed to them and to the administrators', async () => {
    const partner = await t.createPartner({ companyName: 'Leaving Agency' });
    const response = await t.request(partner.user, 'POST', '/api/partners/notice', { reason: 'Retiring' });
    expectPartnerNotice(response, partner.partnerId, 'Retiring');
    const log = await t.activityEntries({ entityId: partner.partnerId });
    expect(log).toMatchObject([{ action: 'partner.notice_given', userId: partner.user.id }]);
    expect(await mailsOf('partnerNoticeGiven')).toContainEqual({
      recipient: admin.email,
      subject: 'Leaving Agency gave notice: the partnership ends on Dec 26, 2026',
    });
    const own = await t.outboxMails({ kind: 'partnershipEnding', recipient: partner.user.email });
    expect(own).toHaveLength(1);
    const shown = await t.request(partner.user, 'GET', '/api/partners/partnership');
    expect(shown.json().termination).toEqual({ givenBy: 'partner', reason: 'Retiring', effectiveDate: '2026-12-26' });
  });

  it('follows the notice days of a later terms version the partner accepted', async () => {
    const partner = await t.createPartner();
    const published = await t.publishTerms(admin, {
      agreementVersion: '1.5',
      noticeDays: 10,
      changes: ['Notice of ten days'],
    });
    expect(published.statusCode).toBe(201);
    await t.db
      .updateTable('partners')
      .set({ termsVersion: published.json().version })
      .where('id', '=', partner.partnerId)
      .execute();
    const response = await t.request(partner.user, 'POST', '/api/partners/notice', { reason: 'Short notice' });
    expect(response.json()).toMatchObject({ effectiveDate: '2026-12-06' });
  });

  it('refuses a second notice and a partner who is not active', async () => {
    const partner = await t.createPartner();
    await t.request(partner.user, 'POST', '/api/partners/notice', { reason: 'Leaving' });
    const again = await t.request(partner.user, 'POST', '/api/partners/notice', { reason: 'Leaving again' });
    expectRefusal(again, 409, ENDING_MESSAGES.alreadyGiven('2026-12-26'));
    const pending = await t.createPartner({ status: 'pending' });
    const refused = await t.request(pending.user, 'POST', '/api/partners/notice', { reason: 'x' });
    expectRefusal(refused, 409, ENDING_MESSAGES.notActive);
    const blank = await t.request(partner.user, 'POST', '/api/partners/notice', { reason: ' ' });
    expect(blank.statusCode).toBe(400);
  });
});

describe('withdrawing a notice before its day', () => {
  it('lets a partner withdraw its own notice: the partnership continues, logged, mailed to it and the administrators', async () => {
    t.clock.now = new Date('2026-11-26T10:00:00Z');
    const partner = await t.createPartner({ companyName: 'Second Thoughts LLC' });
    await t.request(partner.user, 'POST', '/api/partners/notice', { reason: 'Leaving' });
    const withdrawn = await t.request(partner.user, 'DELETE', '/api/partners/notice');
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ status: 'active', termination: null });
    expect(await t.row('partners', partner.partnerId)).toMatchObject({
      terminationGivenBy: null,
      terminationReason: null,
      terminationEffective: null,
    });
    expect(await t.activityActions(partner.partnerId)).toEqual(['partner.notice_given', 'partner.notice_withdrawn']);
    const [entry] = await t.activityEntries({ entityId: partner.partnerId, action: 'partner.notice_withdrawn' });
    expect(entry).toMatchObject({ userId: partner.user.id });
    expect(entry?.details).toMatchObject({ givenBy: 'partner', withdrawnBy: 'partner' });
    expect(await mailsOf('noticeWithdrawn')).toContainEqual({
      recipient: partner.user.email,
      subject: 'Your partnership continues: the notice is withdrawn',
    });
    expect(await mailsOf('partnerNoticeWithdrawn')).toContainEqual({
      recipient: admin.email,
      subject: 'Second Thoughts LLC withdrew its notice: the partnership continues',
    });
    // Nothing is left of it: the partner may give notice again, and the timer ends nothing on the old day.
    const again = await t.request(partner.user, 'POST', '/api/partners/notice', { reason: 'Leaving after all' });
    expect(again.statusCode).toBe(200);
  });

  it('lets an administrator withdraw the firm’s notice (the partner is mailed) but not a partner', async () => {
    t.clock.now = new Date('2026-11-26T10:00:00Z');
    const partner = await t.createPartner();
    await terminate(partner.partnerId, { givenBy: 'firm', reason: 'Program closing' });
    const refused = await t.request(partner.user, 'DELETE', '/api/partners/notice');
    expectRefusal(refused, 409, ENDING_MESSAGES.firmNotice);
    const withdrawn = await t.request(admin, 'DELETE', `/api/admin/partners/${partner.partnerId}/notice`);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ status: 'active', termination: null, unpaidFees: { count: 0 } });
    const [entry] = await t.activityEntries({ entityId: partner.partnerId, action: 'partner.notice_withdrawn' });
    expect(entry).toMatchObject({ userId: admin.id });
    expect(entry?.details).toMatchObject({ givenBy: 'firm', withdrawnBy: 'firm' });
    const [toPartner] = await t.outboxMails({ kind: 'noticeWithdrawn', recipient: partner.user.email });
    expect(toPartner?.textBody).toContain(
      'we withdrew the notice that would have ended the Affiliate Agreement on Dec 26, 2026',
    );
  });

  it('refuses when no notice was given, and once the notice has taken effect', async () => {
    t.clock.now = new Date('2026-11-26T10:00:00Z');
    const partner = await t.createPartner();
    const none = await t.request(admin, 'DELETE', `/api/admin/partners/${partner.partnerId}/notice`);
    expectRefusal(none, 409, ENDING_MESSAGES.noNotice);
    await t.request(partner.user, 'POST', '/api/partners/notice', { reason: 'Leaving' });
    // The day has come: ended even before the daily timer makes the partner inactive.
    t.clock.now = new Date('2026-12-26T01:00:00Z');
    const late = await t.request(partner.user, 'DELETE', '/api/partners/notice');
    expectRefusal(late, 409, ENDING_MESSAGES.alreadyEnded('2026-12-26'));
    expect((await t.row('partners', partner.partnerId)).terminationEffective).toBe('2026-12-26');
    const unknown = await t.request(admin, 'DELETE', '/api/admin/partners/00000000-0000-4000-8000-000000000000/notice');
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.request(admin, 'DELETE', '/api/admin/partners/not-an-id/notice');
    expect(malformed.statusCode).toBe(400);
    t.clock.now = new Date('2026-11-26T10:00:00Z');
  });
});

describe('forfeiting fees', () => {
  it('voids every unpaid fee, pending or failed, with the reason and leaves paid ones, logged and mailed', async () => {
    const { partner, referralId } = await t.createPartnerWithWonClient();
    const pending = [
      await t.createCommission({ partnerId: partner.partnerId, referralId, monthYear: '2026-09' }),
      await t.createCommission({ partnerId: partner.partnerId, referralId, monthYear: '2026-10' }),
      await t.createCommission({ partnerId: partner.partnerId, referralId, monthYear: '2026-07', status: 'failed' }),
    ];
    const paid = await t.createCommission({
      partnerId: partner.partnerId,
      referralId,
      monthYear: '2026-08',
      status: 'paid',
    });
    const before = await t.request(admin, 'GET', `/api/admin/partners/${partner.partnerId}/partnership`);
    expect(before.json()).toMatchObject({ unpaidFees: { count: 3, amount: '150.00' } });
    const response = await t.request(admin, 'POST', `/api/admin/partners/${partner.partnerId}/forfeit`, {
      reason: 'Solicited a client of the firm',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      partnerId: partner.partnerId,
      voided: 3,
      amount: '150.00',
      feesForfeitedAt: t.clock.now.toISOString(),
    });
    const rows = await t.db
      .selectFrom('commissions')
      .select(['id', 'status', 'voidReason'])
      .where('partnerId', '=', partner.partnerId)
      .execute();
    for (const id of pending)
      expect(rows.find((row) => row.id === id)).toMatchObject({
        status: 'voided',
        voidReason: 'Solicited a client of the firm',
      });
    expect(rows.find((row) => row.id === paid)?.status).toBe('paid');
    expect(await t.outboxMails({ kind: 'feesForfeited' })).toHaveLength(1);
    const after = await t.request(admin, 'GET', `/api/admin/partners/${partner.partnerId}/partnership`);
    expect(after.json()).toMatchObject({
      unpaidFees: { count: 0, amount: '0.00' },
      feesForfeitedAt: t.clock.now.toISOString(),
    });
  });

  it('forfeits the future fees of a partner with none unpaid: later payments and accruals earn nothing', async () => {
    const { partner, referralId } = await t.createPartnerWithWonClient();
    await t.createCommission({ partnerId: partner.partnerId, referralId, monthYear: '2026-08', status: 'paid' });
    const before = await t.request(admin, 'GET', `/api/admin/partners/${partner.partnerId}/partnership`);
    expect(before.json()).toMatchObject({ unpaidFees: { count: 0 }, feesForfeitedAt: null });
    const response = await t.request(admin, 'POST', `/api/admin/partners/${partner.partnerId}/forfeit`, {
      reason: 'Solicited a client of the firm',
    });
    expect(response.statusCode, response.body).toBe(200);
    const forfeitedAt = t.clock.now.toISOString();
    expect(response.json()).toEqual({
      partnerId: partner.partnerId,
      voided: 0,
      amount: '0.00',
      feesForfeitedAt: forfeitedAt,
    });
    expect(await t.outboxMails({ kind: 'feesForfeited', recipient: partner.user.email })).toHaveLength(1);

    const paid = await t.caller(admin).admin.recordClientPayment({
      id: referralId,
      periodMonth: '2026-10',
      amount: '1500.00',
      paidAt: '2026-11-20',
    });
    expect(paid.commission).toBeNull();
    expect(paid.reason).toBe(CLIENT_PAYMENT_MESSAGES.feesForfeited(forfeitedAt));
    const accrued = await t.caller(admin).admin.accrue({ month: '2026-09' });
    expect(accrued.created).toBe(0);
    const unpaid = await t.db
      .selectFrom('commissions')
      .select('id')
      .where('partnerId', '=', partner.partnerId)
      .where('status', '!=', 'paid')
      .execute();
    expect(unpaid).toEqual([]);
  });

  it('is 409 once the fees are forfeited and none is unpaid, logging and mailing nothing more', async () => {
    const partner = await t.createPartner();
    const first = await t.request(admin, 'POST', `/api/admin/partners/${partner.partnerId}/forfeit`, {
      reason: 'Breach',
    });
    expect(first.statusCode).toBe(200);
    const response = await t.request(admin, 'POST', `/api/admin/partners/${partner.partnerId}/forfeit`, {
      reason: 'Solicited a client of the firm',
    });
    expectRefusal(response, 409, ENDING_MESSAGES.alreadyForfeited(first.json().feesForfeitedAt));
    expect(ENDING_MESSAGES.alreadyForfeited('2026-11-26T10:00:00.000Z')).toMatch(
      /^This partner forfeited its fees on Nov 26, 2026/,
    );
    expect(await t.activityActions(partner.partnerId)).toEqual(['partner.fees_forfeited']);
    expect(await t.outboxMails({ kind: 'feesForfeited', recipient: partner.user.email })).toHaveLength(1);
  });

  it('voids and mails once when forfeits of one partner arrive at the same moment; the others are 409', async () => {
    const { partner, referralId } = await t.createPartnerWithWonClient();
    await t.createCommission({ partnerId: partner.partnerId, referralId, monthYear: '2026-09' });
    await t.createCommission({ partnerId: partner.partnerId, referralId, monthYear: '2026-10' });
    const responses = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.request(admin, 'POST', `/api/admin/partners/${partner.partnerId}/forfeit`, { reason: 'Breach' }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    expect(responses.find((r) => r.statusCode === 200)?.json()).toMatchObject({ voided: 2, amount: '100.00' });
    const { feesForfeitedAt } = responses.find((r) => r.statusCode === 200)?.json() ?? {};
    for (const refused of responses.filter((r) => r.statusCode === 409))
      expectRefusal(refused, 409, ENDING_MESSAGES.alreadyForfeited(feesForfeitedAt));
    expect(await t.activityActions(partner.partnerId)).toEqual(['partner.fees_forfeited']);
    expect(await t.outboxMails({ kind: 'feesForfeited', recipient: partner.user.email })).toHaveLength(1);
  });

  it('is refused by tRPC with the same words', async () => {
    const partner = await t.createPartner();
    const { feesForfeitedAt } = await t
      .caller(admin)
      .admin.forfeitPartnerFees({ id: partner.partnerId, reason: 'Breach' });
    await expect(
      t.caller(admin).admin.forfeitPartnerFees({ id: partner.partnerId, reason: 'Breach' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: ENDING_MESSAGES.alreadyForfeited(feesForfeitedAt) });
  });

  it('keeps the moment of a forfeiture logged before the column existed, so later payments of that partner earn nothing', async () => {
    const partner = await t.createPartner();
    await t.request(admin, 'POST', `/api/admin/partners/${partner.partnerId}/forfeit`, { reason: 'Breach' });
    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('0036-refund-clawback-payments')).error).toBeUndefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const [logged] = await t.activityEntries({ entityId: partner.partnerId, action: 'partner.fees_forfeited' });
    const row = await t.row('partners', partner.partnerId);
    expect(row.feesForfeitedAt).toEqual(logged?.createdAt);
  });

  it('is the administrator’s alone', async () => {
    const finance = await t.createUser({ role: 'finance' });
    const partner = await t.createPartner();
    const response = await t.request(finance, 'POST', `/api/admin/partners/${partner.partnerId}/forfeit`, {
      reason: 'x',
    });
    expect(response.statusCode).toBe(403);
  });
});
