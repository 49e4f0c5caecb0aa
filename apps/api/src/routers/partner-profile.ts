import type { TRPCRouterRecord } from '@trpc/server';

/** partner.me, partner.apply (Partner onboarding issue). */
export const partnerProfileProcedures = {} satisfies TRPCRouterRecord;
