// The lead funnel per UTC month, for one partner or the program: link visits that month, and the
// referrals that came through the link that month (a booking or a lead; every referral starts in Booked)
// followed to where they stand now — accepted (qualified or further), won, and paying (won and neither
// churned nor past its contract end). A referral entered by hand (by the partner or an admin) came from
// no visit: it is counted apart, so a visit-to-booking rate never passes 100% by referrals the link never saw.

import { todayIsoDate, type Funnel, type FunnelCounts } from '@portal/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../platform/activity';

const monthOf = (date: Date) => date.toISOString().slice(0, 7);

/** The `months` UTC months ending with the current one, oldest first ("YYYY-MM"). */
function lastMonths(now: Date, months: number): string[] {
  const list: string[] = [];
  for (let back = months - 1; back >= 0; back--)
    list.push(monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1))));
  return list;
}

/** A referral entered by hand: the partner's New Referral or an admin's Add Client, not the link. */
const BY_HAND = sql<boolean>`coalesce(referral_source in ('partner', 'admin'), false)`;

const zero = (): FunnelCounts => ({ visits: 0, bookings: 0, accepted: 0, won: 0, paying: 0 });

export async function leadFunnel(
  db: DbOrTx,
  { partnerId, months, now }: { partnerId?: string; months: number; now: Date },
): Promise<Funnel> {
  const keys = lastMonths(now, months);
  const from = new Date(`${keys[0]}-01T00:00:00Z`);
  const today = todayIsoDate(now);
  const [visits, referrals] = await Promise.all([
    db
      .selectFrom('referralVisits')
      .select([sql<string>`to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM')`.as('month')])
      .select((eb) => eb.fn.countAll<string>().as('visits'))
      .where('createdAt', '>=', from)
      .$if(Boolean(partnerId), (q) => q.where('partnerId', '=', partnerId as string))
      .groupBy(sql`1`)
      .execute(),
    db
      .selectFrom('referrals')
      .select([sql<string>`to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM')`.as('month')])
      .select([
        sql<string>`count(*) filter (where ${BY_HAND})`.as('byHand'),
        sql<string>`count(*) filter (where not ${BY_HAND})`.as('bookings'),
        sql<string>`count(*) filter (where not ${BY_HAND} and stage in ('qualified', 'proposal', 'won'))`.as(
          'accepted',
        ),
        sql<string>`count(*) filter (where not ${BY_HAND} and stage = 'won')`.as('won'),
        sql<string>`count(*) filter (where not ${BY_HAND} and stage = 'won'
          and (churn_date is null or churn_date > ${today}::date)
          and (contract_end_date is null or contract_end_date >= ${today}::date))`.as('paying'),
      ])
      .where('createdAt', '>=', from)
      .$if(Boolean(partnerId), (q) => q.where('partnerId', '=', partnerId as string))
      .groupBy(sql`1`)
      .execute(),
  ]);
  const byMonth = new Map(keys.map((month) => [month, zero()]));
  for (const row of visits) {
    const counts = byMonth.get(row.month);
    if (counts) counts.visits = Number(row.visits);
  }
  let enteredByHand = 0;
  for (const row of referrals) {
    const counts = byMonth.get(row.month);
    if (!counts) continue;
    enteredByHand += Number(row.byHand);
    counts.bookings = Number(row.bookings);
    counts.accepted = Number(row.accepted);
    counts.won = Number(row.won);
    counts.paying = Number(row.paying);
  }
  const total = zero();
  const list = keys.map((month) => {
    const counts = byMonth.get(month) ?? zero();
    for (const step of Object.keys(total) as (keyof FunnelCounts)[]) total[step] += counts[step];
    return { month, ...counts };
  });
  return { months: list, total, enteredByHand };
}
