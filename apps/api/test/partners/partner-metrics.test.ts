import { describe, expect, it } from 'vitest';
import { useTestApp, expectRefusal } from '../support';
import { MESSAGES, REFERRAL_MESSAGES } from '@portal/contracts';
import { sql } from 'kysely';
import { landingPath } from '../../src/services/referrals';
import { createInnerContext } from '../../src/trpc/context';
import { createCaller } from '../../src/trpc/router';

const t = useTestApp();

/** POST /api/referral-visits: a visit of a partner's link, from `remoteAddress` (default 127.0.0.1) with `userAgent`. */
const postVisit = (payload: Record<string, unknown>, from: { userAgent?: string; remoteAddress?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/referral-visits',
    payload,
    remoteAddress: from.remoteAddress,
    headers: from.userAgent ? { 'user-agent': from.userAgent } : {},
  });

/** The link visits stored for the partner. */
const visitsOf = (partnerId: string) =>
  t.db.selectFrom('referralVisits').selectAll().where('partnerId', '=', partnerId).execute();

describe('partner.metrics', () => {
  it('sums paid, pending and this month in SQL, counts active referrals, and names the month', async () => {
    t.clock.now = new Date('2026-09-10T12:00:00Z');
    const partner = await t.createPartner();
    const stranger = await t.createPartner();
    const active = await t.createWonClient(partner.partnerId);
    const later = await t.createWonClient(partner.partnerId, { contractStartDate: '2026-10-01' }); // starts next month
    const churned = await t.createWonClient(partner.partnerId, {
      contractStartDate: '2026-01-01',
      churnDate: '2026-08-31',
    });
    await t.createReferral(partner.partnerId, { stage: 'proposal' });
    const theirs = await t.createWonClient(stranger.partnerId);
    await t.createCommission({
      partnerId: partner.partnerId,
      referralId: active,
      monthYear: '2026-07',
      amount: '100.10',
      status: 'paid',
    });
    await t.createCommission({
      partnerId: partner.partnerId,
      referralId: active,
      monthYear: '2026-08',
      amount: '0.20',
      status: 'paid',
    });
    await t.createCommission({
      partnerId: partner.partnerId,
      referralId: later,
      monthYear: '2026-09',
      amount: '50.00',
      status: 'pending',
    });
    await t.createCommission({
      partnerId: partner.partnerId,
      referralId: churned,
      monthYear: '2026-09',
      amount: '30.00',
      status: 'failed',
    });
    await t.createCommission({
      partnerId: stranger.partnerId,
      referralId: theirs,
      monthYear: '2026-09',
      amount: '999.00',
      status: 'paid',
    });

    const res = await t.request(partner.user, 'GET', '/api/partners/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      totalEarnings: '100.30',
      pendingCommissions: '50.00',
      // The failed fee is still earned and owed: named on its own and counted in the month.
      failedCommissions: '30.00',
      thisMonthEarnings: '80.00',
      activeReferralCount: 1,
      currentMonth: '2026-09',
      linkVisitsThisMonth: 0,
    });
  });

  it('answers zeros with two decimals for a new partner', async () => {
    const partner = await t.createPartner();
    expect(await t.caller(partner.user).partner.metrics()).toMatchObject({
      totalEarnings: '0.00',
      pendingCommissions: '0.00',
      failedCommissions: '0.00',
      thisMonthEarnings: '0.00',
      activeReferralCount: 0,
    });
  });

  it('refuses a suspended partner with 403', async () => {
    const partner = await t.createPartner({ status: 'suspended' });
    const res = await t.request(partner.user, 'GET', '/api/partners/metrics');
    expect(res.statusCode).toBe(403);
  });
});

