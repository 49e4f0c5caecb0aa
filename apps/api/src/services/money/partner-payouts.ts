// A partner's payout history (its share of each payout it was part of) and the paged,
// filterable Commissions tab whose paid lines the screen groups under their payout.

import {
  COMMISSION_MESSAGES,
  type CommissionsPage,
  type PartnerPayout,
  type PartnerPayoutDetail,
} from '@portal/contracts';
import type { Db } from '@portal/db';
import { sql } from 'kysely';
import { DomainError } from '../platform/errors';
import { toCommission } from '../platform/mappers';

export interface CommissionsPageQuery {
  limit: number;
  offset: number;
  month?: string;
  status?: CommissionsPage['items'][number]['status'];
}

/** The partner's part of each payout: its commissions paid in it, summed in SQL. */
export const partnerPayouts = (db: Db, partnerId: string) =>
  db
    .selectFrom('commissions as c')
    .innerJoin('payouts as p', 'p.id', 'c.payoutId')
    .select([
      'p.id',
      'p.reference',
      'p.createdAt as paidAt',
      sql<PartnerPayout['method']>`max(c.payment_method)`.as('method'),
      sql<string>`sum(c.amount)::numeric(14, 2)::text`.as('amount'),
      sql<number>`count(*)::int`.as('commissionCount'),
    ])
    .where('c.partnerId', '=', partnerId)
    .where('c.status', '=', 'paid')
    .groupBy(['p.id', 'p.reference', 'p.createdAt']);

/** The partner's commissions, each with its client's name (null for an adjustment that names no client). */
export const partnerCommissions = (db: Db, partnerId: string) =>
  db
    .selectFrom('commissions as c')
    .leftJoin('referrals as r', 'r.id', 'c.referralId')
    .selectAll('c')
    .select('r.clientCompanyName')
    .where('c.partnerId', '=', partnerId);

export const toPartnerPayout = (row: {
  id: string;
  reference: string;
  paidAt: Date;
  method: PartnerPayout['method'];
  amount: string;
  commissionCount: number;
}): PartnerPayout => ({
  id: row.id,
  reference: row.reference,
  paidAt: row.paidAt.toISOString(),
  method: row.method,
  amount: row.amount,
  commissionCount: Number(row.commissionCount),
});

/** Every payout the partner was part of, newest first. */
export async function listPartnerPayouts(db: Db, partnerId: string): Promise<PartnerPayout[]> {
  const rows = await partnerPayouts(db, partnerId).orderBy('p.createdAt', 'desc').orderBy('p.id', 'desc').execute();
  return rows.map(toPartnerPayout);
}

/** One of the partner's payouts with its commissions; another partner's payout is "not found". */
export async function getPartnerPayout(db: Db, partnerId: string, payoutId: string): Promise<PartnerPayoutDetail> {
  const row = await partnerPayouts(db, partnerId).where('p.id', '=', payoutId).executeTakeFirst();
  if (!row) throw DomainError.notFound(COMMISSION_MESSAGES.payoutNotFound);
  const commissions = await partnerCommissions(db, partnerId)
    .where('c.payoutId', '=', payoutId)
    .orderBy('c.monthYear', 'desc')
    .orderBy('c.id')
    .execute();
  return { ...toPartnerPayout(row), commissions: commissions.map(toCommission) };
}

/** One page of the partner's commissions, newest month first, with the payouts of its paid lines. */
export async function pagePartnerCommissions(
  db: Db,
  partnerId: string,
  query: CommissionsPageQuery,
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
  const payoutIds = [...new Set(rows.flatMap((row) => (row.status === 'paid' && row.payoutId ? [row.payoutId] : [])))];
  const payouts = payoutIds.length
    ? (
        await partnerPayouts(db, partnerId)
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
