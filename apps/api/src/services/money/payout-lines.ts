// A payout's lines: one per partner, the unit a bank or PayPal confirms or returns. A payout is
// marked sent once its files went out; a returned line moves that partner's fees of the payout to
// failed with the return's reason and asks the partner to fix their details. Failed fees are
// offered again when the partner's payment details change, or when an admin retries them.

import {
  ACH_RETURN_REASONS,
  COMMISSION_MESSAGES,
  PAYOUT_RAIL_MESSAGES,
  formatMoney,
  sumMoney,
  type AchReturnCode,
  type Commission,
  type FailedCommission,
  type PayoutLine,
  type PayoutMethodTotal,
} from '@portal/contracts';
import type { Db } from '@portal/db';
import { sql } from 'kysely';
import { logActivity, type DbOrTx } from '../platform/activity';
import { DomainError } from '../platform/errors';
import { inTransaction } from '../platform/idempotency';
import { toCommission } from '../platform/mappers';
import { refreshPartnerTotals } from '../partners/partner-totals';
import { enqueueTemplate } from '../notifications/outbox';
import { portalLink } from '../notifications/templates';
import { enqueueWebhookEvent } from '../integrations/webhooks';
import { notifyPayoutSent, partnerContact, type MailDeps } from '../notifications/notify';
import { lockCommission } from './adjustments';

/** Writes one line per partner of a payout from the commissions it just paid. */
export async function insertPayoutLines(trx: DbOrTx, payoutId: string): Promise<void> {
  await sql`
    insert into payout_lines (payout_id, partner_id, payment_method, amount, commission_count)
    select c.payout_id, c.partner_id, min(c.payment_method), sum(c.amount), count(*)
    from commissions c
    where c.payout_id = ${payoutId}
    group by c.payout_id, c.partner_id
  `.execute(trx);
  // What each line paid, kept when a returned line's fees are paid again in a later payout.
  await sql`
    insert into payout_line_commissions (payout_id, partner_id, commission_id)
    select c.payout_id, c.partner_id, c.id from commissions c where c.payout_id = ${payoutId}
  `.execute(trx);
}

export interface PayoutLineTotals {
  methods: PayoutMethodTotal[];
  returnedCount: number;
  returnedTotal: string;
}

/** Per payout: partners and total per payment method, and how many lines came back and their sum. */
export async function payoutMethodTotals(
  db: DbOrTx,
  payoutIds: readonly string[],
): Promise<Map<string, PayoutLineTotals>> {
  const result = new Map<string, PayoutLineTotals>();
  if (payoutIds.length === 0) return result;
  const rows = await db
    .selectFrom('payoutLines')
    .select([
      'payoutId',
      'paymentMethod',
      sql<number>`count(*)::int`.as('partnerCount'),
      sql<string>`sum(amount)::numeric(14, 2)::text`.as('total'),
      sql<number>`(count(*) filter (where status = 'returned'))::int`.as('returnedCount'),
      sql<string>`coalesce(sum(amount) filter (where status = 'returned'), 0)::numeric(14, 2)::text`.as(
        'returnedTotal',
      ),
    ])
    .where('payoutId', 'in', payoutIds)
    .groupBy(['payoutId', 'paymentMethod'])
    .orderBy('paymentMethod')
    .execute();
  for (const row of rows) {
    const entry = result.get(row.payoutId) ?? { methods: [], returnedCount: 0, returnedTotal: '0.00' };
    entry.methods.push({ paymentMethod: row.paymentMethod, partnerCount: row.partnerCount, total: row.total });
    entry.returnedCount += row.returnedCount;
    entry.returnedTotal = sumMoney([entry.returnedTotal, row.returnedTotal]);
    result.set(row.payoutId, entry);
  }
  return result;
}

export async function listPayoutLines(db: DbOrTx, payoutId: string): Promise<PayoutLine[]> {
  const payout = await db.selectFrom('payouts').select('id').where('id', '=', payoutId).executeTakeFirst();
  if (!payout) throw DomainError.notFound(COMMISSION_MESSAGES.payoutNotFound);
  return db
    .selectFrom('payoutLines as l')
    .innerJoin('partners as p', 'p.id', 'l.partnerId')
    .select([
      'l.partnerId',
      'p.companyName',
      'l.paymentMethod',
      'l.amount',
      'l.commissionCount',
      'l.status',
      'l.returnCode',
      'l.returnReason',
    ])
    .where('l.payoutId', '=', payoutId)
    .orderBy('p.companyName')
    .orderBy('l.partnerId')
    .execute();
}

