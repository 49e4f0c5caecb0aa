import type { TRPCRouterRecord } from '@trpc/server';
import {
  addClientInput,
  listReferralsInput,
  pageOf,
  pipelineColumnInput,
  pipelineColumnOutput,
  referralOutput,
  updateReferralInput,
} from '@portal/contracts';
import { addClient, listAllReferrals, listPipelineColumn, updateReferral } from '../services/referrals/referrals';
import { permittedProcedure, runIdempotently } from '../trpc/init';

/** admin.referrals, admin.pipelineColumn, admin.addClient, admin.updateReferral — the deal pipeline. */
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
    .mutation(({ ctx, input }) =>
      runIdempotently(ctx, 'admin.addClient', input, (db) =>
        addClient(db, { adminUserId: ctx.user.id, input, now: ctx.deps.now(), mail: ctx.deps }),
      ),
    ),
  updateReferral: permittedProcedure('referrals:write')
    .input(updateReferralInput)
    .output(referralOutput)
    .mutation(({ ctx, input }) =>
      updateReferral(ctx.deps.db, { adminUserId: ctx.user.id, input, now: ctx.deps.now(), mail: ctx.deps }),
    ),
} satisfies TRPCRouterRecord;
