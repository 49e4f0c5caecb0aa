// Fees follow client payments (DESIGN §8): a client payment belongs to a referral and a month; the fee it
// earns is a recurring commission that names it (client_payment_id) and is due 30 days after it (due_by).
// Commissions accrued before this migration keep both columns null and stay payable as they are. The
// unique (referral_id, month_year) index of recurring commissions (0011) keeps one fee per referral and
// month whatever the source of the payment. Stripe events are stored by their id (a replay acts once);
// an invoice whose customer matches no referral waits in stripe_events as 'unmatched' for an admin.

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table client_payments (
      id uuid primary key default portal_uuid_v7(),
      referral_id uuid not null references referrals (id) on delete restrict,
      period_month text not null check (period_month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      amount numeric(12, 2) not null check (amount > 0),
      paid_at date not null,
      collection_cost numeric(12, 2) not null default 0,
      reference text,
      source text not null check (source in ('manual', 'import', 'stripe', 'api')),
      external_id text,
      refunded_amount numeric(12, 2),
      refunded_at timestamptz,
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now(),
      constraint client_payments_collection_cost check (collection_cost >= 0 and collection_cost <= amount),
      constraint client_payments_refund check (refunded_amount is null or (refunded_amount > 0 and refunded_amount <= amount))
    )`.execute(db);
  await sql`create index client_payments_referral_idx on client_payments (referral_id, period_month)`.execute(db);
  await sql`create index client_payments_period_idx on client_payments (period_month)`.execute(db);
  await sql`create unique index client_payments_external_key on client_payments (source, external_id) where external_id is not null`.execute(
    db,
  );

  await sql`alter table commissions add column due_by date, add column client_payment_id uuid references client_payments (id) on delete restrict`.execute(
    db,
  );
  await sql`create index commissions_client_payment_idx on commissions (client_payment_id) where client_payment_id is not null`.execute(
    db,
  );

  // The processor's hold: the pending fees not yet offered (due later than today + the hold) are few; the
  // pending total subtracts them from the pending_months rollup through this index.
  await sql`create index commissions_pending_due_idx on commissions (due_by) include (amount, month_year, partner_id) where status = 'pending' and due_by is not null`.execute(
    db,
  );
  await sql`
    create table stripe_events (
      id text primary key,
      type text not null,
      status text not null check (status in ('recorded', 'unmatched', 'matched', 'ignored')),
      customer_id text,
      customer_email text,
      invoice_id text,
      period_month text,
      amount numeric(12, 2),
      paid_at date,
      detail text,
      client_payment_id uuid references client_payments (id) on delete set null,
      received_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index stripe_events_unmatched_idx on stripe_events (received_at) where status = 'unmatched'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table stripe_events`.execute(db);
  await sql`alter table commissions drop column client_payment_id, drop column due_by`.execute(db);
  await sql`drop table client_payments`.execute(db);
}
