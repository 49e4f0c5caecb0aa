// The partner dashboard's four cards and link visits (DESIGN §4), each computed in SQL. A fee whose payment
// failed is still earned and owed: it counts in the month's earnings and is named beside the pending fees.

import { monthBounds, monthKey, normaliseMoney, type PartnerMetrics } from '@portal/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../platform/activity';
import { activeNow } from '../referrals/active-referrals';

/** The first instant of a month and of the month after it, in UTC. */
export function monthInstants(month: string): { from: Date; to: Date } {
  const { start } = monthBounds(month);
  const from = new Date(`${start}T00:00:00Z`);
  return { from, to: new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1)) };
}

export async function partnerMetrics(
  db: DbOrTx,
  { partnerId, now }: { partnerId: string; now: Date },
): Promise<PartnerMetrics> {
  const month = monthKey(now);
  const { from, to } = monthInstants(month);
  const [money, active, visits] = await Promise.all([
    db
      .selectFrom('commissions')
      .where('partnerId', '=', partnerId)
      .select([
        sql<string>`coalesce(sum(amount) filter (where status = 'paid'), 0)::numeric(14, 2)::text`.as('totalEarnings'),
        sql<string>`coalesce(sum(amount) filter (where status = 'pending'), 0)::numeric(14, 2)::text`.as(
          'pendingCommissions',
        ),
        sql<string>`coalesce(sum(amount) filter (where status = 'failed'), 0)::numeric(14, 2)::text`.as(
          'failedCommissions',
        ),
        sql<string>`coalesce(sum(amount) filter (where month_year = ${month} and status in ('pending', 'paid', 'failed')), 0)::numeric(14, 2)::text`.as(
          'thisMonthEarnings',
        ),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('referrals')
      .where('partnerId', '=', partnerId)
      .where(activeNow(now))
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('referralVisits')
      .where('partnerId', '=', partnerId)
      .where('createdAt', '>=', from)
      .where('createdAt', '<', to)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    totalEarnings: normaliseMoney(money.totalEarnings),
    pendingCommissions: normaliseMoney(money.pendingCommissions),
    failedCommissions: normaliseMoney(money.failedCommissions),
    thisMonthEarnings: normaliseMoney(money.thisMonthEarnings),
    activeReferralCount: Number(active.count),
    currentMonth: month,
    linkVisitsThisMonth: Number(visits.count),
  };
}
