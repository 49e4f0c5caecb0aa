// The program at a glance (DESIGN §4), computed in SQL; no rows leave the database. Monthly referral
// revenue follows the one definition of an active referral (activeNow). The three reads are independent
// and each is answered from an index or a small table (migrations 0002, 0004, 0016), so they run side
// by side on the pool.

import { monthKey, type AdminMetrics } from '@portal/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../platform/activity';

export async function adminMetrics(db: DbOrTx, now: Date): Promise<AdminMetrics> {
  const [partners, revenue, referrals] = await Promise.all([
    // Sum of paid commissions, read from partners.total_lifetime_commissions: DESIGN §4 keeps each
    // equal to its partner's paid commissions in the same transaction, and 10,000 stored totals are
    // summed far faster than 1,000,000 commissions (a test holds the two equal).
    db
      .selectFrom('partners')
      .select([
        sql<string>`round(coalesce(sum(partners.total_lifetime_commissions), 0), 2)::text`.as('paid'),
        sql<number>`count(*) filter (where partners.status = 'active')::int`.as('active'),
        sql<number>`count(*) filter (where partners.status = 'pending')::int`.as('pending'),
      ])
      .executeTakeFirstOrThrow(),
    // The monthly value of the referrals active now (activeNow): the running sum of the MRR changes
    // up to this UTC month, kept per month by triggers on referrals (migration 0016), so a few hundred
    // rows are summed instead of every won referral.
    db
      .selectFrom('programMonths')
      .where('programMonths.month', '<=', `${monthKey(now)}-01`)
      .select(sql<string>`round(coalesce(sum(program_months.mrr_delta), 0), 2)::text`.as('mrr'))
      .executeTakeFirstOrThrow(),
    // Won ÷ all × 100 with one decimal, 0 when there are no referrals; the per-stage counts are kept
    // by triggers on referrals (migration 0004), so this reads five rows, not every referral.
    db
      .selectFrom('referralStageCounts')
      .select(
        sql<string>`coalesce(round(sum(referral_stage_counts.referral_count) filter (where referral_stage_counts.stage = 'won') * 100.0 / nullif(sum(referral_stage_counts.referral_count), 0), 1), 0)::text`.as(
          'rate',
        ),
      )
      .executeTakeFirstOrThrow(),
  ]);
  return {
    totalPartnerCommissions: partners.paid,
    activePartnerCount: partners.active,
    pendingPartnerCount: partners.pending,
    monthlyReferralRevenue: revenue.mrr,
    conversionRate: Number(referrals.rate),
  };
}
