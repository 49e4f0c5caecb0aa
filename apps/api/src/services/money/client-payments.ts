// Client payments, the source of fees (DESIGN §8). A payment belongs to a referral and a month of
// service; it earns that month's fee when the client was an active won client in the month and no fee
// was earned for the month yet: the referral's monthly fee × (amount − collection cost) ÷ amount,
// half-up to the cent in integer cents, pending, payable from the payment's day (the processor offers it
// once the program's hold has passed) and due the payout days of the referral's terms version after it. A
// won client that is not a qualifying client earns nothing, and neither does a referral in an open conflict
// with another partner's (one client, one partner). A payment that earns nothing is
// still recorded, and the answer says why. Each payment, its fee and its activity
// row share one transaction; the referral row is locked, so two payments of one month cannot both earn
// (the unique (referral_id, month_year) index of recurring fees stays the backstop).

import {
  CLIENT_PAYMENT_MESSAGES,
  addDays,
  feeForPaymentCents,
  formatDate,
  fromCents,
  isMonthNotStarted,
  monthBounds,
  previousMonthKey,
  toCents,
  todayIsoDate,
  type ClientPayment,
  type ClientPaymentSource,
  type RecordClientPaymentResult,
} from '@portal/contracts';
import type { ClientPaymentRow, Db } from '@portal/db';
import { sql } from 'kysely';
import { logActivity, type DbOrTx } from '../platform/activity';
import { DomainError } from '../platform/errors';
import { inTransaction } from '../platform/idempotency';
import { toCommission } from '../platform/mappers';
import { enqueueWebhookEvent } from '../integrations/webhooks';
import { activeInMonth } from '../referrals/active-referrals';
import { getProgramSettings } from '../platform/program-settings';

/** What the fee rule reads of a referral. */
export interface FeeReferral {
  id: string;
  partnerId: string;
  clientCompanyName: string;
  commissionAmount: string;
  stage: string;
  contractStartDate: string | null;
  contractEndDate: string | null;
  churnDate: string | null;
  /** The payout days of the terms version the referral was accepted under (version 1's when none). */
  payoutDays: number;
  /** False for a won client that is not a qualifying client; null while not decided (it earns). */
  qualifying: boolean | null;
  qualificationReason: string | null;
  /** The day the partner's partnership ends (notice given); payments for months from then on earn nothing. */
  terminationEffective: string | null;
  /** The referral of another partner this one is in an open conflict with; it earns nothing until resolved. */
  conflictOf: string | null;
  /** When the partner forfeited all unpaid and future fees; no payment earns it a fee from then on. */
  feesForfeitedAt: Date | null;
}

export interface PaymentValues {
  periodMonth: string;
  amount: string;
  paidAt: string;
  collectionCost?: string | undefined;
  reference?: string | undefined;
}

/** Why a referral was not an active client in `month`, or null when it was (the rule of activeInMonth). */
export function inactiveReason(referral: FeeReferral, month: string): string | null {
  const { start, end } = monthBounds(month);
  if (referral.stage !== 'won') return `the deal is ${referral.stage}, not won`;
  if (!referral.contractStartDate) return 'the contract has no start date';
  if (referral.contractStartDate > end) return `the contract starts on ${formatDate(referral.contractStartDate)}`;
  if (referral.churnDate && referral.churnDate < start)
    return `the client churned on ${formatDate(referral.churnDate)}`;
  if (referral.contractEndDate && referral.contractEndDate < start)
    return `the contract ended on ${formatDate(referral.contractEndDate)}`;
  return null;
}

/**
 * The fee one payment earns: cents > 0, or 0 with the reason it earns nothing. `today` (YYYY-MM-DD) gives
 * the reasons their tense.
 */
