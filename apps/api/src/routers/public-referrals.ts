import type { TRPCRouterRecord } from '@trpc/server';
import { referralLinkInput, referralLinkOutput, referralVisitInput, referralVisitOutput } from '@portal/contracts';
import { recordVisit, referralLink } from '../services/referrals';
import { publicProcedure } from '../trpc/init';

/** public.referralLink, public.recordVisit — the referral landing page, for any visitor. */
export const publicReferralProcedures = {
  /**
   * The partner a code names; null for a code that is no active partner's: an expected answer (the
   * landing page still works, without a referrer), not an error. The REST mirror answers that case 404.
   */
  referralLink: publicProcedure
    .input(referralLinkInput)
    .meta({ outputSchema: referralLinkOutput })
    .query(({ ctx, input }) => referralLink(ctx.deps, { code: input.code, ip: ctx.ip })),
  recordVisit: publicProcedure
    .input(referralVisitInput)
    .output(referralVisitOutput)
    .mutation(({ ctx, input }) => recordVisit(ctx.deps, { input, visitor: { ip: ctx.ip, userAgent: ctx.userAgent } })),
} satisfies TRPCRouterRecord;
