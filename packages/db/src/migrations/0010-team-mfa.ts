// Admin team and account security: more admin roles, deactivation, invitations, TOTP
// two-factor sign-in with recovery codes, and the short-lived tokens between password and code.
// Everything handed out (invitation links, recovery codes, MFA tokens) is stored only as sha-256;
// the TOTP secret is AES-256-GCM sealed like bank numbers (services/platform/crypto.ts).

import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop constraint users_role_check`.execute(db);
  await sql`alter table users add constraint users_role_check check (role in ('admin', 'finance', 'viewer', 'partner'))`.execute(
    db,
  );
  await sql`alter table users add column active boolean not null default true`.execute(db);
  await sql`alter table users add column deactivated_at timestamptz`.execute(db);
  await sql`alter table users add column mfa_secret text`.execute(db);
  await sql`alter table users add column mfa_enabled boolean not null default false`.execute(db);
  await sql`alter table users add column mfa_last_step bigint`.execute(db);

  await sql`create table team_invitations (
    id uuid primary key default gen_random_uuid(),
    email text not null check (length(email) between 3 and 254),
    role text not null check (role in ('admin', 'finance', 'viewer')),
    token_hash text not null unique,
    invited_by uuid references users (id) on delete set null,
    expires_at timestamptz not null,
    accepted_at timestamptz,
    revoked_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index team_invitations_email on team_invitations (lower(email))`.execute(db);

  await sql`create table mfa_recovery_codes (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    code_hash text not null,
    used_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index mfa_recovery_codes_user on mfa_recovery_codes (user_id)`.execute(db);

  await sql`create table mfa_challenges (
    id uuid primary key default gen_random_uuid(),
    user_id uuid not null references users (id) on delete cascade,
    token_hash text not null unique,
    expires_at timestamptz not null,
    used_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index mfa_challenges_user on mfa_challenges (user_id)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table mfa_challenges`.execute(db);
  await sql`drop table mfa_recovery_codes`.execute(db);
  await sql`drop table team_invitations`.execute(db);
  await sql`alter table users drop column mfa_last_step`.execute(db);
  await sql`alter table users drop column mfa_enabled`.execute(db);
  await sql`alter table users drop column mfa_secret`.execute(db);
  await sql`alter table users drop column deactivated_at`.execute(db);
  await sql`alter table users drop column active`.execute(db);
  await sql`alter table users drop constraint users_role_check`.execute(db);
  await sql`alter table users add constraint users_role_check check (role in ('admin', 'partner'))`.execute(db);
}
