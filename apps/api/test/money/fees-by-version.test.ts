// A referral earns on the terms version its partner was on when the firm accepted it: two referrals of one
// partner, one accepted under version 1 (basic fee 50.00, payout 30 days) and one accepted after the partner
// accepted version 2 (basic fee 60.00, payout 20 days), each earn their own fee, due on their own day.

import { describe, expect, it } from 'vitest';
import { useTestApp, useClock, useUser, usePartner } from '../support';

const t = useTestApp();
useClock(t, '2026-11-02T10:00:00Z');
const admin = useUser(t, { role: 'admin' });
const partner = usePartner(t);

const addClient = async (name: string) => {
  const response = await t.request(admin, 'POST', '/api/admin/referrals', {
    partnerId: partner.partnerId,
    clientCompanyName: name,
    serviceType: 'basic_accounting',
    monthlyValue: '900.00',
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; commissionAmount: string; termsVersion: number; acceptedAt: string }>();
};

const winAndPay = async (id: string) => {
  const won = await t.request(admin, 'PATCH', `/api/admin/referrals/${id}`, {
    stage: 'won',
    contractStartDate: '2026-11-01',
    annualSales: '2500000.00',
  });
  expect(won.statusCode).toBe(200);
  const paid = await t.postClientPayment(admin, id, {
    periodMonth: '2026-12',
    amount: '900.00',
    paidAt: '2026-12-03',
  });
  expect(paid.statusCode).toBe(201);
  return paid.json().commission as { amount: string; dueBy: string };
};

describe('fees by terms version', () => {
  let underV1: string;
  let submittedBeforeV2: string;
  let submittedThenAccepted: string;

  it('fixes the fee of a client an admin adds from the partner’s version 1', async () => {
    const referral = await addClient('Version One Goods');
    expect(referral).toMatchObject({
      commissionAmount: '50.00',
      termsVersion: 1,
      acceptedAt: '2026-11-02T10:00:00.000Z',
    });
    underV1 = referral.id;
  });

  it('accepts a partner’s referral when an admin moves it out of booked, on the version the partner is on', async () => {
    const created = await t.request(partner.user, 'POST', '/api/partners/referrals', {
      clientCompanyName: 'Early Submission Co',
      serviceType: 'basic_accounting',
      monthlyValue: '800.00',
    });
    expect(created.json()).toMatchObject({ acceptedAt: null, termsVersion: null });
    submittedBeforeV2 = created.json().id;
    const second = await t.request(partner.user, 'POST', '/api/partners/referrals', {
      clientCompanyName: 'Late Acceptance Co',
      serviceType: 'basic_accounting',
      monthlyValue: '800.00',
    });
    submittedThenAccepted = second.json().id;
    const moved = await t.request(admin, 'PATCH', `/api/admin/referrals/${submittedBeforeV2}`, { stage: 'qualified' });
    expect(moved.json()).toMatchObject({ termsVersion: 1, commissionAmount: '50.00' });
  });

  it('keeps the partner on version 1 until they accept version 2', async () => {
    const published = await t.publishTerms(admin, {
      agreementVersion: '2.0',
      fees: { basic_accounting: '60.00' },
      payoutDays: 20,
      changes: ['Basic fee 60.00; fees due 20 days after the client pays'],
    });
    expect(published.statusCode).toBe(201);
    const beforeAccepting = await addClient('Still Version One Ltd');
    expect(beforeAccepting).toMatchObject({ commissionAmount: '50.00', termsVersion: 1 });
    const accepted = await t.request(partner.user, 'POST', '/api/partners/agreement', {
      version: '2.0',
      accepted: true,
    });
    expect(accepted.statusCode).toBe(200);
  });

  it('earns 60.00 on a referral accepted after the partner accepted version 2, and 50.00 on the older one', async () => {
    const underV2 = await addClient('Version Two Goods');
    expect(underV2).toMatchObject({ commissionAmount: '60.00', termsVersion: 2 });
    const moved = await t.request(admin, 'PATCH', `/api/admin/referrals/${submittedThenAccepted}`, {
      stage: 'proposal',
    });
    expect(moved.json()).toMatchObject({ termsVersion: 2, commissionAmount: '60.00' });

    t.clock.now = new Date('2026-12-05T10:00:00Z');
    expect(await winAndPay(underV1)).toMatchObject({ amount: '50.00', dueBy: '2027-01-02' });
    expect(await winAndPay(underV2.id)).toMatchObject({ amount: '60.00', dueBy: '2026-12-23' });
    expect(await winAndPay(submittedThenAccepted)).toMatchObject({ amount: '60.00' });
    expect(await winAndPay(submittedBeforeV2)).toMatchObject({ amount: '50.00' });
  });

  it('imports a payment at the referral’s own fee and payout days', async () => {
    const referral = await addClient('Imported Version Two');
    await t.request(admin, 'PATCH', `/api/admin/referrals/${referral.id}`, {
      stage: 'won',
      contractStartDate: '2026-11-01',
      annualSales: '1000000.00',
    });
    const csv = `referral_id,period,amount,paid_date\n${referral.id},2026-12,450.00,2026-12-04\n`;
    const response = await t.request(admin, 'POST', '/api/admin/client-payments/import', csv, {
      'content-type': 'text/csv',
    });
    expect(response.statusCode).toBe(201);
    const fee = await t.db
      .selectFrom('commissions')
      .select(['amount', 'dueBy'])
      .where('referralId', '=', referral.id)
      .executeTakeFirstOrThrow();
    expect(fee).toEqual({ amount: '60.00', dueBy: '2026-12-24' });
  });

  it('labels the New Referral dialog and the landing page with the fees in force', async () => {
    const terms = (await t.app.inject({ method: 'GET', url: '/api/program-terms' })).json();
    expect(terms.fees).toEqual({ basic_accounting: '60.00', controller: '100.00' });
  });
});
