// "Active" referral (DESIGN §4): won, started by the month's end, and neither churned nor ended
// before the month's start. One definition for MRR, metrics and accrual.

import { monthBounds, monthKey } from '@portal/contracts';
import type { Database } from '@portal/db';
import { sql, type ExpressionBuilder, type SqlBool, type Expression } from 'kysely';

export function activeInMonth(month: string) {
  const { start, end } = monthBounds(month);
  return (eb: ExpressionBuilder<Database, 'referrals'>): Expression<SqlBool> =>
    eb.and([
      eb('referrals.stage', '=', 'won'),
      eb('referrals.contractStartDate', 'is not', null),
      eb('referrals.contractStartDate', '<=', end),
      eb.or([eb('referrals.churnDate', 'is', null), eb('referrals.churnDate', '>=', start)]),
      eb.or([eb('referrals.contractEndDate', 'is', null), eb('referrals.contractEndDate', '>=', start)]),
    ]);
}

/** Active in the current month of `now` (UTC). */
export const activeNow = (now: Date) => activeInMonth(monthKey(now));

/** SQL text of the same rule, for raw set-based statements; `r` is the referrals alias. */
export function activeInMonthSql(month: string) {
  const { start, end } = monthBounds(month);
  return sql<boolean>`(r.stage = 'won' and r.contract_start_date is not null and r.contract_start_date <= ${end}::date
    and (r.churn_date is null or r.churn_date >= ${start}::date)
    and (r.contract_end_date is null or r.contract_end_date >= ${start}::date))`;
}

/**
 * The same rule summed per month over a range of months, reading each won referral once (the
 * `referrals_won_start_idx` index alone): a referral is active in month m exactly when
 * month(start) <= m < month(least(churn, end)) + 1 month, so it adds its monthly value from its start
 * month and takes it away from the month after it stops; a running sum over the months gives, per
 * month, the monthly value of the referrals active in it. Rows: `month_start` (date, every first day
 * from `firstDay` to `lastDay`) and `amount`. Tested equal to `activeInMonth` month by month.
 * The admin's MRR and the trends chart read the same changes from the `program_months` rollup, kept by
 * triggers (migration 0016); this live form stays as the tests' oracle for it.
 */
export function activeValueByMonthSql(firstDay: string, lastDay: string) {
  // Timestamps without time zone: month arithmetic that no session time zone can shift.
  const first = sql`${firstDay}::timestamp`;
  const startDay = sql`r.contract_start_date::timestamp`;
  const stop = sql`least(r.churn_date, r.contract_end_date)`;
  return sql<{ monthStart: string; amount: string }>`
    with won as (
      select greatest(date_trunc('month', ${startDay}), ${first}) as start_month,
        case when ${stop} is null then null
          else greatest(date_trunc('month', ${startDay}), date_trunc('month', ${stop}::timestamp) + interval '1 month', ${first}) end as stop_month,
        sum(r.monthly_value) as amount
      from referrals r
      where r.stage = 'won' and r.contract_start_date is not null
        and r.contract_start_date < (${lastDay}::date + interval '1 month')
        and (${stop} is null or ${stop} >= ${firstDay}::date)
      group by 1, 2
    ),
    changes as (
      select month_start, sum(delta) as delta
      from (select start_month as month_start, amount as delta from won
            union all
            select stop_month, -amount from won where stop_month is not null) as change
      group by month_start
    ),
    months as (select d as month_start from generate_series(${first}, ${lastDay}::timestamp, interval '1 month') as d)
    select months.month_start::date as month_start, sum(coalesce(changes.delta, 0)) over (order by months.month_start) as amount
    from months left join changes on changes.month_start = months.month_start`;
}
