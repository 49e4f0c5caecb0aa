import { describe, expect, it } from 'vitest';
import { MESSAGES, REFERRAL_MESSAGES } from '@portal/contracts';
import { RATE_POLICIES } from '../../src/services/platform';
import { addressSequence, useTestApp, expectRefusal, useUser, usePartner } from '../support';
import type { SessionUser } from '../../src/trpc/context';

const t = useTestApp();
const admin = useUser(t, { role: 'admin' });
const active = usePartner(t, { status: 'active', companyName: 'Acme Referrers' });
const other = usePartner(t, { status: 'active', companyName: 'Other Partners' });
const freshIp = addressSequence('10.12');

const validReferral = {
  clientCompanyName: 'Shopify Store Inc',
  clientEmail: 'owner@store.example',
  serviceType: 'controller',
  monthlyValue: '2500',
  notes: 'Warm lead',
};

const post = (url: string, user: SessionUser | null, payload: object) => t.request(user, 'POST', url, payload);
const postOnce = (url: string, user: SessionUser, payload: object, key: string) =>
  t.request(user, 'POST', url, payload, { 'idempotency-key': key });
const get = (url: string, user: SessionUser | null) => t.request(user, 'GET', url);

describe('POST /api/partners/referrals', () => {
  it('creates a booked referral with the controller commission and answers 201', async () => {
    const res = await post('/api/partners/referrals', active.user, validReferral);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      stage: 'booked',
      commissionAmount: '100.00',
      monthlyValue: '2500.00',
      clientEmail: 'owner@store.example',
      partnerId: active.partnerId,
    });
  });

  it('stores 50.00 for basic accounting and accepts a number as the monthly value', async () => {
    const res = await post('/api/partners/referrals', active.user, {
      clientCompanyName: 'Basic Co',
      serviceType: 'basic_accounting',
      monthlyValue: 799.5,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ commissionAmount: '50.00', monthlyValue: '799.50' });
  });

  it('defaults the service to basic accounting', async () => {
    const res = await post('/api/partners/referrals', active.user, {
      clientCompanyName: 'Default Co',
      monthlyValue: '10',
    });
    expect(res.json()).toMatchObject({ serviceType: 'basic_accounting', commissionAmount: '50.00' });
  });

  it.each([
    ['a value below 1', { monthlyValue: '0.99' }, MESSAGES.monthlyValueRequired],
    ['no value', { monthlyValue: undefined }, MESSAGES.monthlyValueRequired],
    ['text', { monthlyValue: 'lots' }, MESSAGES.monthlyValueRequired],
    ['a value beyond numeric(10,2)', { monthlyValue: '100000000' }, MESSAGES.monthlyValueTooLarge],
    [
      'a value beyond the documented maximum of 1,000,000.00',
      { monthlyValue: '1000000.01' },
      MESSAGES.monthlyValueTooLarge,
    ],
    [
      'a line break in the company name',
      { clientCompanyName: 'Acme\n=1+1' },
      'Company name must be a single line without control characters',
    ],
    ['a blank company', { clientCompanyName: '  ' }, MESSAGES.companyNameRequired],
    ['a bad client email', { clientEmail: 'nope' }, MESSAGES.invalidClientEmail],
    ['an unknown service', { serviceType: 'tax' }, MESSAGES.serviceTypeRequired],
    ['an impossible consultation date', { consultationDate: '2026-02-31' }, MESSAGES.invalidDate],
  ])('refuses %s with 400 and the spec message', async (_name, change, message) => {
    const res = await post('/api/partners/referrals', active.user, { ...validReferral, ...change });
    expectRefusal(res, 400, message);
  });

  it.each(['pending', 'suspended', 'inactive', 'rejected'] as const)(
    'refuses a %s partner with 403',
    async (status) => {
      const partner = await t.createPartner({ status });
      const res = await post('/api/partners/referrals', partner.user, validReferral);
      expectRefusal(res, 403, MESSAGES.partnerNotActive);
      const count = await t.db
        .selectFrom('referrals')
        .where('partnerId', '=', partner.partnerId)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
    },
  );

  it('refuses anonymous callers with 401 and admins with 403', async () => {
    expect((await post('/api/partners/referrals', null, validReferral)).statusCode).toBe(401);
    expect((await post('/api/partners/referrals', admin, validReferral)).statusCode).toBe(403);
  });

  it("sets the partner's first and last referral dates and writes an activity row", async () => {
    const partner = await t.createPartner();
    t.clock.now = new Date('2026-03-05T10:00:00Z');
    const first = await post('/api/partners/referrals', partner.user, validReferral);
    t.clock.now = new Date('2026-04-07T10:00:00Z');
    await post('/api/partners/referrals', partner.user, { ...validReferral, clientEmail: 'owner@second.example' });
    t.clock.now = new Date();
    const row = await t.row('partners', partner.partnerId);
    expect(row.firstReferralDate?.toISOString()).toBe('2026-03-05T10:00:00.000Z');
    expect(row.lastReferralDate?.toISOString()).toBe('2026-04-07T10:00:00.000Z');
    const log = await t.db.selectFrom('activityLog').selectAll().where('entityId', '=', first.json().id).execute();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: 'referral.created', userId: partner.user.id, entityType: 'referral' });
  });
});

