import type { TRPCRouterRecord } from '@trpc/server';
import { referralLinkInput, referralLinkOutput, referralVisitInput, referralVisitOutput } from '@portal/contracts';
import { recordVisit, referralLink } from '../services/referrals/referral-visits';
import { publicProcedure } from '../trpc/init';

/** public.referralLink, public.recordVisit — the referral landing page, for any visitor. */
export const publicReferralProcedures = {
  referralLink: publicProcedure
    .input(referralLinkInput)
    .output(referralLinkOutput)
    .query(({ ctx, input }) => referralLink(ctx.deps, { code: input.code, ip: ctx.ip })),
  recordVisit: publicProcedure
    .input(referralVisitInput)
    .output(referralVisitOutput)
    .mutation(({ ctx, input }) => recordVisit(ctx.deps, { input, visitor: { ip: ctx.ip, userAgent: ctx.userAgent } })),
} satisfies TRPCRouterRecord;
