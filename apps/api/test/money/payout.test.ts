import { randomUUID } from 'node:crypto';
import { COMMISSION_MESSAGES } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { useTestApp, expectRefusal, useClock, useUser } from '../support';

const t = useTestApp();
useClock(t, '2026-11-22T10:00:00Z');
const admin = useUser(t, { role: 'admin' });

async function pendingCommissions(
  count: number,
  options: { amount?: string; paymentMethod?: 'Wire' | 'ACH' | 'PayPal' } = {},
) {
  // A PayPal partner is paid to its PayPal email; the fixture's bank details serve ACH and wire.
  const { partnerId, user } = await t.createPartner({
    paymentMethod: options.paymentMethod,
    ...(options.paymentMethod === 'PayPal' && { paypalEmail: 'payee@paypal.example' }),
  });
  const ids: string[] = [];
  for (let i = 0; i < count; i++)
    ids.push(await t.createWonCommission({ partnerId, monthYear: '2026-10', amount: options.amount ?? '50.00' }));
  return { partnerId, user, ids };
}

describe('admin.processPayout', () => {
  it("pays the selected commissions with the date, each partner's method and the payout reference, and moves lifetime totals", async () => {
    const wire = await pendingCommissions(2, { amount: '50.00' });
    const paypal = await pendingCommissions(1, { amount: '100.00', paymentMethod: 'PayPal' });
    const untouched = await pendingCommissions(1);
    const payout = await t.caller(admin).admin.processPayout({
      commissionIds: [...wire.ids, ...paypal.ids],
      idempotencyKey: randomUUID(),
    });

    expect(payout).toMatchObject({
      total: '200.00',
      commissionCount: 3,
      partnerCount: 2,
      paidAt: t.clock.now.toISOString(),
    });
    expect(payout.reference).toMatch(/^PO-20261122-[0-9A-Z]{6}$/);
    for (const id of wire.ids) {
      expect(await t.row('commissions', id)).toMatchObject({
        status: 'paid',
        paymentMethod: 'Wire',
        paymentReference: payout.reference,
        payoutId: payout.id,
        paymentDate: t.clock.now,
      });
    }
    expect(await t.row('commissions', paypal.ids[0] as string)).toMatchObject({
      status: 'paid',
      paymentMethod: 'PayPal',
      paymentReference: payout.reference,
    });
    expect(await t.row('commissions', untouched.ids[0] as string)).toMatchObject({
      status: 'pending',
      paymentReference: null,
    });
    expect((await t.row('partners', wire.partnerId)).totalLifetimeCommissions).toBe('100.00');
    expect((await t.row('partners', paypal.partnerId)).totalLifetimeCommissions).toBe('100.00');
    expect((await t.row('partners', untouched.partnerId)).totalLifetimeCommissions).toBe('0.00');

    const log = await t.activityEntries({ action: 'payout.processed', entityId: payout.id });
    expect(log).toHaveLength(1);
    expect(log[0]?.userId).toBe(admin.id);
  });

  it('refuses to pay a partner by ACH while the server has no ACH originator settings, and books nothing', async () => {
    // Booked paid, the fee could never leave: no NACHA file can be made without the originator.
    const wire = await pendingCommissions(1);
    const ach = await pendingCommissions(1, { amount: '100.00', paymentMethod: 'ACH' });
    const [partner] = await t.db.selectFrom('partners').select('companyName').where('id', '=', ach.partnerId).execute();
    const selection = { commissionIds: [...wire.ids, ...ach.ids] };
    const preview = await t.caller(admin).admin.payoutPreview(selection);
    expect(preview.refusal).toBe(COMMISSION_MESSAGES.achNotReady([partner!]));
    expect(preview.refusal).toContain('ACH_IMMEDIATE_DESTINATION');
    await expect(
      t.caller(admin).admin.processPayout({ ...selection, idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({ code: 'UNPROCESSABLE_CONTENT', message: COMMISSION_MESSAGES.achNotReady([partner!]) });
    for (const id of [...wire.ids, ...ach.ids])
      expect(await t.row('commissions', id)).toMatchObject({ status: 'pending' });
    // Without the ACH partner the same payout runs.
    const paid = await t.caller(admin).admin.processPayout({ commissionIds: wire.ids, idempotencyKey: randomUUID() });
    expect(paid.commissionCount).toBe(1);
  });

  it('replays the stored answer for the same key and body, without paying again', async () => {
    const { ids, partnerId } = await pendingCommissions(2);
    const key = randomUUID();
    const first = await t.caller(admin).admin.processPayout({ commissionIds: ids, idempotencyKey: key });
    // Same set in another order is the same body.
    const second = await t.caller(admin).admin.processPayout({
      commissionIds: [...ids].reverse(),
      idempotencyKey: key,
    });
    expect(second).toEqual(first);
    expect(await t.db.selectFrom('payouts').select('id').where('idempotencyKey', '=', key).execute()).toHaveLength(1);
    expect((await t.row('partners', partnerId)).totalLifetimeCommissions).toBe('100.00');
  });

  it('refuses the same key with other commissions with 422', async () => {
    const a = await pendingCommissions(1);
    const b = await pendingCommissions(1);
    const key = randomUUID();
    await t.caller(admin).admin.processPayout({ commissionIds: a.ids, idempotencyKey: key });
    await expect(
      t.caller(admin).admin.processPayout({ commissionIds: b.ids, idempotencyKey: key }),
    ).rejects.toMatchObject({ code: 'UNPROCESSABLE_CONTENT' });
    expect(await t.row('commissions', b.ids[0] as string)).toMatchObject({ status: 'pending' });
  });

  it('refuses with 409 naming a commission that is already paid, and pays nothing of the batch', async () => {
    const { ids } = await pendingCommissions(2);
    await t.caller(admin).admin.processPayout({
      commissionIds: [ids[0] as string],
      idempotencyKey: randomUUID(),
    });
    const error = await t
      .caller(admin)
      .admin.processPayout({ commissionIds: ids, idempotencyKey: randomUUID() })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'CONFLICT', message: `Commission ${ids[0]} is already paid` });
    expect(await t.row('commissions', ids[1] as string)).toMatchObject({ status: 'pending', payoutId: null });
  });

  it('refuses a failed commission with 409 and an unknown one with 404', async () => {
    const { ids, partnerId } = await pendingCommissions(1);
    const failed = await t.createWonCommission({ partnerId, monthYear: '2026-09', status: 'failed' });
    await expect(
      t.caller(admin).admin.processPayout({
        commissionIds: [ids[0] as string, failed],
        idempotencyKey: randomUUID(),
      }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining(failed),
    });
    const unknown = randomUUID();
    await expect(
      t.caller(admin).admin.processPayout({ commissionIds: [unknown], idempotencyKey: randomUUID() }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringContaining(unknown),
    });
  });

  it('pays each commission once when two payouts of the same commissions run at the same time', async () => {
    const { ids, partnerId } = await pendingCommissions(3);
    const results = await Promise.allSettled([
      t.caller(admin).admin.processPayout({ commissionIds: ids, idempotencyKey: randomUUID() }),
      t.caller(admin).admin.processPayout({ commissionIds: [...ids].reverse(), idempotencyKey: randomUUID() }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect(rejected?.reason).toMatchObject({ code: 'CONFLICT' });
    const rows = await t.db.selectFrom('commissions').select(['status', 'payoutId']).where('id', 'in', ids).execute();
    expect(new Set(rows.map((r) => r.payoutId)).size).toBe(1);
    expect(rows.every((r) => r.status === 'paid')).toBe(true);
    expect((await t.row('partners', partnerId)).totalLifetimeCommissions).toBe('150.00');
  });

  it('answers both concurrent requests with the same key with one payout', async () => {
    const { ids } = await pendingCommissions(2);
    const key = randomUUID();
    const [a, b] = await Promise.all([
      t.caller(admin).admin.processPayout({ commissionIds: ids, idempotencyKey: key }),
      t.caller(admin).admin.processPayout({ commissionIds: ids, idempotencyKey: key }),
    ]);
    expect(a).toEqual(b);
    expect(await t.db.selectFrom('payouts').select('id').where('idempotencyKey', '=', key).execute()).toHaveLength(1);
  });
});

describe('POST /api/admin/payouts', () => {
  it('pays with the Idempotency-Key header: 201 first, 200 with Idempotent-Replayed on a repeat', async () => {
    const { ids } = await pendingCommissions(2);
    const headers = { ...(await t.bearer(admin)), 'idempotency-key': randomUUID() };
    const pay = () =>
      t.app.inject({ method: 'POST', url: '/api/admin/payouts', headers, payload: { commissionIds: ids } });
    const first = await pay();
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ total: '100.00', commissionCount: 2, partnerCount: 1 });
    const again = await pay();
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('answers 422 for a reused key with a different body, 409 for a paid commission', async () => {
    const { ids } = await pendingCommissions(2);
    const auth = await t.bearer(admin);
    const key = randomUUID();
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/payouts',
      headers: { ...auth, 'idempotency-key': key },
      payload: { commissionIds: [ids[0]] },
    });
    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/payouts',
      headers: { ...auth, 'idempotency-key': key },
      payload: { commissionIds: ids },
    });
    expectRefusal(reused, 422, /Idempotency-Key/);
    const conflict = await t.app.inject({
      method: 'POST',
      url: '/api/admin/payouts',
      headers: { ...auth, 'idempotency-key': randomUUID() },
      payload: { commissionIds: ids },
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toMatchObject({ code: 'CONFLICT', message: `Commission ${ids[0]} is already paid` });
  });

  it('answers 400 without an Idempotency-Key or without commissions', async () => {
    const { ids } = await pendingCommissions(1);
    const auth = await t.bearer(admin);
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/admin/payouts',
      headers: auth,
      payload: { commissionIds: ids },
    });
    expectRefusal(noKey, 400, 'An Idempotency-Key header is required');
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/admin/payouts',
      headers: { ...auth, 'idempotency-key': randomUUID() },
      payload: { commissionIds: [] },
    });
    expectRefusal(none, 400, 'Select at least one commission');
  });

  it('is for admins only', async () => {
    const { ids, user } = await pendingCommissions(1);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/payouts',
      headers: { 'idempotency-key': randomUUID() },
      payload: { commissionIds: ids },
    });
    expect(anonymous.statusCode).toBe(401);
    const partner = await t.request(
      user,
      'POST',
      '/api/admin/payouts',
      { commissionIds: ids },
      { 'idempotency-key': randomUUID() },
    );
    expect(partner.statusCode).toBe(403);
    expect(await t.row('commissions', ids[0] as string)).toMatchObject({ status: 'pending' });
  });
});

describe('GET /api/admin/payouts', () => {
  it('lists recent payouts, newest first', async () => {
    const { ids } = await pendingCommissions(1);
    t.clock.now = new Date('2026-11-23T09:00:00Z');
    const latest = await t.caller(admin).admin.processPayout({
      commissionIds: ids,
      idempotencyKey: randomUUID(),
    });
    const res = await t.request(admin, 'GET', '/api/admin/payouts');
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toEqual(latest);
    const partner = await t.createPartner();
    expect((await t.request(partner.user, 'GET', '/api/admin/payouts')).statusCode).toBe(403);
  });
});
