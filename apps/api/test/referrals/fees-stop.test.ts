// Fees are earned only while the client stays active and its contract runs: setting a won client's churn date
// or contract end date, or moving either so that fees stop earlier, voids its pending fees (in no payout) for
// months after the stop month in the same change, each with the reason, an activity row and a mail to the
// partner. The stop month's fee and fees already paid stay.

import { CLIENT_PAYMENT_MESSAGES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp, type PartnerFixture, useClock, useUser } from '../support';

const t = useTestApp();
useClock(t, '2026-11-27T12:00:00Z');
const admin = useUser(t, { role: 'admin' });

/** A won client of a new partner, with a fee of each month given (pending unless named paid). */
async function wonClientWithFees(fees: Record<string, 'pending' | 'paid'>) {
  const partner = await t.createPartner();
  const referralId = await t.createWonClient(partner.partnerId, {
    contractStartDate: '2026-06-01',
    clientCompanyName: 'Churning Goods',
  });
  const ids: Record<string, string> = {};
  for (const [monthYear, status] of Object.entries(fees))
    ids[monthYear] = await t.createCommission({ partnerId: partner.partnerId, referralId, monthYear, status });
  return { partner, referralId, ids };
}

const setChurn = (referralId: string, churnDate: string) =>
  t.request(admin, 'PATCH', `/api/admin/referrals/${referralId}`, { churnDate });
const setContractEnd = (referralId: string, contractEndDate: string | null) =>
  t.request(admin, 'PATCH', `/api/admin/referrals/${referralId}`, { contractEndDate });

async function feesOf(referralId: string) {
  const rows = await t.db
    .selectFrom('commissions')
    .select(['monthYear', 'status', 'voidReason'])
    .where('referralId', '=', referralId)
    .orderBy('monthYear')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.monthYear, { status: row.status, voidReason: row.voidReason }]));
}

const voidMails = (partner: PartnerFixture) =>
  t.outboxMails({ kind: 'commissionVoided', recipient: partner.user.email });

describe("a won client's churn date", () => {
  it('voids the pending fees of months after the churn month, with the reason, logged and mailed', async () => {
    const { partner, referralId, ids } = await wonClientWithFees({
      '2026-09': 'pending',
      '2026-10': 'pending',
      '2026-11': 'paid',
      '2026-12': 'pending',
    });
    const response = await setChurn(referralId, '2026-10-15');
    expect(response.statusCode).toBe(200);
    const reason = CLIENT_PAYMENT_MESSAGES.voidedAfterChurn('2026-10-15');
    expect(reason).toBe('The client churned on Oct 15, 2026: fees are earned only while the client stays active');
    expect(await feesOf(referralId)).toEqual({
      '2026-09': { status: 'pending', voidReason: null },
      '2026-10': { status: 'pending', voidReason: null },
      '2026-11': { status: 'paid', voidReason: null },
      '2026-12': { status: 'voided', voidReason: reason },
    });
    const logged = await t.activityEntries({ entityId: ids['2026-12'], action: 'commission.voided' });
    expect(logged).toMatchObject([{ userId: admin.id, details: expect.objectContaining({ reason }) }]);
    const mails = await voidMails(partner);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.textBody).toContain('December 2026 (Churning Goods) was voided');
    expect(mails[0]?.textBody).toContain(reason);
  });

  it('voids more when moved earlier, and nothing when moved later', async () => {
    const { partner, referralId } = await wonClientWithFees({ '2026-09': 'pending', '2026-10': 'pending' });
    await setChurn(referralId, '2026-10-20');
    expect(await voidMails(partner)).toEqual([]);
    await setChurn(referralId, '2026-11-30');
    expect(await voidMails(partner)).toEqual([]);
    await setChurn(referralId, '2026-09-05');
    expect(await feesOf(referralId)).toEqual({
      '2026-09': { status: 'pending', voidReason: null },
      '2026-10': { status: 'voided', voidReason: CLIENT_PAYMENT_MESSAGES.voidedAfterChurn('2026-09-05') },
    });
    expect(await voidMails(partner)).toHaveLength(1);
  });

  it('voids through tRPC as through REST (one service)', async () => {
    const { referralId } = await wonClientWithFees({ '2026-11': 'pending' });
    await t.caller(admin).admin.updateReferral({ id: referralId, churnDate: '2026-10-31' });
    expect((await feesOf(referralId))['2026-11']?.status).toBe('voided');
  });
});

describe("a won client's contract end date", () => {
  it('voids the pending fees of months after the contract ends, with its own reason', async () => {
    const { partner, referralId } = await wonClientWithFees({
      '2026-09': 'pending',
      '2026-10': 'pending',
      '2026-11': 'pending',
    });
    const response = await setContractEnd(referralId, '2026-09-30');
    expect(response.statusCode).toBe(200);
    const reason = CLIENT_PAYMENT_MESSAGES.voidedAfterContractEnd('2026-09-30');
    expect(reason).toBe("The contract ended on Sep 30, 2026: fees are earned only while the client's contract runs");
    expect(await feesOf(referralId)).toEqual({
      '2026-09': { status: 'pending', voidReason: null },
      '2026-10': { status: 'voided', voidReason: reason },
      '2026-11': { status: 'voided', voidReason: reason },
    });
    const mails = await voidMails(partner);
    expect(mails).toHaveLength(2);
    expect(mails.map((mail) => mail.textBody).join('\n')).toContain(reason);
  });

  it('voids more when moved earlier, nothing when moved later or cleared', async () => {
    const { partner, referralId } = await wonClientWithFees({ '2026-09': 'pending', '2026-10': 'pending' });
    await setContractEnd(referralId, '2026-12-31');
    await setContractEnd(referralId, '2027-06-30');
    await setContractEnd(referralId, null);
    expect(await voidMails(partner)).toEqual([]);
    await setContractEnd(referralId, '2026-09-15');
    expect((await feesOf(referralId))['2026-10']?.status).toBe('voided');
    expect(await voidMails(partner)).toHaveLength(1);
  });

  it('gives the reason of whichever stop comes first, churn or contract end', async () => {
    const { referralId } = await wonClientWithFees({
      '2026-09': 'pending',
      '2026-10': 'pending',
      '2026-11': 'pending',
    });
    await setChurn(referralId, '2026-10-10');
    expect((await feesOf(referralId))['2026-11']?.voidReason).toBe(
      CLIENT_PAYMENT_MESSAGES.voidedAfterChurn('2026-10-10'),
    );
    // A contract end after the churn stops nothing earlier: the October fee stays.
    await setContractEnd(referralId, '2026-10-31');
    expect((await feesOf(referralId))['2026-10']?.status).toBe('pending');
    await setContractEnd(referralId, '2026-09-20');
    expect(await feesOf(referralId)).toMatchObject({
      '2026-09': { status: 'pending' },
      '2026-10': { status: 'voided', voidReason: CLIENT_PAYMENT_MESSAGES.voidedAfterContractEnd('2026-09-20') },
    });
  });
});
