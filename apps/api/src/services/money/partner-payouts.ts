// A partner's payout history (its line in each payout it was part of, returned ones included) and the
// paged, filterable Commissions tab whose paid lines, and failed lines of a returned payout, the screen
// groups under their payout.

import {
  COMMISSION_MESSAGES,
  type CommissionsPage,
  type PartnerPayout,
  type PartnerPayoutDetail,
} from '@portal/contracts';
import type { Db } from '@portal/db';
import { sql } from 'kysely';
import type { DbOrTx } from '../platform/activity';
import { DomainError } from '../platform/errors';
import { toCommission } from '../platform/mappers';

export interface CommissionsPageQuery {
  limit: number;
  offset: number;
  month?: string;
  status?: CommissionsPage['items'][number]['status'];
}

/**
 * The partner's line in each payout it was part of, whatever became of it: on its way, confirmed, or
 * returned with its code and reason (its fees then failed, still owed). The partner's history, the admin's
 * partner page and the statement all read payouts through this one query.
 */
export const partnerPayoutLines = (db: DbOrTx, partnerId: string) =>
  db
    .selectFrom('payoutLines as l')
    .innerJoin('payouts as p', 'p.id', 'l.payoutId')
    .select([
      'p.id',
      'p.reference',
      'p.createdAt as paidAt',
      'p.sentAt',
      'l.paymentMethod as method',
      'l.amount',
      'l.commissionCount',
      'l.status',
      'l.returnCode',
      'l.returnReason',
      'l.resolvedAt',
    ])
    .where('l.partnerId', '=', partnerId);

/** The partner's commissions, each with its client's name (null for an adjustment that names no client). */
export const partnerCommissions = (db: Db, partnerId: string) =>
  db
    .selectFrom('commissions as c')
    .leftJoin('referrals as r', 'r.id', 'c.referralId')
    .selectAll('c')
    .select('r.clientCompanyName')
    .where('c.partnerId', '=', partnerId);

type PartnerPayoutRow = Awaited<ReturnType<ReturnType<typeof partnerPayoutLines>['executeTakeFirstOrThrow']>>;

export const toPartnerPayout = (row: PartnerPayoutRow): PartnerPayout => ({
  id: row.id,
  reference: row.reference,
  paidAt: row.paidAt.toISOString(),
  method: row.method,
  amount: row.amount,
  commissionCount: Number(row.commissionCount),
  status: row.status,
  returnCode: row.returnCode,
  returnReason: row.returnReason,
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
});

/** Every payout the partner had a line in, returned ones included, newest first. */
export async function listPartnerPayouts(db: Db, partnerId: string): Promise<PartnerPayout[]> {
  const rows = await partnerPayoutLines(db, partnerId).orderBy('p.createdAt', 'desc').orderBy('p.id', 'desc').execute();
  return rows.map(toPartnerPayout);
}

/**
 * One of the partner's payouts with the commissions its line paid, each as it stands today: a returned
 * line's fees are failed until they are offered again, then pending, then paid in a later payout. A payout
 * the partner had no line in is "not found".
 */
export async function getPartnerPayout(
  db: Db,
  { partnerId, payoutId }: { partnerId: string; payoutId: string },
): Promise<PartnerPayoutDetail> {
  const row = await partnerPayoutLines(db, partnerId).where('p.id', '=', payoutId).executeTakeFirst();
  if (!row) throw DomainError.notFound(COMMISSION_MESSAGES.payoutNotFound);
  const commissions = await partnerCommissions(db, partnerId)
    .innerJoin('payoutLineCommissions as lc', 'lc.commissionId', 'c.id')
    .where('lc.payoutId', '=', payoutId)
    .where('lc.partnerId', '=', partnerId)
    .orderBy('c.monthYear', 'desc')
    .orderBy('c.id')
    .execute();
  return { ...toPartnerPayout(row), commissions: commissions.map(toCommission) };
}

/** One page of the partner's commissions, newest month first, with the payouts its paid and returned lines were in. */
export async function pagePartnerCommissions(
  db: Db,
  { partnerId, query }: { partnerId: string; query: CommissionsPageQuery },
): Promise<CommissionsPage> {
  let base = db.selectFrom('commissions as c').where('c.partnerId', '=', partnerId);
  if (query.month) base = base.where('c.monthYear', '=', query.month);
  if (query.status) base = base.where('c.status', '=', query.status);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('referrals as r', 'r.id', 'c.referralId')
      .leftJoin('clientPayments as cp', 'cp.id', 'c.clientPaymentId')
      .selectAll('c')
      .select(['r.clientCompanyName', sql<string | null>`cp.paid_at::text`.as('clientPaidAt')])
      .orderBy('c.monthYear', 'desc')
      .orderBy('c.createdAt', 'desc')
      .orderBy('c.id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  // A paid line's payout, and a failed line's whose payout line came back (it keeps its payout until offered again).
  const payoutIds = [
    ...new Set(
      rows.flatMap((row) => ((row.status === 'paid' || row.status === 'failed') && row.payoutId ? [row.payoutId] : [])),
    ),
  ];
  const payouts = payoutIds.length
    ? (
        await partnerPayoutLines(db, partnerId)
          .where('p.id', 'in', payoutIds)
          .orderBy('p.createdAt', 'desc')
          .orderBy('p.id', 'desc')
          .execute()
      ).map(toPartnerPayout)
    : [];
  return {
    items: rows.map((row) => ({ ...toCommission(row), payoutId: row.payoutId })),
    total: Number(count.total),
    limit: query.limit,
    offset: query.offset,
    payouts,
  };
}
