// The admin's Email log: the outbox's rows, newest first, one mail opened, and a resend.

import { z } from 'zod';
import { timestamp } from './fields';
import { labelledEnum } from './labelled-enum';
import { pageLimitField, pageOffsetField, pageOutputOf } from './paging';

export const { values: EMAIL_STATUSES, labels: EMAIL_STATUS_LABELS } = labelledEnum([
  ['pending', 'Pending'],
  ['sent', 'Sent'],
  ['failed', 'Failed'],
  ['not_sent', 'Not sent'],
]);
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
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

/** What stands in a shown mail body for a link that is itself a credential (reset, invitation, unsubscribe, file download). */
export const TOKEN_LINK_REDACTED = '[link with a one-time token]';

/** Why a mail opened from the Email log shows no body, in the words the admin reads. */
export const EMAIL_BODY_NOTES = {
  oneTimeLink: 'This mail carries a one-time link; its body is not kept or shown.',
  cleared: 'This mail’s body is no longer kept: bodies are cleared once they are past their retention period.',
} as const;

/** One mail of the Email log, opened: its row and its plain-text body. */
export const emailOutput = emailLogEntryOutput.extend({
  /** The plain-text body, every link with a one-time token replaced (TOKEN_LINK_REDACTED); null when not shown. */
  body: z.string().nullable(),
  /** Why there is no body (EMAIL_BODY_NOTES); null when there is one. */
  bodyNote: z.string().nullable(),
});
export type EmailDetail = z.infer<typeof emailOutput>;

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
