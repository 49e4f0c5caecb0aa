// The admin dashboard at scale. Metrics read indexes only (partner counts and paid totals;
// won referrals for the monthly revenue). The partners search matches one lower-cased column instead of ILIKE over three
// (pg_trgm is not available on the embedded database, so a substring search stays a scan; this keeps
// the scan cheap).

import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index referrals_won_start_idx on referrals (contract_start_date) include (monthly_value, churn_date, contract_end_date) where stage = 'won'`.execute(
    db,
  );
  // Partner counts per status and the sum of their paid totals, from the index alone.
  await sql`create index partners_status_totals_idx on partners (status) include (total_lifetime_commissions)`.execute(
    db,
  );
  await sql`alter table partners add column search_text text generated always as (lower(company_name || ' ' || contact_name || ' ' || referral_code)) stored`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table partners drop column search_text`.execute(db);
  await sql`drop index partners_status_totals_idx`.execute(db);
  await sql`drop index referrals_won_start_idx`.execute(db);
}
