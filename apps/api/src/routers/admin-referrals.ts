import type { TRPCRouterRecord } from '@trpc/server';

/** admin.referrals, admin.addClient, admin.updateReferral (Referrals issue). */
export const adminReferralProcedures = {} satisfies TRPCRouterRecord;