describe('one referral per client and partner', () => {
  it('refuses a partner’s second referral of the same client email (409), whatever its case; after a loss it may be referred again', async () => {
    const partner = await t.createPartner();
    const first = await post('/api/partners/referrals', partner.user, validReferral);
    expect(first.statusCode).toBe(201);
    const again = await post('/api/partners/referrals', partner.user, {
      ...validReferral,
      clientCompanyName: 'Same Store, New Name',
      clientEmail: 'OWNER@Store.example',
    });
    expectRefusal(again, 409, REFERRAL_MESSAGES.clientAlreadyReferred);
    const noEmail = await post('/api/partners/referrals', partner.user, { ...validReferral, clientEmail: '' });
    expect(noEmail.statusCode).toBe(201);

    await t.db.updateTable('referrals').set({ stage: 'lost' }).where('id', '=', first.json().id).execute();
    const afterLoss = await post('/api/partners/referrals', partner.user, validReferral);
    expect(afterLoss.statusCode).toBe(201);
  });

  it('refuses an admin’s Add Client of a client the partner already has (409)', async () => {
    const partner = await t.createPartner();
    await post('/api/partners/referrals', partner.user, { ...validReferral, clientEmail: 'books@twice.example' });
    const addClient = { ...validReferral, partnerId: partner.partnerId, clientEmail: 'books@twice.example' };
    expectRefusal(
      await post('/api/admin/referrals', admin, addClient),
      409,
      REFERRAL_MESSAGES.clientAlreadyWithPartner,
    );
  });

  it('keeps one referral when ten creates of the same client race, each with its own key', async () => {
    const partner = await t.createPartner();
    const payload = { ...validReferral, clientEmail: 'race@one-client.example' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        postOnce('/api/partners/referrals', partner.user, payload, `race-key-${i}-x`),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
    const referrals = await t.caller(partner.user).partner.referrals();
    expect(referrals.map((referral) => referral.clientEmail)).toEqual(['race@one-client.example']);
  });
});

describe('Idempotency-Key on creating referrals and clients', () => {
  it('creates one referral for a double submit with the same key, and replays the first answer', async () => {
    const partner = await t.createPartner({ status: 'active', companyName: 'Double Clickers' });
    const body = { ...validReferral, clientCompanyName: 'Nimbus Pet Supply' };
    const [first, second] = await Promise.all([
      postOnce('/api/partners/referrals', partner.user, body, 'create-referral-0001'),
      postOnce('/api/partners/referrals', partner.user, body, 'create-referral-0001'),
    ]);
    expect(first.json().id).toBe(second.json().id);
    expect([first.headers['idempotent-replayed'], second.headers['idempotent-replayed']]).toContain('true');
    const list = await get('/api/partners/referrals', partner.user);
    expect(
      list.json().filter((r: { clientCompanyName: string }) => r.clientCompanyName === 'Nimbus Pet Supply'),
    ).toHaveLength(1);
    const other = await postOnce(
      '/api/partners/referrals',
      partner.user,
      { ...body, notes: 'changed' },
      'create-referral-0001',
    );
    expect(other.statusCode).toBe(422);
  });

  it('adds one client for a repeated Add Client with the same key', async () => {
    const body = {
      partnerId: active.partnerId,
      clientCompanyName: 'Once Only Goods',
      serviceType: 'basic_accounting',
      monthlyValue: 900,
    };
    const first = await postOnce('/api/admin/referrals', admin, body, 'add-client-key-0001');
    const retry = await postOnce('/api/admin/referrals', admin, body, 'add-client-key-0001');
    expect(first.statusCode).toBe(201);
    expect(retry.json().id).toBe(first.json().id);
    expect(retry.headers['idempotent-replayed']).toBe('true');
  });
});

describe('GET /api/partners/referrals', () => {
  it("lists only the partner's own referrals, newest first", async () => {
    const partner = await t.createPartner();
    for (const [name, at] of [
      ['Older', '2026-01-01T00:00:00Z'],
      ['Newer', '2026-02-01T00:00:00Z'],
    ] as const) {
      t.clock.now = new Date(at);
      await t.caller(partner.user).partner.createReferral({ clientCompanyName: name, monthlyValue: '100' });
    }
    t.clock.now = new Date();
    await t.createReferral(other.partnerId, { clientCompanyName: 'Not Yours' });
    const res = await get('/api/partners/referrals', partner.user);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { clientCompanyName: string }) => r.clientCompanyName)).toEqual(['Newer', 'Older']);
  });

  it('never shows another partner a referral, through any list', async () => {
    const secret = await t.createReferral(active.partnerId, { clientCompanyName: 'Secret Client' });
    const res = await get('/api/partners/referrals', other.user);
    expect(res.json().some((r: { id: string }) => r.id === secret)).toBe(false);
    const admins = await get('/api/admin/referrals?limit=100', other.user);
    expect(admins.statusCode).toBe(403);
  });

  it('refuses a pending partner with 403 and a user without a partner record with 404', async () => {
    const pending = await t.createPartner({ status: 'pending' });
    expect((await get('/api/partners/referrals', pending.user)).statusCode).toBe(403);
    const bare = await t.createUser({ role: 'partner' });
    expect((await get('/api/partners/referrals', bare)).statusCode).toBe(404);
  });
});

