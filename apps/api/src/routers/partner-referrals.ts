import type { TRPCRouterRecord } from '@trpc/server';

/** partner.referrals, partner.createReferral, partner.metrics (Referrals issue). */
export const partnerReferralProcedures = {} satisfies TRPCRouterRecord;
