// partner.earningsByMonth and admin.trends: the dashboards' monthly series.

import { chartMonthsInput, earningsByMonthOutput, programTrendsOutput } from '@portal/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { partnerEarningsByMonth, programTrends } from '../services/money';
import { activePartnerProcedure, permittedProcedure } from '../trpc/init';

export const partnerChartProcedures = {
  earningsByMonth: activePartnerProcedure
    .input(chartMonthsInput)
    .output(earningsByMonthOutput)
    .query(({ ctx, input }) =>
      partnerEarningsByMonth(ctx.deps.db, { partnerId: ctx.partner.id, now: ctx.deps.now(), months: input.months }),
    ),
} satisfies TRPCRouterRecord;

export const adminChartProcedures = {
  trends: permittedProcedure('partners:read')
    .input(chartMonthsInput)
    .output(programTrendsOutput)
    .query(({ ctx, input }) => programTrends(ctx.deps.db, { now: ctx.deps.now(), months: input.months })),
} satisfies TRPCRouterRecord;
