// Mail preferences: the optional mails (deal updates, monthly summaries) a partner can switch off in
// Settings or with one click in the mail (RFC 8058). The one-click link carries a signed token
// naming the user and the topic; it does not expire, like the mails it is in.

import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAIL_TOPIC_LABELS, MAIL_TOPICS, type MailPreferences, type MailTopic } from '@portal/contracts';
import type { AppConfig } from '../../config';
import { fromJwtSecret } from '../../secrets';
import type { AppDeps } from '../../deps';
import { changeSet, logActivity, type DbOrTx } from '../platform/activity';
import { DomainError } from '../platform/errors';
import { portalLink } from './templates';

const PURPOSE = 'mail-unsubscribe';
const TOKEN = /^([0-9a-f-]{36})\.([A-Za-z]{1,32})\.([A-Za-z0-9_-]{43})$/;
const COLUMN = {
  dealUpdates: 'mailDealUpdates',
  bookings: 'mailBookings',
  monthlySummary: 'mailMonthlySummary',
} as const satisfies Record<MailTopic, string>;

// A key of its own derived from the app secret, so these tokens can never pass as sessions or download tokens.
const keyOf = fromJwtSecret((secret) => createHmac('sha256', secret).update(PURPOSE).digest());

const macOf = (config: AppConfig, userId: string, topic: MailTopic) =>
  createHmac('sha256', keyOf(config)).update(`${PURPOSE}\n${userId}\n${topic}`).digest('base64url');

export function unsubscribeToken(config: AppConfig, { userId, topic }: { userId: string; topic: MailTopic }): string {
  return `${userId}.${topic}.${macOf(config, userId, topic)}`;
}

/** The user and topic a token names, or null when it is malformed or forged. */
export function readUnsubscribeToken(config: AppConfig, token: string): { userId: string; topic: MailTopic } | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const [, userId, topic, mac] = match as unknown as [string, string, string, string];
  if (!(MAIL_TOPICS as readonly string[]).includes(topic)) return null;
  const expected = Buffer.from(macOf(config, userId, topic as MailTopic));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId, topic: topic as MailTopic };
}

/** The List-Unsubscribe headers of an optional mail (RFC 2369 + RFC 8058 one-click). */
export function unsubscribeHeaders(
  config: AppConfig,
  { userId, topic }: { userId: string; topic: MailTopic },
): Record<string, string> {
  return {
    'List-Unsubscribe': `<${portalLink(config, '/api/mail/unsubscribe', { token: unsubscribeToken(config, { userId, topic }) })}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

export async function getMailPreferences(db: DbOrTx, userId: string): Promise<MailPreferences> {
  const row = await db
    .selectFrom('users')
    .select(['mailDealUpdates', 'mailBookings', 'mailMonthlySummary'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { dealUpdates: row.mailDealUpdates, bookings: row.mailBookings, monthlySummary: row.mailMonthlySummary };
}

/** Changes the switches given; the activity row names what changed and where (settings or mail). */
export async function setMailPreferences(
  db: DbOrTx,
  {
    userId,
    changes,
    source,
    now,
  }: { userId: string; changes: Partial<MailPreferences>; source: 'settings' | 'one-click'; now: Date },
): Promise<MailPreferences> {
  const set: { mailDealUpdates?: boolean; mailBookings?: boolean; mailMonthlySummary?: boolean } = {};
  for (const topic of MAIL_TOPICS) if (changes[topic] !== undefined) set[COLUMN[topic]] = changes[topic];
  if (Object.keys(set).length > 0) {
    const current = await getMailPreferences(db, userId);
    await db
      .updateTable('users')
      .set({ ...set, updatedAt: now })
      .where('id', '=', userId)
      .execute();
    await logActivity(db, {
      userId,
      action: 'user.mail_preferences_changed',
      entityType: 'user',
      entityId: userId,
      details: { ...changeSet(current, changes), source },
    });
  }
  return getMailPreferences(db, userId);
}

export const UNSUBSCRIBE_INVALID =
  'This unsubscribe link is not valid. Switch mails off in the Settings tab of your dashboard instead.';

/** One-click unsubscribe: switches off the topic a signed token names and says so; a malformed, forged or orphaned token is invalid. */
export async function unsubscribeOneClick(
  deps: Pick<AppDeps, 'config' | 'db' | 'now'>,
  rawToken: unknown,
): Promise<{ message: string }> {
  const token = typeof rawToken === 'string' ? readUnsubscribeToken(deps.config, rawToken) : null;
  if (!token) throw DomainError.invalid(UNSUBSCRIBE_INVALID);
  const exists = await deps.db.selectFrom('users').select('id').where('id', '=', token.userId).executeTakeFirst();
  if (!exists) throw DomainError.invalid(UNSUBSCRIBE_INVALID);
  await deps.db.transaction().execute((trx) =>
    setMailPreferences(trx, {
      userId: token.userId,
      changes: { [token.topic]: false },
      source: 'one-click',
      now: deps.now(),
    }),
  );
  return {
    message: `${MAIL_TOPIC_LABELS[token.topic].label} are switched off. Switch them on again in the Settings tab of your dashboard.`,
  };
}

/** Whether the user still wants this topic (read inside the transaction that would mail it). */
export async function wantsMail(db: DbOrTx, { userId, topic }: { userId: string; topic: MailTopic }): Promise<boolean> {
  const prefs = await getMailPreferences(db, userId);
  return prefs[topic];
}
