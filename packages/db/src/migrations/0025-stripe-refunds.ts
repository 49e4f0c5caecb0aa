// Stripe refunds: a `charge.refunded` names the charge's payment intent (and, on API versions before
// 2025-03-31, its invoice). The payment intent an `invoice.paid` carried is kept beside the invoice, so a
// refund finds the client payment it takes back. An event an admin dismisses is 'ignored' with who did it.

import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table stripe_events add column payment_intent_id text, add column resolved_by uuid references users (id) on delete set null, add column resolved_at timestamptz`.execute(
    db,
  );
  await sql`create index stripe_events_invoice_idx on stripe_events (invoice_id) where invoice_id is not null`.execute(
    db,
  );
  await sql`create index stripe_events_payment_intent_idx on stripe_events (payment_intent_id) where payment_intent_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index stripe_events_payment_intent_idx`.execute(db);
  await sql`drop index stripe_events_invoice_idx`.execute(db);
  await sql`alter table stripe_events drop column resolved_at, drop column resolved_by, drop column payment_intent_id`.execute(
    db,
  );
}
