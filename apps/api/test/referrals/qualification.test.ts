// Qualifying clients at the edges of the agreement: the window of 60 days after the firm accepts a
// referral (the acceptance day and day 60 qualify; the day before acceptance and day 61 do not), extensions adding up to exactly 365 days (one day more is
// 422 naming the limit), sales of 999,999.99 and 1,000,000.00, sales recorded later, an admin's override
// (logged, mailed), and the fees a client that does not qualify earns (none, with the reason).

import { CLIENT_PAYMENT_MESSAGES, PROGRAM_TERMS_MESSAGES, QUALIFICATION_REASONS } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { qualificationOf } from '../../src/services/referrals';
import { useTestApp, expectRefusal, useClock, useUser, usePartner } from '../support';

const t = useTestApp();
useClock(t, '2026-12-15T12:00:00Z');
const admin = useUser(t, { role: 'admin' });
const partner = usePartner(t);

/** A request as the admin. */
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.request(admin, method, url, payload);

/** A client an admin adds for the partner. */
const addClient = (client: object) => call('POST', '/api/admin/referrals', { partnerId: partner.partnerId, ...client });

/** A client an admin adds as accepted on 2026-01-01 (a historical client), with the sales given. */
async function acceptedClient(annualSales?: string) {
  const response = await addClient({
    clientCompanyName: `Window Client ${Math.random().toString(36).slice(2, 8)}`,
    serviceType: 'basic_accounting',
    monthlyValue: '700.00',
    contractStartDate: '2026-01-01',
    acceptedAt: '2026-01-01',
    ...(annualSales ? { annualSales } : {}),
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; acceptedAt: string; qualifiesBy: string }>();
}

const win = (id: string, body: object = {}) => call('PATCH', `/api/admin/referrals/${id}`, { stage: 'won', ...body });
const extend = (id: string, days: number, reason: string) =>
  call('POST', `/api/admin/referrals/${id}/extend`, { days, reason });
/** The client's payment of 2026-11 (700.00, paid 2026-12-01). */
const payNovember = (id: string) =>
  t.postClientPayment(admin, id, { periodMonth: '2026-11', amount: '700.00', paidAt: '2026-12-01' });

/** A referral the partner books (not yet accepted: no window). */
const bookedByPartner = async (clientCompanyName: string) =>
  t.request(partner.user, 'POST', '/api/partners/referrals', {
    clientCompanyName,
    serviceType: 'controller',
    monthlyValue: '900.00',
  });

describe('the qualification rule', () => {
  const acceptedAt = new Date('2026-01-01T15:00:00Z');
  it.each([
    [{ signedAt: '2026-03-02', qualifiesBy: '2026-03-02', annualSales: '1000000.00' }, true, null],
    [{ signedAt: '2026-01-01', qualifiesBy: '2026-03-02', annualSales: '1000000.00' }, true, null],
    [
      { signedAt: '2025-12-31', qualifiesBy: '2026-03-02', annualSales: '1000000.00' },
      false,
      QUALIFICATION_REASONS.signedBeforeAcceptance('2025-12-31', '2026-01-01'),
    ],
    [
      { signedAt: '2026-03-03', qualifiesBy: '2026-03-02', annualSales: '1000000.00' },
      false,
      QUALIFICATION_REASONS.signedLate('2026-03-02'),
    ],
    [
      { signedAt: '2026-03-01', qualifiesBy: '2026-03-02', annualSales: '999999.99' },
      false,
      QUALIFICATION_REASONS.salesBelow('1000000.00'),
    ],
    [
      { signedAt: '2026-03-01', qualifiesBy: '2026-03-02', annualSales: null },
      false,
      QUALIFICATION_REASONS.salesMissing,
    ],
  ])('decides %j: qualifying %s', (referral, qualifying, reason) => {
    expect(qualificationOf({ ...referral, acceptedAt }, '1000000.00')).toEqual({ qualifying, reason });
  });

  it('names the reasons in the agreement’s words', () => {
    expect(QUALIFICATION_REASONS.signedLate('2026-03-02')).toBe(
      'signed after the qualification window ended on Mar 2, 2026',
    );
    expect(QUALIFICATION_REASONS.salesBelow('1000000.00')).toBe('annual sales below $1,000,000.00');
    expect(QUALIFICATION_REASONS.salesMissing).toBe('annual sales not recorded');
    expect(QUALIFICATION_REASONS.signedBeforeAcceptance('2026-01-15', '2026-10-01')).toBe(
      'signed on Jan 15, 2026, before the referral was accepted on Oct 1, 2026',
    );
  });
});

describe('the qualification window', () => {
  it('starts at acceptance and ends 60 days later (a historical client accepted in the past)', async () => {
    const client = await acceptedClient('1000000.00');
    expect(client).toMatchObject({ acceptedAt: '2026-01-01T00:00:00.000Z', qualifiesBy: '2026-03-02' });
  });

  it('refuses an acceptance date in the future', async () => {
    const response = await addClient({
      clientCompanyName: 'Future Client',
      serviceType: 'basic_accounting',
      monthlyValue: '700.00',
      acceptedAt: '2026-12-16',
    });
    expectRefusal(response, 400, PROGRAM_TERMS_MESSAGES.acceptedInFuture);
  });

  it('qualifies a client signed on day 60', async () => {
    const client = await acceptedClient('1000000.00');
    const won = await win(client.id, { signedAt: '2026-03-02' });
    expect(won.json()).toMatchObject({ signedAt: '2026-03-02', qualifying: true, qualificationReason: null });
  });

  it('does not qualify a client signed on day 61, with the reason', async () => {
    const client = await acceptedClient('1000000.00');
    const won = await win(client.id, { signedAt: '2026-03-03' });
    expect(won.json()).toMatchObject({
      qualifying: false,
      qualificationReason: 'signed after the qualification window ended on Mar 2, 2026',
    });
  });

  it('qualifies a client signed on the day the firm accepted the referral', async () => {
    const client = await acceptedClient('1000000.00');
    const won = await win(client.id, { signedAt: '2026-01-01' });
    expect(won.json()).toMatchObject({ qualifying: true, qualificationReason: null });
  });

  it('does not qualify a client signed before the firm accepted the referral, and its payments earn nothing', async () => {
    const client = await acceptedClient('1000000.00');
    const won = await win(client.id, { signedAt: '2025-12-31' });
    const reason = 'signed on Dec 31, 2025, before the referral was accepted on Jan 1, 2026';
    expect(won.json()).toMatchObject({ stage: 'won', qualifying: false, qualificationReason: reason });
    expect(await t.row('referrals', client.id)).toMatchObject({ qualifying: false, qualificationReason: reason });
    const paid = await payNovember(client.id);
    expect(paid.json()).toMatchObject({ commission: null, reason: CLIENT_PAYMENT_MESSAGES.notQualifying(reason) });
  });

  it('decides a signing date before acceptance again when the signing date is corrected', async () => {
    const client = await acceptedClient('1000000.00');
    await win(client.id, { signedAt: '2025-12-31' });
    const corrected = await call('PATCH', `/api/admin/referrals/${client.id}`, { signedAt: '2026-01-20' });
    expect(corrected.json()).toMatchObject({ qualifying: true, qualificationReason: null });
  });

  it('extends the window to exactly 365 extra days, and refuses one day more with 422 naming the limit', async () => {
    const client = await acceptedClient('1000000.00');
    const first = await extend(client.id, 300, 'Busy season');
    expect(first.json()).toMatchObject({ extensionDays: 300, qualifiesBy: '2026-12-27' });
    const second = await extend(client.id, 65, 'Board review');
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ extensionDays: 365, qualifiesBy: '2027-03-02' });
    const beyond = await extend(client.id, 1, 'One more');
    expectRefusal(beyond, 422, PROGRAM_TERMS_MESSAGES.extensionLimit(365, 365));
    expect(beyond.json().message).toContain('at most 365 days');
    const log = await t.activityEntries({ entityId: client.id, action: 'referral.window_extended' });
    expect(log.map((row) => (row.details as { reason: string }).reason)).toEqual(['Busy season', 'Board review']);
  });

  it('refuses a single extension above the limit', async () => {
    const client = await acceptedClient('1000000.00');
    const response = await extend(client.id, 366, 'Too long');
    expect(response.statusCode).toBe(422);
  });

  it('re-evaluates a late-signed client when its window is extended past the signing day', async () => {
    const client = await acceptedClient('1000000.00');
    await win(client.id, { signedAt: '2026-03-03' });
    const extended = await extend(client.id, 1, 'Agreed');
    expect(extended.json()).toMatchObject({ qualifiesBy: '2026-03-03', qualifying: true });
  });

  it('has no window before the firm accepts the referral', async () => {
    const created = await bookedByPartner('Not Yet Accepted');
    const response = await extend(created.json().id, 5, 'x');
    expectRefusal(response, 409, PROGRAM_TERMS_MESSAGES.notAccepted);
  });
});

