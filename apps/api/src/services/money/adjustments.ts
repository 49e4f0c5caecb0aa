// Adjustments and voids. An admin adds a bonus (positive) or a clawback (negative) for
// an active or suspended partner: a pending commission of that kind, paid with the partner's next
// payout (net). A pending commission can be voided with a reason; it then counts in no total, and the
// clawbacks its client payment's refunds booked go with it. A paid one cannot: the money left, so a
// clawback takes it back. Each change is logged and mailed to the partner in its own transaction. An
// adjustment is for a month that has started, and the same one again within ADJUSTMENT_DUPLICATE_MINUTES
// (a retry, a double click) is refused naming the first.

import {
  ADJUSTMENT_DUPLICATE_MINUTES,
  COMMISSION_MESSAGES,
  formatMoney,
  fromCents,
  isMonthNotStarted,
  monthKey,
  toCents,
  type Commission,
  type CommissionStatus,
  type adjustmentInput,
} from '@portal/contracts';
import type { CommissionRow, Db } from '@portal/db';
import { sql } from 'kysely';
import type { z } from 'zod';
import { logActivity, type DbOrTx } from '../platform/activity';
import { DomainError } from '../platform/errors';
import { inTransaction } from '../platform/idempotency';
import { toCommission } from '../platform/mappers';
import { notifyAdjustment, notifyCommissionVoided, type MailDeps } from '../notifications/notify';

export type Adjustment = z.output<typeof adjustmentInput>;

const ADJUSTABLE_STATUSES: readonly string[] = ['active', 'suspended'];

export interface AddAdjustmentOptions {
  input: Adjustment;
  actorId: string;
  now: Date;
  mail: MailDeps;
}

export interface BookAdjustmentOptions {
  partnerId: string;
  referralId: string | null;
  /** Signed: above zero books a bonus, below zero a clawback. */
  amount: string;
  month: string;
  reason: string;
  /** The client the partner's mail names, or null. */
  clientCompanyName: string | null;
  /** The client payment whose refund a clawback takes back, kept on the line: voiding that payment's fee voids it too. */
  clientPaymentId?: string | null;
  /** The admin or API key's user; null for the system. */
  actorId: string | null;
  now: Date;
  mail: MailDeps;
}

/**
 * Books a bonus or a clawback line inside `trx`: the pending commission, its activity row and the partner's
 * mail. Every adjustment is booked here, an admin's and a refund's alike.
 */
