// Partner management by admins: who may call it, the status decisions, admin-created partners.

import { MESSAGES, PARTNER_STATUSES, type PartnerStatus } from '@portal/contracts';
import argon2 from 'argon2';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../src/trpc/context';
import { useTestApp, expectRefusal, usePartner, useUser } from '../support';

const t = useTestApp();
const admin = useUser(t, { role: 'admin' });
const activePartner = usePartner(t, { status: 'active' });

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const post = (url: string, payload?: object, user: SessionUser | null = admin) => t.request(user, 'POST', url, payload);
const get = (url: string, user: SessionUser | null = admin) => t.request(user, 'GET', url);

const newPartnerForm = (email: string) => ({
  email,
  password: 'a-long-password',
  companyName: 'Directly Made LLC',
  contactName: 'Dana Direct',
  companyType: 'consultant',
  expectedVolume: '5-10 referrals/month',
  paymentMethod: 'Wire',
});

describe('authorization of every admin partner path', () => {
  /** A decision on a new partner in the status it applies to. */
  const statusDecision = (decision: 'approve' | 'reject' | 'suspend' | 'reactivate', status: PartnerStatus) => ({
    name: `admin.${decision}Partner`,
    method: 'POST' as const,
    url: async () => `/api/admin/partners/${(await t.createPartner({ status })).partnerId}/${decision}`,
    okStatus: 200,
  });
  const routes: {
    name: string;
    method: 'GET' | 'POST';
    url: () => Promise<string>;
    payload?: () => object;
    okStatus: number;
  }[] = [
    { name: 'admin.metrics', method: 'GET', url: async () => '/api/admin/metrics', okStatus: 200 },
    { name: 'admin.pendingPartners', method: 'GET', url: async () => '/api/admin/partners/pending', okStatus: 200 },
    { name: 'admin.partners', method: 'GET', url: async () => '/api/admin/partners', okStatus: 200 },
    {
      name: 'admin.partner',
      method: 'GET',
      url: async () => `/api/admin/partners/${(await t.createPartner()).partnerId}`,
      okStatus: 200,
    },
    statusDecision('approve', 'pending'),
    statusDecision('reject', 'pending'),
    statusDecision('suspend', 'active'),
    statusDecision('reactivate', 'suspended'),
    {
      name: 'admin.createPartner',
      method: 'POST',
      url: async () => '/api/admin/partners',
      payload: () => newPartnerForm(`auth-${Math.random().toString(36).slice(2)}@example.com`),
      okStatus: 201,
    },
  ];

  it.each(routes)('$name: 401 anonymous, 403 partner, success for an admin', async (route) => {
    const url = await route.url();
    const call = async (user: SessionUser | null) =>
      route.method === 'GET' ? get(url, user) : post(url, route.payload?.() ?? {}, user);
    const anonymous = await call(null);
    expectRefusal(anonymous, 401, MESSAGES.notSignedIn);
    const partner = await call(activePartner.user);
    expectRefusal(partner, 403, MESSAGES.adminOnly);
    const ok = await call(admin);
    expect(ok.statusCode).toBe(route.okStatus);
  });
});

