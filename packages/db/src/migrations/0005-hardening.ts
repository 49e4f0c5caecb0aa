// Hardening. (1) A deal's monthly value is at most 1,000,000.00, so a partner's totals are widened to
// numeric(14,2): a million deals at the maximum fit, and 12 whole digits stay within the money
// parser of the contracts and exact integer cents. (2) A referral visit carries a keyed hash of the
// visitor (address and browser, never stored raw), so one visitor counts once per code per 30 minutes.

import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table partners
    alter column current_mrr type numeric(14, 2),
    alter column total_lifetime_commissions type numeric(14, 2)`.execute(db);
  await sql`alter table referral_visits add column visitor_hash text`.execute(db);
  await sql`create index referral_visits_visitor_idx on referral_visits (partner_id, visitor_hash, created_at) where visitor_hash is not null`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index referral_visits_visitor_idx`.execute(db);
  await sql`alter table referral_visits drop column visitor_hash`.execute(db);
  await sql`alter table partners
    alter column current_mrr type numeric(10, 2),
    alter column total_lifetime_commissions type numeric(10, 2)`.execute(db);
}
