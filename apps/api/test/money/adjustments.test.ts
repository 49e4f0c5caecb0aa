// Adjustments and voids: bonuses and clawbacks over REST (for months that have started, the same one
// twice refused), voids, net payouts per partner
// (refused by name at zero or less, nothing paid), payouts by filter ("Select all N matching"),
// the filtered pending list with its offered clawbacks, the wire CSV's net, mails and the export.

import { randomUUID } from 'node:crypto';
import { COMMISSION_MESSAGES, MESSAGES } from '@portal/contracts';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../src/trpc/context';
import { type PartnerFixture, useTestApp, expectRefusal, useClock, useUser } from '../support';

const t = useTestApp();
useClock(t, '2026-11-22T10:00:00Z');
const admin = useUser(t, { role: 'admin' });

const post = (url: string, payload: object, user: SessionUser = admin, headers?: Record<string, string>) =>
  t.request(user, 'POST', url, payload, headers);
const get = (url: string, user: SessionUser = admin) => t.request(user, 'GET', url);
const mailsTo = async (partner: PartnerFixture) =>
  t.outboxMails({ recipient: (await t.row('users', partner.user.id)).email });

async function earning(partner: PartnerFixture, amount: string, monthYear = '2026-10') {
  return t.createWonCommission({ partnerId: partner.partnerId, monthYear, amount });
}

