// Lead capture: bookings (Cal.com, Calendly) and the firm's own tools create referrals. A referral
// keeps the client's name, the campaign parameters and the booking it came from; a referral that
// claims a client another partner introduced points at that referral (`conflict_of`) until an admin
// resolves it; a client on the partner's own domain is flagged for review. Every inbound webhook
// event is stored once by its source and id, so a replay is answered without acting twice.

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `alter table referrals add column client_name text, add column utm jsonb, add column booking_provider text check (booking_provider in ('calcom', 'calendly')), add column booking_uid text, add column conflict_of uuid references referrals (id) on delete set null, add column self_referral boolean not null default false`,
    `create index referrals_client_email_idx on referrals (lower(client_email)) where client_email is not null`,
    `create index referrals_client_domain_idx on referrals (lower(split_part(client_email, '@', 2))) where client_email is not null`,
    `create index referrals_booking_idx on referrals (booking_provider, booking_uid) where booking_uid is not null`,
    `create index referrals_conflict_of_idx on referrals (conflict_of) where conflict_of is not null`,
    `create index referrals_self_referral_idx on referrals (created_at) where self_referral`,
    `create table inbound_events ( source text not null check (source in ('calcom', 'calendly')), event_id text not null, event_type text not null, received_at timestamptz not null default now(), outcome text not null, referral_id uuid references referrals (id) on delete set null, referral_code text, client_email text, primary key (source, event_id) )`,
    `create index inbound_events_received_idx on inbound_events (received_at desc)`,
    `alter table users add column mail_bookings boolean not null default true`,
  ];
  // One statement per query: PGlite prepares each, and a prepared statement holds one command.
  for (const statement of statements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const statements = [
    `alter table users drop column mail_bookings`,
    `drop table inbound_events`,
    `alter table referrals drop column self_referral, drop column conflict_of, drop column booking_uid, drop column booking_provider, drop column utm, drop column client_name`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
