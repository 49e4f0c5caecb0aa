// "Active" referral (DESIGN §4): won, started by the month's end, and neither churned nor ended
// before the month's start. One definition for MRR, metrics and accrual.

import { monthBounds, monthKey } from '@portal/contracts';
import type { Database } from '@portal/db';
import { sql, type ExpressionBuilder, type Expression, type RawBuilder, type SqlBool } from 'kysely';

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
  return activeBetweenSql(sql<string>`${start}::date`, sql<string>`${end}::date`);
}

/**
 * The same rule with the month's first and last day as SQL date expressions, so one statement can
 * apply it to a whole series of months (e.g. a `generate_series` column); `r` is the referrals alias.
 */
export function activeBetweenSql(start: RawBuilder<string>, end: RawBuilder<string>) {
  return sql<boolean>`(r.stage = 'won' and r.contract_start_date is not null and r.contract_start_date <= ${end}
    and (r.churn_date is null or r.churn_date >= ${start})
    and (r.contract_end_date is null or r.contract_end_date >= ${start}))`;
}
