import type { TRPCRouterRecord } from '@trpc/server';

/** admin.pendingCommissions, admin.accrue, admin.processPayout, admin.failCommission (Commissions issue). */
export const adminCommissionProcedures = {} satisfies TRPCRouterRecord;
