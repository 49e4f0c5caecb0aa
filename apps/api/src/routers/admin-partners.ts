// admin.metrics, the partner lists and details, the status decisions and admin-created partners.

import {
  adminMetricsOutput,
  adminPartnerRowOutput,
  createPartnerInput,
  idInput,
  listPartnersInput,
  pageOf,
  partnerActivityEntryOutput,
  partnerCommissionsPageOutput,
  partnerDetailsOutput,
  partnerPageInput,
  partnerPayoutLineOutput,
  partnerStatusChangeOutput,
  rejectPartnerInput,
  suspendPartnerInput,
  type PartnerTransition,
} from '@portal/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { z } from 'zod';
import { adminMetrics } from '../services/money';
import {
  changePartnerStatus,
  createPartnerByAdmin,
  getPartnerDetails,
  listPartners,
  listPendingPartners,
  listPartnerActivity,
  listPartnerCommissionsPage,
  listPartnerPayouts,
  ofExistingPartner,
} from '../services/partners';
import type { AppDeps, SessionUser } from '../trpc/context';
import { acting, permittedProcedure, runIdempotently } from '../trpc/init';

/** Runs one admin decision on the partner the input names, with the reason when the decision takes one. */
const decide =
  (transition: PartnerTransition) =>
  ({ ctx, input }: { ctx: { deps: AppDeps; user: SessionUser }; input: { id: string; reason?: string | undefined } }) =>
    changePartnerStatus(ctx.deps.db, { transition, partnerId: input.id, reason: input.reason, ...acting(ctx) });

const decision = (transition: 'approve' | 'reactivate') =>
  permittedProcedure('partners:approve').input(idInput).output(partnerStatusChangeOutput).mutation(decide(transition));

/** A decision the partner is told the reason for, when the admin gives one. */
const decisionWithReason = (transition: 'reject' | 'suspend') =>
  permittedProcedure('partners:approve')
    .input(transition === 'reject' ? rejectPartnerInput : suspendPartnerInput)
    .output(partnerStatusChangeOutput)
    .mutation(decide(transition));

export const adminPartnerProcedures = {
  metrics: permittedProcedure('partners:read')
    .output(adminMetricsOutput)
    .query(({ ctx }) => adminMetrics(ctx.deps.db, ctx.deps.now())),

  pendingPartners: permittedProcedure('partners:read')
    .output(z.array(adminPartnerRowOutput))
    .query(({ ctx }) => listPendingPartners(ctx.deps.db)),

  partners: permittedProcedure('partners:read')
    .input(listPartnersInput)
    .output(pageOf(adminPartnerRowOutput))
    .query(({ ctx, input }) => listPartners(ctx.deps.db, input)),

  partner: permittedProcedure('partners:read')
    .input(idInput)
    .output(partnerDetailsOutput)
    .query(({ ctx, input }) => getPartnerDetails(ctx.deps.db, { cipher: ctx.deps.cipher, id: input.id })),

  partnerCommissions: permittedProcedure('commissions:read')
    .input(partnerPageInput)
    .output(partnerCommissionsPageOutput)
    .query(({ ctx, input }) =>
      ofExistingPartner(ctx.deps.db, input.partnerId, () => listPartnerCommissionsPage(ctx.deps.db, input)),
    ),

  partnerPayouts: permittedProcedure('commissions:read')
    .input(partnerPageInput)
    .output(pageOf(partnerPayoutLineOutput))
    .query(({ ctx, input }) =>
      ofExistingPartner(ctx.deps.db, input.partnerId, () => listPartnerPayouts(ctx.deps.db, input)),
    ),

  partnerActivity: permittedProcedure('partners:read')
    .input(partnerPageInput)
    .output(pageOf(partnerActivityEntryOutput))
    .query(({ ctx, input }) =>
      ofExistingPartner(ctx.deps.db, input.partnerId, () => listPartnerActivity(ctx.deps.db, input)),
    ),

  approvePartner: decision('approve'),

  rejectPartner: decisionWithReason('reject'),

  suspendPartner: decisionWithReason('suspend'),

  reactivatePartner: decision('reactivate'),

  createPartner: permittedProcedure('partners:write')
    .input(createPartnerInput)
    .output(adminPartnerRowOutput)
    .mutation(({ ctx, input, path }) =>
      // The key's stored request hash leaves the password out: no digest of a password is kept.
      runIdempotently(ctx, path, { ...input, password: undefined }, (db) =>
        createPartnerByAdmin(db, { form: input, actorId: ctx.user.id, now: ctx.deps.now() }),
      ),
    ),
} satisfies TRPCRouterRecord;
