// partner.commissions: the signed-in partner's own commissions, newest month first.

import { commissionsListOutput } from '@portal/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { listPartnerCommissions } from '../services/money';
import { partnerProcedure } from '../trpc/init';

export const partnerCommissionProcedures = {
  commissions: partnerProcedure
    .output(commissionsListOutput)
    .query(({ ctx }) => listPartnerCommissions(ctx.deps.db, ctx.partner.id)),
} satisfies TRPCRouterRecord;