async function lockPayout(trx: DbOrTx, payoutId: string) {
  const payout = await trx
    .selectFrom('payouts')
    .select(['id', 'reference', 'sentAt'])
    .where('id', '=', payoutId)
    .forUpdate()
    .executeTakeFirst();
  if (!payout) throw DomainError.notFound(COMMISSION_MESSAGES.payoutNotFound);
  return payout;
}

/**
 * The files of a payout went to the bank and PayPal: its lines can now be confirmed or returned, and each
 * partner in it is mailed what was sent (not before: a payout not sent yet has sent nobody anything).
 */
export async function markPayoutSent(
  db: Db,
  { payoutId, actorId, now, mail }: { payoutId: string; actorId: string; now: Date; mail: MailDeps },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const payout = await lockPayout(trx, payoutId);
    if (payout.sentAt) throw DomainError.conflict(PAYOUT_RAIL_MESSAGES.payoutAlreadySent);
    await trx.updateTable('payouts').set({ sentAt: now }).where('id', '=', payoutId).execute();
    await logActivity(trx, {
      userId: actorId,
      action: 'payout.sent',
      entityType: 'payout',
      entityId: payoutId,
      details: { reference: payout.reference },
    });
    await notifyPayoutSent(trx, { mail, now, payout });
  });
}

async function lockSentLine(trx: DbOrTx, payoutId: string, partnerId: string) {
  const payout = await lockPayout(trx, payoutId);
  if (!payout.sentAt) throw DomainError.conflict(PAYOUT_RAIL_MESSAGES.payoutNotSent);
  const line = await trx
    .selectFrom('payoutLines')
    .selectAll()
    .where('payoutId', '=', payoutId)
    .where('partnerId', '=', partnerId)
    .forUpdate()
    .executeTakeFirst();
  if (!line) throw DomainError.notFound(PAYOUT_RAIL_MESSAGES.payoutLineNotFound);
  if (line.status !== 'sent') throw DomainError.conflict(PAYOUT_RAIL_MESSAGES.lineAlreadyResolved(line.status));
  return { payout, line };
}

/** The bank or PayPal confirmed the partner's credit. */
export async function confirmPayoutLine(
  db: Db,
  { payoutId, partnerId, actorId, now }: { payoutId: string; partnerId: string; actorId: string; now: Date },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const { payout } = await lockSentLine(trx, payoutId, partnerId);
    await trx
      .updateTable('payoutLines')
      .set({ status: 'confirmed', resolvedAt: now, resolvedBy: actorId })
      .where('payoutId', '=', payoutId)
      .where('partnerId', '=', partnerId)
      .execute();
    await logActivity(trx, {
      userId: actorId,
      action: 'payout.line_confirmed',
      entityType: 'payout',
      entityId: payoutId,
      details: { reference: payout.reference, partnerId },
    });
  });
}

/** "R02 Account closed": an ACH code with its reason, or the admin's words for any other return. */
export function returnReasonText(returnCode: string, reason: string | undefined): string {
  const known = ACH_RETURN_REASONS[returnCode as AchReturnCode];
  if (known) return reason ? `${returnCode} ${known}: ${reason}` : `${returnCode} ${known}`;
  return reason ?? returnCode;
}

/**
 * The partner's credit came back: their fees in this payout become failed with the reason, the
 * partner's totals drop by them, and the partner is mailed to fix their payment details.
 */
