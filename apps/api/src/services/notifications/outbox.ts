// The transactional outbox: a mail is a row written with the caller's transaction, so it exists
// exactly when the change that causes it commits. The outbox worker (workers/outbox-worker.ts)
// delivers due rows.

import type { Db } from '@portal/db';
import { sql } from 'kysely';
import type { Metrics } from '../../metrics';
import type { DbOrTx } from '../platform/activity';
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
export async function enqueueMail(db: DbOrTx, { mail, now }: { mail: OutgoingMail; now: Date }): Promise<string> {
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
export interface TemplateMail<K extends MailKind> {
  now: Date;
  recipient: string;
  kind: K;
  values: TemplateValues[K];
  headers?: Record<string, string> | undefined;
}

export async function enqueueTemplate<K extends MailKind>(
  db: DbOrTx,
  { now, recipient, kind, values, headers }: TemplateMail<K>,
): Promise<string> {
  return enqueueMail(db, { mail: { kind, recipient, ...renderMail(kind, values), headers }, now });
}

/** Scrape-time gauges of what waits in the outbox: how many mails, and how long the oldest has waited. */
export function registerOutboxMetrics(metrics: Metrics, { db, now }: { db: Db; now: () => Date }): void {
  metrics.registerGauge('portal_outbox_backlog', 'Mails waiting in the outbox to be sent', async () => {
    const row = await db
      .selectFrom('emailOutbox')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  });
  metrics.registerGauge(
    'portal_outbox_oldest_age_seconds',
    'Seconds the oldest waiting mail has been in the outbox (0 when none waits)',
    async () => {
      const { rows } = await sql<{
        oldest: Date | null;
      }>`select min(created_at) as oldest from email_outbox where status = 'pending'`.execute(db);
      const oldest = rows[0]?.oldest;
      return oldest ? Math.max(0, (now().getTime() - new Date(oldest).getTime()) / 1000) : 0;
    },
  );
}

/** Mails that carry a one-time link (password reset, team invitation): their body is cleared once sent. */
export const SECRET_MAIL_KINDS: readonly string[] = ['passwordReset', 'teamInvitation'];

/** What stands in an outbox row whose body is no longer kept. */
export const CLEARED_BODY = '';

/**
 * Clears the bodies the outbox no longer needs to keep: those of mails past MAIL_BODY_RETENTION_DAYS
 * that are done (sent, failed or not sent). The row stays for the Email log. Answers how many.
 */
export async function clearExpiredMailBodies(
  db: DbOrTx,
  { now, retentionDays }: { now: Date; retentionDays: number },
): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  const cleared = await db
    .updateTable('emailOutbox')
    .set({ textBody: CLEARED_BODY, htmlBody: CLEARED_BODY })
    .where('createdAt', '<', cutoff)
    .where('status', 'in', ['sent', 'failed', 'not_sent'])
    .where((eb) => eb.or([eb('textBody', '!=', CLEARED_BODY), eb('htmlBody', '!=', CLEARED_BODY)]))
    .executeTakeFirst();
  return Number(cleared.numUpdatedRows);
}
