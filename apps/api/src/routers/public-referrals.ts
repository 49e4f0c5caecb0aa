import type { TRPCRouterRecord } from '@trpc/server';
import { referralLinkInput, referralLinkOutput, referralVisitInput, referralVisitOutput } from '@portal/contracts';
import { recordVisit, referralLink, visitorHasherFor } from '../services/referrals/referral-visits';
import { publicProcedure } from '../trpc/init';

/** public.referralLink, public.recordVisit — the referral landing page, for any visitor. */
export const publicReferralProcedures = {
  referralLink: publicProcedure
    .input(referralLinkInput)
    .output(referralLinkOutput)
    .query(async ({ ctx, input }) => {
      await ctx.deps.rateLimits.consume('referralLinkLookupsPerIp', ctx.ip);
      return referralLink(ctx.deps.db, input.code);
    }),
  recordVisit: publicProcedure
    .input(referralVisitInput)
    .output(referralVisitOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.deps.rateLimits.consume('referralVisitsPerIp', ctx.ip);
      const hasher = visitorHasherFor(ctx.deps.config);
      return recordVisit(
        ctx.deps.db,
        input,
        (code) => hasher(code, { ip: ctx.ip, userAgent: ctx.userAgent }),
        ctx.deps.now(),
      );
    }),
} satisfies TRPCRouterRecord;
