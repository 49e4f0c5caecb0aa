// The first schema: every table of spec §3 plus what DESIGN §4 adds. Frozen: change it with a new migration.

import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // One statement per call: PGlite's extended protocol takes a single statement at a time.
  for (const statement of splitStatements(SCHEMA)) await sql.raw(statement).execute(db);
}

function splitStatements(text: string): string[] {
  return text
    .split(/;\s*\n/)
    .map((s) => s.trim().replace(/;$/, ''))
    .filter(Boolean);
}

const SCHEMA = `
    create table users (
      id uuid primary key default gen_random_uuid(),
      email text not null check (email = lower(btrim(email)) and length(email) between 3 and 254),
      password_hash text not null,
      role text not null default 'partner' check (role in ('admin', 'partner')),
      token_version integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index users_email_lower_key on users (lower(email));

    create table partners (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null unique references users (id) on delete cascade,
      company_name text not null check (length(btrim(company_name)) > 0),
      contact_name text not null check (length(btrim(contact_name)) > 0),
      company_type text not null check (company_type in ('agency', 'consultant', 'saas', 'influencer', 'client', 'cfo', 'marketing_agency', 'other')),
      website text,
      phone text,
      tax_id text,
      w9_on_file boolean not null default false,
      payment_method text not null default 'Wire' check (payment_method in ('Wire', 'ACH', 'PayPal')),
      bank_name text,
      bank_routing_number text,
      bank_account_number text,
      bank_account_type text check (bank_account_type in ('checking', 'savings')),
      bank_account_holder_name text,
      bank_address text,
      beneficiary_address text,
      bank_account text,
      paypal_email text,
      mailing_address text,
      status text not null default 'pending' check (status in ('pending', 'active', 'inactive', 'suspended', 'rejected')),
      expected_volume text check (expected_volume in ('1-2 referrals/month', '3-5 referrals/month', '5-10 referrals/month', '10+ referrals/month')),
      referral_code text not null unique check (referral_code ~ '^[A-Z0-9-]{4,40}$'),
      total_lifetime_commissions numeric(10, 2) not null default 0.00 check (total_lifetime_commissions >= 0),
      current_mrr numeric(10, 2) not null default 0.00 check (current_mrr >= 0),
      first_referral_date timestamptz,
      last_referral_date timestamptz,
      application_date timestamptz default now(),
      approved_at timestamptz,
      approved_by uuid references users (id) on delete set null,
      rejected_at timestamptz,
      rejected_by uuid references users (id) on delete set null,
      rejection_reason text,
      agreement_signed boolean not null default false,
      agreement_signed_at timestamptz,
      agreement_version text not null default '1.0',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index partners_status_created_idx on partners (status, created_at desc);
    create index partners_created_idx on partners (created_at desc);
    create index partners_approved_by_idx on partners (approved_by);
    create index partners_rejected_by_idx on partners (rejected_by);
    create index partners_company_lower_idx on partners (lower(company_name));

    create table referrals (
      id uuid primary key default gen_random_uuid(),
      partner_id uuid not null references partners (id) on delete restrict,
      client_company_name text not null check (length(btrim(client_company_name)) > 0),
      client_email text,
      client_phone text,
      service_type text not null check (service_type in ('basic_accounting', 'controller')),
      monthly_value numeric(10, 2) not null check (monthly_value >= 1),
      commission_amount numeric(10, 2) not null check (commission_amount >= 0),
      stage text not null default 'booked' check (stage in ('booked', 'qualified', 'proposal', 'won', 'lost')),
      consultation_date timestamptz,
      proposal_date timestamptz,
      close_date timestamptz,
      contract_start_date date,
      contract_end_date date,
      lost_reason text,
      churn_date date,
      notes text,
      referral_source text,
      landing_page text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index referrals_partner_created_idx on referrals (partner_id, created_at desc);
    create index referrals_stage_idx on referrals (stage);
    create index referrals_created_idx on referrals (created_at desc);

    create table payouts (
      id uuid primary key default gen_random_uuid(),
      idempotency_key text not null unique,
      request_hash text not null,
      reference text not null unique,
      created_by uuid references users (id) on delete set null,
      total numeric(12, 2) not null,
      commission_count integer not null,
      partner_count integer not null,
      created_at timestamptz not null default now()
    );
    create index payouts_created_by_idx on payouts (created_by);

    create table commissions (
      id uuid primary key default gen_random_uuid(),
      partner_id uuid not null references partners (id) on delete restrict,
      referral_id uuid not null references referrals (id) on delete restrict,
      amount numeric(10, 2) not null check (amount >= 0),
      month_year text not null check (month_year ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      status text not null default 'pending' check (status in ('pending', 'paid', 'failed')),
      payment_date timestamptz,
      payment_method text check (payment_method in ('Wire', 'ACH', 'PayPal')),
      payment_reference text,
      failure_reason text,
      payout_id uuid references payouts (id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint commissions_referral_month_key unique (referral_id, month_year),
      constraint commissions_paid_has_date check (status <> 'paid' or payment_date is not null)
    );
    create index commissions_partner_status_idx on commissions (partner_id, status);
    create index commissions_status_idx on commissions (status, created_at);
    create index commissions_partner_month_idx on commissions (partner_id, month_year);
    create index commissions_payout_idx on commissions (payout_id);

    create table marketing_materials (
      id uuid primary key default gen_random_uuid(),
      title text not null check (length(btrim(title)) > 0),
      description text,
      type text not null,
      file_url text,
      storage_key text unique,
      file_name text,
      content_type text,
      size_bytes integer,
      download_count integer not null default 0 check (download_count >= 0),
      is_active boolean not null default true,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint marketing_materials_has_file check (file_url is not null or storage_key is not null)
    );
    create index marketing_materials_active_idx on marketing_materials (is_active, created_at desc);

    create table activity_log (
      id uuid primary key default gen_random_uuid(),
      user_id uuid references users (id) on delete set null,
      action text not null,
      entity_type text not null,
      entity_id uuid,
      details jsonb,
      created_at timestamptz not null default now()
    );
    create index activity_log_entity_idx on activity_log (entity_type, entity_id, created_at desc);
    create index activity_log_user_idx on activity_log (user_id);

    create table referral_visits (
      id uuid primary key default gen_random_uuid(),
      partner_id uuid references partners (id) on delete cascade,
      referral_code text not null,
      utm_source text,
      utm_medium text,
      utm_campaign text,
      landing_page text,
      created_at timestamptz not null default now()
    );
    create index referral_visits_partner_created_idx on referral_visits (partner_id, created_at);
`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table referral_visits, activity_log, marketing_materials, commissions, payouts, referrals, partners, users`.execute(
    db,
  );
}