describe('POST /api/admin/commissions/adjustments', () => {
  it('adds a pending bonus (positive) and clawback (negative) with their reason, logs and mails them', async () => {
    const partner = await t.createPartner({ companyName: 'Bonus Partners' });
    const referralId = await t.createReferral(partner.partnerId, { clientCompanyName: 'Adjusted Client' });
    const bonus = await post('/api/admin/commissions/adjustments', {
      partnerId: partner.partnerId,
      amount: '250',
      reason: 'Q4 launch bonus',
      referralId,
      month: '2026-10',
    });
    expect(bonus.statusCode).toBe(201);
    expect(bonus.json()).toMatchObject({
      partnerId: partner.partnerId,
      referralId,
      clientCompanyName: 'Adjusted Client',
      amount: '250.00',
      monthYear: '2026-10',
      kind: 'bonus',
      status: 'pending',
      reason: 'Q4 launch bonus',
    });

    const clawback = await post('/api/admin/commissions/adjustments', {
      partnerId: partner.partnerId,
      amount: -75.5,
      reason: 'Client refunded September',
    });
    expect(clawback.statusCode).toBe(201);
    expect(clawback.json()).toMatchObject({
      referralId: null,
      amount: '-75.50',
      monthYear: '2026-11',
      kind: 'clawback',
      status: 'pending',
    });

    const log = await t.db
      .selectFrom('activityLog')
      .select(['action', 'entityId', 'userId'])
      .where('entityId', 'in', [bonus.json<{ id: string }>().id, clawback.json<{ id: string }>().id])
      .orderBy('action')
      .execute();
    expect(log.map((row) => [row.action, row.userId])).toEqual([
      ['commission.bonus_added', admin.id],
      ['commission.clawback_added', admin.id],
    ]);
    const mails = await mailsTo(partner);
    expect(mails.map((m) => m.kind)).toEqual(['commissionBonus', 'commissionClawback']);
    expect(mails[0]?.subject).toBe('A bonus for you: $250.00');
    expect(mails[0]?.textBody).toContain('Reason: Q4 launch bonus');
    expect(mails[1]?.subject).toBe('A clawback of $75.50 on your commissions');
    expect(mails[1]?.textBody).toContain('we recorded a clawback of $75.50 for');

    // The partner sees both lines, with kind and reason; pending totals count them, the paid total does not move.
    const mine = await t.caller(partner.user).partner.commissions();
    expect(mine.map((c) => [c.kind, c.amount])).toEqual(
      expect.arrayContaining([
        ['bonus', '250.00'],
        ['clawback', '-75.50'],
      ]),
    );
    expect((await t.caller(partner.user).partner.metrics()).pendingCommissions).toBe('174.50');
    expect((await t.row('partners', partner.partnerId)).totalLifetimeCommissions).toBe('0.00');
  });

  it('refuses a missing reason, a zero or too large amount with 400 and a clear message', async () => {
    const { partnerId } = await t.createPartner();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ partnerId, amount: '10.00' }, /A reason is required/],
      [{ partnerId, amount: '10.00', reason: '   ' }, /A reason is required/],
      [{ partnerId, amount: '0.00', reason: 'r' }, /cannot be zero/],
      [{ partnerId, amount: '100000.01', reason: 'r' }, /at most \$100,000\.00 either way/],
      [{ partnerId, amount: '-100000.01', reason: 'r' }, /at most \$100,000\.00 either way/],
      [{ partnerId, amount: '12.345', reason: 'r' }, /at most two decimals/],
      [{ partnerId, amount: 'ten', reason: 'r' }, /at most two decimals/],
      [{ partnerId, amount: '5', reason: 'r', month: '2026-13' }, /.+/],
    ];
    for (const [body, message] of cases) {
      const res = await post('/api/admin/commissions/adjustments', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    expect(
      (await post('/api/admin/commissions/adjustments', { partnerId, amount: '100000.00', reason: 'Maximum' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await post('/api/admin/commissions/adjustments', { partnerId, amount: '-100000', reason: 'Maximum back' }))
        .statusCode,
    ).toBe(201);
  });

  it('accepts only active or suspended partners (422 naming the partner), and a referral of that partner', async () => {
    const pending = await t.createPartner({ status: 'pending', companyName: 'Not Yet Partners' });
    const refused = await post('/api/admin/commissions/adjustments', {
      partnerId: pending.partnerId,
      amount: '10',
      reason: 'r',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toBe(
      'Adjustments are only for active or suspended partners; Not Yet Partners is pending',
    );
    const suspended = await t.createPartner({ status: 'suspended' });
    expect(
      (await post('/api/admin/commissions/adjustments', { partnerId: suspended.partnerId, amount: '-10', reason: 'r' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await post('/api/admin/commissions/adjustments', { partnerId: randomUUID(), amount: '10', reason: 'r' }))
        .statusCode,
    ).toBe(404);
    const other = await t.createPartner();
    const otherReferral = await t.createReferral(other.partnerId);
    const wrong = await post('/api/admin/commissions/adjustments', {
      partnerId: suspended.partnerId,
      amount: '10',
      reason: 'r',
      referralId: otherReferral,
    });
    expect(wrong.statusCode).toBe(422);
    expect(await t.commissionRows({ partnerId: pending.partnerId })).toHaveLength(0);
  });
});

describe('the month of an adjustment and the same adjustment twice', () => {
  it('refuses a month that has not started (400), over REST and tRPC, and a month before 2000-01', async () => {
    const { partnerId } = await t.createPartner();
    const body = { partnerId, amount: '1.00', reason: 'Far ahead' };
    for (const month of ['2026-12', '9999-12'])
      expectRefusal(
        await post('/api/admin/commissions/adjustments', { ...body, month }),
        400,
        COMMISSION_MESSAGES.adjustmentMonthNotStarted(month),
      );
    expect(COMMISSION_MESSAGES.adjustmentMonthNotStarted('2026-12')).toBe(
      'Adjustments cannot be added for a month that has not started (December 2026)',
    );
    await expect(t.caller(admin).admin.addAdjustment({ ...body, month: '2027-01' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: COMMISSION_MESSAGES.adjustmentMonthNotStarted('2027-01'),
    });
    expectRefusal(
      await post('/api/admin/commissions/adjustments', { ...body, month: '0000-01' }),
      400,
      MESSAGES.monthTooEarly,
    );
    expect(await t.commissionRows({ partnerId })).toEqual([]);
    // The current month, given or by default, has started.
    expect((await post('/api/admin/commissions/adjustments', { ...body, month: '2026-11' })).statusCode).toBe(201);
  });

  it('adds one of 10 identical adjustments sent at once without an Idempotency-Key; the others are 409 naming it, one mail', async () => {
    const partner = await t.createPartner();
    const body = { partnerId: partner.partnerId, amount: '10.00', reason: 'Audit bonus', month: '2026-11' };
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => post('/api/admin/commissions/adjustments', body)),
    );
    const created = responses.filter((r) => r.statusCode === 201);
    expect(created).toHaveLength(1);
    const first = created[0]!.json<{ id: string }>();
    const refused = responses.filter((r) => r.statusCode !== 201);
    for (const response of refused)
      expectRefusal(
        response,
        409,
        COMMISSION_MESSAGES.duplicateAdjustment({ id: first.id, kind: 'bonus', amount: '10.00', monthYear: '2026-11' }),
      );
    expect(refused).toHaveLength(9);
    expect((await t.commissionRows({ partnerId: partner.partnerId })).map((row) => row.id)).toEqual([first.id]);
    expect((await mailsTo(partner)).filter((mail) => mail.kind === 'commissionBonus')).toHaveLength(1);
  });

  it('adds the same adjustment again with another reason, after the first is voided, or once the window has passed', async () => {
    const { partnerId } = await t.createPartner();
    const body = { partnerId, amount: '-5.00', reason: 'Refund of October', month: '2026-10' };
    const first = await post('/api/admin/commissions/adjustments', body);
    expect(first.statusCode).toBe(201);
    expect((await post('/api/admin/commissions/adjustments', body)).statusCode).toBe(409);
    expect(
      (await post('/api/admin/commissions/adjustments', { ...body, reason: 'Refund of October, part 2' })).statusCode,
    ).toBe(201);
    await post(`/api/admin/commissions/${first.json<{ id: string }>().id}/void`, { reason: 'Entered twice' });
    expect((await post('/api/admin/commissions/adjustments', body)).statusCode).toBe(201);
    const saved = t.clock.now;
    try {
      t.clock.now = new Date(saved.getTime() + 11 * 60_000);
      expect((await post('/api/admin/commissions/adjustments', body)).statusCode).toBe(201);
    } finally {
      t.clock.now = saved;
    }
  });
});

describe('POST /api/admin/commissions/{id}/void', () => {
  it('voids a pending commission with its reason; it leaves every total and is mailed', async () => {
    const partner = await t.createPartner();
    const id = await earning(partner, '100.00', '2026-11');
    expect((await t.caller(partner.user).partner.metrics()).thisMonthEarnings).toBe('100.00');
    const res = await post(`/api/admin/commissions/${id}/void`, { reason: 'Client never paid' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      status: 'voided',
      voidReason: 'Client never paid',
      voidedAt: t.clock.now.toISOString(),
    });
    const metrics = await t.caller(partner.user).partner.metrics();
    expect(metrics).toMatchObject({ pendingCommissions: '0.00', totalEarnings: '0.00', thisMonthEarnings: '0.00' });
    expect((await mailsTo(partner)).map((m) => m.kind)).toEqual(['commissionVoided']);
    expect(await t.db.selectFrom('activityLog').select('action').where('entityId', '=', id).execute()).toEqual([
      { action: 'commission.voided' },
    ]);
    // A voided recurring commission is not accrued again for its month.
    const again = await t.caller(admin).admin.pendingCommissions({ partnerId: partner.partnerId });
    expect(again.total).toBe(0);
  });

  it('refuses a paid commission with 409 (use a clawback), a second void with 409, a missing reason with 400', async () => {
    const partner = await t.createPartner();
    const id = await earning(partner, '50.00');
    await t.caller(admin).admin.processPayout({ commissionIds: [id], idempotencyKey: randomUUID() });
    const paid = await post(`/api/admin/commissions/${id}/void`, { reason: 'Too late' });
    expect(paid.statusCode).toBe(409);
    expect(paid.json<{ message: string }>().message).toMatch(
      /already paid and cannot be voided; record a clawback instead/,
    );
    const other = await earning(partner, '50.00');
    expect((await post(`/api/admin/commissions/${other}/void`, {})).statusCode).toBe(400);
    expect((await post(`/api/admin/commissions/${other}/void`, { reason: 'Duplicate' })).statusCode).toBe(200);
    expect((await post(`/api/admin/commissions/${other}/void`, { reason: 'Duplicate' })).statusCode).toBe(409);
    expect((await post(`/api/admin/commissions/${randomUUID()}/void`, { reason: 'x' })).statusCode).toBe(404);
    expect((await t.row('commissions', id)).status).toBe('paid');
  });

  it('refuses to mark a clawback failed (nothing is paid out for it) with 409, nothing written; voiding it works', async () => {
    const partner = await t.createPartner();
    const claw = await t.caller(admin).admin.addAdjustment({
      partnerId: partner.partnerId,
      amount: '-40.00',
      reason: 'Refund',
    });
    const before = await t.db.selectFrom('activityLog').select('action').where('entityId', '=', claw.id).execute();
    const failed = await post(`/api/admin/commissions/${claw.id}/fail`, { reason: 'Bank said no' });
    expect(failed.statusCode, failed.body).toBe(409);
    expect(failed.json<{ message: string }>().message).toBe(
      `Commission ${claw.id} is a clawback: nothing is paid out for it, so it cannot fail; void it instead`,
    );
    expect(await t.row('commissions', claw.id)).toMatchObject({ status: 'pending', failureReason: null });
    expect(await t.db.selectFrom('activityLog').select('action').where('entityId', '=', claw.id).execute()).toEqual(
      before,
    );
    expect((await post(`/api/admin/commissions/${claw.id}/void`, { reason: 'Refund reversed' })).statusCode).toBe(200);
  });
});

describe('Idempotency-Key on adjustments, voids and failures', () => {
  it('answers a retried bonus with the first one (200, Idempotent-Replayed) and adds nothing; another body is 422', async () => {
    const partner = await t.createPartner({ status: 'active' });
    const key = randomUUID();
    const body = { partnerId: partner.partnerId, amount: '75.00', reason: 'Launch bonus' };
    const first = await post('/api/admin/commissions/adjustments', body, admin, { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await post('/api/admin/commissions/adjustments', body, admin, { 'idempotency-key': key });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const other = await post('/api/admin/commissions/adjustments', { ...body, amount: '80.00' }, admin, {
      'idempotency-key': key,
    });
    expectRefusal(other, 422, MESSAGES.idempotencyKeyReusedForOther);
    expect(await t.commissionRows({ partnerId: partner.partnerId, kind: 'bonus' })).toHaveLength(1);
    expect((await mailsTo(partner)).map((m) => m.kind)).toEqual(['commissionBonus']);
    // Without a key, the same adjustment again within minutes is a duplicate of the first: 409, nothing added.
    expect((await post('/api/admin/commissions/adjustments', body)).statusCode).toBe(409);
    expect(await t.commissionRows({ partnerId: partner.partnerId })).toHaveLength(1);
  });

  it('makes ten concurrent retries of one key one bonus', async () => {
    const partner = await t.createPartner({ status: 'active' });
    const key = randomUUID();
    const body = { partnerId: partner.partnerId, amount: '10.00', reason: 'Racing retries' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        post('/api/admin/commissions/adjustments', body, admin, { 'idempotency-key': key }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json<{ id: string }>().id)).size).toBe(1);
    expect(await t.commissionRows({ partnerId: partner.partnerId })).toHaveLength(1);
  });

  it('replays a void and a failure instead of answering 409 for the retry, and keys belong to their sender', async () => {
    const partner = await t.createPartner({ status: 'active' });
    const voidId = await earning(partner, '50.00', '2026-11');
    const failId = await earning(partner, '60.00', '2026-11');
    const key = randomUUID();
    const voided = await post(`/api/admin/commissions/${voidId}/void`, { reason: 'Duplicate' }, admin, {
      'idempotency-key': key,
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const again = await post(`/api/admin/commissions/${voidId}/void`, { reason: 'Duplicate' }, admin, {
      'idempotency-key': key,
    });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(voided.json());
    // The same key on another call (a failure) is a call of its own.
    const failed = await post(`/api/admin/commissions/${failId}/fail`, { reason: 'Bank refused' }, admin, {
      'idempotency-key': key,
    });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.headers['idempotent-replayed']).toBeUndefined();
    // Another admin's identical key is theirs: the void is tried again and refused on its merits (already voided, 409).
    const otherAdmin = await t.createUser({ role: 'admin' });
    const theirs = await post(`/api/admin/commissions/${voidId}/void`, { reason: 'Duplicate' }, otherAdmin, {
      'idempotency-key': key,
    });
    expect(theirs.statusCode).toBe(409);
    expect((await t.row('commissions', failId)).status).toBe('failed');
  });

  it('refuses a key that is too short or has spaces, with 400, writing nothing', async () => {
    const partner = await t.createPartner({ status: 'active' });
    for (const key of ['short', 'has a space in it']) {
      const res = await post(
        '/api/admin/commissions/adjustments',
        { partnerId: partner.partnerId, amount: '5.00', reason: 'Bad key' },
        admin,
        { 'idempotency-key': key },
      );
      expectRefusal(res, 400, MESSAGES.idempotencyKeyInvalid);
    }
    expect(await t.commissionRows({ partnerId: partner.partnerId })).toHaveLength(0);
  });
});

describe('net payouts per partner', () => {
  it('pays a bonus and a clawback with the recurring lines as one net amount; the wire CSV carries the net', async () => {
    const partner = await t.createPartner({ companyName: 'Net Partners' });
    const recurring = await earning(partner, '100.00');
    const caller = t.caller(admin);
    const bonus = await caller.admin.addAdjustment({ partnerId: partner.partnerId, amount: '40.00', reason: 'Launch' });
    const clawback = await caller.admin.addAdjustment({
      partnerId: partner.partnerId,
      amount: '-30.00',
      reason: 'Refund',
    });
    const payout = await caller.admin.processPayout({
      commissionIds: [recurring, bonus.id, clawback.id],
      idempotencyKey: randomUUID(),
    });
    expect(payout).toMatchObject({ total: '110.00', commissionCount: 3, partnerCount: 1 });
    expect((await t.row('partners', partner.partnerId)).totalLifetimeCommissions).toBe('110.00');
    expect((await t.row('commissions', clawback.id)).status).toBe('paid');

    const csv = await get(`/api/admin/payouts/${payout.id}/wire-instructions.csv`);
    expect(csv.statusCode).toBe(200);
    const rows = parse<Record<string, string>>(csv.body.replace(/^\uFEFF/, ''), { columns: true });
    expect(rows).toEqual([expect.objectContaining({ Partner: 'Net Partners', Amount: '110.00', Commissions: '3' })]);
    await caller.admin.markPayoutSent({ payoutId: payout.id });
    const mail = (await mailsTo(partner)).find((m) => m.kind === 'payoutSent');
    expect(mail?.subject).toBe('Payout sent: $110.00');
  });

  it('refuses a partner whose selection nets to zero or less with 422 naming it, and pays nothing of the batch', async () => {
    const fine = await t.createPartner({ companyName: 'Fine Partners' });
    const short = await t.createPartner({ companyName: 'Short Partners' });
    const fineId = await earning(fine, '50.00');
    const shortId = await earning(short, '50.00');
    const claw = await t.caller(admin).admin.addAdjustment({
      partnerId: short.partnerId,
      amount: '-50.00',
      reason: 'Chargeback',
    });
    const payoutsBefore = await t.db.selectFrom('payouts').select('id').execute();
    const res = await post('/api/admin/payouts', { commissionIds: [fineId, shortId, claw.id] }, admin, {
      'idempotency-key': randomUUID(),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json<{ message: string }>().message).toBe(
      'Nothing can be paid: the selected commissions of Short Partners net to $0.00. A payout must be more than zero; select more of their commissions or leave them out.',
    );
    for (const id of [fineId, shortId, claw.id]) expect((await t.row('commissions', id)).status).toBe('pending');
    expect(await t.db.selectFrom('payouts').select('id').execute()).toHaveLength(payoutsBefore.length);

    // A clawback alone is refused too; it stays open and is offered with the partner's next commissions.
    const alone = await post('/api/admin/payouts', { commissionIds: [claw.id] }, admin, {
      'idempotency-key': randomUUID(),
    });
    expectRefusal(alone, 422, expect.stringContaining('Short Partners net to -$50.00'));
    const next = await earning(short, '100.00', '2026-11');
    const page = await t.caller(admin).admin.pendingCommissions({
      partnerId: short.partnerId,
      month: '2026-11',
    });
    // The clawback is for the current month (the default), so the month filter lists it beside the new line.
    expect(page.items.map((item) => item.id).sort()).toEqual([next, claw.id].sort());
    expect(page.openClawbacks.map((item) => [item.id, item.amount, item.kind])).toEqual([
      [claw.id, '-50.00', 'clawback'],
    ]);
  });
});

describe('the Payout Processor by filter', () => {
  it('pays every other partner and keeps waiting a partner whose open clawback outweighs its fees', async () => {
    const paying = await t.createPartner({ companyName: 'Paying Partners' });
    const owing = await t.createPartner({ companyName: 'Owing Partners' });
    const payingId = await earning(paying, '150.00', '2026-06');
    const owingFee = await earning(owing, '50.00', '2026-06');
    const claw = await t.caller(admin).admin.addAdjustment({
      partnerId: owing.partnerId,
      amount: '-200.00',
      reason: 'Chargeback larger than the fees',
    });
    const matching = { month: '2026-06' };
    await t.db.updateTable('commissions').set({ monthYear: '2026-06' }).where('id', '=', claw.id).execute();

    const preview = await t.caller(admin).admin.payoutPreview({ matching });
    expect(preview.refusal).toBeNull();
    expect(preview).toMatchObject({ partnerCount: 1, commissionCount: 1, total: '150.00' });
    expect(preview.waiting).toEqual([
      { partnerId: owing.partnerId, companyName: 'Owing Partners', net: '-150.00', reason: 'netNotPositive' },
    ]);

    const res = await post('/api/admin/payouts', { matching }, admin, { 'idempotency-key': randomUUID() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ total: '150.00', partnerCount: 1 });
    expect((await t.row('commissions', payingId)).status).toBe('paid');
    for (const id of [owingFee, claw.id]) expect((await t.row('commissions', id)).status).toBe('pending');
  });

  it('lists, counts and sums the pending commissions of a partner and a month, and pays exactly those by the filter', async () => {
    const a = await t.createPartner({ companyName: 'Filter A' });
    const b = await t.createPartner({ companyName: 'Filter B' });
    const aOct = [await earning(a, '50.00', '2026-09'), await earning(a, '100.00', '2026-09')];
    const aNov = await earning(a, '50.00', '2026-08');
    const bOct = await earning(b, '100.00', '2026-09');
    const caller = t.caller(admin);

    const byPartner = await caller.admin.pendingCommissions({ partnerId: a.partnerId, limit: 2 });
    expect(byPartner).toMatchObject({ total: 3, totalAmount: '200.00', limit: 2, offset: 0 });
    expect(byPartner.items).toHaveLength(2);
    const byBoth = await caller.admin.pendingCommissions({ partnerId: a.partnerId, month: '2026-09' });
    expect(byBoth).toMatchObject({ total: 2, totalAmount: '150.00' });
    expect(byBoth.items.map((item) => item.id).sort()).toEqual([...aOct].sort());

    const rest = await get(`/api/admin/commissions/pending?partnerId=${a.partnerId}&month=2026-09`);
    expect(rest.headers['x-total-count']).toBe('2');
    expect(rest.headers['x-total-amount']).toBe('150.00');
    expect(rest.json<unknown[]>()).toHaveLength(2);
    expect((await get('/api/admin/commissions/pending?month=2026-9')).statusCode).toBe(400);

    const res = await post('/api/admin/payouts', { matching: { partnerId: a.partnerId, month: '2026-09' } }, admin, {
      'idempotency-key': randomUUID(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ total: '150.00', commissionCount: 2, partnerCount: 1 });
    for (const id of aOct) expect((await t.row('commissions', id)).status).toBe('paid');
    expect((await t.row('commissions', aNov)).status).toBe('pending');
    expect((await t.row('commissions', bOct)).status).toBe('pending');

    const none = await post('/api/admin/payouts', { matching: { partnerId: a.partnerId, month: '2026-09' } }, admin, {
      'idempotency-key': randomUUID(),
    });
    expectRefusal(none, 422, 'No pending commissions match the filter');
  });

  it('refuses both ids and a filter, and neither, with 400', async () => {
    const a = await t.createPartner();
    const id = await earning(a, '10.00');
    expect(
      (
        await post('/api/admin/payouts', { commissionIds: [id], matching: {} }, admin, {
          'idempotency-key': randomUUID(),
        })
      ).statusCode,
    ).toBe(400);
    expect((await post('/api/admin/payouts', {}, admin, { 'idempotency-key': randomUUID() })).statusCode).toBe(400);
    expect(
      (await post('/api/admin/payouts', { matching: { month: 'soon' } }, admin, { 'idempotency-key': randomUUID() }))
        .statusCode,
    ).toBe(400);
    expect((await t.row('commissions', id)).status).toBe('pending');
  });
});

describe('the commissions export', () => {
  it("carries each row's kind, adjustment reason and void, voided rows included", async () => {
    const partner = await t.createPartner({ companyName: 'Export Kinds' });
    const voided = await earning(partner, '50.00');
    await t.caller(admin).admin.voidCommission({ id: voided, reason: 'Duplicate accrual' });
    const claw = await t.caller(admin).admin.addAdjustment({
      partnerId: partner.partnerId,
      amount: '-20',
      reason: 'Refund',
    });
    const res = await get('/api/admin/exports/commissions.csv');
    expect(res.statusCode).toBe(200);
    const rows = parse<Record<string, string>>(res.body.replace(/^\uFEFF/, ''), { columns: true }).filter(
      (row) => row.Partner === 'Export Kinds',
    );
    expect(rows.find((row) => row['Commission ID'] === voided)).toMatchObject({
      Kind: 'recurring',
      Status: 'voided',
      'Void Reason': 'Duplicate accrual',
    });
    expect(rows.find((row) => row['Commission ID'] === claw.id)).toMatchObject({
      Kind: 'clawback',
      Amount: '-20.00',
      'Adjustment Reason': 'Refund',
      'Client Company': '',
    });
  });
});
