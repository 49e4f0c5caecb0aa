import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestApp, expectRefusal, useUser } from '../support';

const t = useTestApp();
const admin = useUser(t, { role: 'admin' });

describe('GET /api/partners/commissions (partner.commissions)', () => {
  it("lists only the partner's own commissions, newest month first, with the client company", async () => {
    const mine = await t.createPartner();
    const other = await t.createPartner();
    const acme = await t.createWonClient(mine.partnerId, { clientCompanyName: 'Acme Goods' });
    const bolt = await t.createWonClient(mine.partnerId, { clientCompanyName: 'Bolt Shop', serviceType: 'controller' });
    const theirs = await t.createWonClient(other.partnerId);
    const september = await t.createCommission({
      partnerId: mine.partnerId,
      referralId: acme,
      monthYear: '2026-09',
      status: 'paid',
    });
    const october = await t.createCommission({
      partnerId: mine.partnerId,
      referralId: acme,
      monthYear: '2026-10',
    });
    const octoberBolt = await t.createCommission({
      partnerId: mine.partnerId,
      referralId: bolt,
      monthYear: '2026-10',
      amount: '100.00',
      status: 'failed',
    });
    await t.createCommission({ partnerId: other.partnerId, referralId: theirs, monthYear: '2026-10' });
    // Two quick inserts can share a timestamp on PGlite's clock; the later one is made visibly later.
    await t.db
      .updateTable('commissions')
      .set({ createdAt: sql<Date>`created_at + interval '1 second'` })
      .where('id', '=', octoberBolt)
      .execute();

    const res = await t.request(mine.user, 'GET', '/api/partners/commissions');
    expect(res.statusCode).toBe(200);
    const body = res.json<Array<Record<string, unknown>>>();
    expect(body.map((c) => c.id)).toEqual([octoberBolt, october, september]);
    expect(body[0]).toMatchObject({
      clientCompanyName: 'Bolt Shop',
      amount: '100.00',
      monthYear: '2026-10',
      status: 'failed',
      failureReason: 'Bank rejected the transfer',
    });
    expect(body[2]).toMatchObject({
      clientCompanyName: 'Acme Goods',
      status: 'paid',
      paymentMethod: 'Wire',
      paymentDate: expect.any(String),
      paymentReference: expect.any(String),
    });
  });

  it('answers an empty list for a partner without commissions', async () => {
    const { user } = await t.createPartner();
    expect(await t.caller(user).partner.commissions()).toEqual([]);
  });

  it('answers 401 anonymous, 403 for an admin, 404 for a partner user without a record', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/partners/commissions' })).statusCode).toBe(401);
    expect((await t.request(admin, 'GET', '/api/partners/commissions')).statusCode).toBe(403);
    const applicant = await t.createUser({ role: 'partner' });
    expect((await t.request(applicant, 'GET', '/api/partners/commissions')).statusCode).toBe(404);
  });
});

describe('GET /api/admin/commissions/pending (admin.pendingCommissions)', () => {
  it('lists pending commissions with partner and client company, and the totals in headers', async () => {
    const { partnerId } = await t.createPartner({ companyName: 'Northwind Advisors' });
    const referralId = await t.createWonClient(partnerId, { clientCompanyName: 'Zephyr Store' });
    const pending = await t.createCommission({ partnerId, referralId, monthYear: '2026-08', amount: '50.00' });
    const paid = await t.createCommission({ partnerId, referralId, monthYear: '2026-07', status: 'paid' });

    const res = await t.request(admin, 'GET', '/api/admin/commissions/pending?limit=100');
    expect(res.statusCode).toBe(200);
    const body = res.json<Array<Record<string, unknown>>>();
    expect(body.find((c) => c.id === pending)).toEqual({
      id: pending,
      amount: '50.00',
      monthYear: '2026-08',
      kind: 'recurring',
      reason: null,
      referralId,
      partnerId,
      partnerCompanyName: 'Northwind Advisors',
      clientCompanyName: 'Zephyr Store',
      taxProfileMissing: false,
      dueBy: null,
      clientPaidAt: null,
      belowMinimum: false,
    });
    expect(body.some((c) => c.id === paid)).toBe(false);

    const page = await t.caller(admin).admin.pendingCommissions({});
    expect(res.headers['x-total-count']).toBe(String(page.total));
    expect(res.headers['x-total-amount']).toBe(page.totalAmount);
    const { sum } = await t.db
      .selectFrom('commissions')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('amount'), eb.val('0')).as('sum'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    expect(Number(page.totalAmount)).toBe(Number(sum));
  });

  it('pages with limit and offset', async () => {
    const all = await t.caller(admin).admin.pendingCommissions({ limit: 100 });
    const second = await t.caller(admin).admin.pendingCommissions({ limit: 1, offset: 1 });
    expect(second.items).toHaveLength(1);
    expect(second.items[0]?.id).toBe(all.items[1]?.id);
    expect(second.total).toBe(all.total);
    const tooMany = await t.request(admin, 'GET', '/api/admin/commissions/pending?limit=1000');
    expect(tooMany.statusCode).toBe(400);
  });

  it('is for admins only', async () => {
    const { user } = await t.createPartner();
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/commissions/pending' })).statusCode).toBe(401);
    expect((await t.request(user, 'GET', '/api/admin/commissions/pending')).statusCode).toBe(403);
  });
});

describe('POST /api/admin/commissions/{id}/fail (admin.failCommission)', () => {
  /** A partner's pending commission of 2026-10. */
  const pendingCommission = async () => {
    const { partnerId, user } = await t.createPartner();
    return { user, id: await t.createWonCommission({ partnerId, monthYear: '2026-10' }) };
  };
  const fail = (id: string, reason: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/admin/commissions/${id}/fail`, headers, payload: { reason } });

  it('marks a pending commission failed with the reason and logs it', async () => {
    const { id, user } = await pendingCommission();
    const res = await fail(id, 'Account closed', await t.bearer(admin));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'failed', failureReason: 'Account closed' });
    const log = await t.activityEntries({ action: 'commission.failed', entityId: id });
    expect(log).toHaveLength(1);
    const seenByPartner = await t.caller(user).partner.commissions();
    expect(seenByPartner[0]).toMatchObject({ id, status: 'failed', failureReason: 'Account closed' });
  });

  it('answers 409 for a commission that is not pending, 404 for an unknown one, 400 without a reason', async () => {
    const { partnerId } = await t.createPartner();
    const paid = await t.createWonCommission({ partnerId, monthYear: '2026-10', status: 'paid' });
    const auth = await t.bearer(admin);
    const conflict = await fail(paid, 'x', auth);
    expectRefusal(conflict, 409, `Commission ${paid} is already paid`);
    const unknown = await fail(randomUUID(), 'x', auth);
    expect(unknown.statusCode).toBe(404);
    const noReason = await fail(paid, '  ', auth);
    expectRefusal(noReason, 400, 'A failure reason is required');
  });

  it('is for admins only', async () => {
    const { id, user } = await pendingCommission();
    const res = await fail(id, 'x', await t.bearer(user));
    expect(res.statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents the commission paths and the Idempotency-Key header', async () => {
    const doc = await t.openApiDocument();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/partners/commissions',
        '/api/admin/commissions/pending',
        '/api/admin/commissions/accrue',
        '/api/admin/payouts',
        '/api/admin/commissions/{id}/fail',
        '/api/admin/exports/partners.csv',
        '/api/admin/payouts/{id}/wire-instructions.csv',
      ]),
    );
    expect(doc.paths['/api/admin/payouts'].post.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true })]),
    );
  });
});
