// partner.payouts, partner.payout, partner.commissionsPage, partner.taxProfile, partner.saveTaxProfile.

import {
  commissionsPageInput,
  commissionsPageOutput,
  partnerPayoutDetailOutput,
  partnerPayoutsOutput,
  payoutIdInput,
  taxProfileInput,
  taxProfileOutput,
  taxProfileResultOutput,
} from '@portal/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import {
  getPartnerPayout,
  listPartnerPayouts,
  pagePartnerCommissions,
  getTaxProfile,
  saveTaxProfile,
} from '../services/money';
import { partnerProcedure } from '../trpc/init';

export const partnerBookProcedures = {
  payouts: partnerProcedure
    .output(partnerPayoutsOutput)
    .query(({ ctx }) => listPartnerPayouts(ctx.deps.db, ctx.partner.id)),

  payout: partnerProcedure
    .input(payoutIdInput)
    .output(partnerPayoutDetailOutput)
    .query(({ ctx, input }) => getPartnerPayout(ctx.deps.db, { partnerId: ctx.partner.id, payoutId: input.id })),

  commissionsPage: partnerProcedure
    .input(commissionsPageInput)
    .output(commissionsPageOutput)
    .query(({ ctx, input }) => pagePartnerCommissions(ctx.deps.db, { partnerId: ctx.partner.id, query: input })),

  taxProfile: partnerProcedure
    .output(taxProfileResultOutput)
    .query(({ ctx }) => getTaxProfile(ctx.deps.db, ctx.partner.id)),

  saveTaxProfile: partnerProcedure
    .input(taxProfileInput)
    .output(taxProfileOutput)
    .mutation(({ ctx, input }) =>
      saveTaxProfile(ctx.deps, { user: ctx.user, partnerId: ctx.partner.id, input, ip: ctx.ip }),
    ),
} satisfies TRPCRouterRecord;
