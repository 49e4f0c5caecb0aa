// admin.emails, admin.resendEmail: the Email log of the admin dashboard.

import { emailLogEntryOutput, emailLogPageOutput, idInput, listEmailsInput } from '@portal/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { listEmails, resendEmail } from '../services/notifications/email-log';
import { permittedProcedure, runIdempotently } from '../trpc/init';

export const adminEmailProcedures = {
  emails: permittedProcedure('emails:read')
    .input(listEmailsInput)
    .output(emailLogPageOutput)
    .query(({ ctx, input }) => listEmails(ctx.deps.db, input)),

  resendEmail: permittedProcedure('emails:write')
    .input(idInput)
    .output(emailLogEntryOutput)
    .mutation(({ ctx, input }) =>
      runIdempotently(ctx, 'admin.resendEmail', input, (db) =>
        resendEmail(db, { id: input.id, adminId: ctx.user.id, now: ctx.deps.now() }),
      ),
    ),
} satisfies TRPCRouterRecord;
