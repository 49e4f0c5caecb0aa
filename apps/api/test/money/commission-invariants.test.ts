// Property tests over random sequences of referral, stage, accrual, client payment (partial collection
// costs, duplicates for a month, re-imports of a CSV, refunds that claw back their share), adjustment
// (bonus, clawback), void, payout (by ids and by filter, net per partner, only fees the processor offers by
// filter) and failure operations, run through the same procedures the screens call. A small model in integer
// cents says what the database must hold; after every step the stored partner columns, the SQL aggregates,
// the model and both dashboards' figures agree to the cent.

import { randomUUID } from 'node:crypto';
import {
  COMMISSION_BY_SERVICE,
  feeForPaymentCents,
  fromCents,
  monthBounds,
  toCents,
  type ReferralStage,
  type ServiceType,
} from '@portal/contracts';
import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../src/trpc/context';
import { applyClientPaymentRefund } from '../../src/services/money';
import { type PartnerFixture, useTestApp } from '../support';

const t = useTestApp();
let admin: SessionUser;
const NOW = new Date('2026-11-22T12:00:00Z');
const CURRENT_MONTH = '2026-11';

beforeAll(async () => {
  t.clock.now = NOW;
  await t.setFeeBasis('activeMonth');
  admin = await t.createUser({ role: 'admin' });
});

