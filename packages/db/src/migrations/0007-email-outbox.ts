// Mail as a transactional outbox: each mail is a row written in the transaction of the
// change that causes it; a worker delivers due rows. Password reset tokens are kept only as hashes.

import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table email_outbox (
    id uuid primary key default gen_random_uuid(),
    kind text not null check (length(kind) between 1 and 64),
    recipient text not null check (length(recipient) between 3 and 254),
    subject text not null,
    text_body text not null,
    html_body text not null,
    headers jsonb,
    status text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'not_sent')),
    attempts integer not null default 0 check (attempts >= 0),
    next_attempt_at timestamptz not null default now(),
    last_error text,
    sent_at timestamptz,
    resent_from uuid references email_outbox (id) on delete set null,
    created_at timestamptz not null default now()
  )`.execute(db);
  // The worker's claim reads only due pending rows; the admin's log reads the newest first.
  await sql`create index email_outbox_due on email_outbox (next_attempt_at) where status = 'pending'`.execute(db);
  await sql`create index email_outbox_created on email_outbox (created_at desc, id desc)`.execute(db);

  await sql`create table password_reset_tokens (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    token_hash text not null unique,
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index password_reset_tokens_user on password_reset_tokens (user_id)`.execute(db);

  // Optional mails a user can switch off (Settings, or one click in the mail); account and payment mails cannot be.
  await sql`alter table users add column mail_deal_updates boolean not null default true`.execute(db);
  await sql`alter table users add column mail_monthly_summary boolean not null default true`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop column mail_monthly_summary`.execute(db);
  await sql`alter table users drop column mail_deal_updates`.execute(db);
  await sql`drop table password_reset_tokens`.execute(db);
  await sql`drop table email_outbox`.execute(db);
}
