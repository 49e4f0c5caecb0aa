// Banking days for ACH: the Federal Reserve settles on weekdays that are not US federal holidays.
// A holiday on a Sunday is observed on the Monday; one on a Saturday closes nothing (the Fed does not
// move it to the Friday). Dates here are calendar days in UTC ("YYYY-MM-DD").

import { isAHoliday } from '@18f/us-federal-holidays';

const DAY_MS = 86_400_000;

const FED_HOLIDAY_RULES = { shiftSaturdayHolidays: false, shiftSundayHolidays: true, utc: true } as const;

/** True on a weekday that is not a federal holiday (as the Fed observes it). */
export function isBankingDay(day: Date): boolean {
  const weekday = day.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !isAHoliday(day, FED_HOLIDAY_RULES);
}

const startOfUtcDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/** The first banking day after `now`'s calendar day: an ACH file's effective entry date. */
export function nextBankingDay(now: Date): Date {
  let day = new Date(startOfUtcDay(now).getTime() + DAY_MS);
  while (!isBankingDay(day)) day = new Date(day.getTime() + DAY_MS);
  return day;
}

/** "261127": NACHA's YYMMDD. */
export const nachaDate = (day: Date) => day.toISOString().slice(2, 10).replaceAll('-', '');

/**
 * The payout day the processor proposes: this month's `payoutDay` if it is today or later, else
 * next month's; moved to the next banking day when it falls on a weekend or holiday.
 */
export function proposedPayoutDate(now: Date, payoutDay: number): string {
  const today = startOfUtcDay(now);
  let day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), payoutDay));
  if (day < today) day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, payoutDay));
  while (!isBankingDay(day)) day = new Date(day.getTime() + DAY_MS);
  return day.toISOString().slice(0, 10);
}
