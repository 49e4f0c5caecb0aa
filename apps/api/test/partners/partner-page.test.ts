// Lists that work with thousands of rows (pipeline columns by cursor, the partner's own
// referrals) and the admin's page of one partner (its commissions, payouts and activity).

import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../src/trpc/context';
import { createPipelinePartners, type PartnerFixture, useTestApp } from '../support';

const t = useTestApp();
let admin: SessionUser;
let acme: PartnerFixture;
let globex: PartnerFixture;

beforeAll(async () => {
  admin = await t.createUser({ role: 'admin' });
  ({ acme, globex } = await createPipelinePartners(t));
});
describe('admin.pipelineColumn', () => {
  it('walks a column page by page with the cursor, newest first, with neither repeats nor gaps', async () => {
    const caller = t.caller(admin);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await caller.admin.pipelineColumn({ stage: 'qualified', limit: 3, cursor });
      expect(page.total).toBe(10);
      seen.push(...page.items.map((deal) => deal.id));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(4);
    expect(new Set(seen).size).toBe(10);
    const whole = await caller.admin.referrals({ stage: 'qualified', limit: 100, sort: '-createdAt' });
    expect(seen).toEqual(whole.items.map((deal) => deal.id));
  });

  it('counts and lists only what the search and the partner filter match', async () => {
    const caller = t.caller(admin);
    const byPartner = await caller.admin.pipelineColumn({ stage: 'qualified', partnerId: globex.partnerId });
    expect(byPartner.total).toBe(3);
    expect(byPartner.items.map((deal) => deal.partnerCompanyName)).toEqual([
      'Globex Books',
      'Globex Books',
      'Globex Books',
    ]);
    expect(byPartner.nextCursor).toBeNull();

    const searched = await caller.admin.pipelineColumn({ stage: 'qualified', search: 'client 4' });
    expect(searched.items.map((deal) => deal.clientCompanyName)).toEqual(['Acme Client 4']);
    expect(searched.total).toBe(1);
    expect(await caller.admin.pipelineColumn({ stage: 'booked', search: 'northwind' })).toMatchObject({
      total: 1,
      nextCursor: null,
    });
    // The partner's company name matches too.
    expect(await caller.admin.pipelineColumn({ stage: 'qualified', search: 'globex' })).toMatchObject({ total: 3 });
    expect(await caller.admin.pipelineColumn({ stage: 'won', search: 'northwind' })).toMatchObject({
      total: 0,
      items: [],
    });
  });

  it('answers 400 to a cursor it did not write', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/trpc/admin.pipelineColumn?input=${encodeURIComponent(JSON.stringify({ stage: 'booked', cursor: 'bm90LWEtY3Vyc29y' }))}`,
      headers: {
        authorization: `Bearer ${await t.deps.tokens.sign({ userId: admin.id, role: 'admin', tokenVersion: admin.tokenVersion })}`,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('cursor is not valid');
  });
});

describe('partner.referralsPage', () => {
  it('pages, searches and filters only the partner’s own referrals', async () => {
    const caller = t.caller(globex.user);
    const all = await caller.partner.referralsPage({ limit: 2 });
    expect(all.total).toBe(4);
    expect(all.items).toHaveLength(2);
    const second = await caller.partner.referralsPage({ limit: 2, offset: 2 });
    expect(new Set([...all.items, ...second.items].map((deal) => deal.id)).size).toBe(4);
    expect(
      (await caller.partner.referralsPage({ stage: 'booked' })).items.map((deal) => deal.clientCompanyName),
    ).toEqual(['Northwind Foods']);
    expect((await caller.partner.referralsPage({ search: 'Acme' })).total).toBe(0);
  });

  it('refuses a search with a line break', async () => {
    await expect(t.caller(globex.user).partner.referralsPage({ search: 'a\nb' })).rejects.toThrow(
      'Search must be a single line',
    );
  });
});

describe('the admin page of one partner', () => {
  it('lists the partner’s commissions and its share of each payout, paged', async () => {
    const referralId = await t.createWonClient(acme.partnerId);
    const otherReferral = await t.createWonClient(globex.partnerId);
    const ids = [];
    for (const month of ['2026-01', '2026-02', '2026-03'])
      ids.push(await t.createCommission({ partnerId: acme.partnerId, referralId, monthYear: month, amount: '50.00' }));
    const globexCommission = await t.createCommission({
      partnerId: globex.partnerId,
      referralId: otherReferral,
      monthYear: '2026-01',
      amount: '100.00',
    });
    const caller = t.caller(admin);
    await caller.admin.processPayout({
      commissionIds: [ids[0]!, ids[1]!, globexCommission],
      idempotencyKey: randomUUID(),
    });

    const commissions = await caller.admin.partnerCommissions({ partnerId: acme.partnerId, limit: 2 });
    expect(commissions.total).toBe(3);
    expect(commissions.items.map((row) => row.monthYear)).toEqual(['2026-03', '2026-02']);

    const payouts = await caller.admin.partnerPayouts({ partnerId: acme.partnerId });
    expect(payouts.total).toBe(1);
    expect(payouts.items[0]).toMatchObject({ amount: '100.00', commissionCount: 2 });
    expect((await caller.admin.partnerPayouts({ partnerId: globex.partnerId })).items[0]).toMatchObject({
      amount: '100.00',
      commissionCount: 1,
    });
  });

  it('lists every payout the partner was in with its line and what became of it, returned ones too, and a returned fee is not paid', async () => {
    const partner = await t.createPartner({ companyName: 'Summit Returns' });
    const referralId = await t.createWonClient(partner.partnerId);
    const fees = [];
    for (const month of ['2026-01', '2026-02'])
      fees.push(
        await t.createCommission({ partnerId: partner.partnerId, referralId, monthYear: month, amount: '100.00' }),
      );
    const caller = t.caller(admin);
    const payouts = [];
    for (const fee of fees)
      payouts.push(await caller.admin.processPayout({ commissionIds: [fee], idempotencyKey: randomUUID() }));
    for (const payout of payouts) {
      await caller.admin.markPayoutSent({ payoutId: payout.id });
      await caller.admin.returnPayoutLine({ payoutId: payout.id, partnerId: partner.partnerId, returnCode: 'R02' });
    }

    const page = await caller.admin.partnerPayouts({ partnerId: partner.partnerId });
    expect(page.total).toBe(2);
    expect(page.items.map((line) => line.reference).sort()).toEqual(payouts.map((payout) => payout.reference).sort());
    for (const line of page.items)
      expect(line).toMatchObject({
        amount: '100.00',
        commissionCount: 1,
        method: 'Wire',
        status: 'returned',
        returnCode: 'R02',
        returnReason: 'R02 Account closed',
      });
    expect(page.items[0]?.resolvedAt).not.toBeNull();
    expect(page.items[0]?.sentAt).not.toBeNull();

    const commissions = await caller.admin.partnerCommissions({ partnerId: partner.partnerId });
    expect(commissions.items.map((row) => row.status)).toEqual(['failed', 'failed']);
    for (const row of commissions.items) expect(row.returnedAt).toBe(page.items[0]?.resolvedAt);
  });

  it('says a payout line not sent yet is sent with its payout, and a paid fee has no return day', async () => {
    const partner = await t.createPartner();
    const fee = await t.createWonCommission({ partnerId: partner.partnerId, monthYear: '2026-01' });
    const caller = t.caller(admin);
    const payout = await caller.admin.processPayout({ commissionIds: [fee], idempotencyKey: randomUUID() });
    expect((await caller.admin.partnerPayouts({ partnerId: partner.partnerId })).items).toMatchObject([
      { id: payout.id, status: 'sent', sentAt: null, returnCode: null, resolvedAt: null },
    ]);
    expect((await caller.admin.partnerCommissions({ partnerId: partner.partnerId })).items).toMatchObject([
      { status: 'paid', returnedAt: null },
    ]);
  });

  it('lists the activity about the partner and its deals, newest first, and not another partner’s', async () => {
    const caller = t.caller(admin);
    await caller.admin.suspendPartner({ id: globex.partnerId });
    await caller.admin.reactivatePartner({ id: globex.partnerId });
    await caller.admin.addClient({
      partnerId: globex.partnerId,
      clientCompanyName: 'Initech',
      serviceType: 'controller',
      monthlyValue: '900.00',
    });
    await caller.admin.addClient({
      partnerId: acme.partnerId,
      clientCompanyName: 'Umbrella',
      serviceType: 'controller',
      monthlyValue: '900.00',
    });

    const activity = await caller.admin.partnerActivity({ partnerId: globex.partnerId, limit: 50 });
    const actions = activity.items.map((entry) => entry.action);
    expect(actions.slice(0, 3)).toEqual([
      'referral.client_added',
      expect.stringMatching(/reactivat/),
      expect.stringMatching(/suspend/),
    ]);
    expect(activity.items.every((entry) => entry.details?.clientCompanyName !== 'Umbrella')).toBe(true);
    expect(activity.items[0]?.actorEmail).toBe(admin.email);
    expect(activity.total).toBe(activity.items.length);
    await expect(caller.admin.partnerActivity({ partnerId: randomUUID() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Partner not found',
    });
  });
});
