// The program at a glance (DESIGN §4), computed in SQL: one statement, no rows leave the database.

import type { AdminMetrics } from '@portal/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from './activity';
import { activeNow } from './active-referrals';

export async function adminMetrics(db: DbOrTx, now: Date): Promise<AdminMetrics> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('commissions')
        .where('commissions.status', '=', 'paid')
        .select(sql<string>`round(coalesce(sum(commissions.amount), 0), 2)::text`.as('v'))
        .as('totalPartnerCommissions'),
      eb.selectFrom('partners').where('partners.status', '=', 'active').select(sql<number>`count(*)::int`.as('v')).as('activePartnerCount'),
      eb.selectFrom('partners').where('partners.status', '=', 'pending').select(sql<number>`count(*)::int`.as('v')).as('pendingPartnerCount'),
      eb
        .selectFrom('referrals')
        .where(activeNow(now))
        .select(sql<string>`round(coalesce(sum(referrals.monthly_value), 0), 2)::text`.as('v'))
        .as('monthlyReferralRevenue'),
      // Won ÷ all × 100 with one decimal, 0 when there are no referrals.
      eb
        .selectFrom('referrals')
        .select(sql<string>`coalesce(round(count(*) filter (where referrals.stage = 'won') * 100.0 / nullif(count(*), 0), 1), 0)::text`.as('v'))
        .as('conversionRate'),
    ])
    .executeTakeFirstOrThrow();
  return {
    totalPartnerCommissions: row.totalPartnerCommissions ?? '0.00',
    activePartnerCount: row.activePartnerCount ?? 0,
    pendingPartnerCount: row.pendingPartnerCount ?? 0,
    monthlyReferralRevenue: row.monthlyReferralRevenue ?? '0.00',
    conversionRate: Number(row.conversionRate ?? 0),
  };
}
