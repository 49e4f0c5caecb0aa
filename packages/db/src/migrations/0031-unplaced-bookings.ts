// A booking that reaches no active partner (no code, an unknown code, or a partner who is not active) keeps
// what an admin needs to place it: the client as the booking gave it, why it was not placed, and how an
// admin settled it (placed with a partner's referral, or dismissed with a reason), by whom and when. The
// client's details are kept only on these events: a booking that became a referral keeps them there.

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `alter table inbound_events
       add column id uuid not null default gen_random_uuid(),
       add column unplaced_reason text check (unplaced_reason in ('no_code', 'unknown_code', 'partner_pending', 'partner_inactive', 'partner_suspended', 'partner_rejected')),
       add column client_name text,
       add column client_company_name text,
       add column client_phone text,
       add column consultation_date timestamptz,
       add column service text,
       add column utm jsonb,
       add column booking_uid text,
       add column resolution text check (resolution in ('placed', 'dismissed')),
       add column dismiss_reason text check (char_length(dismiss_reason) between 1 and 1000),
       add column resolved_by uuid references users (id) on delete set null,
       add column resolved_at timestamptz,
       add constraint inbound_events_settled_check check (
         (resolution is null and resolved_at is null)
         or (resolution = 'placed' and resolved_at is not null)
         or (resolution = 'dismissed' and resolved_at is not null and dismiss_reason is not null)
       )`,
    `create unique index inbound_events_id_idx on inbound_events (id)`,
    `create index inbound_events_unplaced_idx on inbound_events (received_at desc, id desc) where unplaced_reason is not null and resolution is null`,
  ];
  // One statement per query: PGlite prepares each, and a prepared statement holds one command.
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `drop index inbound_events_unplaced_idx`,
    `drop index inbound_events_id_idx`,
    `alter table inbound_events drop constraint inbound_events_settled_check, drop column resolved_at, drop column resolved_by, drop column dismiss_reason, drop column resolution, drop column booking_uid, drop column utm, drop column service, drop column consultation_date, drop column client_phone, drop column client_company_name, drop column client_name, drop column unplaced_reason, drop column id`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
