// Refunds of client payments (DESIGN §8: a refund claws the month's fee back). One rule for every source: the
// refunded total of a payment only grows, up to its amount, and the fee it earned is taken back in the same
// share as a clawback line of the difference from what earlier refunds took: fee × refunded ÷ amount,
// half-up, so a full refund takes back exactly the fee. Stripe's `charge.refunded` reports the refunded
// total; an admin or an API key records one refund at a time.

import {
  CLIENT_PAYMENT_MESSAGES,
  feeForPaymentCents,
  formatMoney,
  formatMonthKey,
  fromCents,
  toCents,
  type RefundClientPaymentResult,
} from '@portal/contracts';
import type { CommissionRow, Db } from '@portal/db';
import type { MailDeps } from '../notifications/notify';
import { logActivity, type DbOrTx } from '../platform/activity';
import { DomainError } from '../platform/errors';
import { inTransaction } from '../platform/idempotency';
import { toCommission } from '../platform/mappers';
import { bookAdjustment } from './adjustments';
import { toClientPayment } from './client-payments';

/** Where a refund was recorded: by Stripe's webhook, by an admin on the screen, or by an API key. */
export type RefundSource = 'stripe' | 'manual' | 'api';

const SOURCE_LABEL: Record<RefundSource, string> = {
  stripe: 'Stripe',
  manual: 'recorded by an admin',
  api: 'recorded through the API',
};

export interface ApplyRefundOptions {
  clientPaymentId: string;
  /** All refunded of the payment so far, this refund included, in cents (capped at the payment's amount). */
  refundedCents: number;
  source: RefundSource;
  /** The admin or API key's user; null for Stripe (the system). */
  actorId: string | null;
  now: Date;
  mail: MailDeps;
}

export interface AppliedRefund {
  /** What the refund did, in a sentence (stored on a Stripe event, answered to an admin). */
  detail: string;
  /** The clawback line of the fee's share, or null when there was nothing to take back. */
  clawback: CommissionRow | null;
}

/**
 * Brings a payment's refunded total up to `refundedCents` inside `trx`, taking back the fee's share as a
 * clawback line, logged and mailed to the partner. A total at or below the one stored changes nothing (a
 * replayed Stripe event). A voided fee, or a payment that earned none, has nothing to take back.
 */
export async function applyClientPaymentRefund(
  trx: DbOrTx,
  { clientPaymentId, refundedCents, source, actorId, now, mail }: ApplyRefundOptions,
): Promise<AppliedRefund> {
  const payment = await trx
    .selectFrom('clientPayments as cp')
    .innerJoin('referrals as r', 'r.id', 'cp.referralId')
    .select([
      'cp.id',
      'cp.amount',
      'cp.refundedAmount',
      'cp.periodMonth',
      'r.id as referralId',
      'r.partnerId',
      'r.clientCompanyName',
    ])
    .where('cp.id', '=', clientPaymentId)
    .forUpdate('cp')
    .executeTakeFirst();
  if (!payment) throw DomainError.notFound(CLIENT_PAYMENT_MESSAGES.paymentNotFound);
  const amountCents = toCents(payment.amount);
  const before = payment.refundedAmount ? toCents(payment.refundedAmount) : 0;
  const after = Math.min(refundedCents, amountCents);
  if (after <= before) return { detail: 'The refund was recorded already', clawback: null };
  await trx
    .updateTable('clientPayments')
    .set({ refundedAmount: fromCents(after), refundedAt: now })
    .where('id', '=', payment.id)
    .execute();
  await logActivity(trx, {
    userId: actorId,
    action: 'client_payment.refunded',
    entityType: 'client_payment',
    entityId: payment.id,
    details: {
      referralId: payment.referralId,
      amount: fromCents(after - before),
      refunded: fromCents(after),
      previously: fromCents(before),
      source,
    },
  });
  const fee = await trx
    .selectFrom('commissions')
    .select(['amount', 'status'])
    .where('clientPaymentId', '=', payment.id)
    .where('kind', '=', 'recurring')
    .executeTakeFirst();
  const refundText = `${formatMoney(fromCents(after - before))} of the ${formatMonthKey(payment.periodMonth)} payment refunded`;
  if (!fee || fee.status === 'voided') return { detail: `${refundText}; it had no fee to take back`, clawback: null };
  const feeCents = toCents(fee.amount);
  const back =
    feeForPaymentCents(feeCents, amountCents, amountCents - after) -
    feeForPaymentCents(feeCents, amountCents, amountCents - before);
  if (back <= 0) return { detail: `${refundText}; too little to take back a cent of the fee`, clawback: null };
  const reason = `Client refund: ${refundText} (${SOURCE_LABEL[source]})`;
  const clawback = await bookAdjustment(trx, {
    partnerId: payment.partnerId,
    referralId: payment.referralId,
    amount: fromCents(-back),
    month: payment.periodMonth,
    reason,
    clientCompanyName: payment.clientCompanyName,
    clientPaymentId: payment.id,
    actorId,
    now,
    mail,
  });
  return { detail: `${refundText}; ${formatMoney(fromCents(back))} of the fee taken back`, clawback };
}

export interface RecordRefundOptions {
  clientPaymentId: string;
  /** This refund's amount ("250.00"): at most what is left unrefunded of the payment. */
  amount: string;
  source: Exclude<RefundSource, 'stripe'>;
  actorId: string;
  now: Date;
  mail: MailDeps;
}

/** A refund an admin or an API key records on a payment: added to what was refunded before. */
export async function recordClientPaymentRefund(
  db: Db,
  { clientPaymentId, amount, source, actorId, now, mail }: RecordRefundOptions,
): Promise<RefundClientPaymentResult> {
  return inTransaction(db, async (trx) => {
    const current = await trx
      .selectFrom('clientPayments')
      .select(['amount', 'refundedAmount'])
      .where('id', '=', clientPaymentId)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw DomainError.notFound(CLIENT_PAYMENT_MESSAGES.paymentNotFound);
    const before = current.refundedAmount ? toCents(current.refundedAmount) : 0;
    const left = toCents(current.amount) - before;
    if (toCents(amount) > left)
      throw DomainError.unprocessable(CLIENT_PAYMENT_MESSAGES.refundAboveLeft(fromCents(left)));
    const applied = await applyClientPaymentRefund(trx, {
      clientPaymentId,
      refundedCents: before + toCents(amount),
      source,
      actorId,
      now,
      mail,
    });
    const row = await trx
      .selectFrom('clientPayments as p')
      .innerJoin('referrals as r', 'r.id', 'p.referralId')
      .leftJoin('commissions as c', (join) =>
        join.onRef('c.clientPaymentId', '=', 'p.id').on('c.kind', '=', 'recurring'),
      )
      .selectAll('p')
      .select(['c.amount as feeAmount', 'r.clientCompanyName'])
      .where('p.id', '=', clientPaymentId)
      .executeTakeFirstOrThrow();
    return {
      payment: toClientPayment(row),
      clawback: applied.clawback
        ? toCommission({ ...applied.clawback, clientCompanyName: row.clientCompanyName })
        : null,
      detail: applied.detail,
    };
  });
}