describe('annual sales', () => {
  it('does not qualify sales of 999,999.99', async () => {
    const client = await acceptedClient('999999.99');
    const won = await win(client.id, { signedAt: '2026-02-01' });
    expect(won.json()).toMatchObject({ qualifying: false, qualificationReason: 'annual sales below $1,000,000.00' });
  });

  it('qualifies sales of 1,000,000.00', async () => {
    const client = await acceptedClient('1000000.00');
    expect((await win(client.id, { signedAt: '2026-02-01' })).json()).toMatchObject({ qualifying: true });
  });

  it('does not qualify a client without sales recorded, and qualifies it once they are', async () => {
    const client = await acceptedClient();
    const won = await win(client.id, { signedAt: '2026-02-01' });
    expect(won.json()).toMatchObject({ qualifying: false, qualificationReason: 'annual sales not recorded' });
    const recorded = await call('PATCH', `/api/admin/referrals/${client.id}`, { annualSales: '1250000.00' });
    expect(recorded.json()).toMatchObject({ annualSales: '1250000.00', qualifying: true, qualificationReason: null });
  });

  it('refuses a signing date in the future', async () => {
    const client = await acceptedClient('1000000.00');
    const response = await win(client.id, { signedAt: '2026-12-16' });
    expectRefusal(response, 400, PROGRAM_TERMS_MESSAGES.signedInFuture);
  });

  it('signs today when a stage move alone wins the deal', async () => {
    const client = await addClient({
      clientCompanyName: 'Signed Today Co',
      serviceType: 'controller',
      monthlyValue: '1500.00',
      annualSales: '3000000',
    });
    const won = await win(client.json().id);
    expect(won.json()).toMatchObject({ signedAt: '2026-12-15', qualifying: true, annualSales: '3000000.00' });
  });
});

