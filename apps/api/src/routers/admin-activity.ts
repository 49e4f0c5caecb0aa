// admin.activity: the audit log, filtered and paged.

import { activityPageOutput, listActivityInput } from '@portal/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { listActivity } from '../services/platform';
import { permittedProcedure } from '../trpc/init';

export const adminActivityProcedures = {
  activity: permittedProcedure('activity:read')
    .input(listActivityInput)
    .output(activityPageOutput)
    .query(({ ctx, input }) => listActivity(ctx.deps.db, input)),
} satisfies TRPCRouterRecord;
