// The partner's own payout history keeps a payout whose line came back: its status, ACH code, reason
// and day, the line's amount, and its commissions (now failed and still owed), in the history, the
// payout's detail, the Commissions tab and the month's statement.

import { randomUUID } from 'node:crypto';
import type { PartnerPayout } from '@portal/contracts';
import { parse } from 'csv-parse/sync';
import { extractText, getDocumentProxy } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../src/trpc/context';
import { type PartnerFixture, useTestApp } from '../support';

const t = useTestApp();
let admin: SessionUser;
let partner: PartnerFixture;
let other: PartnerFixture;
let confirmed: { id: string; reference: string };
let returned: { id: string; reference: string };
let othersReturned: { id: string; reference: string };
const ids: Record<string, string> = {};

/** A payout of the commissions, marked sent the next day. */
async function payAndSend(commissionIds: string[], paidOn: string) {
  const asAdmin = t.caller(admin);
  t.clock.now = new Date(`${paidOn}T12:00:00Z`);
  const payout = await asAdmin.admin.processPayout({ commissionIds, idempotencyKey: randomUUID() });
  t.clock.now = new Date(t.clock.now.getTime() + 86_400_000);
  await asAdmin.admin.markPayoutSent({ payoutId: payout.id });
  return payout;
}

beforeAll(async () => {
  admin = await t.createUser({ role: 'admin' });
  partner = await t.createPartner({ companyName: 'Summit Ledger' });
  other = await t.createPartner({ companyName: 'Elsewhere Agency' });
  const referral = await t.createWonClient(partner.partnerId, { clientCompanyName: 'Harbor Goods' });
  ids.march = await t.createBookedCommission({
    partnerId: partner.partnerId,
    referralId: referral,
    monthYear: '2026-03',
  });
  confirmed = await payAndSend([ids.march], '2026-04-06');
  await t.caller(admin).admin.confirmPayoutLine({ payoutId: confirmed.id, partnerId: partner.partnerId });

  ids.april = await t.createBookedCommission({
    partnerId: partner.partnerId,
    referralId: referral,
    monthYear: '2026-04',
  });
  const second = await t.createWonClient(partner.partnerId, { clientCompanyName: 'Quay Supplies' });
  ids.aprilQuay = await t.createBookedCommission({
    partnerId: partner.partnerId,
    referralId: second,
    monthYear: '2026-04',
    amount: '25.00',
  });
  returned = await payAndSend([ids.april, ids.aprilQuay], '2026-05-05');
  t.clock.now = new Date('2026-05-08T15:00:00Z');
  await t
    .caller(admin)
    .admin.returnPayoutLine({ payoutId: returned.id, partnerId: partner.partnerId, returnCode: 'R02' });

  const elsewhere = await t.createWonClient(other.partnerId);
  ids.other = await t.createCommission({ partnerId: other.partnerId, referralId: elsewhere, monthYear: '2026-04' });
  othersReturned = await payAndSend([ids.other], '2026-05-12');
  await t
    .caller(admin)
    .admin.returnPayoutLine({ payoutId: othersReturned.id, partnerId: other.partnerId, returnCode: 'R03' });
});

const returnedLine: Omit<PartnerPayout, 'id' | 'reference'> = {
  paidAt: '2026-05-05T12:00:00.000Z',
  method: 'Wire',
  amount: '75.00',
  commissionCount: 2,
  status: 'returned',
  returnCode: 'R02',
  returnReason: 'R02 Account closed',
  resolvedAt: '2026-05-08T15:00:00.000Z',
};

