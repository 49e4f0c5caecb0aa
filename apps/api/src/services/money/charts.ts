// The dashboards' monthly series, each one SQL statement over a generate_series of
// months, so a month without data is a row of zeros. Money is summed in numeric and leaves as a
// decimal string; months are UTC calendar months, the current one last.

import {
  REFERRAL_STAGES,
  monthKey,
  normaliseMoney,
  type EarningsByMonth,
  type ProgramTrends,
  type ReferralStage,
} from '@portal/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../platform/activity';

/** The first day ("YYYY-MM-01") of the first month and the instants bounding the whole range. */
export function monthRange(now: Date, months: number): { firstDay: string; lastDay: string; from: Date; to: Date } {
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { firstDay: `${monthKey(from)}-01`, lastDay: `${monthKey(now)}-01`, from, to };
}

/** Month rows "YYYY-MM" with their first day and the first day of the month after (`m.start`, `m.next`). */
const monthSeries = (firstDay: string, lastDay: string) =>
  sql`select d::date as start, (d + interval '1 month')::date as next, to_char(d, 'YYYY-MM') as month
      from generate_series(${firstDay}::timestamp, ${lastDay}::timestamp, interval '1 month') as d`;

/**
 * A partner's commissions per month they were earned for (month_year), split into paid and pending;
 * failed and voided commissions count nowhere. Plus the partner's referrals per stage.
 */
export async function partnerEarningsByMonth(
  db: DbOrTx,
  { partnerId, now, months }: { partnerId: string; now: Date; months: number },
): Promise<EarningsByMonth> {
  const { firstDay, lastDay } = monthRange(now, months);
  const [series, stages] = await Promise.all([
    sql<{ month: string; paid: string; pending: string }>`
      with m as (${monthSeries(firstDay, lastDay)})
      select m.month,
        round(coalesce(sum(c.amount) filter (where c.status = 'paid'), 0), 2)::text as paid,
        round(coalesce(sum(c.amount) filter (where c.status = 'pending'), 0), 2)::text as pending
      from m
      left join commissions c on c.partner_id = ${partnerId} and c.month_year = m.month and c.status in ('paid', 'pending')
      group by m.month
      order by m.month`.execute(db),
    db
      .selectFrom('referrals')
      .where('partnerId', '=', partnerId)
      .groupBy('stage')
      .select(['stage', (eb) => eb.fn.countAll<string>().as('count')])
      .execute(),
  ]);
  const countOf = new Map<ReferralStage, number>(stages.map((row) => [row.stage, Number(row.count)]));
  return {
    months: series.rows.map((row) => ({
      month: row.month,
      paid: normaliseMoney(row.paid),
      pending: normaliseMoney(row.pending),
    })),
    referralsByStage: REFERRAL_STAGES.map((stage) => ({ stage, count: countOf.get(stage) ?? 0 })),
  };
}

/**
 * The program per month: commissions paid in it (by payment date), referrals created in it, deals won
 * in it (referrals now won whose close date falls in it) and the referral MRR as at its end (the
 * monthly value of the referrals active in it, by the one active rule in its per-month form). All four
 * are read from the monthly rollup kept by triggers (migration 0016): the counts and the paid amount
 * are the month's row; the MRR is the running sum of the MRR changes, from the changes before the range
 * plus those of each month in it. Tested equal to the live queries over the rows (activeInMonth,
 * activeValueByMonthSql) month by month.
 */
export async function programTrends(
  db: DbOrTx,
  { now, months }: { now: Date; months: number },
): Promise<ProgramTrends> {
  const { firstDay, lastDay } = monthRange(now, months);
  const result = await sql<{
    month: string;
    commissionsPaid: string;
    newReferrals: number;
    dealsWon: number;
    referralMrr: string;
  }>`
    with m as (${monthSeries(firstDay, lastDay)}),
    earlier as (select coalesce(sum(p.mrr_delta), 0) as mrr from program_months p where p.month < ${firstDay}::date)
    select m.month as month,
      round(coalesce(p.commissions_paid, 0), 2)::text as commissions_paid,
      coalesce(p.new_referrals, 0) as new_referrals,
      coalesce(p.deals_won, 0) as deals_won,
      round(earlier.mrr + sum(coalesce(p.mrr_delta, 0)) over (order by m.start), 2)::text as referral_mrr
    from m
    cross join earlier
    left join program_months p on p.month = m.start
    order by m.month`.execute(db);
  return {
    months: result.rows.map((row) => ({
      month: row.month,
      commissionsPaid: normaliseMoney(row.commissionsPaid),
      newReferrals: Number(row.newReferrals),
      dealsWon: Number(row.dealsWon),
      referralMrr: normaliseMoney(row.referralMrr),
    })),
  };
}