describe('admin referrals', () => {
  it('lists every referral with its partner company, paged, with X-Total-Count', async () => {
    const partner = await t.createPartner({ companyName: 'Paging Partner' });
    for (let i = 0; i < 3; i++) await t.createReferral(partner.partnerId, { clientCompanyName: `Paged ${i}` });
    const res = await get(`/api/admin/referrals?partnerId=${partner.partnerId}&limit=2&sort=clientCompanyName`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.json()).toHaveLength(2);
    expect(res.json()[0]).toMatchObject({ clientCompanyName: 'Paged 0', partnerCompanyName: 'Paging Partner' });
    const next = await get(
      `/api/admin/referrals?partnerId=${partner.partnerId}&limit=2&offset=2&sort=clientCompanyName`,
      admin,
    );
    expect(next.json().map((r: { clientCompanyName: string }) => r.clientCompanyName)).toEqual(['Paged 2']);
  });

  it('filters by stage and searches client and partner names', async () => {
    const partner = await t.createPartner({ companyName: 'Zebra Searchable' });
    await t.createWonClient(partner.partnerId, { clientCompanyName: 'Won Deal' });
    await t.createReferral(partner.partnerId, { clientCompanyName: 'Lost Deal', stage: 'lost' });
    const byStage = await t.caller(admin).admin.referrals({ partnerId: partner.partnerId, stage: 'lost' });
    expect(byStage.items.map((r) => r.clientCompanyName)).toEqual(['Lost Deal']);
    const bySearch = await t.caller(admin).admin.referrals({ search: 'zebra' });
    expect(bySearch.total).toBe(2);
  });

  it('refuses a bad limit with 400 and partners with 403', async () => {
    expect((await get('/api/admin/referrals?limit=1000', admin)).statusCode).toBe(400);
    expect((await get('/api/admin/referrals', active.user)).statusCode).toBe(403);
    expect((await get('/api/admin/referrals', null)).statusCode).toBe(401);
  });

  it('adds a client to an active partner with 201', async () => {
    const res = await post('/api/admin/referrals', admin, {
      partnerId: active.partnerId,
      clientCompanyName: 'Manual Client',
      clientEmail: '',
      serviceType: 'basic_accounting',
      monthlyValue: 1200,
      contractStartDate: '2026-01-15',
      notes: '',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      stage: 'booked',
      partnerCompanyName: 'Acme Referrers',
      commissionAmount: '50.00',
      contractStartDate: '2026-01-15',
      clientEmail: null,
      notes: null,
      referralSource: 'admin',
    });
    const log = await t.db.selectFrom('activityLog').selectAll().where('entityId', '=', res.json().id).execute();
    expect(log.map((l) => l.action)).toEqual(['referral.client_added']);
  });

  it.each([
    ['no partner', { partnerId: undefined }, MESSAGES.selectAffiliate],
    ['no company', { clientCompanyName: '' }, MESSAGES.companyNameRequired],
    ['a bad email', { clientEmail: 'x@' }, MESSAGES.invalidClientEmail],
    ['no service', { serviceType: undefined }, MESSAGES.serviceTypeRequired],
    ['no monthly value', { monthlyValue: '' }, MESSAGES.monthlyValueRequired],
    [
      'an end before the start',
      { contractStartDate: '2026-05-01', contractEndDate: '2026-04-30' },
      REFERRAL_MESSAGES.contractEndBeforeStart,
    ],
  ])('refuses a client with %s (400)', async (_name, change, message) => {
    const res = await post('/api/admin/referrals', admin, {
      partnerId: active.partnerId,
      clientCompanyName: 'X',
      serviceType: 'controller',
      monthlyValue: '500',
      ...change,
    });
    expectRefusal(res, 400, message);
  });

  it.each(['pending', 'suspended', 'inactive'] as const)(
    'refuses a client for a %s partner with 400',
    async (status) => {
      const partner = await t.createPartner({ status });
      const res = await post('/api/admin/referrals', admin, {
        partnerId: partner.partnerId,
        clientCompanyName: 'X',
        serviceType: 'controller',
        monthlyValue: '500',
      });
      expectRefusal(res, 400, REFERRAL_MESSAGES.partnerNotActiveForClient);
    },
  );

  it('answers 404 for an unknown partner and 403 for a partner caller', async () => {
    const body = {
      partnerId: '00000000-0000-4000-8000-000000000000',
      clientCompanyName: 'X',
      serviceType: 'controller',
      monthlyValue: '500',
    };
    const res = await post('/api/admin/referrals', admin, body);
    expectRefusal(res, 404, MESSAGES.partnerNotFound);
    expect((await post('/api/admin/referrals', active.user, { ...body, partnerId: active.partnerId })).statusCode).toBe(
      403,
    );
  });
});

