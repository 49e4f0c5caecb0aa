// Marketing materials. partner.materials / partner.downloadMaterial serve signed-in partners
// (active partner record required) and admins alike; admin.* keep the library.

import {
  MATERIAL_UPLOAD_MESSAGES,
  adminMaterialOutput,
  createMaterialInput,
  downloadOutput,
  materialIdInput,
  materialOutput,
  updateMaterialInput,
} from '@portal/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { DomainError } from '../services/platform';
import { z } from 'zod';
import {
  createExternalMaterial,
  editMaterial,
  downloadAddress,
  listMaterials,
  materialForDownload,
  toAdminMaterial,
  toMaterial,
} from '../services/materials';
import { libraryViewerProcedure, permittedProcedure, runIdempotently } from '../trpc/init';

const notFound = () => DomainError.notFound(MATERIAL_UPLOAD_MESSAGES.materialNotFound);

/** partner.materials, partner.downloadMaterial: the library a partner (or an admin previewing it) reads. */
export const partnerMaterialProcedures = {
  materials: libraryViewerProcedure.output(z.array(materialOutput)).query(async ({ ctx }) => {
    const rows = await listMaterials(ctx.deps.db, { activeOnly: !ctx.viewer.isAdmin });
    return rows.map(toMaterial);
  }),

  /** Counts a partner's download and answers a short-lived address; an admin's preview is not counted. */
  downloadMaterial: libraryViewerProcedure
    .input(materialIdInput)
    .output(downloadOutput)
    .mutation(async ({ ctx, input }) => {
      const row = await materialForDownload(ctx.deps.db, {
        viewer: ctx.viewer,
        materialId: input.id,
        userId: ctx.user.id,
      });
      if (!row) throw notFound();
      return { url: downloadAddress(ctx.deps, row), downloadCount: row.downloadCount };
    }),
} satisfies TRPCRouterRecord;

/** admin.materials, admin.createMaterial, admin.updateMaterial: the library's management. */
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
    .mutation(({ ctx, input, path }) =>
      runIdempotently(ctx, path, input, async (db) =>
        toAdminMaterial(await createExternalMaterial(db, { actorId: ctx.user.id, input })),
      ),
    ),

  updateMaterial: permittedProcedure('materials:write')
    .input(updateMaterialInput)
    .output(adminMaterialOutput)
    .mutation(async ({ ctx, input }) => {
      const { id, ...changes } = input;
      const row = await editMaterial(ctx.deps, { actorId: ctx.user.id, id, changes, now: ctx.deps.now() });
      if (!row) throw notFound();
      return toAdminMaterial(row);
    }),
} satisfies TRPCRouterRecord;