describe('the won preview', () => {
  const preview = (id: string, query: string) => call('GET', `/api/admin/referrals/${id}/won-preview?${query}`);

  it('tells a late signing before the move, and the move agrees', async () => {
    const client = await acceptedClient('1000000.00');
    const told = await preview(client.id, 'signedAt=2026-03-03');
    expect(told.statusCode).toBe(200);
    expect(told.json()).toEqual({
      qualifying: false,
      reason: QUALIFICATION_REASONS.signedLate('2026-03-02'),
      signedAt: '2026-03-03',
      qualifiesBy: '2026-03-02',
      minAnnualSales: '1000000.00',
      overridden: false,
    });
    const won = await win(client.id, { signedAt: '2026-03-03' });
    expect(won.json()).toMatchObject({ qualifying: false, qualificationReason: told.json().reason });
  });

  it('reads the sales given over the recorded ones, and an empty value as not recorded', async () => {
    const client = await acceptedClient('1000000.00');
    expect((await preview(client.id, 'signedAt=2026-03-02')).json()).toMatchObject({ qualifying: true, reason: null });
    expect((await preview(client.id, 'signedAt=2026-03-02&annualSales=999999.99')).json()).toMatchObject({
      qualifying: false,
      reason: QUALIFICATION_REASONS.salesBelow('1000000.00'),
    });
    expect((await preview(client.id, 'signedAt=2026-03-02&annualSales=')).json()).toMatchObject({
      qualifying: false,
      reason: QUALIFICATION_REASONS.salesMissing,
    });
  });

  it('signs today by default and stores nothing', async () => {
    const client = await acceptedClient();
    const stored = () =>
      t.deps.db
        .selectFrom('referrals')
        .select(['stage', 'annualSales', 'signedAt', 'qualifying', 'updatedAt'])
        .where('id', '=', client.id)
        .executeTakeFirstOrThrow();
    const before = await stored();
    expect((await preview(client.id, 'annualSales=2000000')).json()).toMatchObject({
      signedAt: '2026-12-15',
      qualifying: false,
      reason: QUALIFICATION_REASONS.signedLate('2026-03-02'),
    });
    expect(await stored()).toEqual(before);
  });

  it("starts a booked referral's window as the move would", async () => {
    const created = await bookedByPartner('Booked Preview Co');
    const told = await preview(created.json().id, 'annualSales=1000000.00');
    expect(told.json()).toMatchObject({ qualifying: true, qualifiesBy: '2027-02-13', signedAt: '2026-12-15' });
  });

  it('tells a signing before acceptance before the move', async () => {
    const client = await acceptedClient('1000000.00');
    const preview = await call('GET', `/api/admin/referrals/${client.id}/won-preview?signedAt=2025-12-01`);
    expect(preview.json()).toMatchObject({
      qualifying: false,
      reason: QUALIFICATION_REASONS.signedBeforeAcceptance('2025-12-01', '2026-01-01'),
    });
  });

  it('refuses a signing date in the future with the message of the move', async () => {
    const client = await acceptedClient('1000000.00');
    const response = await preview(client.id, 'signedAt=2026-12-16');
    expectRefusal(response, 400, PROGRAM_TERMS_MESSAGES.signedInFuture);
  });
});