describe('deals at the maximum monthly value', () => {
  it('lets the admin win 150 deals of 1,000,000.00 for one partner: the totals hold 150,000,000.00', async () => {
    const partner = await t.createPartner({ status: 'active' });
    const asPartner = t.caller(partner.user);
    const ids: string[] = [];
    for (let i = 0; i < 150; i++) {
      const created = await asPartner.partner.createReferral({
        clientCompanyName: `Big Store ${i}`,
        serviceType: 'controller',
        monthlyValue: '1000000.00',
      });
      ids.push(created.id);
    }
    for (const id of ids) {
      const res = await t.request(admin, 'PATCH', `/api/admin/referrals/${id}`, { stage: 'won' });
      expect(res.statusCode).toBe(200);
    }
    const row = await t.row('partners', partner.partnerId);
    expect(row.currentMrr).toBe('150000000.00');
    const details = await get(`/api/admin/partners/${partner.partnerId}`, admin);
    expect(details.statusCode).toBe(200);
    expect(details.json().currentMrr).toBe('150000000.00');
  });
});

describe('PATCH /api/admin/referrals/{id}', () => {
  const patch = (id: string, user: SessionUser | null, payload: object) =>
    t.request(user, 'PATCH', `/api/admin/referrals/${id}`, payload);

  it('moves a deal to won and the partner sees the stage', async () => {
    const id = await t.createReferral(active.partnerId, { clientCompanyName: 'Going Places' });
    const res = await patch(id, admin, { stage: 'won' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ stage: 'won', partnerCompanyName: 'Acme Referrers' });
    const mine = await get('/api/partners/referrals', active.user);
    expect(mine.json().find((r: { id: string }) => r.id === id)).toMatchObject({ stage: 'won' });
  });

  it('refuses an unknown stage with 400 and the message', async () => {
    const id = await t.createReferral(active.partnerId);
    const res = await patch(id, admin, { stage: 'closed' });
    expectRefusal(res, 400, MESSAGES.invalidStage);
  });

  it('answers 404 for an unknown referral and 400 for a malformed id', async () => {
    expect((await patch('00000000-0000-4000-8000-000000000000', admin, { stage: 'won' })).statusCode).toBe(404);
    expect((await patch('not-an-id', admin, { stage: 'won' })).statusCode).toBe(400);
  });

  it('refuses partners (403) and anonymous callers (401)', async () => {
    const id = await t.createReferral(active.partnerId);
    expect((await patch(id, active.user, { stage: 'won' })).statusCode).toBe(403);
    expect((await patch(id, null, { stage: 'won' })).statusCode).toBe(401);
    const row = await t.db.selectFrom('referrals').select('stage').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.stage).toBe('booked');
  });

  it('refuses a contract end before its start', async () => {
    const id = await t.createWonClient(active.partnerId, { contractStartDate: '2026-03-01' });
    const res = await patch(id, admin, { contractEndDate: '2026-02-01' });
    expectRefusal(res, 400, REFERRAL_MESSAGES.contractEndBeforeStart);
  });
});

