// One client, one partner (DESIGN §8): a referral in an open conflict with another partner's cannot be won
// until an admin settles the conflict, and earns no fee by any path (a recorded payment, an import, the
// activeMonth accrual) while the conflict is open. The first partner's referral owns the client meanwhile.

import { CLIENT_PAYMENT_MESSAGES, PROGRAM_TERMS_MESSAGES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { expectRefusal, useTestApp, useClock, useUser, usePartner } from '../support';

const t = useTestApp();
useClock(t, '2026-11-27T12:00:00Z');
const admin = useUser(t, { role: 'admin' });
const first = usePartner(t, { companyName: 'First Partner LLC' });
const second = usePartner(t, { companyName: 'Second Partner LLC' });

let clients = 0;

/** The same client added for the first partner, then for the second: the second is in an open conflict. */
async function openConflict() {
  const clientEmail = `ceo-${++clients}@conflict-${clients}.example`;
  const add = async (partnerId: string) => {
    const response = await t.request(admin, 'POST', '/api/admin/referrals', {
      partnerId,
      clientCompanyName: `Contested Client ${clients}`,
      clientEmail,
      serviceType: 'basic_accounting',
      monthlyValue: '500.00',
      annualSales: '5000000.00',
      contractStartDate: '2026-11-01',
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: string; conflictOf: string | null }>();
  };
  const original = await add(first.partnerId);
  const contested = await add(second.partnerId);
  expect(contested.conflictOf).toBe(original.id);
  return { originalId: original.id, contestedId: contested.id };
}

const win = (id: string) =>
  t.request(admin, 'PATCH', `/api/admin/referrals/${id}`, { stage: 'won', signedAt: '2026-11-27' });
const payNovember = (id: string) =>
  t.postClientPayment(admin, id, { periodMonth: '2026-11', amount: '500.00', paidAt: '2026-11-27' });

/** A referral written won straight to the database while its conflict is open (no rule stopped it). */
async function wonInOpenConflict() {
  const { contestedId } = await openConflict();
  await t.db
    .updateTable('referrals')
    .set({ stage: 'won', signedAt: '2026-11-27', qualifying: true })
    .where('id', '=', contestedId)
    .execute();
  return contestedId;
}

describe('winning a referral in an open conflict', () => {
  it('is refused with 409 naming the Conflicts screen, and nothing is stored', async () => {
    const { contestedId } = await openConflict();
    const before = await t.activityActions(contestedId);
    expectRefusal(await win(contestedId), 409, PROGRAM_TERMS_MESSAGES.wonInOpenConflict);
    expect(PROGRAM_TERMS_MESSAGES.wonInOpenConflict).toContain('resolve the conflict on the Conflicts screen');
    expect(await t.row('referrals', contestedId)).toMatchObject({ stage: 'booked', signedAt: null, qualifying: null });
    expect(await t.activityActions(contestedId)).toEqual(before);
  });

  it('is refused by tRPC and by the won preview with the same words', async () => {
    const { contestedId } = await openConflict();
    await expect(
      t.caller(admin).admin.updateReferral({ id: contestedId, stage: 'won', signedAt: '2026-11-27' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: PROGRAM_TERMS_MESSAGES.wonInOpenConflict });
    const preview = await t.request(
      admin,
      'GET',
      `/api/admin/referrals/${contestedId}/won-preview?signedAt=2026-11-27&annualSales=5000000.00`,
    );
    expectRefusal(preview, 409, PROGRAM_TERMS_MESSAGES.wonInOpenConflict);
  });

  it('still moves the referral to the other open stages', async () => {
    const { contestedId } = await openConflict();
    const moved = await t.request(admin, 'PATCH', `/api/admin/referrals/${contestedId}`, { stage: 'qualified' });
    expect(moved.json()).toMatchObject({ stage: 'qualified' });
  });

  it('lets the first partner’s referral, the client’s owner, be won and earn while the conflict is open', async () => {
    const { originalId } = await openConflict();
    expect((await win(originalId)).json()).toMatchObject({ stage: 'won', qualifying: true });
    expect((await payNovember(originalId)).json().commission).toMatchObject({ amount: '50.00' });
  });

  it('allows the win once the client is moved to the second partner, and the fee is earned once', async () => {
    const { originalId, contestedId } = await openConflict();
    const resolved = await t.request(admin, 'POST', `/api/admin/referral-conflicts/${contestedId}/resolve`, {
      resolution: 'move_to_second',
    });
    expect(resolved.statusCode).toBe(200);
    expect((await win(contestedId)).json()).toMatchObject({ stage: 'won', qualifying: true });
    expect((await payNovember(contestedId)).json().commission).toMatchObject({ amount: '50.00' });
    expect((await t.row('referrals', originalId)).stage).toBe('lost');
  });
});

describe('fees of a referral in an open conflict', () => {
  it('are not earned by a recorded payment, which says why', async () => {
    const contestedId = await wonInOpenConflict();
    const paid = await payNovember(contestedId);
    expect(paid.statusCode).toBe(201);
    expect(paid.json()).toMatchObject({ commission: null, reason: CLIENT_PAYMENT_MESSAGES.openConflict });
  });

  it('are not earned by an imported payment', async () => {
    const contestedId = await wonInOpenConflict();
    const csv = ['referral_id,period,amount,paid_date', `${contestedId},2026-11,500.00,2026-11-27`].join('\n');
    const response = await t.request(admin, 'POST', '/api/admin/client-payments/import', csv, {
      'content-type': 'text/csv',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().rows).toMatchObject([
      { ok: true, fee: '0.00', message: CLIENT_PAYMENT_MESSAGES.openConflict },
    ]);
    expect(await t.db.selectFrom('commissions').select('id').where('referralId', '=', contestedId).execute()).toEqual(
      [],
    );
  });

  it('are not accrued by the activeMonth accrual', async () => {
    const contestedId = await wonInOpenConflict();
    await t.setFeeBasis('activeMonth');
    try {
      await t.caller(admin).admin.accrue({ month: '2026-11' });
    } finally {
      await t.setFeeBasis('clientPayment');
    }
    expect(await t.db.selectFrom('commissions').select('id').where('referralId', '=', contestedId).execute()).toEqual(
      [],
    );
  });
});
