// A partner's tax information (W-9 facts) for the 1099-NEC report, and the indexes of the
// partner's payout history and monthly statements. The TIN is AES-256-GCM ciphertext (services/platform/crypto.ts,
// associated data "tax_profiles.tin:<partnerId>"); tin_last4 is what every screen shows.

import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table tax_profiles (
      partner_id uuid primary key references partners (id) on delete cascade,
      legal_name text not null,
      business_name text,
      tax_classification text not null
        check (tax_classification in ('individual', 'sole_proprietor', 'c_corp', 's_corp', 'partnership', 'llc', 'other')),
      tin_type text not null check (tin_type in ('ssn', 'ein')),
      tin text not null,
      tin_last4 text not null check (tin_last4 ~ '^[0-9]{4}$'),
      address text not null,
      certified_at timestamptz not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  // A partner's payouts: its paid commissions grouped by payout, newest first.
  await sql`create index commissions_partner_payout_idx on commissions (partner_id, payout_id) include (amount) where payout_id is not null`.execute(
    db,
  );
  // (Statements and the paged Commissions tab read commissions_partner_month_idx of 0001.)
  // Statements' balances and the 1099 year: one partner's payments by date.
  await sql`create index commissions_partner_paid_idx on commissions (partner_id, payment_date) include (amount) where status = 'paid'`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index commissions_partner_paid_idx`.execute(db);
  await sql`drop index commissions_partner_payout_idx`.execute(db);
  await sql`drop table tax_profiles`.execute(db);
}