describe('referral link look-ups', () => {
  it('are throttled per address over REST and tRPC, with 429 and Retry-After', async () => {
    const partner = await t.createPartner({ status: 'active' });
    const ip = freshIp();
    const points = RATE_POLICIES.referralLinkLookupsPerIp.points;
    /** GET /api/referral-links/{code} from `remoteAddress`. */
    const lookUp = (code: string, remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: `/api/referral-links/${code}`, remoteAddress });
    for (let i = 0; i < points - 1; i++) expect((await lookUp(partner.referralCode, ip)).statusCode).toBe(200);
    const trpcUrl = `/trpc/public.referralLink?input=${encodeURIComponent(JSON.stringify({ code: partner.referralCode }))}`;
    expect((await t.app.inject({ method: 'GET', url: trpcUrl, remoteAddress: ip })).statusCode).toBe(200);
    const rest = await lookUp(partner.referralCode, ip);
    expect(rest.statusCode).toBe(429);
    expect(Number(rest.headers['retry-after'])).toBeGreaterThan(0);
    const trpc = await t.app.inject({ method: 'GET', url: trpcUrl, remoteAddress: ip });
    expect(trpc.statusCode).toBe(429);
    expect(Number(trpc.headers['retry-after'])).toBeGreaterThan(0);
    // Unknown codes count too: guessing codes is what the throttle is for.
    const guessIp = freshIp();
    for (let i = 0; i < points; i++) await lookUp(`nope-${i}`, guessIp);
    expect((await lookUp(partner.referralCode, guessIp)).statusCode).toBe(429);
    // Another address is unaffected.
    expect((await lookUp(partner.referralCode, freshIp())).statusCode).toBe(200);
  });
});
