// Delivers the outbox: claims due rows (claimDue: several workers on one database never send a row
// twice), sends them over SMTP, and reschedules failures with backoff.

import { NOT_SENT_NO_SMTP } from '@portal/contracts';
import type { EmailOutboxRow, EmailOutboxTable } from '@portal/db';
import type { Updateable } from 'kysely';
import nodemailer from 'nodemailer';
import type { AppDeps } from '../deps';
import { CLEARED_BODY, clearExpiredMailBodies, SECRET_MAIL_KINDS } from '../services/notifications';
import { claimDue, createPollingWorker, settleClaim, type PollingWorker } from './polling-worker';

/**
 * Waits after the 1st … 7th failed attempt; an 8th failure marks the mail failed. The first retries
 * come within a minute, so a mail server back after a short outage gets its backlog at once.
 */
export const RETRY_DELAYS_MS = [15_000, 30_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000] as const;
/** How long a claimed row is hidden from other workers while it is being sent. */
export const CLAIM_LEASE_MS = 10 * 60_000;

export interface OutboxWorkerOptions {
  /** Pause between polls. */
  intervalMs?: number;
  /** Rows claimed per poll. */
  batchSize?: number;
}

/** stop() also closes the SMTP transport. */
export type OutboxWorker = PollingWorker;

type Mail = Pick<
  EmailOutboxRow,
  'id' | 'kind' | 'recipient' | 'subject' | 'textBody' | 'htmlBody' | 'headers' | 'attempts'
>;

export function createOutboxWorker(deps: AppDeps, options: OutboxWorkerOptions = {}): OutboxWorker {
  const intervalMs = options.intervalMs ?? 2000;
  const batchSize = options.batchSize ?? 20;
  const { smtpUrl, from } = deps.config.mail;
  // STARTTLS is used whenever the server offers it (nodemailer's default for smtp://).
  const transport = smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : undefined;

  const claim = (): Promise<Mail[]> =>
    claimDue(deps.db, {
      table: 'emailOutbox',
      columns: ['id', 'kind', 'recipient', 'subject', 'textBody', 'htmlBody', 'headers', 'attempts'],
      now: deps.now(),
      leaseMs: CLAIM_LEASE_MS,
      limit: batchSize,
    });

  // A mail with a one-time link is not kept readable once the outbox is done with it: the link works for
  // its reader, not for whoever reads the database or a backup later. The Email log keeps the row.
  const done = (mail: Mail): Updateable<EmailOutboxTable> =>
    SECRET_MAIL_KINDS.includes(mail.kind) ? { textBody: CLEARED_BODY, htmlBody: CLEARED_BODY } : {};

  const settle = (mail: Mail, values: Updateable<EmailOutboxTable>) =>
    settleClaim(deps.db, { table: 'emailOutbox', claim: mail, values });

  // Bodies past MAIL_BODY_RETENTION_DAYS are cleared once an hour per worker (a conditional update, so
  // replicas doing it at once is harmless).
  let clearedAt = 0;
  const claimAndClear = async (): Promise<Mail[]> => {
    const now = deps.now();
    if (now.getTime() - clearedAt >= 3_600_000) {
      clearedAt = now.getTime();
      await clearExpiredMailBodies(deps.db, { now, retentionDays: deps.config.mail.bodyRetentionDays });
    }
    return claim();
  };

  async function deliver(mail: Mail): Promise<void> {
    if (!transport) {
      await deps.db
        .updateTable('emailOutbox')
        .set({ status: 'not_sent', lastError: NOT_SENT_NO_SMTP, ...done(mail) })
        .where('id', '=', mail.id)
        .where('attempts', '=', mail.attempts)
        .execute();
      if (deps.config.env === 'development') {
        // A local user without SMTP can still follow a reset link.
        const links = [...new Set(mail.textBody.match(/https?:\/\/\S+/g) ?? [])];
        deps.logger.info({ to: mail.recipient, subject: mail.subject, links }, `mail ${NOT_SENT_NO_SMTP}`);
      }
      return;
    }
    try {
      await transport.sendMail({
        from,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.textBody,
        html: mail.htmlBody,
        headers: mail.headers ?? undefined,
        messageId: `<${mail.id}@${from.replace(/^.*@/, '').replace(/>.*$/, '') || 'ledgerline'}>`,
      });
      await settle(mail, {
        status: 'sent',
        sentAt: deps.now(),
        lastError: null,
        nextAttemptAt: deps.now(),
        ...done(mail),
      });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const delay = RETRY_DELAYS_MS[mail.attempts - 1];
      if (delay === undefined) {
        await settle(mail, { status: 'failed', lastError: message, ...done(mail) });
        deps.metrics.deliveryFailures.inc({ channel: 'mail', outcome: 'failed' });
        deps.logger.error(
          { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, err: message },
          'mail failed for good',
        );
      } else {
        await settle(mail, { lastError: message, nextAttemptAt: new Date(deps.now().getTime() + delay) });
        deps.metrics.deliveryFailures.inc({ channel: 'mail', outcome: 'retry' });
        deps.logger.warn(
          { mailId: mail.id, kind: mail.kind, attempts: mail.attempts, err: message },
          'mail not delivered, will retry',
        );
      }
    }
  }

  return createPollingWorker(deps, {
    name: 'outbox',
    intervalMs,
    claim: claimAndClear,
    deliver,
    onStop: () => transport?.close(),
  });
}