/** "2026-11" shifted by `offset` months. */
function monthAt(offset: number): string {
  const date = new Date(Date.UTC(2026, 10 + offset, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}
const dayAt = (offset: number, day: number) => `${monthAt(offset)}-${String(day).padStart(2, '0')}`;

interface ModelReferral {
  id: string;
  partner: number;
  monthlyCents: number;
  commissionCents: number;
  stage: ReferralStage;
  start: string | null;
  churn: string | null;
}
interface ModelCommission {
  id?: string;
  /** Null on an adjustment (the model adds them without a referral). */
  referralId: string | null;
  kind: 'recurring' | 'bonus' | 'clawback';
  partner: number;
  month: string;
  cents: number;
  status: 'pending' | 'paid' | 'failed' | 'voided';
  /** A fee earned by a client payment: the client's payment day (the processor offers it from then on, hold 0). */
  payableFrom?: string;
  /** Earned by a client payment (not by the accrual). */
  fromPayment?: boolean;
  /** A refund's clawback: the id of the fee it takes part of back. */
  refundOf?: string;
}

const TODAY = NOW.toISOString().slice(0, 10);
/** A payment's day: the day given, or today for a day still to come. */
const paidDayAt = (offset: number, day: number) => (dayAt(offset, day) > TODAY ? TODAY : dayAt(offset, day));
/** The item an operation picks by its number (none from an empty list). */
const pickOf = <T>(items: T[], pick: number): T | undefined => items[pick % Math.max(items.length, 1)];
/** The processor offers a pending fee from the client's payment day (hold 0), before it is due; an accrued fee at once. */
const offered = (c: ModelCommission) => c.payableFrom === undefined || c.payableFrom <= TODAY;

const stats = {
  payouts: 0,
  refusedNet: 0,
  adjustments: 0,
  voids: 0,
  paymentFees: 0,
  paymentsWithoutFee: 0,
  reimports: 0,
  refunds: 0,
  stopRests: 0,
};

const isActive = (r: ModelReferral, month: string) => {
  const { start, end } = monthBounds(month);
  return r.stage === 'won' && r.start !== null && r.start <= end && (r.churn === null || r.churn >= start);
};

type Op =
  | {
      kind: 'add';
      partner: number;
      service: ServiceType;
      monthlyCents: number;
      startOffset: number | null;
      startDay: number;
    }
  | { kind: 'stage'; pick: number; stage: ReferralStage }
  | { kind: 'churn'; pick: number; offset: number; day: number }
  | { kind: 'accrue'; offset: number }
  | { kind: 'payout'; picks: boolean[] }
  | { kind: 'payoutMatching'; partner: number; offset: number | null }
  | { kind: 'adjust'; partner: number; cents: number; offset: number }
  | {
      kind: 'pay';
      pick: number;
      offset: number;
      day: number;
      amountCents: number;
      cost: 'none' | 'partial' | 'full';
      costPermille: number;
    }
  | { kind: 'reimport'; pick: number; offset: number; day: number; amountCents: number; costPermille: number }
  | { kind: 'refund'; pick: number; permille: number }
  | { kind: 'void'; pick: number }
  | { kind: 'fail'; pick: number };

/** What a client payment draws besides its amount: the client, the month and day, the share lost to collection. */
const paymentArbs = {
  pick: fc.nat(),
  offset: fc.integer({ min: -5, max: 0 }),
  day: fc.integer({ min: 1, max: 28 }),
  costPermille: fc.integer({ min: 0, max: 1000 }),
};

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('add' as const),
      partner: fc.integer({ min: 0, max: 1 }),
      service: fc.constantFrom<ServiceType>('basic_accounting', 'controller'),
      monthlyCents: fc.integer({ min: 100, max: 9_999_999 }),
      startOffset: fc.option(fc.integer({ min: -6, max: 1 }), { nil: null }),
      startDay: fc.integer({ min: 1, max: 28 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('stage' as const),
      pick: fc.nat(),
      stage: fc.constantFrom<ReferralStage>('booked', 'qualified', 'proposal', 'won', 'won', 'lost'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('churn' as const),
      pick: fc.nat(),
      offset: fc.integer({ min: -4, max: 0 }),
      day: fc.integer({ min: 1, max: 28 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('accrue' as const), offset: fc.integer({ min: -5, max: 0 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('payout' as const),
      picks: fc.array(fc.boolean(), { minLength: 1, maxLength: 12 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('payoutMatching' as const),
      partner: fc.integer({ min: 0, max: 1 }),
      offset: fc.option(fc.integer({ min: -5, max: 0 }), { nil: null }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      partner: fc.integer({ min: 0, max: 1 }),
      cents: fc.oneof(fc.integer({ min: 1, max: 30_000 }), fc.integer({ min: -30_000, max: -1 })),
      offset: fc.integer({ min: -5, max: 0 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('pay' as const),
      ...paymentArbs,
      amountCents: fc.oneof(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 2_000_000 })),
      cost: fc.constantFrom<'none' | 'partial' | 'full'>('none', 'partial', 'partial', 'full'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('reimport' as const),
      ...paymentArbs,
      amountCents: fc.integer({ min: 1, max: 2_000_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      pick: fc.nat(),
      permille: fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.constant(1000)),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('void' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fail' as const), pick: fc.nat() }) },
);

/** Pays `chosen` as the server must: refused (422, nothing paid) when a partner's net is zero or less. */
function expectPayoutOutcome(
  chosen: ModelCommission[],
  outcome: { total: string } | { refused: true },
  all: readonly ModelCommission[],
): void {
  const nets = new Map<number, number>();
  for (const c of chosen) nets.set(c.partner, (nets.get(c.partner) ?? 0) + c.cents);
  // A partner waits while a payment to them failed and is not settled, as while its net is not positive.
  const failedPayment = (partner: number) => all.some((c) => c.partner === partner && c.status === 'failed');
  const refused = [...nets].some(([partner, net]) => net <= 0 || failedPayment(partner));
  if (refused) {
    expect(outcome).toEqual({ refused: true });
    stats.refusedNet++;
    return;
  }
  expect('total' in outcome ? toCents(outcome.total) : null).toBe(chosen.reduce((sum, c) => sum + c.cents, 0));
  for (const c of chosen) c.status = 'paid';
  stats.payouts++;
}

async function payoutOrRefusal(run: () => Promise<{ total: string }>): Promise<{ total: string } | { refused: true }> {
  try {
    return await run();
  } catch (error) {
    expect(error).toMatchObject({ code: 'UNPROCESSABLE_CONTENT' });
    return { refused: true };
  }
}

type PaymentOp = Extract<Op, { kind: 'pay' | 'reimport' }>;
interface ModelPayment {
  month: string;
  paidAt: string;
  amountCents: number;
  costCents: number;
}

/** A collection cost of the operation's share of the amount, in permille, rounded down. */
const partialCostCents = (op: PaymentOp) => Math.floor((op.amountCents * op.costPermille) / 1000);

/** The payment an operation records: in its month, on its day (today at the latest), less `costCents`. */
const paymentOf = (op: PaymentOp, costCents: number): ModelPayment => ({
  month: monthAt(op.offset),
  paidAt: paidDayAt(op.offset, op.day),
  amountCents: op.amountCents,
  costCents,
});

/**
 * What a client payment must earn: the fee × (amount − cost) ÷ amount half-up, when the client was active
 * in the month and the month has no fee yet; the model gains it. Answers the fee in cents, or 0.
 */
function expectPaymentFee(
  referral: ModelReferral,
  commissions: ModelCommission[],
  payment: ModelPayment,
  earnedId: string | null,
): number {
  const earned = commissions.some(
    (c) => c.kind === 'recurring' && c.referralId === referral.id && c.month === payment.month,
  );
  const fee = feeForPaymentCents(referral.commissionCents, payment.amountCents, payment.costCents);
  if (!isActive(referral, payment.month) || earned || fee === 0) {
    expect(earnedId).toBeNull();
    stats.paymentsWithoutFee++;
    return 0;
  }
  expect(earnedId).not.toBeNull();
  commissions.push({
    id: earnedId || undefined,
    referralId: referral.id,
    kind: 'recurring',
    partner: referral.partner,
    month: payment.month,
    cents: fee,
    status: 'pending',
    payableFrom: payment.paidAt,
    fromPayment: true,
  });
  stats.paymentFees++;
  return fee;
}

async function apply(
  op: Op,
  partners: PartnerFixture[],
  referrals: ModelReferral[],
  commissions: ModelCommission[],
): Promise<void> {
  const caller = t.caller(admin);
  switch (op.kind) {
    case 'add': {
      const start = op.startOffset === null ? null : dayAt(op.startOffset, op.startDay);
      const partner = partners[op.partner] as PartnerFixture;
      const monthly = (op.monthlyCents / 100).toFixed(2);
      const created = await caller.admin.addClient({
        partnerId: partner.partnerId,
        clientCompanyName: `Client ${randomUUID().slice(0, 8)}`,
        serviceType: op.service,
        monthlyValue: monthly,
        contractStartDate: start ?? undefined,
        annualSales: '1000000.00',
      });
      referrals.push({
        id: created.id,
        partner: op.partner,
        monthlyCents: op.monthlyCents,
        commissionCents: toCents(COMMISSION_BY_SERVICE[op.service]),
        stage: created.stage,
        start: created.contractStartDate,
        churn: null,
      });
      return;
    }
    case 'stage': {
      const referral = pickOf(referrals, op.pick);
      if (!referral) return;
      const updated = await caller.admin.updateReferral({ id: referral.id, stage: op.stage });
      referral.stage = op.stage;
      if (op.stage === 'won' && referral.start === null) referral.start = NOW.toISOString().slice(0, 10);
      expect(updated.contractStartDate).toBe(referral.start);
      return;
    }
    case 'churn': {
      const referral = pickOf(referrals, op.pick);
      if (!referral) return;
      const churn = dayAt(op.offset, op.day);
      await caller.admin.updateReferral({ id: referral.id, churnDate: churn });
      // A churn date set or moved earlier voids the referral's pending fees of later months, each with its refunds'
      // unpaid clawbacks. A fee a refund already took part of back in a payout stays, and the rest of it is taken
      // back with a clawback of that month, so nothing is taken twice.
      const rests: ModelCommission[] = [];
      if (referral.churn === null || churn < referral.churn)
        for (const fee of commissions)
          if (
            fee.referralId === referral.id &&
            fee.kind === 'recurring' &&
            fee.status === 'pending' &&
            fee.month > churn.slice(0, 7)
          ) {
            const clawbacks = commissions.filter(
              (c) =>
                c.kind === 'clawback' && c.refundOf !== undefined && c.refundOf === fee.id && c.status !== 'voided',
            );
            if (!clawbacks.some((c) => c.status === 'paid')) {
              fee.status = 'voided';
              for (const clawback of clawbacks) clawback.status = 'voided';
              continue;
            }
            const rest = fee.cents + clawbacks.reduce((cents, c) => cents + c.cents, 0);
            if (rest > 0)
              rests.push({
                ...fee,
                id: undefined,
                kind: 'clawback',
                cents: -rest,
                refundOf: fee.id,
                payableFrom: undefined,
                fromPayment: undefined,
              });
          }
      referral.churn = churn;
      if (rests.length === 0) return;
      const known = commissions.flatMap((c) => (c.id ? [c.id] : []));
      const fresh = await t.db
        .selectFrom('commissions')
        .select(['id', 'amount', 'monthYear'])
        .where('referralId', '=', referral.id)
        .where('kind', '=', 'clawback')
        .$if(known.length > 0, (q) => q.where('id', 'not in', known))
        .execute();
      expect(fresh.map((row) => [row.monthYear, toCents(row.amount)]).sort()).toEqual(
        rests.map((rest) => [rest.month, rest.cents]).sort(),
      );
      for (const rest of rests) {
        const row = fresh.find((r) => r.monthYear === rest.month);
        commissions.push({ ...rest, id: row?.id });
      }
      stats.stopRests++;
      return;
    }
    case 'accrue': {
      const month = monthAt(op.offset);
      const first = await caller.admin.accrue({ month });
      for (const referral of referrals) {
        if (isActive(referral, month) && !commissions.some((c) => c.referralId === referral.id && c.month === month)) {
          commissions.push({
            referralId: referral.id,
            kind: 'recurring',
            partner: referral.partner,
            month,
            cents: referral.commissionCents,
            status: 'pending',
          });
        }
      }
      // Accrual twice equals accrual once.
      const countBefore = await commissionCount();
      const second = await caller.admin.accrue({ month });
      expect(second.created).toBe(0);
      expect(second.skipped).toBe(first.created + first.skipped);
      expect(await commissionCount()).toBe(countBefore);
      return;
    }
    case 'payout': {
      await syncIds(commissions);
      const pending = commissions.filter((c) => c.status === 'pending');
      const chosen = pending.filter((_, i) => op.picks[i % op.picks.length]);
      if (chosen.length === 0) return;
      expectPayoutOutcome(
        chosen,
        await payoutOrRefusal(() =>
          caller.admin.processPayout({
            commissionIds: chosen.map((c) => c.id as string),
            idempotencyKey: randomUUID(),
          }),
        ),
        commissions,
      );
      return;
    }
    case 'payoutMatching': {
      // "Select all N matching": the server picks the rows by the filter (this run's partner, maybe a month).
      const partner = partners[op.partner] as PartnerFixture;
      const month = op.offset === null ? undefined : monthAt(op.offset);
      const chosen = commissions.filter(
        (c) =>
          c.partner === op.partner &&
          c.status === 'pending' &&
          offered(c) &&
          (month === undefined || c.month === month),
      );
      if (chosen.length === 0) {
        await expect(
          caller.admin.processPayout({
            matching: { partnerId: partner.partnerId, month },
            idempotencyKey: randomUUID(),
          }),
        ).rejects.toMatchObject({ code: 'UNPROCESSABLE_CONTENT' });
        return;
      }
      expectPayoutOutcome(
        chosen,
        await payoutOrRefusal(() =>
          caller.admin.processPayout({
            matching: { partnerId: partner.partnerId, month },
            idempotencyKey: randomUUID(),
          }),
        ),
        commissions,
      );
      return;
    }
    case 'adjust': {
      const partner = partners[op.partner] as PartnerFixture;
      const month = monthAt(op.offset);
      const created = await caller.admin.addAdjustment({
        partnerId: partner.partnerId,
        amount: (op.cents / 100).toFixed(2),
        // Each its own reason: the same adjustment twice within minutes is refused as a duplicate.
        reason: `Property test adjustment ${commissions.length + 1}`,
        month,
      });
      expect(created.kind).toBe(op.cents > 0 ? 'bonus' : 'clawback');
      commissions.push({
        id: created.id,
        referralId: null,
        kind: created.kind,
        partner: op.partner,
        month,
        cents: op.cents,
        status: 'pending',
      });
      stats.adjustments++;
      return;
    }
    case 'pay': {
      const referral = pickOf(referrals, op.pick);
      if (!referral) return;
      const costCents = op.cost === 'none' ? 0 : op.cost === 'full' ? op.amountCents : partialCostCents(op);
      const payment = paymentOf(op, costCents);
      const result = await caller.admin.recordClientPayment({
        id: referral.id,
        periodMonth: payment.month,
        amount: fromCents(payment.amountCents),
        paidAt: payment.paidAt,
        collectionCost: fromCents(costCents),
      });
      const fee = expectPaymentFee(referral, commissions, payment, result.commission?.id ?? null);
      if (fee > 0) expect(toCents(result.commission?.amount ?? '0')).toBe(fee);
      else expect(result.reason).toBeTruthy();
      return;
    }
    case 'reimport': {
      // One CSV row imported, then the same file again: recorded once, earning at most once.
      const referral = pickOf(referrals, op.pick);
      if (!referral) return;
      const payment = paymentOf(op, partialCostCents(op));
      const { month, paidAt, amountCents, costCents } = payment;
      const csv = [
        'referral_id,period,amount,paid_date,collection_cost,reference',
        `${referral.id},${month},${fromCents(amountCents)},${paidAt},${fromCents(costCents)},R-${randomUUID()}`,
      ].join('\n');
      const first = await caller.admin.importClientPayments({ csv, dryRun: false });
      expect(first).toMatchObject({ written: true, recorded: 1, errorCount: 0 });
      const fee = expectPaymentFee(referral, commissions, payment, first.feesCreated === 1 ? '' : null);
      expect(toCents(first.feeTotal)).toBe(fee);
      const again = await caller.admin.importClientPayments({ csv, dryRun: false });
      expect(again).toMatchObject({ recorded: 0, feesCreated: 0 });
      expect(again.rows[0]?.alreadyImported).toBe(true);
      stats.reimports++;
      return;
    }
    case 'refund': {
      // A client refunds part or more of a payment (Stripe's amount_refunded only grows): the fee the payment
      // earned is taken back in the same share, as a clawback line; a voided fee has nothing to take back.
      if (referrals.length === 0) return;
      const payments = await t.db
        .selectFrom('clientPayments as cp')
        .leftJoin('commissions as c', (join) =>
          join.onRef('c.clientPaymentId', '=', 'cp.id').on('c.kind', '=', 'recurring'),
        )
        .select(['cp.id', 'cp.referralId', 'cp.periodMonth', 'cp.amount', 'cp.refundedAmount', 'c.id as feeId'])
        .where(
          'cp.referralId',
          'in',
          referrals.map((r) => r.id),
        )
        .orderBy('cp.createdAt')
        .orderBy('cp.id')
        .execute();
      const payment = pickOf(payments, op.pick);
      if (!payment) return;
      const referral = referrals.find((r) => r.id === payment.referralId) as ModelReferral;
      const amountCents = toCents(payment.amount);
      const before = payment.refundedAmount ? toCents(payment.refundedAmount) : 0;
      const after = Math.min(amountCents, before + Math.max(1, Math.floor((amountCents * op.permille) / 1000)));
      await t.db.transaction().execute((trx) =>
        applyClientPaymentRefund(trx, {
          clientPaymentId: payment.id,
          refundedCents: after,
          source: 'stripe',
          actorId: null,
          now: NOW,
          mail: t.deps,
        }),
      );
      stats.refunds++;
      await syncIds(commissions);
      const fee = payment.feeId ? commissions.find((c) => c.id === payment.feeId) : undefined;
      if (!fee || fee.status === 'voided' || before >= amountCents) return;
      const back =
        feeForPaymentCents(fee.cents, amountCents, amountCents - after) -
        feeForPaymentCents(fee.cents, amountCents, amountCents - before);
      if (back <= 0) return;
      // The clawback this refund made: the referral's one clawback the model does not hold yet (every row of
      // one run has the same created_at, so time cannot tell them apart).
      const known = commissions.flatMap((c) => (c.id ? [c.id] : []));
      const fresh = await t.db
        .selectFrom('commissions')
        .select(['id', 'amount'])
        .where('referralId', '=', referral.id)
        .where('kind', '=', 'clawback')
        .$if(known.length > 0, (q) => q.where('id', 'not in', known))
        .execute();
      expect(fresh).toHaveLength(1);
      const clawback = fresh[0]!;
      expect(toCents(clawback.amount)).toBe(-back);
      commissions.push({
        id: clawback.id,
        referralId: referral.id,
        kind: 'clawback',
        partner: referral.partner,
        month: payment.periodMonth,
        cents: -back,
        status: 'pending',
        refundOf: fee.id,
      });
      return;
    }
    case 'void': {
      await syncIds(commissions);
      const pending = commissions.filter((c) => c.status === 'pending');
      const target = pickOf(pending, op.pick);
      if (!target) return;
      // A voided fee takes its refunds' clawbacks with it (pending or failed); one paid out refuses the void (409).
      const clawbacks = commissions.filter((c) => c.refundOf === target.id && c.status !== 'voided');
      if (clawbacks.some((c) => c.status === 'paid')) {
        await expect(
          caller.admin.voidCommission({ id: target.id as string, reason: 'Property test void' }),
        ).rejects.toMatchObject({ code: 'CONFLICT' });
        return;
      }
      await caller.admin.voidCommission({ id: target.id as string, reason: 'Property test void' });
      target.status = 'voided';
      for (const clawback of clawbacks) clawback.status = 'voided';
      stats.voids++;
      return;
    }
    case 'fail': {
      await syncIds(commissions);
      // A clawback cannot fail (nothing is paid out for it: 409); only what would be paid can.
      const pending = commissions.filter((c) => c.status === 'pending' && c.kind !== 'clawback');
      const target = pickOf(pending, op.pick);
      if (!target) return;
      await caller.admin.failCommission({ id: target.id as string, reason: 'Bank rejected the transfer' });
      target.status = 'failed';
      return;
    }
  }
}

async function commissionCount(): Promise<number> {
  const row = await t.db
    .selectFrom('commissions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The ids of the accrued commissions (adjustments know theirs from the call). */
async function syncIds(commissions: ModelCommission[]): Promise<void> {
  const ids = [...new Set(commissions.flatMap((c) => (c.referralId ? [c.referralId] : [])))];
  if (ids.length === 0) return;
  const rows = await t.db
    .selectFrom('commissions')
    .select(['id', 'referralId', 'monthYear'])
    .where('referralId', 'in', ids)
    .where('kind', '=', 'recurring')
    .execute();
  for (const c of commissions)
    if (c.kind === 'recurring') c.id = rows.find((r) => r.referralId === c.referralId && r.monthYear === c.month)?.id;
}

/** The stored partner columns equal their SQL aggregates, for every partner in the database. */
async function expectColumnsEqualAggregates(): Promise<void> {
  const { start, end } = monthBounds(CURRENT_MONTH);
  const { rows } = await sql<{ id: string; storedMrr: string; storedTotal: string; mrr: string; total: string }>`
    select p.id, p.current_mrr::text as stored_mrr, p.total_lifetime_commissions::text as stored_total,
      coalesce((select sum(r.monthly_value) from referrals r where r.partner_id = p.id and r.stage = 'won'
        and r.contract_start_date <= ${end}::date and (r.churn_date is null or r.churn_date >= ${start}::date)
        and (r.contract_end_date is null or r.contract_end_date >= ${start}::date)), 0)::numeric(12, 2)::text as mrr,
      coalesce((select sum(c.amount) from commissions c where c.partner_id = p.id and c.status = 'paid'), 0)::numeric(12, 2)::text as total
    from partners p
  `.execute(t.db);
  for (const row of rows) {
    expect({ id: row.id, mrr: toCents(row.storedMrr), total: toCents(row.storedTotal) }).toEqual({
      id: row.id,
      mrr: toCents(row.mrr),
      total: toCents(row.total),
    });
  }
}

async function expectModelMatches(
  partners: PartnerFixture[],
  referrals: ModelReferral[],
  commissions: ModelCommission[],
): Promise<void> {
  const ids = partners.map((p) => p.partnerId);
  const stored = await t.db
    .selectFrom('commissions')
    .select(['id', 'kind', 'referralId', 'monthYear', 'amount', 'status'])
    .where('partnerId', 'in', ids)
    .execute();
  // Accruals are known by referral and month, adjustments by their id.
  const key = (c: { kind: string; id?: string; referralId: string | null; month: string }) =>
    c.kind === 'recurring' ? `${c.referralId}|${c.month}` : `${c.id}`;
  expect(
    new Map(stored.map((c) => [key({ ...c, month: c.monthYear }), [c.kind, toCents(c.amount), c.status]])),
  ).toEqual(new Map(commissions.map((c) => [key(c), [c.kind, c.cents, c.status]])));
  for (const [index, partner] of partners.entries()) {
    const mine = commissions.filter((c) => c.partner === index);
    const sum = (status: ModelCommission['status']) =>
      mine.filter((c) => c.status === status).reduce((total, c) => total + c.cents, 0);
    const mrr = referrals
      .filter((r) => r.partner === index && isActive(r, CURRENT_MONTH))
      .reduce((total, r) => total + r.monthlyCents, 0);
    const row = await t.row('partners', partner.partnerId);
    expect(toCents(row.totalLifetimeCommissions)).toBe(sum('paid'));
    expect(toCents(row.currentMrr)).toBe(mrr);
    const metrics = await t.caller(partner.user).partner.metrics();
    expect(toCents(metrics.totalEarnings)).toBe(sum('paid'));
    expect(toCents(metrics.pendingCommissions)).toBe(sum('pending'));
    expect(toCents(metrics.failedCommissions)).toBe(sum('failed'));
    expect(toCents(metrics.thisMonthEarnings)).toBe(
      mine.filter((c) => c.month === CURRENT_MONTH && c.status !== 'voided').reduce((total, c) => total + c.cents, 0),
    );
    // The Payout Processor's filtered count and net sum of this partner's queue.
    const queue = await t.caller(admin).admin.pendingCommissions({ partnerId: partner.partnerId, limit: 1 });
    const queued = mine.filter((c) => c.status === 'pending' && offered(c));
    expect({ total: queue.total, net: toCents(queue.totalAmount) }).toEqual({
      total: queued.length,
      net: queued.reduce((total, c) => total + c.cents, 0),
    });
    expect(metrics.activeReferralCount).toBe(
      referrals.filter((r) => r.partner === index && isActive(r, CURRENT_MONTH)).length,
    );
  }
  const { paid } = await t.db
    .selectFrom('commissions')
    .select(sql<string>`coalesce(sum(amount), 0)::numeric(14, 2)::text`.as('paid'))
    .where('status', '=', 'paid')
    .executeTakeFirstOrThrow();
  expect(toCents((await t.caller(admin).admin.metrics()).totalPartnerCommissions)).toBe(toCents(paid));
  // The fees earned by payments are exactly the model's (every status), and no referral-month has two fees.
  const earnedByPayments = await t.db
    .selectFrom('commissions')
    .select(sql<string>`coalesce(sum(amount), 0)::numeric(14, 2)::text`.as('total'))
    .where('partnerId', 'in', ids)
    .where('kind', '=', 'recurring')
    .where('clientPaymentId', 'is not', null)
    .executeTakeFirstOrThrow();
  expect(toCents(earnedByPayments.total)).toBe(
    commissions.filter((c) => c.fromPayment).reduce((total, c) => total + c.cents, 0),
  );
  const doubled = await sql`select referral_id, month_year from commissions where kind = 'recurring'
    group by referral_id, month_year having count(*) > 1`.execute(t.db);
  expect(doubled.rows).toEqual([]);
}

describe('invariants of commissions and partner totals', () => {
  it('holds the partner columns, the SQL aggregates, the model and the dashboards equal after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 10 }), async (ops) => {
        const partners = [await t.createPartner(), await t.createPartner()];
        const referrals: ModelReferral[] = [];
        const commissions: ModelCommission[] = [];
        // Every run starts from one earning client, so payouts and failures have something to act on.
        const prelude: Op[] = [
          { kind: 'add', partner: 0, service: 'controller', monthlyCents: 150_000, startOffset: -3, startDay: 10 },
          { kind: 'stage', pick: 0, stage: 'won' },
          { kind: 'accrue', offset: -1 },
        ];
        for (const op of [...prelude, ...ops]) {
          await apply(op, partners, referrals, commissions);
          await expectColumnsEqualAggregates();
          await expectModelMatches(partners, referrals, commissions);
        }
      }),
      {
        numRuns: 25,
        // Besides the random runs, one that surely draws every kind the coverage checks below count (a refund
        // needs a payment before it, a second payment of a month earns nothing, and twenty-five random runs do
        // not always draw a reimport or an adjustment), and one that surely voids the prelude's pending fee.
        examples: [
          [
            [
              { kind: 'pay', pick: 0, offset: -1, day: 5, amountCents: 150_000, cost: 'none', costPermille: 0 },
              { kind: 'pay', pick: 0, offset: -1, day: 6, amountCents: 20_000, cost: 'none', costPermille: 0 },
              { kind: 'reimport', pick: 0, offset: -2, day: 7, amountCents: 150_000, costPermille: 0 },
              { kind: 'refund', pick: 0, permille: 400 },
              { kind: 'adjust', partner: 0, cents: 5_000, offset: 0 },
              { kind: 'payout', picks: [true, true, true] },
            ],
          ],
          [[{ kind: 'void', pick: 0 }]],
          // A fee voided after its client's refund: its clawback is voided with it, so nothing is taken back twice.
          [
            [
              { kind: 'pay', pick: 0, offset: 0, day: 1, amountCents: 150_000, cost: 'none', costPermille: 0 },
              { kind: 'refund', pick: 0, permille: 500 },
              { kind: 'void', pick: 0 },
              { kind: 'void', pick: 0 },
            ],
          ],
          // A churn after the refund's clawback was paid out beside the prelude's fee: the refunded fee stays and
          // the rest of it is taken back; moving the churn earlier again takes nothing more.
          [
            [
              { kind: 'pay', pick: 0, offset: 0, day: 1, amountCents: 150_000, cost: 'none', costPermille: 0 },
              { kind: 'refund', pick: 0, permille: 500 },
              { kind: 'payout', picks: [true, false, true] },
              { kind: 'churn', pick: 0, offset: -1, day: 15 },
              { kind: 'churn', pick: 0, offset: -1, day: 10 },
            ],
          ],
        ],
      },
    );
    expect(stats.payouts).toBeGreaterThan(0);
    expect(stats.adjustments).toBeGreaterThan(0);
    expect(stats.voids).toBeGreaterThan(0);
    expect(stats.paymentFees).toBeGreaterThan(0);
    expect(stats.paymentsWithoutFee).toBeGreaterThan(0);
    expect(stats.reimports).toBeGreaterThan(0);
    expect(stats.refunds).toBeGreaterThan(0);
    expect(stats.stopRests).toBeGreaterThan(0);
  }, 300_000);

  it('creates each commission once when two accruals of the same month run at once', async () => {
    const partner = await t.createPartner();
    const caller = t.caller(admin);
    for (let i = 0; i < 5; i++) {
      const referral = await caller.admin.addClient({
        partnerId: partner.partnerId,
        clientCompanyName: `Parallel ${i}`,
        serviceType: 'controller',
        monthlyValue: '1000',
        contractStartDate: '2026-01-01',
        annualSales: '1000000.00',
      });
      await caller.admin.updateReferral({ id: referral.id, stage: 'won' });
    }
    const [a, b] = await Promise.all([
      caller.admin.accrue({ month: '2026-06' }),
      caller.admin.accrue({ month: '2026-06' }),
    ]);
    const rows = await t.commissionRows({ partnerId: partner.partnerId, monthYear: '2026-06' });
    expect(rows).toHaveLength(5);
    expect(new Set(rows.map((r) => r.referralId)).size).toBe(5);
    expect(a.created + b.created).toBeGreaterThanOrEqual(5);
  });
});
