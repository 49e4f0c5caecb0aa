// admin.pendingCommissions, admin.accrue, admin.payoutPreview, admin.processPayout, admin.failCommission, admin.payouts,
// admin.addAdjustment, admin.voidCommission.

import {
  accrualResultOutput,
  adjustmentInput,
  commissionOutput,
  failCommissionInput,
  idField,
  listPayoutsInput,
  listPendingCommissionsInput,
  monthInput,
  payoutInput,
  payoutPreviewInput,
  payoutPreviewOutput,
  payoutOutput,
  payoutsPageOutput,
  pendingCommissionsPageOutput,
  voidCommissionInput,
  failedCommissionOutput,
  failedCommissionsInput,
  payoutLineInput,
  payoutLineOutput,
  payoutLineReturnInput,
  retryCommissionInput,
} from '@portal/contracts';
import { z } from 'zod';
import type { TRPCRouterRecord } from '@trpc/server';
import {
  runAccrual,
  addAdjustment,
  voidCommission,
  failCommission,
  listPayouts,
  listPendingCommissions,
  previewPayout,
  processPayout,
  confirmPayoutLine,
  listFailedCommissions,
  listPayoutLines,
  markPayoutSent,
  retryCommission,
  returnPayoutLine,
} from '../services/money';
import { acting, permittedProcedure, runIdempotently } from '../trpc/init';

const payoutOnlyInput = z.object({ payoutId: idField });
const okOutput = z.object({ ok: z.literal(true) });

export const adminCommissionProcedures = {
  pendingCommissions: permittedProcedure('commissions:read')
    .input(listPendingCommissionsInput)
    .output(pendingCommissionsPageOutput)
    .query(({ ctx, input }) =>
      listPendingCommissions(ctx.deps.db, { page: input, config: ctx.deps.config, now: ctx.deps.now() }),
    ),

  accrue: permittedProcedure('commissions:write')
    .input(monthInput)
    .output(accrualResultOutput)
    .mutation(({ ctx, input }) => runAccrual(ctx.deps, { month: input.month, actorId: ctx.user.id })),

  /**
   * The confirmation's summary of a payout, the same selection as processPayout. It writes nothing; it
   * is called by POST because a selection of up to 1000 ids does not fit in an address.
   */
  payoutPreview: permittedProcedure('commissions:read')
    .input(payoutPreviewInput)
    .output(payoutPreviewOutput)
    .mutation(({ ctx, input }) =>
      previewPayout(ctx.deps.db, { request: input, config: ctx.deps.config, now: ctx.deps.now() }),
    ),

  processPayout: permittedProcedure('payouts:write')
    .input(payoutInput)
    .output(payoutOutput)
    .mutation(async ({ ctx, input }) => {
      const { payout, replayed } = await processPayout(ctx.deps.db, {
        request: input,
        ...acting(ctx),
      });
      if (replayed) ctx.setHeader('Idempotent-Replayed', 'true');
      return payout;
    }),

  failCommission: permittedProcedure('commissions:write')
    .input(failCommissionInput)
    .output(commissionOutput)
    .mutation(({ ctx, input, path }) =>
      runIdempotently(ctx, path, input, (db) => failCommission(db, { ...input, ...acting(ctx) })),
    ),

  addAdjustment: permittedProcedure('commissions:write')
    .input(adjustmentInput)
    .output(commissionOutput)
    .mutation(({ ctx, input, path }) =>
      runIdempotently(ctx, path, input, (db) => addAdjustment(db, { input, ...acting(ctx) })),
    ),

  voidCommission: permittedProcedure('commissions:write')
    .input(voidCommissionInput)
    .output(commissionOutput)
    .mutation(({ ctx, input, path }) =>
      runIdempotently(ctx, path, input, (db) => voidCommission(db, { ...input, ...acting(ctx) })),
    ),

  payouts: permittedProcedure('commissions:read')
    .input(listPayoutsInput)
    .output(payoutsPageOutput)
    .query(({ ctx, input }) => listPayouts(ctx.deps.db, input)),

  /** One line per partner of a payout: method, amount, and whether it was confirmed or returned. */
  payoutLines: permittedProcedure('commissions:read')
    .input(payoutOnlyInput)
    .output(z.array(payoutLineOutput))
    .query(({ ctx, input }) => listPayoutLines(ctx.deps.db, input.payoutId)),

  markPayoutSent: permittedProcedure('payouts:write')
    .input(payoutOnlyInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await markPayoutSent(ctx.deps.db, {
        payoutId: input.payoutId,
        ...acting(ctx),
      });
      return { ok: true as const };
    }),

  confirmPayoutLine: permittedProcedure('payouts:write')
    .input(payoutLineInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await confirmPayoutLine(ctx.deps.db, { ...input, actorId: ctx.user.id, now: ctx.deps.now() });
      return { ok: true as const };
    }),

  returnPayoutLine: permittedProcedure('payouts:write')
    .input(payoutLineReturnInput)
    .output(payoutLineOutput)
    .mutation(({ ctx, input }) => returnPayoutLine(ctx.deps.db, { ...input, ...acting(ctx) })),

  failedCommissions: permittedProcedure('commissions:read')
    .input(failedCommissionsInput)
    .output(z.array(failedCommissionOutput))
    .query(({ ctx, input }) => listFailedCommissions(ctx.deps.db, input)),

  retryCommission: permittedProcedure('commissions:write')
    .input(retryCommissionInput)
    .output(commissionOutput)
    .mutation(({ ctx, input }) =>
      retryCommission(ctx.deps.db, { id: input.id, actorId: ctx.user.id, now: ctx.deps.now() }),
    ),
} satisfies TRPCRouterRecord;
