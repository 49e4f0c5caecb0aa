import type { TRPCRouterRecord } from '@trpc/server';
import {
  addClientInput,
  extendReferralInput,
  listReferralsInput,
  qualificationOverrideInput,
  pageOf,
  pipelineColumnInput,
  pipelineColumnOutput,
  referralOutput,
  updateReferralInput,
  wonPreviewInput,
  wonPreviewOutput,
} from '@portal/contracts';
import {
  addClient,
  listAllReferrals,
  listPipelineColumn,
  previewWon,
  updateReferral,
  extendQualificationWindow,
  overrideQualification,
} from '../services/referrals';
import { acting, permittedProcedure, runIdempotently } from '../trpc/init';

/**
 * admin.referrals, admin.pipelineColumn, admin.addClient, admin.updateReferral, admin.wonPreview — the deal pipeline;
 * admin.extendReferralWindow and admin.overrideQualification — the qualification window and its decision.
 */
export const adminReferralProcedures = {
  referrals: permittedProcedure('referrals:read')
    .input(listReferralsInput)
    .output(pageOf(referralOutput))
    .query(({ ctx, input }) => listAllReferrals(ctx.deps.db, input)),
  pipelineColumn: permittedProcedure('referrals:read')
    .input(pipelineColumnInput)
    .output(pipelineColumnOutput)
    .query(({ ctx, input }) => listPipelineColumn(ctx.deps.db, input)),
  addClient: permittedProcedure('referrals:write')
    .input(addClientInput)
    .output(referralOutput)
    .mutation(({ ctx, input, path }) =>
      runIdempotently(ctx, path, input, (db) => addClient(db, { input, ...acting(ctx) })),
    ),
  updateReferral: permittedProcedure('referrals:write')
    .input(updateReferralInput)
    .output(referralOutput)
    .mutation(({ ctx, input }) => updateReferral(ctx.deps.db, { input, ...acting(ctx) })),
  wonPreview: permittedProcedure('referrals:read')
    .input(wonPreviewInput)
    .output(wonPreviewOutput)
    .query(({ ctx, input }) => previewWon(ctx.deps.db, { input, now: ctx.deps.now() })),
  extendReferralWindow: permittedProcedure('referrals:write')
    .input(extendReferralInput)
    .output(referralOutput)
    .mutation(({ ctx, input }) =>
      extendQualificationWindow(ctx.deps.db, { actorId: ctx.user.id, ...input, now: ctx.deps.now() }),
    ),
  overrideQualification: permittedProcedure('referrals:write')
    .input(qualificationOverrideInput)
    .output(referralOutput)
    .mutation(({ ctx, input }) => overrideQualification(ctx.deps.db, { ...input, ...acting(ctx) })),
} satisfies TRPCRouterRecord;