export async function bookAdjustment(
  trx: DbOrTx,
  {
    partnerId,
    referralId,
    amount,
    month,
    reason,
    clientCompanyName,
    clientPaymentId = null,
    actorId,
    now,
    mail,
  }: BookAdjustmentOptions,
): Promise<CommissionRow> {
  const kind = toCents(amount) > 0 ? 'bonus' : 'clawback';
  const row = await trx
    .insertInto('commissions')
    .values({
      partnerId,
      referralId,
      amount,
      monthYear: month,
      kind,
      reason,
      clientPaymentId,
      createdBy: actorId,
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await logActivity(trx, {
    userId: actorId,
    action: kind === 'bonus' ? 'commission.bonus_added' : 'commission.clawback_added',
    entityType: 'commission',
    entityId: row.id,
    details: {
      partnerId,
      kind,
      amount: row.amount,
      monthYear: row.monthYear,
      reason,
      referralId,
      ...(clientPaymentId ? { clientPaymentId } : {}),
    },
  });
  await notifyAdjustment(trx, {
    mail,
    now,
    adjustment: { partnerId, kind, amount: row.amount, monthYear: row.monthYear, reason, clientCompanyName },
  });
  return row;
}

export async function addAdjustment(db: Db, { input, actorId, now, mail }: AddAdjustmentOptions): Promise<Commission> {
  const kind = toCents(input.amount) > 0 ? 'bonus' : 'clawback';
  const month = input.month ?? monthKey(now);
  // A line for a month that has not started would be paid now and shown on no statement up to today.
  if (isMonthNotStarted(month, now)) throw DomainError.invalid(COMMISSION_MESSAGES.adjustmentMonthNotStarted(month));
  return inTransaction(db, async (trx) => {
    // Adjustments of one partner queue here, so a racing duplicate sees the first one.
    await sql`select pg_advisory_xact_lock(hashtextextended(${`adjustment:${input.partnerId}`}, 0))`.execute(trx);
    const partner = await trx
      .selectFrom('partners')
      .select(['id', 'companyName', 'status'])
      .where('id', '=', input.partnerId)
      .forShare()
      .executeTakeFirst();
    if (!partner) throw DomainError.notFound(COMMISSION_MESSAGES.partnerNotFound);
    if (!ADJUSTABLE_STATUSES.includes(partner.status))
      throw DomainError.unprocessable(COMMISSION_MESSAGES.partnerNotAdjustable(partner.companyName, partner.status));
    let clientCompanyName: string | null = null;
    if (input.referralId) {
      const referral = await trx
        .selectFrom('referrals')
        .select(['partnerId', 'clientCompanyName'])
        .where('id', '=', input.referralId)
        .executeTakeFirst();
      if (!referral) throw DomainError.notFound(COMMISSION_MESSAGES.referralNotFound);
      if (referral.partnerId !== partner.id)
        throw DomainError.unprocessable(COMMISSION_MESSAGES.referralOfOtherPartner);
      clientCompanyName = referral.clientCompanyName;
    }
    const earlier = await trx
      .selectFrom('commissions')
      .select(['id', 'kind', 'amount', 'monthYear'])
      .where('partnerId', '=', partner.id)
      .where('kind', '=', kind)
      .where('amount', '=', input.amount)
      .where('monthYear', '=', month)
      .where('reason', '=', input.reason)
      .where(sql<boolean>`referral_id is not distinct from ${input.referralId ?? null}::uuid`)
      .where('status', '!=', 'voided')
      .where('createdAt', '>', new Date(now.getTime() - ADJUSTMENT_DUPLICATE_MINUTES * 60_000))
      .executeTakeFirst();
    if (earlier) throw DomainError.conflict(COMMISSION_MESSAGES.duplicateAdjustment(earlier));
    const row = await bookAdjustment(trx, {
      partnerId: partner.id,
      referralId: input.referralId ?? null,
      amount: input.amount,
      month,
      reason: input.reason,
      clientCompanyName,
      actorId,
      now,
      mail,
    });
    return toCommission({ ...row, clientCompanyName });
  });
}

/** A change to one commission by an admin, with the reason the partner reads. */
export interface CommissionChange {
  id: string;
  reason: string;
  actorId: string;
  now: Date;
  mail: MailDeps;
}

/**
 * One commission, locked for a change by an admin: one that does not exist is a 404, one that is not in
 * the status the change starts from is a 409 with the change's refusal.
 */
export async function lockCommission(
  trx: DbOrTx,
  { id, status, refusal }: { id: string; status: CommissionStatus; refusal: (id: string, status: string) => string },
) {
  const current = await trx
    .selectFrom('commissions')
    .select(['id', 'status', 'kind'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!current) throw DomainError.notFound(COMMISSION_MESSAGES.commissionNotFound(id));
  if (current.status !== status) throw DomainError.conflict(refusal(id, current.status));
  return current;
}

/** A fee whose client payment's refund took part of it back in a payout: voiding it would take that part twice. */
const refundClawbackPaid = (id: string, paidBack: string, rest: string) =>
  `Commission ${id} cannot be voided: a refund of its client payment already took back ${formatMoney(paidBack)} of it in a payout. Record a clawback of the rest (${formatMoney(rest)}) instead.`;

/**
 * A fee's refund clawbacks that still count (not voided) and how much of the fee they took back in payouts; locked
 * (the client payment first) unless `lock` is false, for a preview that changes nothing.
 */
export async function lockRefundClawbacks(
  trx: DbOrTx,
  { fee, lock = true }: { fee: Pick<CommissionRow, 'kind' | 'amount' | 'clientPaymentId'>; lock?: boolean },
): Promise<{ clawbacks: Pick<CommissionRow, 'id' | 'status' | 'amount'>[]; paidBackCents: number; restCents: number }> {
  if (fee.kind !== 'recurring' || !fee.clientPaymentId)
    return { clawbacks: [], paidBackCents: 0, restCents: toCents(fee.amount) };
  if (lock)
    await trx.selectFrom('clientPayments').select('id').where('id', '=', fee.clientPaymentId).forUpdate().execute();
  const query = trx
    .selectFrom('commissions')
    .select(['id', 'status', 'amount'])
    .where('clientPaymentId', '=', fee.clientPaymentId)
    .where('kind', '=', 'clawback')
    .where('status', '!=', 'voided')
    .orderBy('id');
  const clawbacks = await (lock ? query.forUpdate() : query).execute();
  const paidBackCents = -clawbacks
    .filter((row) => row.status === 'paid')
    .reduce((cents, row) => cents + toCents(row.amount), 0);
  const restCents = toCents(fee.amount) + clawbacks.reduce((cents, row) => cents + toCents(row.amount), 0);
  return { clawbacks, paidBackCents, restCents };
}

/**
 * Takes back the rest of a fee a refund already took part of back in a payout (`restCents`: the fee less every
 * clawback of its client payment) with a clawback of `reason` on the fee's client payment and month, instead of
 * voiding the fee, which would take that part twice. Nothing when no rest is left.
 */
export async function clawBackRest(
  trx: DbOrTx,
  {
    fee,
    restCents,
    ...booking
  }: {
    fee: Pick<CommissionRow, 'partnerId' | 'referralId' | 'monthYear' | 'clientPaymentId'>;
    restCents: number;
  } & Pick<BookAdjustmentOptions, 'reason' | 'clientCompanyName' | 'actorId' | 'now' | 'mail'>,
): Promise<CommissionRow | null> {
  if (restCents <= 0) return null;
  return bookAdjustment(trx, {
    partnerId: fee.partnerId,
    referralId: fee.referralId,
    amount: fromCents(-restCents),
    month: fee.monthYear,
    clientPaymentId: fee.clientPaymentId,
    ...booking,
  });
}

/**
 * Voids, with a fee, the clawbacks the refunds of its client payment booked: a voided fee is taken back whole, and
 * those lines take back part of the same fee, so standing beside the void they would take that part twice. A
 * clawback paid out in a payout took its part back for good: the fee is then refused (409), and the rest of it is
 * taken back with a clawback. Locks the client payment first, so a refund recorded at the same time either books
 * its clawback before this reads them or finds the fee voided and books none.
 */
export async function voidRefundClawbacks(
  trx: DbOrTx,
  {
    fee,
    reason,
    actorId,
    now,
  }: {
    fee: Pick<CommissionRow, 'id' | 'kind' | 'amount' | 'clientPaymentId'>;
    reason: string;
    actorId: string | null;
    now: Date;
  },
): Promise<CommissionRow[]> {
  const { clawbacks, paidBackCents } = await lockRefundClawbacks(trx, { fee });
  if (paidBackCents > 0)
    throw DomainError.conflict(
      refundClawbackPaid(fee.id, fromCents(paidBackCents), fromCents(toCents(fee.amount) - paidBackCents)),
    );
  if (clawbacks.length === 0) return [];
  const voided = await trx
    .updateTable('commissions')
    .set({ status: 'voided', voidedAt: now, voidReason: reason, updatedAt: now })
    .where(
      'id',
      'in',
      clawbacks.map((row) => row.id),
    )
    .returningAll()
    .execute();
  for (const row of voided)
    await logActivity(trx, {
      userId: actorId,
      action: 'commission.voided',
      entityType: 'commission',
      entityId: row.id,
      details: {
        partnerId: row.partnerId,
        kind: row.kind,
        amount: row.amount,
        monthYear: row.monthYear,
        reason,
        voidedWith: fee.id,
      },
    });
  return voided;
}

export async function voidCommission(
  db: Db,
  { id, reason, actorId, now, mail }: CommissionChange,
): Promise<Commission> {
  return inTransaction(db, async (trx) => {
    await lockCommission(trx, { id, status: 'pending', refusal: COMMISSION_MESSAGES.commissionNotVoidable });
    // Pending commissions are in no stored total (partners' totals count paid ones), so none moves.
    const row = await trx
      .updateTable('commissions')
      .set({ status: 'voided', voidedAt: now, voidReason: reason, updatedAt: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await voidRefundClawbacks(trx, { fee: row, reason, actorId, now });
    const referral = row.referralId
      ? await trx
          .selectFrom('referrals')
          .select('clientCompanyName')
          .where('id', '=', row.referralId)
          .executeTakeFirst()
      : undefined;
    await logActivity(trx, {
      userId: actorId,
      action: 'commission.voided',
      entityType: 'commission',
      entityId: id,
      details: { partnerId: row.partnerId, kind: row.kind, amount: row.amount, monthYear: row.monthYear, reason },
    });
    await notifyCommissionVoided(trx, {
      mail,
      now,
      commission: {
        partnerId: row.partnerId,
        kind: row.kind,
        amount: row.amount,
        monthYear: row.monthYear,
        reason,
        clientCompanyName: referral?.clientCompanyName ?? null,
      },
    });
    return toCommission({ ...row, clientCompanyName: referral?.clientCompanyName ?? null });
  });
}
