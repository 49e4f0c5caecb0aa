// The admin's Email log: the outbox's rows, newest first, and a resend.

import { z } from 'zod';
import { timestamp } from './fields';
import { pageLimitField, pageOffsetField, pageOutputOf } from './paging';

export const EMAIL_STATUSES = ['pending', 'sent', 'failed', 'not_sent'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
  not_sent: 'Not sent',
};
export const EMAIL_LOG_PAGE_SIZE = 20;

/** The last error of a mail the server did not send because it has no SMTP server (SMTP_URL) to send with. */
export const NOT_SENT_NO_SMTP = 'not sent: no SMTP configured';

/** Whether the server delivers mail (it has an SMTP server to send with); screens that promise a mail read it. */
export const mailDeliveryOutput = z.object({ delivering: z.boolean() });

export const listEmailsInput = z
  .object({
    limit: pageLimitField(EMAIL_LOG_PAGE_SIZE),
    offset: pageOffsetField,
  })
  .default({ limit: EMAIL_LOG_PAGE_SIZE, offset: 0 });

export const emailLogEntryOutput = z.object({
  id: z.uuid(),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: timestamp.nullable(),
  sentAt: timestamp.nullable(),
  createdAt: timestamp,
  resentFrom: z.uuid().nullable(),
  /** False once the body is gone: a mail with a one-time link after sending, or any mail past the retention. */
  resendable: z.boolean(),
});
export type EmailLogEntry = z.infer<typeof emailLogEntryOutput>;

export const emailLogPageOutput = pageOutputOf(emailLogEntryOutput);
export type EmailLogPage = z.infer<typeof emailLogPageOutput>;

/** Mails a partner may switch off; account and payment mails always go out. */
export const MAIL_TOPICS = ['dealUpdates', 'bookings', 'monthlySummary'] as const;
export type MailTopic = (typeof MAIL_TOPICS)[number];
export const MAIL_TOPIC_LABELS: Record<MailTopic, { label: string; description: string }> = {
  dealUpdates: { label: 'Deal updates', description: 'A client added for you, a deal won or lost' },
  bookings: { label: 'Bookings', description: 'A client booked a consultation through your link' },
  monthlySummary: { label: 'Monthly summaries', description: "The month's commissions once they are accrued" },
};

export const mailPreferencesOutput = z.object({
  dealUpdates: z.boolean(),
  bookings: z.boolean(),
  monthlySummary: z.boolean(),
});
export type MailPreferences = z.infer<typeof mailPreferencesOutput>;
export const updateMailPreferencesInput = z
  .object({
    dealUpdates: z.boolean().optional(),
    bookings: z.boolean().optional(),
    monthlySummary: z.boolean().optional(),
  })
  .strict();
