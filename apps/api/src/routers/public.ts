import { z } from 'zod';
import type { TRPCRouterRecord } from '@trpc/server';
import { publicProcedure } from '../trpc/init';

export const siteConfigOutput = z.object({ schedulingUrl: z.string() });

/** What the SPA needs to know about this deployment. */
export const siteProcedures = {
  siteConfig: publicProcedure
    .output(siteConfigOutput)
    .query(({ ctx }) => ({ schedulingUrl: ctx.deps.config.schedulingUrl })),
} satisfies TRPCRouterRecord;
