// Lists for thousands of rows: each pipeline column pages newest first by keyset within its
// stage, and a partner's page lists the activity rows that name it in their details. (pg_trgm is not
// available on the embedded database, so text search stays a scan of the filtered rows.)

import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index referrals_stage_created_idx on referrals (stage, created_at desc, id desc)`.execute(db);
  await sql`create index activity_log_partner_idx on activity_log ((details ->> 'partnerId'), created_at desc) where details ? 'partnerId'`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index activity_log_partner_idx`.execute(db);
  await sql`drop index referrals_stage_created_idx`.execute(db);
}