describe("the partner's payout history", () => {
  it('lists a returned payout with its status, code, reason, day and the amount of its line, newest first', async () => {
    const res = await t.request(partner.user, 'GET', '/api/partners/payouts');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { id: returned.id, reference: returned.reference, ...returnedLine },
      {
        id: confirmed.id,
        reference: confirmed.reference,
        paidAt: '2026-04-06T12:00:00.000Z',
        method: 'Wire',
        amount: '50.00',
        commissionCount: 1,
        status: 'confirmed',
        returnCode: null,
        returnReason: null,
        resolvedAt: '2026-04-07T12:00:00.000Z',
      },
    ]);
    expect(await t.caller(partner.user).partner.payouts()).toEqual(res.json());
  });

  it('opens a returned payout with its commissions, now failed with the return as their reason', async () => {
    const res = await t.request(partner.user, 'GET', `/api/partners/payouts/${returned.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ commissions: { id: string; status: string; failureReason: string }[] }>();
    expect(body).toMatchObject(returnedLine);
    expect(body.commissions.map((c) => c.id).sort()).toEqual([ids.april, ids.aprilQuay].sort());
    expect(body.commissions.every((c) => c.status === 'failed')).toBe(true);
    expect(body.commissions[0]?.failureReason).toBe('Returned: R02 Account closed');
  });

  it("answers 404 for another partner's returned payout, over REST and tRPC", async () => {
    const res = await t.request(partner.user, 'GET', `/api/partners/payouts/${othersReturned.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('R03');
    await expect(t.caller(partner.user).partner.payout({ id: othersReturned.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect((await t.caller(other.user).partner.payouts()).map((p) => [p.reference, p.status, p.returnCode])).toEqual([
      [othersReturned.reference, 'returned', 'R03'],
    ]);
  });

  it("groups the failed lines of a returned payout under it on the Commissions tab's page", async () => {
    const page = await t.caller(partner.user).partner.commissionsPage({ month: '2026-04' });
    expect(page.items.map((c) => [c.status, c.payoutId])).toEqual([
      ['failed', returned.id],
      ['failed', returned.id],
    ]);
    expect(page.payouts).toEqual([{ id: returned.id, reference: returned.reference, ...returnedLine }]);
  });
});

describe("the month's statement", () => {
  it('lists the payout in the month it was made and its return in the month it came back, with the reason and that it is owed again', async () => {
    const res = await t.request(partner.user, 'GET', '/api/partners/statements/2026-05.csv');
    expect(res.statusCode, res.body).toBe(200);
    const rows = parse<Record<string, string>>(res.body, { columns: true });
    expect(rows.filter((r) => r.Section === 'Payout' || r.Section === 'Returned payout')).toEqual([
      expect.objectContaining({
        Section: 'Payout',
        'Client or reference': returned.reference,
        Date: '2026-05-05',
        Amount: '-75.00',
        Status: 'Returned',
        Note: '',
      }),
      expect.objectContaining({
        Section: 'Returned payout',
        'Client or reference': returned.reference,
        Date: '2026-05-08',
        Amount: '75.00',
        Status: 'Returned',
        Note: 'Returned: R02 Account closed; owed again',
      }),
    ]);
    // March's 50.00 was paid in April; April's 75.00 was paid in May, came back in May and is owed again.
    expect(rows[0]).toMatchObject({ Section: 'Opening balance', Amount: '75.00' });
    expect(rows.at(-1)).toMatchObject({ Section: 'Closing balance', Amount: '75.00' });
  });

  it('writes the payout and its return into the PDF the same way', async () => {
    const res = await t.request(partner.user, 'GET', '/api/partners/statements/2026-05.pdf');
    expect(res.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(res.rawPayload)), { mergePages: true });
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain(`2026-05-05 ${returned.reference} Wire Transfer 2 $75.00 Returned`);
    expect(flat).toContain(`2026-05-08 Returned: ${returned.reference} Wire Transfer 2 -$75.00 Returned`);
    expect(flat).toMatch(/Paid this month \$0\.00/);
    expect(flat).toContain(`${returned.reference}: Returned: R02 Account closed; owed again`);
  });

  it('lists a confirmed payout with its status and amount', async () => {
    const rows = parse<Record<string, string>>(
      (await t.request(partner.user, 'GET', '/api/partners/statements/2026-04.csv')).body,
      { columns: true },
    );
    expect(rows.filter((r) => r.Section === 'Payout')).toEqual([
      expect.objectContaining({
        'Client or reference': confirmed.reference,
        Amount: '-50.00',
        Status: 'Confirmed',
        Note: '',
      }),
    ]);
  });
});

describe('the OpenAPI document', () => {
  it("describes a partner's payout with its line status, return code, reason and day", async () => {
    const doc = await t.openApiDocument<{
      components: { schemas: Record<string, { properties: Record<string, unknown>; required: string[] }> };
    }>();
    const payout = doc.components.schemas.PartnerPayout!;
    expect(payout.properties.status).toMatchObject({ enum: ['sent', 'confirmed', 'returned'] });
    expect(payout.required).toEqual(expect.arrayContaining(['status', 'returnCode', 'returnReason', 'resolvedAt']));
    expect(JSON.stringify(payout.properties.resolvedAt)).toContain('date-time');
  });
});

describe('a returned payout once its fees are paid again', () => {
  it('still lists the fees it carried, now paid in the later payout, which lists them too', async () => {
    t.clock.now = new Date('2026-06-01T09:00:00Z');
    for (const id of [ids.april!, ids.aprilQuay!]) await t.caller(admin).admin.retryCommission({ id });
    const repaid = await payAndSend([ids.april!, ids.aprilQuay!], '2026-06-05');

    const again = (await t.request(partner.user, 'GET', `/api/partners/payouts/${returned.id}`)).json<{
      status: string;
      commissions: { id: string; status: string }[];
    }>();
    expect(again.status).toBe('returned');
    expect(again.commissions.map((c) => [c.id, c.status]).sort()).toEqual(
      [
        [ids.april, 'paid'],
        [ids.aprilQuay, 'paid'],
      ].sort(),
    );
    const later = (await t.request(partner.user, 'GET', `/api/partners/payouts/${repaid.id}`)).json<{
      commissions: { id: string }[];
    }>();
    expect(later.commissions.map((c) => c.id).sort()).toEqual([ids.april, ids.aprilQuay].sort());
  });
});