describe('status decisions', () => {
  const expected: Record<
    'approve' | 'reject' | 'suspend' | 'reactivate',
    Partial<Record<PartnerStatus, PartnerStatus>>
  > = {
    approve: { pending: 'active', rejected: 'active' },
    reject: { pending: 'rejected' },
    suspend: { active: 'suspended' },
    reactivate: { suspended: 'active', inactive: 'active' },
  };
  const table = (Object.keys(expected) as (keyof typeof expected)[]).flatMap((action) =>
    PARTNER_STATUSES.map((from) => ({ action, from, to: expected[action][from] ?? null })),
  );

  it.each(table)('$action from $from → $to', async ({ action, from, to }) => {
    const p = await t.createPartner({ status: from, companyName: `Acme ${action} ${from}` });
    const res = await post(`/api/admin/partners/${p.partnerId}/${action}`);
    const row = await t.db.selectFrom('partners').selectAll().where('id', '=', p.partnerId).executeTakeFirstOrThrow();
    const logs = await t.db.selectFrom('activityLog').selectAll().where('entityId', '=', p.partnerId).execute();
    if (to === null) {
      expectRefusal(res, 409, /cannot be/);
      expect(row.status).toBe(from);
      expect(logs).toHaveLength(0);
      return;
    }
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: p.partnerId, companyName: `Acme ${action} ${from}`, status: to });
    expect(row.status).toBe(to);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      userId: admin.id,
      entityType: 'partner',
      details: { before: { status: from }, after: { status: to } },
    });
  });

  it('stores who approved and when, and clears an earlier rejection', async () => {
    t.clock.now = new Date('2026-03-04T10:00:00Z');
    const p = await t.createPartner({ status: 'pending' });
    expect((await post(`/api/admin/partners/${p.partnerId}/reject`, { reason: 'Not a fit' })).statusCode).toBe(200);
    t.clock.now = new Date('2026-03-05T10:00:00Z');
    expect((await post(`/api/admin/partners/${p.partnerId}/approve`)).statusCode).toBe(200);
    const row = await t.db.selectFrom('partners').selectAll().where('id', '=', p.partnerId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'active',
      approvedBy: admin.id,
      rejectedAt: null,
      rejectedBy: null,
      rejectionReason: null,
    });
    expect(row.approvedAt?.toISOString()).toBe('2026-03-05T10:00:00.000Z');
    expect((await t.activityActions(p.partnerId)).sort()).toEqual(['partner.approved', 'partner.rejected']);
    t.clock.now = new Date();
  });

  it('stores the reviewer, time and reason of a rejection', async () => {
    t.clock.now = new Date('2026-02-01T09:30:00Z');
    const p = await t.createPartner({ status: 'pending' });
    const res = await post(`/api/admin/partners/${p.partnerId}/reject`, { reason: '  Outside our market  ' });
    expect(res.statusCode).toBe(200);
    const row = await t.db.selectFrom('partners').selectAll().where('id', '=', p.partnerId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'rejected', rejectedBy: admin.id, rejectionReason: 'Outside our market' });
    expect(row.rejectedAt?.toISOString()).toBe('2026-02-01T09:30:00.000Z');
    t.clock.now = new Date();
  });

  it('rejects without a reason', async () => {
    const p = await t.createPartner({ status: 'pending' });
    const res = await post(`/api/admin/partners/${p.partnerId}/reject`);
    expect(res.statusCode).toBe(200);
    const row = await t.row('partners', p.partnerId);
    expect(row.rejectionReason).toBeNull();
  });

  it.each(['reject', 'suspend'] as const)('%s: refuses a reason over 1000 characters with 400', async (action) => {
    const p = await t.createPartner({ status: action === 'reject' ? 'pending' : 'active' });
    const res = await post(`/api/admin/partners/${p.partnerId}/${action}`, { reason: 'x'.repeat(1001) });
    expectRefusal(res, 400, 'Reason must be at most 1000 characters');
    expect((await t.row('partners', p.partnerId)).status).toBe(action === 'reject' ? 'pending' : 'active');
  });

  it('stores when and why a partner was suspended, tells the partner, and clears both on reactivation', async () => {
    t.clock.now = new Date('2026-04-02T08:00:00Z');
    const p = await t.createPartner({ status: 'active', companyName: 'Brand Bidders Co' });
    const res = await post(`/api/admin/partners/${p.partnerId}/suspend`, { reason: '  Bids on our brand name  ' });
    expect(res.statusCode).toBe(200);
    const row = await t.row('partners', p.partnerId);
    expect(row).toMatchObject({ status: 'suspended', suspensionReason: 'Bids on our brand name' });
    expect(row.suspendedAt?.toISOString()).toBe('2026-04-02T08:00:00.000Z');
    // The partner reads the reason on their status screen; the admin on the partner's details.
    expect((await t.request(p.user, 'GET', '/api/partners/me')).json()).toMatchObject({
      status: 'suspended',
      suspensionReason: 'Bids on our brand name',
    });
    expect((await get(`/api/admin/partners/${p.partnerId}`)).json()).toMatchObject({
      suspendedAt: '2026-04-02T08:00:00.000Z',
      suspensionReason: 'Bids on our brand name',
    });
    const [log] = await t.db.selectFrom('activityLog').selectAll().where('entityId', '=', p.partnerId).execute();
    expect(log).toMatchObject({ action: 'partner.suspended', details: { reason: 'Bids on our brand name' } });
    const mail = await t.db
      .selectFrom('emailOutbox')
      .selectAll()
      .where('recipient', '=', p.user.email)
      .where('kind', '=', 'partnerSuspended')
      .executeTakeFirstOrThrow();
    expect(mail.textBody).toContain('Reason: Bids on our brand name');

    expect((await post(`/api/admin/partners/${p.partnerId}/reactivate`)).statusCode).toBe(200);
    expect(await t.row('partners', p.partnerId)).toMatchObject({
      status: 'active',
      suspendedAt: null,
      suspensionReason: null,
    });
    t.clock.now = new Date();
  });

  it('lets only one of two simultaneous approvals succeed', async () => {
    const p = await t.createPartner({ status: 'pending' });
    const caller = t.caller(admin);
    const results = await Promise.allSettled([
      caller.admin.approvePartner({ id: p.partnerId }),
      caller.admin.approvePartner({ id: p.partnerId }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ code: 'CONFLICT' });
    const logs = await t.db.selectFrom('activityLog').select('id').where('entityId', '=', p.partnerId).execute();
    expect(logs).toHaveLength(1);
  });

  it('answers 404 for an unknown partner and 400 for a malformed id', async () => {
    const unknown = await post(`/api/admin/partners/${UNKNOWN_ID}/approve`);
    expectRefusal(unknown, 404, MESSAGES.partnerNotFound);
    const malformed = await post('/api/admin/partners/not-a-uuid/approve');
    expect(malformed.statusCode).toBe(400);
  });
});