export function feeOfPayment({
  referral,
  payment,
  earnedMonths,
  today,
}: {
  referral: FeeReferral;
  payment: PaymentValues;
  earnedMonths: ReadonlySet<string>;
  today: string;
}): { cents: number; reason?: string } {
  const inactive = inactiveReason(referral, payment.periodMonth);
  if (inactive) return { cents: 0, reason: CLIENT_PAYMENT_MESSAGES.notActive(payment.periodMonth, inactive) };
  if (referral.feesForfeitedAt)
    return { cents: 0, reason: CLIENT_PAYMENT_MESSAGES.feesForfeited(referral.feesForfeitedAt.toISOString()) };
  // One client, one partner: while an admin has not settled the conflict, neither side's claim is decided.
  if (referral.conflictOf !== null) return { cents: 0, reason: CLIENT_PAYMENT_MESSAGES.openConflict };
  if (referral.qualifying === false)
    return { cents: 0, reason: CLIENT_PAYMENT_MESSAGES.notQualifying(referral.qualificationReason) };
  // Earned fees remain payable after the partnership ends: a month that started before the end earns.
  if (referral.terminationEffective && monthBounds(payment.periodMonth).start >= referral.terminationEffective)
    return { cents: 0, reason: CLIENT_PAYMENT_MESSAGES.partnershipEnded(referral.terminationEffective, today) };
  if (earnedMonths.has(payment.periodMonth))
    return { cents: 0, reason: CLIENT_PAYMENT_MESSAGES.alreadyEarned(payment.periodMonth) };
  const cents = feeForPaymentCents(
    toCents(referral.commissionAmount),
    toCents(payment.amount),
    toCents(payment.collectionCost ?? '0'),
  );
  if (cents <= 0) return { cents: 0, reason: CLIENT_PAYMENT_MESSAGES.nothingLeft };
  return { cents };
}

