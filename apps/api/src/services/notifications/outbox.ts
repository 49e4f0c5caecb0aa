// The transactional outbox: a mail is a row written with the caller's transaction, so it exists
// exactly when the change that causes it commits. The outbox worker (workers/outbox-worker.ts)
// delivers due rows.

import type { DbOrTx } from '../activity';
import { renderMail, type MailKind, type TemplateValues } from './templates';

export interface OutgoingMail {
  kind: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

/**
 * Writes one mail into the outbox, due at `now` (the deps clock). Call it with the transaction of
 * the change the mail reports, never with a fresh connection.
 */
export async function enqueueMail(db: DbOrTx, mail: OutgoingMail, now: Date): Promise<string> {
  const row = await db
    .insertInto('emailOutbox')
    .values({
      kind: mail.kind,
      recipient: mail.recipient,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      headers: mail.headers ? JSON.stringify(mail.headers) : null,
      nextAttemptAt: now,
      createdAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Renders a template and enqueues it: the usual way services send mail. */
export async function enqueueTemplate<K extends MailKind>(
  db: DbOrTx,
  now: Date,
  recipient: string,
  kind: K,
  values: TemplateValues[K],
  headers?: Record<string, string>,
): Promise<string> {
  return enqueueMail(db, { kind, recipient, ...renderMail(kind, values), headers }, now);
}