export async function returnPayoutLine(
  db: Db,
  {
    payoutId,
    partnerId,
    returnCode,
    reason,
    actorId,
    now,
    mail,
  }: {
    payoutId: string;
    partnerId: string;
    returnCode: string;
    reason?: string | undefined;
    actorId: string;
    now: Date;
    mail: MailDeps;
  },
): Promise<PayoutLine> {
  return inTransaction(db, async (trx) => {
    const { payout, line } = await lockSentLine(trx, payoutId, partnerId);
    const failureReason = `Returned: ${returnReasonText(returnCode, reason)}`;
    await trx
      .updateTable('payoutLines')
      .set({
        status: 'returned',
        returnCode,
        returnReason: returnReasonText(returnCode, reason),
        resolvedAt: now,
        resolvedBy: actorId,
      })
      .where('payoutId', '=', payoutId)
      .where('partnerId', '=', partnerId)
      .execute();
    const failed = await trx
      .updateTable('commissions')
      .set({ status: 'failed', failureReason, updatedAt: now })
      .where('payoutId', '=', payoutId)
      .where('partnerId', '=', partnerId)
      .where('status', '=', 'paid')
      .returning(['id'])
      .execute();
    await refreshPartnerTotals(trx, { partnerIds: [partnerId], now });
    await logActivity(trx, {
      userId: actorId,
      action: 'payout.line_returned',
      entityType: 'payout',
      entityId: payoutId,
      details: {
        reference: payout.reference,
        partnerId,
        returnCode,
        reason: returnReasonText(returnCode, reason),
        amount: line.amount,
        commissionIds: failed.map((row) => row.id),
      },
    });
    const partner = await partnerContact(trx, partnerId);
    await enqueueTemplate(trx, {
      now,
      recipient: partner.email,
      kind: 'payoutReturned',
      values: {
        contactName: partner.contactName,
        amount: formatMoney(line.amount),
        reference: payout.reference,
        reason: returnReasonText(returnCode, reason),
        settingsUrl: portalLink(mail.config, '/dashboard', { tab: 'settings' }),
      },
    });
    for (const row of failed) {
      await enqueueWebhookEvent(trx, {
        type: 'commission.failed',
        data: { id: row.id, partnerId, payoutId, status: 'failed', failureReason },
        now,
      });
    }
    return {
      partnerId,
      companyName: partner.companyName,
      paymentMethod: line.paymentMethod,
      amount: line.amount,
      commissionCount: line.commissionCount,
      status: 'returned',
      returnCode,
      returnReason: returnReasonText(returnCode, reason),
    };
  });
}

/** A failed fee offered to the processor again: pending, with nothing left of the payout that failed. */
const PAYABLE_AGAIN = {
  status: 'pending',
  failureReason: null,
  payoutId: null,
  paymentDate: null,
  paymentReference: null,
} as const;

/**
 * Failed fees of a partner become payable again (their payment details changed). They keep their
 * last failure reason in the log, not on the row. Answers how many were offered again.
 */
export async function reofferFailedCommissions(
  trx: DbOrTx,
  { partnerId, actorId, now }: { partnerId: string; actorId: string | null; now: Date },
): Promise<number> {
  const rows = await trx
    .updateTable('commissions')
    .set({ ...PAYABLE_AGAIN, updatedAt: now })
    .where('partnerId', '=', partnerId)
    .where('status', '=', 'failed')
    .returning(['id'])
    .execute();
  if (rows.length > 0)
    await logActivity(trx, {
      userId: actorId,
      action: 'commission.reoffered',
      entityType: 'partner',
      entityId: partnerId,
      details: { commissionIds: rows.map((row) => row.id), why: 'payment details changed' },
    });
  return rows.length;
}

/** Retry: a failed fee is offered to the processor again. */
export async function retryCommission(
  db: Db,
  { id, actorId, now }: { id: string; actorId: string; now: Date },
): Promise<Commission> {
  return inTransaction(db, async (trx) => {
    await lockCommission(trx, { id, status: 'failed', refusal: PAYOUT_RAIL_MESSAGES.commissionNotRetriable });
    const row = await trx
      .updateTable('commissions')
      .set({ ...PAYABLE_AGAIN, updatedAt: now })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await logActivity(trx, {
      userId: actorId,
      action: 'commission.retried',
      entityType: 'commission',
      entityId: id,
      details: { before: { status: 'failed' }, after: { status: 'pending' }, amount: row.amount },
    });
    return toCommission(row);
  });
}

/** The failed fees, newest first, optionally of one partner: the processor's and the partner page's Failed list. */
export async function listFailedCommissions(
  db: DbOrTx,
  { partnerId, limit }: { partnerId?: string | undefined; limit: number },
): Promise<FailedCommission[]> {
  let query = db
    .selectFrom('commissions as c')
    .innerJoin('partners as p', 'p.id', 'c.partnerId')
    .leftJoin('referrals as r', 'r.id', 'c.referralId')
    .select([
      'c.id',
      'c.partnerId',
      'p.companyName as partnerCompanyName',
      'p.paymentMethod',
      'r.clientCompanyName',
      'c.amount',
      'c.monthYear',
      'c.failureReason',
      'c.updatedAt',
    ])
    .where('c.status', '=', 'failed');
  if (partnerId) query = query.where('c.partnerId', '=', partnerId);
  const rows = await query.orderBy('c.updatedAt', 'desc').orderBy('c.id').limit(limit).execute();
  return rows.map((row) => ({ ...row, failedAt: row.updatedAt.toISOString() }));
}
