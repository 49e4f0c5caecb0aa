import type { TRPCRouterRecord } from '@trpc/server';

/** partner.commissions (Commissions issue). */
export const partnerCommissionProcedures = {} satisfies TRPCRouterRecord;