describe('partner details', () => {
  it('answers the details the spec lists, with the email', async () => {
    const p = await t.createPartner({ status: 'pending', companyName: 'Detail Co', email: 'detail@example.com' });
    const res = await get(`/api/admin/partners/${p.partnerId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: p.partnerId,
      email: 'detail@example.com',
      companyName: 'Detail Co',
      status: 'pending',
      referralCode: p.referralCode,
      expectedVolume: '3-5 referrals/month',
      phone: null,
      website: null,
      applicationDate: expect.any(String),
      joinedAt: null,
    });
  });

  it('shows bank numbers only masked', async () => {
    // The fixture's bank details: routing number 021000021, account number 000123456789.
    const p = await t.createPartner({ status: 'pending' });
    const res = await get(`/api/admin/partners/${p.partnerId}`);
    expect(res.json()).toMatchObject({ bankRoutingNumberMasked: '•••• 0021', bankAccountNumberMasked: '•••• 6789' });
    expect(res.body).not.toContain('021000021');
  });

  it("shows a PayPal partner's email only masked, to admins only", async () => {
    const p = await t.createPartner({ status: 'active', paypalEmail: 'payouts@paypal-partner.example' });
    const res = await get(`/api/admin/partners/${p.partnerId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ paymentMethod: 'PayPal', paypalEmailMasked: 'p•••@paypal-partner.example' });
    expect(res.body).not.toContain('payouts@');
    expect((await get(`/api/admin/partners/${p.partnerId}`, activePartner.user)).statusCode).toBe(403);
    expect((await get(`/api/admin/partners/${p.partnerId}`, null)).statusCode).toBe(401);
  });

  it('answers no PayPal email for a partner paid by wire', async () => {
    const p = await t.createPartner({ status: 'active' });
    expect((await get(`/api/admin/partners/${p.partnerId}`)).json()).toMatchObject({
      paymentMethod: 'Wire',
      paypalEmailMasked: null,
    });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await get(`/api/admin/partners/${UNKNOWN_ID}`)).statusCode).toBe(404);
    const malformed = await get('/api/admin/partners/123');
    expectRefusal(malformed, 400, 'Not a valid id');
  });
});

describe('pending queue', () => {
  it('lists only pending partners, oldest application first', async () => {
    const older = await t.createPartner({ status: 'pending', createdAt: new Date('2020-01-01T00:00:00Z') });
    const newer = await t.createPartner({ status: 'pending', createdAt: new Date('2020-01-02T00:00:00Z') });
    const res = await get('/api/admin/partners/pending');
    expect(res.statusCode).toBe(200);
    const rows = res.json<{ id: string; status: string }[]>();
    expect(rows.every((r) => r.status === 'pending')).toBe(true);
    expect(rows[0]?.id).toBe(older.partnerId);
    expect(rows[1]?.id).toBe(newer.partnerId);
  });

  it('drops a partner from the queue once approved', async () => {
    const p = await t.createPartner({ status: 'pending' });
    await post(`/api/admin/partners/${p.partnerId}/approve`);
    const rows = (await get('/api/admin/partners/pending')).json<{ id: string }[]>();
    expect(rows.map((r) => r.id)).not.toContain(p.partnerId);
  });
});

