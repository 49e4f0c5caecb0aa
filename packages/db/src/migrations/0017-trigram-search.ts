// Text search at scale: `like '%…%'` / `ilike '%…%'` can use a GIN index of trigrams
// (pg_trgm, loaded into the embedded PGlite too, see create-db.ts) on each searched expression: the
// affiliates list matches partners.search_text or the user's email, the pipeline matches a referral's
// client company or email or its partner's company. Terms under three characters have no trigram
// and stay scans.

import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Trusted since PostgreSQL 13: the database owner may create it without being a superuser.
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index partners_search_text_trgm_idx on partners using gin (search_text gin_trgm_ops)`.execute(db);
  await sql`create index partners_company_name_trgm_idx on partners using gin (company_name gin_trgm_ops)`.execute(db);
  await sql`create index users_email_trgm_idx on users using gin (email gin_trgm_ops)`.execute(db);
  await sql`create index referrals_client_company_name_trgm_idx on referrals using gin (client_company_name gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index referrals_client_email_trgm_idx on referrals using gin (client_email gin_trgm_ops)`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index referrals_client_email_trgm_idx`.execute(db);
  await sql`drop index referrals_client_company_name_trgm_idx`.execute(db);
  await sql`drop index users_email_trgm_idx`.execute(db);
  await sql`drop index partners_company_name_trgm_idx`.execute(db);
  await sql`drop index partners_search_text_trgm_idx`.execute(db);
  // The extension stays: it may have been there before (created by a DBA) and other objects may use it.
}
