// The dashboards' monthly series at scale: commissions paid per payment month and deals
// won per close month read only their range of an index instead of every commission or won referral.
// (Numbered after 0007, which another branch adds, so the order holds once both land.)

import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index commissions_paid_date_idx on commissions (payment_date) include (amount) where status = 'paid'`.execute(
    db,
  );
  await sql`create index referrals_won_close_idx on referrals (close_date) where stage = 'won'`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index referrals_won_close_idx`.execute(db);
  await sql`drop index commissions_paid_date_idx`.execute(db);
}
