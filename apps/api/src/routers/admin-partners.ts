import type { TRPCRouterRecord } from '@trpc/server';

/** admin.metrics, admin.partners, admin.pendingPartners, admin.partner, approve/reject/suspend/reactivate, admin.createPartner (Admin issue). */
export const adminPartnerProcedures = {} satisfies TRPCRouterRecord;
