// Integrations for internal tools: scoped API keys (only a hash of each key is kept),
// webhook endpoints, the events written in the transaction of the change, and their deliveries
// with every attempt. activity_log names the key a change was made with.

import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create table api_keys (
    id uuid primary key default gen_random_uuid(),
    name text not null check (length(name) between 1 and 100),
    prefix text not null unique,
    key_hash text not null unique,
    scopes jsonb not null,
    created_by uuid references users (id) on delete set null,
    created_at timestamptz not null default now(),
    last_used_at timestamptz,
    expires_at timestamptz,
    revoked_at timestamptz
  )`.execute(db);

  await sql`alter table activity_log add column api_key_id uuid references api_keys (id) on delete set null`.execute(
    db,
  );

  await sql`create table webhook_endpoints (
    id uuid primary key default gen_random_uuid(),
    url text not null check (length(url) between 8 and 2048),
    description text,
    events jsonb not null,
    secret text not null,
    enabled boolean not null default true,
    created_by uuid references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`.execute(db);

  await sql`create table webhook_events (
    id uuid primary key default gen_random_uuid(),
    type text not null check (length(type) between 1 and 64),
    payload jsonb not null,
    created_at timestamptz not null default now()
  )`.execute(db);

  await sql`create table webhook_deliveries (
    id uuid primary key default gen_random_uuid(),
    event_id uuid not null references webhook_events (id) on delete cascade,
    endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
    status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
    attempts integer not null default 0 check (attempts >= 0),
    next_attempt_at timestamptz not null default now(),
    last_status_code integer,
    last_error text,
    delivered_at timestamptz,
    created_at timestamptz not null default now()
  )`.execute(db);
  await sql`create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending'`.execute(
    db,
  );
  await sql`create index webhook_deliveries_endpoint on webhook_deliveries (endpoint_id, created_at desc)`.execute(db);

  await sql`create table webhook_attempts (
    id uuid primary key default gen_random_uuid(),
    delivery_id uuid not null references webhook_deliveries (id) on delete cascade,
    attempted_at timestamptz not null,
    status_code integer,
    duration_ms integer not null,
    error text
  )`.execute(db);
  await sql`create index webhook_attempts_delivery on webhook_attempts (delivery_id, attempted_at)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table webhook_attempts`.execute(db);
  await sql`drop table webhook_deliveries`.execute(db);
  await sql`drop table webhook_events`.execute(db);
  await sql`drop table webhook_endpoints`.execute(db);
  await sql`alter table activity_log drop column api_key_id`.execute(db);
  await sql`drop table api_keys`.execute(db);
}
