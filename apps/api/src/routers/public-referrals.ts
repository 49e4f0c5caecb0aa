import type { TRPCRouterRecord } from '@trpc/server';

/** public.referralLink, public.recordVisit (Referrals issue). */
export const publicReferralProcedures = {} satisfies TRPCRouterRecord;
