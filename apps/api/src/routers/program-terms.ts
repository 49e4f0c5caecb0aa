// The program terms (services/platform/program-terms.ts) and a partner's acceptance of them
// (services/partners/agreement.ts): admins read the versions (commissions:read) and the administrator
// publishes the next (terms:write, Idempotency-Key), reads a partnership's ending (partners:read), and ends a
// partnership or forfeits its fees (partners:approve); a partner reads their own and gives notice; anyone reads the terms in force (the landing page's
// fees, the onboarding agreement); a partner reads the version waiting for them and accepts it.

import {
  acceptAgreementInput,
  adminPartnershipEndOutput,
  givePartnerNoticeInput,
  idInput,
  partnershipEndOutput,
  forfeitFeesInput,
  forfeitFeesOutput,
  terminatePartnerInput,
  terminationOutput,
  partnerAgreementOutput,
  programTermsOutput,
  programTermsOverviewOutput,
  publicProgramTermsOutput,
  publishProgramTermsInput,
} from '@portal/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import {
  acceptAgreement,
  partnerAgreement,
  adminPartnershipEnd,
  forfeitFees,
  givePartnerNotice,
  partnershipEnd,
  terminatePartner,
  withdrawNotice,
  withdrawNoticeAsFirm,
} from '../services/partners';
import {
  currentProgramTerms,
  programTermsOverview,
  publishProgramTerms,
  toPublicProgramTerms,
} from '../services/platform';
import { acting, partnerProcedure, permittedProcedure, publicProcedure, runIdempotently } from '../trpc/init';

export const adminProgramTermsProcedures = {
  programTerms: permittedProcedure('commissions:read')
    .output(programTermsOverviewOutput)
    .query(({ ctx }) => programTermsOverview(ctx.deps.db, ctx.deps.now())),

  publishProgramTerms: permittedProcedure('terms:write')
    .input(publishProgramTermsInput)
    .output(programTermsOutput)
    .mutation(({ ctx, input, path }) =>
      runIdempotently(ctx, path, input, (db) =>
        publishProgramTerms(db, { actorId: ctx.user.id, input, now: ctx.deps.now() }),
      ),
    ),

  /** The partnership's ending as it stands, and the unpaid fees a forfeiture would void. */
  partnershipEnd: permittedProcedure('partners:read')
    .input(idInput)
    .output(adminPartnershipEndOutput)
    .query(({ ctx, input }) => adminPartnershipEnd(ctx.deps.db, { partnerId: input.id, now: ctx.deps.now() })),

  /** Written notice ending a partnership (either party's), effective after the notice days. */
  terminatePartner: permittedProcedure('partners:approve')
    .input(terminatePartnerInput)
    .output(terminationOutput)
    .mutation(({ ctx, input }) => terminatePartner(ctx.deps.db, { input, ...acting(ctx) })),

  /** Withdraws either party's notice before its day: the partnership continues. */
  withdrawNotice: permittedProcedure('partners:approve')
    .input(idInput)
    .output(adminPartnershipEndOutput)
    .mutation(({ ctx, input }) => withdrawNoticeAsFirm(ctx.deps.db, { partnerId: input.id, ...acting(ctx) })),

  /** A breach of non-solicitation: every pending fee of the partner is voided with the reason. */
  forfeitPartnerFees: permittedProcedure('partners:approve')
    .input(forfeitFeesInput)
    .output(forfeitFeesOutput)
    .mutation(({ ctx, input }) => forfeitFees(ctx.deps.db, { ...input, ...acting(ctx) })),
} satisfies TRPCRouterRecord;

export const publicProgramTermsProcedures = {
  programTerms: publicProcedure
    .output(publicProgramTermsOutput)
    .query(async ({ ctx }) => toPublicProgramTerms(await currentProgramTerms(ctx.deps.db, ctx.deps.now()))),
} satisfies TRPCRouterRecord;

export const partnerAgreementProcedures = {
  agreement: partnerProcedure
    .output(partnerAgreementOutput)
    .query(({ ctx }) => partnerAgreement(ctx.deps.db, { partner: ctx.partner, now: ctx.deps.now() })),

  /** The partner's own partnership: the notice given, or the day notice given today would take effect. */
  partnershipEnd: partnerProcedure
    .output(partnershipEndOutput)
    .query(({ ctx }) => partnershipEnd(ctx.deps.db, { partnerId: ctx.partner.id, now: ctx.deps.now() })),

  /** The partner ends the partnership by written notice, effective the notice days of their terms after today. */
  giveNotice: partnerProcedure
    .input(givePartnerNoticeInput)
    .output(terminationOutput)
    .mutation(({ ctx, input }) =>
      givePartnerNotice(ctx.deps.db, { partnerId: ctx.partner.id, reason: input.reason, ...acting(ctx) }),
    ),

  /** The partner withdraws its own notice before its day: the partnership continues. */
  withdrawNotice: partnerProcedure
    .output(partnershipEndOutput)
    .mutation(({ ctx }) => withdrawNotice(ctx.deps.db, { partnerId: ctx.partner.id, by: 'partner', ...acting(ctx) })),

  acceptAgreement: partnerProcedure
    .input(acceptAgreementInput)
    .output(partnerAgreementOutput)
    .mutation(({ ctx, input }) =>
      acceptAgreement(ctx.deps.db, {
        partnerId: ctx.partner.id,
        userId: ctx.user.id,
        version: input.version,
        ip: ctx.ip,
        now: ctx.deps.now(),
      }),
    ),
} satisfies TRPCRouterRecord;