describe('fees of a client that does not qualify', () => {
  it('records its payment and earns nothing, saying why', async () => {
    const client = await acceptedClient('999999.99');
    await win(client.id, { signedAt: '2026-02-01' });
    const paid = await payNovember(client.id);
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({
      commission: null,
      reason: CLIENT_PAYMENT_MESSAGES.notQualifying('annual sales below $1,000,000.00'),
    });
  });
});

describe("an admin's override", () => {
  it('decides either way, logged and mailed to the partner, and stands when sales are recorded', async () => {
    const client = await acceptedClient('500000.00');
    await win(client.id, { signedAt: '2026-02-01' });
    const overridden = await call('POST', `/api/admin/referrals/${client.id}/qualification`, {
      qualifying: true,
      reason: 'Sales reached the minimum after the holiday season',
    });
    expect(overridden.statusCode).toBe(200);
    expect(overridden.json()).toMatchObject({
      qualifying: true,
      qualificationReason: 'Sales reached the minimum after the holiday season',
    });
    const again = await call('PATCH', `/api/admin/referrals/${client.id}`, { annualSales: '600000.00' });
    expect(again.json()).toMatchObject({ qualifying: true });
    const paid = await payNovember(client.id);
    expect(paid.json().commission).toMatchObject({ amount: '50.00' });
    const log = await t.activityEntries({ entityId: client.id, action: 'referral.qualification_overridden' });
    expect(log).toMatchObject([{ userId: admin.id }]);
    const mail = await t.outboxMails({ kind: 'qualificationDecided' });
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toContain('is a qualifying client');
  });

  it('makes a client signed before acceptance a qualifying client, whose payments then earn', async () => {
    const client = await acceptedClient('1000000.00');
    await win(client.id, { signedAt: '2025-12-15' });
    const overridden = await call('POST', `/api/admin/referrals/${client.id}/qualification`, {
      qualifying: true,
      reason: 'Signed through the partner’s introduction before the paperwork reached the firm',
    });
    expect(overridden.json()).toMatchObject({ qualifying: true });
    expect((await payNovember(client.id)).json().commission).toMatchObject({ amount: '50.00' });
  });

  it('refuses a deal that is not won', async () => {
    const client = await acceptedClient('1000000.00');
    const response = await call('POST', `/api/admin/referrals/${client.id}/qualification`, {
      qualifying: false,
      reason: 'x',
    });
    expect(response.statusCode).toBe(409);
  });
});
