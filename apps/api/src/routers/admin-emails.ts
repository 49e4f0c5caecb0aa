// admin.emails, admin.email, admin.resendEmail: the Email log of the admin dashboard; admin.mailDelivery: whether mail
// goes out at all, for the screens that promise one.

import {
  emailLogEntryOutput,
  emailOutput,
  emailLogPageOutput,
  idInput,
  listEmailsInput,
  mailDeliveryOutput,
} from '@portal/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import { getEmail, listEmails, resendEmail } from '../services/notifications';
import { permittedProcedure, runIdempotently } from '../trpc/init';

export const adminEmailProcedures = {
  emails: permittedProcedure('emails:read')
    .input(listEmailsInput)
    .output(emailLogPageOutput)
    .query(({ ctx, input }) => listEmails(ctx.deps.db, input)),

  email: permittedProcedure('emails:read')
    .input(idInput)
    .output(emailOutput)
    .query(({ ctx, input }) => getEmail(ctx.deps.db, { id: input.id })),

  resendEmail: permittedProcedure('emails:write')
    .input(idInput)
    .output(emailLogEntryOutput)
    .mutation(({ ctx, input, path }) =>
      runIdempotently(ctx, path, input, (db) =>
        resendEmail(db, { id: input.id, actorId: ctx.user.id, now: ctx.deps.now() }),
      ),
    ),

  /** No SMTP server (SMTP_URL) means every mail stays in the outbox as Not sent; any staff member may know it. */
  mailDelivery: permittedProcedure('partners:read')
    .output(mailDeliveryOutput)
    .query(({ ctx }) => ({ delivering: Boolean(ctx.deps.config.mail.smtpUrl) })),
} satisfies TRPCRouterRecord;