describe('referral link and visits', () => {
  it("answers an active partner's link, case-insensitively, with company and code only", async () => {
    const partner = await t.createPartner({ companyName: 'Linked Co' });
    const res = await t.app.inject({ method: 'GET', url: `/api/referral-links/${partner.referralCode.toLowerCase()}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ companyName: 'Linked Co', referralCode: partner.referralCode });
  });

  it.each(['pending', 'suspended', 'rejected'] as const)("answers 404 for a %s partner's code", async (status) => {
    const partner = await t.createPartner({ status });
    expect((await t.app.inject({ method: 'GET', url: `/api/referral-links/${partner.referralCode}` })).statusCode).toBe(
      404,
    );
  });

  it('answers 404 for an unknown code', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/referral-links/NOPE-0000' });
    expectRefusal(res, 404, REFERRAL_MESSAGES.referralLinkNotFound);
  });

  it('answers null over tRPC for an unknown or inactive code: an expected answer, not a failed request', async () => {
    const pending = await t.createPartner({ status: 'pending' });
    for (const code of ['NOPE-0000', pending.referralCode]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/trpc/public.referralLink?input=${encodeURIComponent(JSON.stringify({ code }))}`,
      });
      expect(res.statusCode, code).toBe(200);
      expect(res.json(), code).toEqual({ result: { data: null } });
    }
    const active = await t.createPartner({ companyName: 'Found Co' });
    const found = await t.app.inject({
      method: 'GET',
      url: `/trpc/public.referralLink?input=${encodeURIComponent(JSON.stringify({ code: active.referralCode }))}`,
    });
    expect(found.json()).toEqual({ result: { data: { companyName: 'Found Co', referralCode: active.referralCode } } });
  });

  it('counts visits of this month for the partner, and stores no address or browser', async () => {
    t.clock.now = new Date('2026-09-10T12:00:00Z');
    const partner = await t.createPartner();
    const visit = (at: string, code = partner.referralCode) => {
      t.clock.now = new Date(at);
      const payload = {
        referralCode: code,
        utmSource: 'newsletter',
        utmMedium: 'email',
        utmCampaign: 'fall',
        landingPage: '/r/x?email=someone@example.com',
      };
      return postVisit(payload, { userAgent: 'Secret Browser 1.0' });
    };
    const first = await visit('2026-09-01T00:00:00Z');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ recorded: true });
    await visit('2026-09-30T23:59:59Z', partner.referralCode.toLowerCase());
    await visit('2026-08-31T12:00:00Z'); // last month
    await visit('2026-10-01T12:00:00Z'); // next month
    t.clock.now = new Date('2026-09-15T00:00:00Z');
    const metrics = await t.caller(partner.user).partner.metrics();
    expect(metrics.linkVisitsThisMonth).toBe(2);

    const rows = await visitsOf(partner.partnerId);
    expect(rows).toHaveLength(4);
    expect(rows[0]).toMatchObject({
      referralCode: partner.referralCode,
      utmSource: 'newsletter',
      utmMedium: 'email',
      utmCampaign: 'fall',
      landingPage: '/r/x',
    });
    expect(JSON.stringify(rows)).not.toMatch(/127\.0\.0\.1|Secret Browser|someone@example/);
  });

  it('answers 404 for a visit of an unknown or inactive code, and stores nothing', async () => {
    const pending = await t.createPartner({ status: 'pending' });
    for (const referralCode of ['GHOST-1234', pending.referralCode]) {
      const res = await postVisit({ referralCode });
      expectRefusal(res, 404, REFERRAL_MESSAGES.referralLinkNotFound);
      const rows = await t.db
        .selectFrom('referralVisits')
        .selectAll()
        .where(sql<string>`lower(referral_code)`, '=', referralCode.toLowerCase())
        .execute();
      expect(rows).toHaveLength(0);
    }
    await expect(
      createCaller(createInnerContext(t.deps, null, { ip: '10.7.7.7' })).public.recordVisit({
        referralCode: 'GHOST-1234',
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const { n } = await t.db
      .selectFrom('referralVisits')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('partnerId', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(0);
  });

  it('counts the same visitor once per code per 30 minutes, by a keyed hash of address and browser', async () => {
    const partner = await t.createPartner();
    const other = await t.createPartner();
    const visit = (at: string, options: { code?: string; ua?: string; ip?: string } = {}) => {
      t.clock.now = new Date(at);
      return postVisit(
        { referralCode: options.code ?? partner.referralCode },
        { userAgent: options.ua ?? 'Repeat Browser 2.0', remoteAddress: options.ip ?? '10.20.30.40' },
      );
    };
    expect((await visit('2026-09-10T12:00:00Z')).json()).toEqual({ recorded: true });
    expect((await visit('2026-09-10T12:10:00Z')).json()).toEqual({ recorded: false });
    expect((await visit('2026-09-10T12:29:59Z', { code: partner.referralCode.toLowerCase() })).json()).toEqual({
      recorded: false,
    });
    expect((await visit('2026-09-10T12:11:00Z', { ua: 'Another Browser' })).json()).toEqual({ recorded: true });
    expect((await visit('2026-09-10T12:12:00Z', { ip: '10.20.30.41' })).json()).toEqual({ recorded: true });
    expect((await visit('2026-09-10T12:13:00Z', { code: other.referralCode })).json()).toEqual({ recorded: true });
    expect((await visit('2026-09-10T12:30:01Z')).json()).toEqual({ recorded: true });
    // Two at the same moment: one is counted.
    t.clock.now = new Date('2026-09-10T15:00:00Z');
    const both = await Promise.all(
      [0, 1].map(() =>
        postVisit({ referralCode: partner.referralCode }, { userAgent: 'Twin', remoteAddress: '10.20.30.42' }),
      ),
    );
    expect(both.map((r) => r.json().recorded).sort()).toEqual([false, true]);

    const rows = await visitsOf(partner.partnerId);
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row.visitorHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toMatch(/10\.20\.30|Repeat Browser|Another Browser|Twin/);
  });

  it('refuses a visit without a code with 400', async () => {
    expect((await postVisit({ utmSource: 'x' })).statusCode).toBe(400);
  });

  it('throttles visits per address with 429 and Retry-After', { timeout: 90_000 }, async () => {
    // Its own address, so the other tests' visits (from 127.0.0.1) do not share the budget.
    const flooded = await t.createPartner();
    const visit = (remoteAddress: string) => postVisit({ referralCode: flooded.referralCode }, { remoteAddress });
    for (let i = 0; i < 120; i++) expect((await visit('10.1.2.3')).statusCode).toBe(201);
    const refused = await visit('10.1.2.3');
    expectRefusal(refused, 429, MESSAGES.tooManyAttempts);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await visit('10.9.9.9')).statusCode).toBe(201);
  });

  it.each([
    ['/r/ACME-1234?utm_source=x', '/r/ACME-1234'],
    ['https://portal.example/partners/ACME#top', '/partners/ACME'],
    [undefined, null],
  ])('keeps only the path of %s', (input, expected) => {
    expect(landingPath(input)).toBe(expected);
  });
});
