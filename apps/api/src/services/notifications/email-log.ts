// The admin's view of the outbox: recent mails, newest first, one mail opened with its body, and
// Resend (a new pending copy of a row, so the original keeps its history).

import { EMAIL_BODY_NOTES, MESSAGES, type EmailDetail, type EmailLogEntry, type EmailLogPage } from '@portal/contracts';
import type { Db, EmailOutboxRow } from '@portal/db';
import { logActivity } from '../platform/activity';
import { DomainError } from '../platform/errors';
import { CLEARED_BODY, enqueueMail, SECRET_MAIL_KINDS } from './outbox';
import { redactTokenLinks } from './token-links';

const COLUMNS = [
  'id',
  'kind',
  'recipient',
  'subject',
  'status',
  'attempts',
  'lastError',
  'nextAttemptAt',
  'sentAt',
  'createdAt',
  'resentFrom',
  'textBody',
] as const;

function toEntry(row: Pick<EmailOutboxRow, (typeof COLUMNS)[number]>): EmailLogEntry {
  return {
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    // Only a pending row has a next attempt worth showing.
    nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
    sentAt: row.sentAt ? row.sentAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    resentFrom: row.resentFrom,
    resendable: row.textBody !== CLEARED_BODY,
  };
}

export async function listEmails(db: Db, input: { limit: number; offset: number }): Promise<EmailLogPage> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('emailOutbox')
      .select(COLUMNS)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    db
      .selectFrom('emailOutbox')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(toEntry), total: Number(count.total), limit: input.limit, offset: input.offset };
}

/**
 * One mail with its plain-text body. A mail with a one-time link shows no body at any status (while
 * pending its link still works), and any other body has its links with a token replaced: an admin
 * reads what the partner was told, never a link that acts as them. The HTML body is never answered.
 */
export async function getEmail(db: Db, { id }: { id: string }): Promise<EmailDetail> {
  const row = await db.selectFrom('emailOutbox').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  if (!row) throw DomainError.notFound(MESSAGES.emailNotFound);
  const entry = toEntry(row);
  if (SECRET_MAIL_KINDS.includes(row.kind)) return { ...entry, body: null, bodyNote: EMAIL_BODY_NOTES.oneTimeLink };
  if (row.textBody === CLEARED_BODY) return { ...entry, body: null, bodyNote: EMAIL_BODY_NOTES.cleared };
  return { ...entry, body: redactTokenLinks(row.textBody), bodyNote: null };
}

export async function resendEmail(
  db: Db,
  { id, actorId, now }: { id: string; actorId: string; now: Date },
): Promise<EmailLogEntry> {
  return db.transaction().execute(async (trx) => {
    const original = await trx.selectFrom('emailOutbox').selectAll().where('id', '=', id).executeTakeFirst();
    if (!original) throw DomainError.notFound(MESSAGES.emailNotFound);
    if (original.textBody === CLEARED_BODY) throw DomainError.conflict(MESSAGES.emailNotResendable);
    const copyId = await enqueueMail(trx, {
      mail: {
        kind: original.kind,
        recipient: original.recipient,
        subject: original.subject,
        text: original.textBody,
        html: original.htmlBody,
        headers: original.headers ?? undefined,
      },
      now: now,
    });
    const copy = await trx
      .updateTable('emailOutbox')
      .set({ resentFrom: original.id })
      .where('id', '=', copyId)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    await logActivity(trx, {
      userId: actorId,
      action: 'email.resent',
      entityType: 'email',
      entityId: copyId,
      details: { original: original.id, kind: original.kind, recipient: original.recipient },
    });
    return toEntry(copy);
  });
}
