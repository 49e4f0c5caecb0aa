import type { TRPCRouterRecord } from '@trpc/server';
import { addClientInput, listReferralsInput, pageOf, referralOutput, updateReferralInput } from '@portal/contracts';
import { addClient, listAllReferrals, updateReferral } from '../services/referrals';
import { adminProcedure } from '../trpc/init';

/** admin.referrals, admin.addClient, admin.updateReferral — the deal pipeline. */
export const adminReferralProcedures = {
  referrals: adminProcedure
    .input(listReferralsInput)
    .output(pageOf(referralOutput))
    .query(({ ctx, input }) => listAllReferrals(ctx.deps.db, input)),
  addClient: adminProcedure
    .input(addClientInput)
    .output(referralOutput)
    .mutation(({ ctx, input }) => addClient(ctx.deps.db, ctx.user.id, input, ctx.deps.now(), ctx.deps)),
  updateReferral: adminProcedure
    .input(updateReferralInput)
    .output(referralOutput)
    .mutation(({ ctx, input }) => updateReferral(ctx.deps.db, ctx.user.id, input, ctx.deps.now(), ctx.deps)),
} satisfies TRPCRouterRecord;