describe('create partner', () => {
  it('creates a user, an active partner and a referral code in one go', async () => {
    const res = await post('/api/admin/partners', {
      ...newPartnerForm('New.Partner@Example.com'),
      website: '',
      phone: '',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      email: 'new.partner@example.com',
      companyName: 'Directly Made LLC',
      status: 'active',
      companyType: 'consultant',
      currentMrr: '0.00',
    });
    expect(body.referralCode).toMatch(/^DIRECT-[A-Z0-9]{4}$/);
    const partner = await t.db.selectFrom('partners').selectAll().where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(partner).toMatchObject({
      approvedBy: admin.id,
      website: null,
      phone: null,
      expectedVolume: '5-10 referrals/month',
      paymentMethod: 'Wire',
    });
    expect(partner.approvedAt).not.toBeNull();
    const user = await t.db.selectFrom('users').selectAll().where('id', '=', partner.userId).executeTakeFirstOrThrow();
    expect(user.role).toBe('partner');
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$/);
    expect(user.passwordHash).toMatch(/[$,]m=19456[,$]/);
    expect(user.passwordHash).toMatch(/[$,]t=2[,$]/);
    expect(await argon2.verify(user.passwordHash, 'a-long-password')).toBe(true);
    const log = await t.db
      .selectFrom('activityLog')
      .selectAll()
      .where('entityId', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ action: 'partner.created', userId: admin.id });
  });

  it('refuses a taken email with 409 and creates nothing', async () => {
    await t.createUser({ email: 'taken@example.com' });
    const before = await t.db
      .selectFrom('partners')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await post('/api/admin/partners', newPartnerForm('TAKEN@example.com'));
    expectRefusal(res, 409, MESSAGES.emailTaken);
    const after = await t.db
      .selectFrom('partners')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it.each([
    [{ email: 'not-an-email' }, MESSAGES.invalidEmail],
    [{ password: 'short12' }, MESSAGES.adminPasswordMin],
    [{ companyName: '  ' }, MESSAGES.companyNameRequired],
    [{ contactName: '' }, MESSAGES.contactNameRequired],
    [{ website: 'not a site' }, MESSAGES.invalidWebsite],
    [{ phone: '12345' }, MESSAGES.invalidPhone],
    [{ expectedVolume: 'lots' }, MESSAGES.expectedVolumeRequired],
  ])('refuses %o with "%s"', async (change, message) => {
    const res = await post('/api/admin/partners', { ...newPartnerForm('valid-form@example.com'), ...change });
    expectRefusal(res, 400, message);
  });
  it('starts the partner on the terms version in force, whose fees its referrals earn', async () => {
    const published = await t.publishTerms(admin, {
      agreementVersion: '2.0-admin-made',
      fees: { basic_accounting: '60.00', controller: '120.00' },
      changes: ['Controller fee 120.00'],
    });
    expect(published.statusCode).toBe(201);
    const created = await post('/api/admin/partners', newPartnerForm('on-terms-in-force@example.com'));
    expect(created.statusCode).toBe(201);
    const partner = await t.row('partners', created.json().id);
    expect(partner).toMatchObject({ termsVersion: 2, agreementVersion: '2.0-admin-made' });
    // As before, an admin does not accept the agreement on the partner's behalf; nothing waits for them either.
    const acceptances = await t.db
      .selectFrom('agreementAcceptances')
      .select('id')
      .where('partnerId', '=', partner.id)
      .execute();
    expect(acceptances).toEqual([]);
    const user = await t.db
      .selectFrom('users')
      .select(['id', 'email', 'role', 'tokenVersion'])
      .where('id', '=', partner.userId)
      .executeTakeFirstOrThrow();
    const me = await t.request(user, 'GET', '/api/partners/me');
    expect(me.json()).toMatchObject({
      termsVersion: 2,
      agreementVersion: '2.0-admin-made',
      pendingAgreementVersion: null,
    });
    const client = await post('/api/admin/referrals', {
      partnerId: partner.id,
      clientCompanyName: 'Controller Client of a New Partner',
      serviceType: 'controller',
      monthlyValue: '1500.00',
    });
    expect(client.json()).toMatchObject({ termsVersion: 2, commissionAmount: '120.00' });
  });
});
