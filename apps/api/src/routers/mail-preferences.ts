// partner.mailPreferences, partner.updateMailPreferences: the switches of the optional mails in
// the partner's Settings tab. Account and payment mails have no switch.

import { mailPreferencesOutput, updateMailPreferencesInput } from '@portal/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { getMailPreferences, setMailPreferences } from '../services/notifications';
import { partnerProcedure } from '../trpc/init';

export const mailPreferenceProcedures = {
  mailPreferences: partnerProcedure
    .output(mailPreferencesOutput)
    .query(({ ctx }) => getMailPreferences(ctx.deps.db, ctx.user.id)),

  updateMailPreferences: partnerProcedure
    .input(updateMailPreferencesInput)
    .output(mailPreferencesOutput)
    .mutation(({ ctx, input }) =>
      ctx.deps.db
        .transaction()
        .execute((trx) =>
          setMailPreferences(trx, { userId: ctx.user.id, changes: input, source: 'settings', now: ctx.deps.now() }),
        ),
    ),
} satisfies TRPCRouterRecord;
