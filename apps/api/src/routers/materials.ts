// Marketing materials. partner.materials / partner.downloadMaterial serve signed-in partners
// (active partner record required) and admins alike; admin.* keep the library.

import {
  MATERIAL_UPLOAD_MESSAGES,
  MESSAGES,
  adminMaterialOutput,
  createMaterialInput,
  downloadOutput,
  materialIdInput,
  materialOutput,
  updateMaterialInput,
} from '@portal/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { DomainError } from '../services/platform/errors';
import { hasPermission } from '../services/platform/permissions';
import { z } from 'zod';
import {
  createExternalMaterial,
  downloadAddress,
  findMaterial,
  listMaterials,
  recordDownload,
  toAdminMaterial,
  toMaterial,
  updateMaterial,
} from '../services/materials/materials';
import type { SessionUser } from '../deps';
import type { Context } from '../trpc/context';
import { enrolledProcedure, permittedProcedure } from '../trpc/init';

/** Who is looking at the library: its keepers (materials:read, everything) or an active partner (active materials). */
async function libraryViewer(
  ctx: Context & { user: SessionUser },
): Promise<{ isAdmin: true; partnerId: null } | { isAdmin: false; partnerId: string }> {
  if (hasPermission(ctx.user, 'materials:read')) return { isAdmin: true, partnerId: null };
  const partner = await ctx.deps.db
    .selectFrom('partners')
    .select(['id', 'status'])
    .where('userId', '=', ctx.user.id)
    .executeTakeFirst();
  if (partner?.status !== 'active') throw DomainError.forbidden(MESSAGES.partnerNotActive);
  return { isAdmin: false, partnerId: partner.id };
}

const notFound = () => DomainError.notFound(MATERIAL_UPLOAD_MESSAGES.materialNotFound);

/** partner.materials, partner.downloadMaterial (Marketing materials issue). */
export const partnerMaterialProcedures = {
  materials: enrolledProcedure.output(z.array(materialOutput)).query(async ({ ctx }) => {
    const viewer = await libraryViewer(ctx);
    const rows = await listMaterials(ctx.deps.db, { activeOnly: !viewer.isAdmin });
    return rows.map(toMaterial);
  }),

  /** Counts a partner's download and answers a short-lived address; an admin's preview is not counted. */
  downloadMaterial: enrolledProcedure
    .input(materialIdInput)
    .output(downloadOutput)
    .mutation(async ({ ctx, input }) => {
      const viewer = await libraryViewer(ctx);
      const row = viewer.isAdmin
        ? await findMaterial(ctx.deps.db, input.id)
        : await recordDownload(ctx.deps.db, {
            materialId: input.id,
            userId: ctx.user.id,
            partnerId: viewer.partnerId,
            activeOnly: true,
          });
      if (!row) throw notFound();
      return { url: downloadAddress(ctx.deps, row), downloadCount: row.downloadCount };
    }),
} satisfies TRPCRouterRecord;

/** admin.materials, admin.createMaterial, admin.updateMaterial (Marketing materials issue). */
export const adminMaterialProcedures = {
  materials: permittedProcedure('materials:read')
    .output(z.array(adminMaterialOutput))
    .query(async ({ ctx }) => {
      const rows = await listMaterials(ctx.deps.db, { activeOnly: false });
      return rows.map(toAdminMaterial);
    }),

  /** Publishes an external link; uploaded files arrive through the multipart REST route. */
  createMaterial: permittedProcedure('materials:write')
    .input(createMaterialInput)
    .output(adminMaterialOutput)
    .mutation(async ({ ctx, input }) => {
      const row = await createExternalMaterial(ctx.deps.db, ctx.user.id, input);
      return toAdminMaterial(row);
    }),

  updateMaterial: permittedProcedure('materials:write')
    .input(updateMaterialInput)
    .output(adminMaterialOutput)
    .mutation(async ({ ctx, input }) => {
      const { id, ...changes } = input;
      const result = await updateMaterial(ctx.deps.db, ctx.user.id, id, changes, ctx.deps.now());
      if (!result) throw notFound();
      if (result.replacedStorageKey) {
        await ctx.deps.storage
          .remove(result.replacedStorageKey)
          .catch((err: unknown) => ctx.deps.logger.warn({ err }, 'could not remove a replaced material file'));
      }
      return toAdminMaterial(result.row);
    }),
} satisfies TRPCRouterRecord;