export function toClientPayment(
  row: ClientPaymentRow & { clientCompanyName?: string; partnerCompanyName?: string; feeAmount?: string | null },
): ClientPayment {
  return {
    id: row.id,
    referralId: row.referralId,
    ...(row.clientCompanyName !== undefined ? { clientCompanyName: row.clientCompanyName } : {}),
    ...(row.partnerCompanyName !== undefined ? { partnerCompanyName: row.partnerCompanyName } : {}),
    periodMonth: row.periodMonth,
    amount: row.amount,
    paidAt: String(row.paidAt).slice(0, 10),
    collectionCost: row.collectionCost,
    reference: row.reference,
    source: row.source,
    externalId: row.externalId,
    refundedAmount: row.refundedAmount,
    refundedAt: row.refundedAt ? row.refundedAt.toISOString() : null,
    ...(row.feeAmount !== undefined ? { feeAmount: row.feeAmount } : {}),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The day the referral's partnership ends (a notice of termination), as a column of a referrals query. */
const terminationEffectiveColumn = sql<
  string | null
>`(select p.termination_effective from partners p where p.id = referrals.partner_id)`.as('terminationEffective');

/** When the referral's partner forfeited its fees, as a column of a referrals query. */
const feesForfeitedColumn =
  sql<Date | null>`(select p.fees_forfeited_at from partners p where p.id = referrals.partner_id)`.as(
    'feesForfeitedAt',
  );

/** The payout days of a referral's terms version, as a column of a referrals query (version 1 when none). */
const payoutDaysColumn =
  sql<number>`(select pt.payout_days from program_terms pt where pt.version = coalesce(referrals.terms_version, 1))`.as(
    'payoutDays',
  );

/** The columns of a referrals query that make a FeeReferral: all a payment's fee is decided by. */
export const feeReferralColumns = [
  'id',
  'partnerId',
  'clientCompanyName',
  'commissionAmount',
  'stage',
  'contractStartDate',
  'contractEndDate',
  'churnDate',
  'qualifying',
  'qualificationReason',
  'conflictOf',
  payoutDaysColumn,
  terminationEffectiveColumn,
  feesForfeitedColumn,
] as const;

/** The months of a referral that already earned a fee (any status: a voided fee still took the month). */
async function earnedMonthsOf(trx: DbOrTx, referralIds: readonly string[]): Promise<Map<string, Set<string>>> {
  const earned = new Map<string, Set<string>>();
  if (referralIds.length === 0) return earned;
  const rows = await trx
    .selectFrom('commissions')
    .select(['referralId', 'monthYear'])
    .where('kind', '=', 'recurring')
    .where(sql<boolean>`referral_id = any(${sql.val(referralIds)}::uuid[])`)
    .execute();
  for (const row of rows) {
    if (!row.referralId) continue;
    const months = earned.get(row.referralId) ?? new Set<string>();
    months.add(row.monthYear);
    earned.set(row.referralId, months);
  }
  return earned;
}

export interface RecordClientPaymentOptions {
  referralId: string;
  payment: PaymentValues;
  source: ClientPaymentSource;
  /** Unique per source (the Stripe invoice id): a second payment with it answers the first. */
  externalId?: string | null;
  actorId: string | null;
  now: Date;
}

export async function recordClientPayment(
  db: Db | DbOrTx,
  { referralId, payment, source, externalId = null, actorId, now }: RecordClientPaymentOptions,
): Promise<RecordClientPaymentResult> {
  if (toCents(payment.collectionCost ?? '0') > toCents(payment.amount))
    throw DomainError.invalid(CLIENT_PAYMENT_MESSAGES.collectionCostAboveAmount);
  if (payment.paidAt > now.toISOString().slice(0, 10)) throw DomainError.invalid(CLIENT_PAYMENT_MESSAGES.paidInFuture);
  // Nothing is owed for a month that has not started: a fee booked for it would be payable now.
  if (isMonthNotStarted(payment.periodMonth, now))
    throw DomainError.invalid(CLIENT_PAYMENT_MESSAGES.monthNotStarted(payment.periodMonth));
  return inTransaction(db as Db, async (trx) => {
    // Payments of one referral queue here, so the "already earned" check sees the one before.
    const referral = await trx
      .selectFrom('referrals')
      .select(feeReferralColumns)
      .where('id', '=', referralId)
      .forUpdate()
      .executeTakeFirst();
    if (!referral) throw DomainError.notFound(CLIENT_PAYMENT_MESSAGES.referralNotFound);
    if (externalId !== null) {
      const earlier = await trx
        .selectFrom('clientPayments')
        .selectAll()
        .where('source', '=', source)
        .where('externalId', '=', externalId)
        .executeTakeFirst();
      if (earlier)
        return {
          payment: toClientPayment({ ...earlier, clientCompanyName: referral.clientCompanyName }),
          commission: null,
          reason: CLIENT_PAYMENT_MESSAGES.duplicateExternal,
        };
    } else {
      // A payment without an external id is known by its values: the same month, amount, day and reference
      // again is a retry or a double click, not a second payment (the referral lock makes racing ones queue).
      const earlier = await trx
        .selectFrom('clientPayments')
        .select(['id', 'periodMonth', 'amount', 'paidAt'])
        .where('referralId', '=', referral.id)
        .where('periodMonth', '=', payment.periodMonth)
        .where('amount', '=', payment.amount)
        .where('paidAt', '=', payment.paidAt)
        .where(sql<boolean>`reference is not distinct from ${payment.reference ?? null}::text`)
        .executeTakeFirst();
      if (earlier)
        throw DomainError.conflict(
          CLIENT_PAYMENT_MESSAGES.duplicatePayment({ ...earlier, paidAt: String(earlier.paidAt).slice(0, 10) }),
        );
    }
    const earned = (await earnedMonthsOf(trx, [referral.id])).get(referral.id) ?? new Set<string>();
    const fee = feeOfPayment({ referral, payment, earnedMonths: earned, today: todayIsoDate(now) });
    const row = await trx
      .insertInto('clientPayments')
      .values({
        referralId: referral.id,
        periodMonth: payment.periodMonth,
        amount: payment.amount,
        paidAt: payment.paidAt,
        collectionCost: payment.collectionCost ?? '0.00',
        reference: payment.reference ?? null,
        source,
        externalId,
        createdBy: actorId,
        createdAt: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    let commission: RecordClientPaymentResult['commission'] = null;
    let offeredOn: string | undefined;
    if (fee.cents > 0) {
      const inserted = await trx
        .insertInto('commissions')
        .values({
          partnerId: referral.partnerId,
          referralId: referral.id,
          amount: fromCents(fee.cents),
          monthYear: payment.periodMonth,
          kind: 'recurring',
          dueBy: addDays(payment.paidAt, referral.payoutDays),
          payableFrom: payment.paidAt,
          clientPaymentId: row.id,
          createdBy: actorId,
          createdAt: now,
          updatedAt: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      commission = toCommission({ ...inserted, clientCompanyName: referral.clientCompanyName });
      const { payoutHoldDays } = await getProgramSettings(trx);
      offeredOn = addDays(payment.paidAt, payoutHoldDays);
      // No per-fee mail exists (the monthly summary is the accrual's); subscribers get the accrual event.
      await enqueueWebhookEvent(trx, {
        type: 'commissions.accrued',
        data: {
          month: payment.periodMonth,
          created: 1,
          skipped: 0,
          clientPaymentId: row.id,
          partners: [{ partnerId: referral.partnerId, count: 1, amount: inserted.amount }],
        },
        now,
      });
    }
    await logActivity(trx, {
      userId: actorId,
      action: 'client_payment.recorded',
      entityType: 'client_payment',
      entityId: row.id,
      details: {
        referralId: referral.id,
        partnerId: referral.partnerId,
        periodMonth: row.periodMonth,
        amount: row.amount,
        collectionCost: row.collectionCost,
        paidAt: payment.paidAt,
        source,
        commissionId: commission?.id ?? null,
        fee: commission?.amount ?? null,
        ...(fee.reason ? { reason: fee.reason } : {}),
      },
    });
    return {
      payment: toClientPayment({
        ...row,
        clientCompanyName: referral.clientCompanyName,
        feeAmount: commission?.amount ?? null,
      }),
      commission,
      ...(offeredOn ? { offeredOn } : {}),
      ...(fee.reason ? { reason: fee.reason } : {}),
    };
  });
}

/** A referral's payments, newest month first, each with the fee it earned. */
export async function listClientPayments(db: DbOrTx, referralId: string): Promise<ClientPayment[]> {
  const referral = await db
    .selectFrom('referrals')
    .select(['id', 'clientCompanyName'])
    .where('id', '=', referralId)
    .executeTakeFirst();
  if (!referral) throw DomainError.notFound(CLIENT_PAYMENT_MESSAGES.referralNotFound);
  const rows = await db
    .selectFrom('clientPayments as p')
    .leftJoin('commissions as c', (join) => join.onRef('c.clientPaymentId', '=', 'p.id').on('c.kind', '=', 'recurring'))
    .selectAll('p')
    .select('c.amount as feeAmount')
    .where('p.referralId', '=', referralId)
    .orderBy('p.periodMonth', 'desc')
    .orderBy('p.createdAt', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
  return rows.map((row) => toClientPayment({ ...row, clientCompanyName: referral.clientCompanyName }));
}

/** The months a partner's referrals were paid for (months only, never amounts). */
export async function paidMonthsOfPartner(
  db: DbOrTx,
  partnerId: string,
): Promise<{ referralId: string; months: string[] }[]> {
  const rows = await db
    .selectFrom('clientPayments as p')
    .innerJoin('referrals as r', 'r.id', 'p.referralId')
    .select(['p.referralId', sql<string[]>`array_agg(distinct p.period_month order by p.period_month)`.as('months')])
    .where('r.partnerId', '=', partnerId)
    .groupBy('p.referralId')
    .execute();
  return rows.map((row) => ({ referralId: row.referralId, months: row.months }));
}

/** Won clients active in last month (of `now`) with no payment recorded for it. */
export async function clientsMissingPayment(db: DbOrTx, now: Date) {
  const month = previousMonthKey(now);
  const rows = await db
    .selectFrom('referrals')
    .innerJoin('partners as p', 'p.id', 'referrals.partnerId')
    .select([
      'referrals.id as referralId',
      'referrals.clientCompanyName',
      'referrals.clientEmail',
      'p.companyName as partnerCompanyName',
      'referrals.commissionAmount',
    ])
    .where(activeInMonth(month))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('clientPayments as cp')
            .select('cp.id')
            .whereRef('cp.referralId', '=', 'referrals.id')
            .where('cp.periodMonth', '=', month),
        ),
      ),
    )
    .orderBy('p.companyName')
    .orderBy('referrals.clientCompanyName')
    .limit(500)
    .execute();
  return { month, items: rows.map((row) => ({ ...row, month })) };
}
