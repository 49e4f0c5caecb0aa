// The dashboards' charts: monthly series answered by
// GET /api/partners/earnings-by-month and GET /api/admin/trends, one row per month, oldest first.

import { z } from 'zod';
import { REFERRAL_STAGES } from './enums';
import { money, monthKeyString } from './fields';

export const CHART_MONTHS_DEFAULT = 12;
export const CHART_MONTHS_MAX = 24;
export const CHART_MONTHS_MESSAGE = `months must be a whole number from 1 to ${CHART_MONTHS_MAX}`;

/** How many months, the current one included (query string or tRPC input). */
export const chartMonthsInput = z.object({
  months: z.coerce
    .number({ error: CHART_MONTHS_MESSAGE })
    .int(CHART_MONTHS_MESSAGE)
    .min(1, CHART_MONTHS_MESSAGE)
    .max(CHART_MONTHS_MAX, CHART_MONTHS_MESSAGE)
    .default(CHART_MONTHS_DEFAULT),
});
export type ChartMonthsInput = z.input<typeof chartMonthsInput>;

const monthKeyField = monthKeyString;
const moneyField = money;

/** A partner's commissions of one month (the month they were earned for), paid and still pending. */
export const earningsMonthOutput = z.object({ month: monthKeyField, paid: moneyField, pending: moneyField });
export type EarningsMonth = z.infer<typeof earningsMonthOutput>;

export const stageCountOutput = z.object({ stage: z.enum(REFERRAL_STAGES), count: z.number().int().min(0) });
export type StageCount = z.infer<typeof stageCountOutput>;

export const earningsByMonthOutput = z.object({
  months: z.array(earningsMonthOutput),
  /** The partner's referrals now, one row per stage in pipeline order (zeros included). */
  referralsByStage: z.array(stageCountOutput),
});
export type EarningsByMonth = z.infer<typeof earningsByMonthOutput>;

export const programTrendMonthOutput = z.object({
  month: monthKeyField,
  /** Sum of the commissions paid in the month (by payment date, UTC). */
  commissionsPaid: moneyField,
  /** Referrals created in the month. */
  newReferrals: z.number().int().min(0),
  /** Referrals now won whose close date falls in the month. */
  dealsWon: z.number().int().min(0),
  /** Sum of the monthly value of referrals active in the month (DESIGN §4), as at its end. */
  referralMrr: moneyField,
});
export type ProgramTrendMonth = z.infer<typeof programTrendMonthOutput>;

export const programTrendsOutput = z.object({ months: z.array(programTrendMonthOutput) });
export type ProgramTrends = z.infer<typeof programTrendsOutput>;
