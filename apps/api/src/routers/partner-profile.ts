import {
  partnerApplicationInput,
  partnerProfileOutput,
  updateBankDetailsInput,
  updatePaymentMethodInput,
  updatePartnerProfileInput,
  type PartnerProfile,
} from '@portal/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { toPartnerProfile } from '../services/platform';
import {
  applyAsPartner,
  ownPartnerRecord,
  updateOwnBankDetails,
  updateOwnPaymentMethod,
  updateOwnProfile,
} from '../services/partners';
import { partnerProcedure, partnerUserProcedure } from '../trpc/init';

/** partner.me, partner.submitApplication and the partner's own settings. `apply` is a reserved word of tRPC routers. */
export const partnerProfileProcedures = {
  /**
   * The signed-in partner's own record; null while they have not applied (the registration form shows
   * then): an expected answer, not an error. The REST mirror answers that case 404.
   */
  me: partnerUserProcedure
    .meta({ outputSchema: partnerProfileOutput })
    .query(async ({ ctx }): Promise<PartnerProfile | null> => {
      const own = await ownPartnerRecord(ctx.deps.db, { userId: ctx.user.id, now: ctx.deps.now() });
      if (!own) return null;
      const { partner, ...about } = own;
      return { ...toPartnerProfile(partner, ctx.deps.cipher), ...about };
    }),

  /** The registration form: one application per user, stored pending with the accepted agreement. */
  submitApplication: partnerUserProcedure
    .input(partnerApplicationInput)
    .output(partnerProfileOutput)
    .mutation(async ({ ctx, input }) => {
      const partner = await applyAsPartner(ctx.deps, { userId: ctx.user.id, input, ip: ctx.ip });
      return toPartnerProfile(partner, ctx.deps.cipher);
    }),

  /** Self-service: the profile fields of the registration form; absent fields stay. */
  updateProfile: partnerProcedure
    .input(updatePartnerProfileInput)
    .output(partnerProfileOutput)
    .mutation(async ({ ctx, input }) =>
      toPartnerProfile(await updateOwnProfile(ctx.deps, { user: ctx.user, changes: input }), ctx.deps.cipher),
    ),

  /** New wire details, with the current password; answered masked. */
  updateBankDetails: partnerProcedure
    .input(updateBankDetailsInput)
    .output(partnerProfileOutput)
    .mutation(async ({ ctx, input }) =>
      toPartnerProfile(await updateOwnBankDetails(ctx.deps, { user: ctx.user, input, ip: ctx.ip }), ctx.deps.cipher),
    ),

  /** Wire, ACH or PayPal with the method's details and the current password; answered masked. */
  updatePaymentMethod: partnerProcedure
    .input(updatePaymentMethodInput)
    .output(partnerProfileOutput)
    .mutation(async ({ ctx, input }) =>
      toPartnerProfile(await updateOwnPaymentMethod(ctx.deps, { user: ctx.user, input, ip: ctx.ip }), ctx.deps.cipher),
    ),
} satisfies TRPCRouterRecord;
