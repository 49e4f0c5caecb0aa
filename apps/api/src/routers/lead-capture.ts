// Lead capture and client ownership: admin.captureLead (POST /api/leads), admin.referralConflicts,
// admin.resolveConflict, admin.unplacedBookings, admin.placeUnplacedBooking, admin.dismissUnplacedBooking,
// admin.funnel, admin.recentBookings; partner.funnel, partner.recentBookings.

import {
  adminFunnelInput,
  dismissUnplacedBookingInput,
  funnelInput,
  funnelOutput,
  leadInput,
  placeUnplacedBookingInput,
  placeUnplacedBookingOutput,
  recentBookingsOutput,
  referralConflictsOutput,
  referralOutput,
  resolveConflictInput,
  resolveConflictOutput,
  unplacedBookingOutput,
  unplacedBookingsInput,
  unplacedBookingsOutput,
} from '@portal/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { dismissUnplacedBooking, listUnplacedBookings, placeUnplacedBooking } from '../services/integrations';
import {
  referralConflictsReview,
  resolveReferralConflict,
  leadFunnel,
  receiveLead,
  recentBookings,
} from '../services/referrals';
import { acting, activePartnerProcedure, permittedProcedure, runIdempotently } from '../trpc/init';

export const adminLeadProcedures = {
  captureLead: permittedProcedure('leads:write')
    .input(leadInput)
    .output(referralOutput)
    .mutation(({ ctx, input, path }) =>
      runIdempotently(ctx, path, input, (db) => receiveLead(db, { input, ...acting(ctx) })),
    ),
  referralConflicts: permittedProcedure('referrals:read')
    .output(referralConflictsOutput)
    .query(({ ctx }) => referralConflictsReview(ctx.deps.db)),
  resolveConflict: permittedProcedure('referrals:write')
    .input(resolveConflictInput)
    .output(resolveConflictOutput)
    .mutation(({ ctx, input }) =>
      resolveReferralConflict(ctx.deps.db, {
        id: input.id,
        resolution: input.resolution,
        ...acting(ctx),
      }),
    ),
  unplacedBookings: permittedProcedure('referrals:read')
    .input(unplacedBookingsInput)
    .output(unplacedBookingsOutput)
    .query(({ ctx, input }) => listUnplacedBookings(ctx.deps.db, input)),
  placeUnplacedBooking: permittedProcedure('referrals:write')
    .input(placeUnplacedBookingInput)
    .output(placeUnplacedBookingOutput)
    .mutation(({ ctx, input, path }) =>
      runIdempotently(ctx, path, input, (db) => placeUnplacedBooking(db, { ...input, ...acting(ctx) })),
    ),
  dismissUnplacedBooking: permittedProcedure('referrals:write')
    .input(dismissUnplacedBookingInput)
    .output(unplacedBookingOutput)
    .mutation(({ ctx, input }) =>
      dismissUnplacedBooking(ctx.deps.db, { ...input, actorId: ctx.user.id, now: ctx.deps.now() }),
    ),
  funnel: permittedProcedure('referrals:read')
    .input(adminFunnelInput)
    .output(funnelOutput)
    .query(({ ctx, input }) =>
      leadFunnel(ctx.deps.db, { partnerId: input.partnerId, months: input.months, now: ctx.deps.now() }),
    ),
  recentBookings: permittedProcedure('referrals:read')
    .output(recentBookingsOutput)
    .query(({ ctx }) => recentBookings(ctx.deps.db, { now: ctx.deps.now() })),
} satisfies TRPCRouterRecord;

export const partnerLeadProcedures = {
  funnel: activePartnerProcedure
    .input(funnelInput)
    .output(funnelOutput)
    .query(({ ctx, input }) =>
      leadFunnel(ctx.deps.db, { partnerId: ctx.partner.id, months: input.months, now: ctx.deps.now() }),
    ),
  recentBookings: activePartnerProcedure
    .output(recentBookingsOutput)
    .query(({ ctx }) => recentBookings(ctx.deps.db, { now: ctx.deps.now(), partnerId: ctx.partner.id })),
} satisfies TRPCRouterRecord;
