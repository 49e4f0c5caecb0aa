// admin.recordClientPayment, admin.refundClientPayment, admin.clientPayments, admin.clientsMissingPayment and the unmatched Stripe
// events (list, match to a client, dismiss): client payments, the
// source of fees (services/money/client-payments.ts). Recording is a money change (commissions:write,
// Idempotency-Key); reading them is commissions:read.

import {
  clientPaymentsListOutput,
  importClientPaymentsInput,
  importReportOutput,
  missingPaymentsOutput,
  paidMonthsOutput,
  recordClientPaymentInput,
  recordClientPaymentOutput,
  referralIdInput,
  refundClientPaymentInput,
  refundClientPaymentOutput,
  matchStripePaymentInput,
  stripeEventIdInput,
  stripeEventResolvedOutput,
  unmatchedStripePaymentsOutput,
} from '@portal/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import {
  clientsMissingPayment,
  listClientPayments,
  paidMonthsOfPartner,
  recordClientPayment,
  importClientPayments,
  recordClientPaymentRefund,
  dismissStripeEvent,
  listUnmatchedStripeEvents,
  matchStripePayment,
} from '../services/money';
import { acting, activePartnerProcedure, permittedProcedure, runIdempotently } from '../trpc/init';

export const adminClientPaymentProcedures = {
  recordClientPayment: permittedProcedure('commissions:write')
    .input(recordClientPaymentInput)
    .output(recordClientPaymentOutput)
    .mutation(({ ctx, input, path }) =>
      runIdempotently(ctx, path, input, (db) => {
        const { id, ...payment } = input;
        return recordClientPayment(db, {
          referralId: id,
          payment,
          source: ctx.user.apiKeyId ? 'api' : 'manual',
          actorId: ctx.user.id,
          now: ctx.deps.now(),
        });
      }),
    ),

  /** Money given back to the client: the fee's share is taken back as the Stripe refund path does. */
  refundClientPayment: permittedProcedure('commissions:write')
    .input(refundClientPaymentInput)
    .output(refundClientPaymentOutput)
    .mutation(({ ctx, input, path }) =>
      runIdempotently(ctx, path, input, (db) =>
        recordClientPaymentRefund(db, {
          clientPaymentId: input.id,
          amount: input.amount,
          source: ctx.user.apiKeyId ? 'api' : 'manual',
          ...acting(ctx),
        }),
      ),
    ),

  /** A CSV of payments: every row checked first, all written or none (dryRun only reports). */
  importClientPayments: permittedProcedure('commissions:write')
    .input(importClientPaymentsInput)
    .output(importReportOutput)
    .mutation(({ ctx, input }) =>
      importClientPayments(ctx.deps.db, {
        csv: input.csv,
        dryRun: input.dryRun,
        actorId: ctx.user.id,
        now: ctx.deps.now(),
      }),
    ),

  clientPayments: permittedProcedure('commissions:read')
    .input(referralIdInput)
    .output(clientPaymentsListOutput)
    .query(({ ctx, input }) => listClientPayments(ctx.deps.db, input.id)),

  clientsMissingPayment: permittedProcedure('commissions:read')
    .output(missingPaymentsOutput)
    .query(({ ctx }) => clientsMissingPayment(ctx.deps.db, ctx.deps.now())),

  /** Stripe events the portal could not place: invoices naming no client, refunds of no recorded payment. */
  unmatchedStripePayments: permittedProcedure('commissions:read')
    .output(unmatchedStripePaymentsOutput)
    .query(({ ctx }) => listUnmatchedStripeEvents(ctx.deps.db)),

  matchStripePayment: permittedProcedure('commissions:write')
    .input(matchStripePaymentInput)
    .output(stripeEventResolvedOutput)
    .mutation(({ ctx, input }) =>
      matchStripePayment(ctx.deps.db, { ...input, actorId: ctx.user.id, now: ctx.deps.now() }),
    ),

  dismissStripeEvent: permittedProcedure('commissions:write')
    .input(stripeEventIdInput)
    .output(stripeEventResolvedOutput)
    .mutation(({ ctx, input }) =>
      dismissStripeEvent(ctx.deps.db, { eventId: input.eventId, actorId: ctx.user.id, now: ctx.deps.now() }),
    ),
} satisfies TRPCRouterRecord;

export const partnerClientPaymentProcedures = {
  /** Per referral, the months its client paid for: months only, never amounts. */
  referralPaidMonths: activePartnerProcedure
    .output(paidMonthsOutput)
    .query(({ ctx }) => paidMonthsOfPartner(ctx.deps.db, ctx.partner.id)),
} satisfies TRPCRouterRecord;
