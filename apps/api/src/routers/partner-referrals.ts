import type { TRPCRouterRecord } from '@trpc/server';
import {
  createReferralInput,
  ownReferralsInput,
  pageOf,
  partnerMetricsOutput,
  referralOutput,
} from '@portal/contracts';
import { z } from 'zod';
import { createPartnerReferral, listOwnReferrals, listPartnerReferrals } from '../services/referrals';
import { partnerMetrics } from '../services/partners';
import { activePartnerProcedure, runIdempotently } from '../trpc/init';

/** partner.referrals, partner.referralsPage (the Referrals tab), partner.createReferral, partner.metrics — the dashboard's data, for active partners only. */
export const partnerReferralProcedures = {
  referrals: activePartnerProcedure
    .output(z.array(referralOutput))
    .query(({ ctx }) => listPartnerReferrals(ctx.deps.db, ctx.partner.id)),
  referralsPage: activePartnerProcedure
    .input(ownReferralsInput)
    .output(pageOf(referralOutput))
    .query(({ ctx, input }) => listOwnReferrals(ctx.deps.db, { partnerId: ctx.partner.id, query: input })),
  createReferral: activePartnerProcedure
    .input(createReferralInput)
    .output(referralOutput)
    .mutation(({ ctx, input, path }) =>
      runIdempotently(ctx, path, input, (db) =>
        createPartnerReferral(db, { partner: ctx.partner, input, now: ctx.deps.now() }),
      ),
    ),
  metrics: activePartnerProcedure
    .output(partnerMetricsOutput)
    .query(({ ctx }) => partnerMetrics(ctx.deps.db, { partnerId: ctx.partner.id, now: ctx.deps.now() })),
} satisfies TRPCRouterRecord;
