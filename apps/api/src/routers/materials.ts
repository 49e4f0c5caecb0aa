import type { TRPCRouterRecord } from '@trpc/server';

/** partner.materials, partner.downloadMaterial (Marketing materials issue). */
export const partnerMaterialProcedures = {} satisfies TRPCRouterRecord;
/** admin.materials, admin.createMaterial, admin.updateMaterial (Marketing materials issue). */
export const adminMaterialProcedures = {} satisfies TRPCRouterRecord;
