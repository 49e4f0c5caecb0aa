// The agreement in force (DESIGN §8): program terms are versioned rows — the fee per service, the
// qualification window and its extension limit, the payout days, the sales minimum, the notice days, the
// fee basis and the agreement's text — and version 1 holds the agreement's original numbers. A partner is
// on the version they accepted (every acceptance is a row: who, when, from which address). A referral keeps
// the version its partner was on when the firm accepted it (`accepted_at`), which decides its fee and its
// qualification window; a won referral records its signing date and annual sales and whether it is a
// qualifying client. Referrals won before this migration stay qualifying (an override with its reason), so
// the fees they earn keep being earned. A partner may carry a notice of termination and its effective date.

import { sql, type Kysely } from 'kysely';

/** Version 1's agreement text as it stood when terms became data (frozen: a later wording is a new version). */
const AGREEMENT_V1 = {
  title: 'Affiliate Agreement',
  sections: [
    {
      heading: '1. Parties and purpose',
      paragraphs: [
        'This Affiliate Agreement is made between Ledgerline ("the Firm"), which provides e-commerce accounting, controller and fractional CFO services, and the company or person accepting it ("the Affiliate").',
        'The Affiliate introduces prospective clients to the Firm. The Firm pays the Affiliate a referral fee for each Qualifying Client on the terms below.',
      ],
    },
    {
      heading: '2. Term and termination',
      paragraphs: [
        'This Agreement begins when the Affiliate accepts it and continues for an open-ended term.',
        "Either party may end this Agreement at any time by giving the other thirty (30) days' written notice.",
        'Referral fees earned before the end of this Agreement remain payable under Section 4 after it ends.',
      ],
    },
    {
      heading: '3. Qualifying clients',
      paragraphs: [
        'A Qualifying Client is a business introduced by the Affiliate that: (a) has at least $1,000,000 in annual gross eCommerce sales; (b) signs a service agreement with the Firm within sixty (60) days after the Firm accepts the referral, a period the Firm may extend by up to three hundred sixty-five (365) days; and (c) pays the Firm for its services.',
      ],
    },
    {
      heading: '4. Referral fees',
      paragraphs: [
        'For each Qualifying Client the Firm pays the Affiliate $50 per month for a Standard Package client and $100 per month for a Controller Package client.',
        "Fees are paid monthly, within thirty (30) days after the Firm receives the client's payment for that month, and only for as long as the client remains an active, paying client of the Firm.",
        "Where the Firm incurs costs to collect a client's payment, it may deduct a proportional share of those costs from the related fee.",
      ],
    },
    {
      heading: '5. Non-solicitation',
      paragraphs: [
        "During the term of this Agreement and for two (2) years after it ends, the Affiliate will not solicit any client of the Firm to move its accounting, controller or CFO services elsewhere, nor solicit the Firm's employees.",
        'An Affiliate who breaches this Section forfeits all unpaid and future fees.',
      ],
    },
    {
      heading: '6. Disputes and governing law',
      paragraphs: [
        'Any dispute arising from this Agreement will be settled by binding arbitration under the commercial arbitration rules then in force, seated in the State of Oregon.',
        'This Agreement is governed by the laws of the State of Oregon.',
      ],
    },
    {
      heading: '7. Amendments',
      paragraphs: ['This Agreement may be amended only by a written document signed by both parties.'],
    },
  ],
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table program_terms (
      version integer primary key check (version >= 1),
      agreement_version text not null unique check (agreement_version <> ''),
      basic_accounting_fee numeric(10, 2) not null check (basic_accounting_fee >= 0),
      controller_fee numeric(10, 2) not null check (controller_fee >= 0),
      qualification_days integer not null check (qualification_days between 1 and 3650),
      max_extension_days integer not null check (max_extension_days between 0 and 3650),
      payout_days integer not null check (payout_days between 0 and 365),
      min_annual_sales numeric(14, 2) not null check (min_annual_sales >= 0),
      notice_days integer not null check (notice_days between 0 and 365),
      fee_basis text not null check (fee_basis in ('clientPayment', 'activeMonth')),
      effective_from date not null,
      agreement_text jsonb not null,
      changes jsonb not null default '[]'::jsonb,
      created_by uuid references users (id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  // Version 1 governs from the program's start: every partner and referral stored so far is on it.
  await sql`
    insert into program_terms (version, agreement_version, basic_accounting_fee, controller_fee, qualification_days,
      max_extension_days, payout_days, min_annual_sales, notice_days, fee_basis, effective_from, agreement_text, changes)
    select 1, '1.0', 50.00, 100.00, 60, 365, 30, 1000000.00, 30, fee_basis, date '2020-01-01',
      ${JSON.stringify(AGREEMENT_V1)}::jsonb, '[]'::jsonb
    from program_settings`.execute(db);

  await sql`
    alter table partners
      add column terms_version integer not null default 1 references program_terms (version),
      add column termination_given_by text check (termination_given_by in ('firm', 'partner')),
      add column termination_reason text,
      add column termination_effective date`.execute(db);
  await sql`
    create table agreement_acceptances (
      id uuid primary key default portal_uuid_v7(),
      partner_id uuid not null references partners (id) on delete cascade,
      user_id uuid references users (id) on delete set null,
      terms_version integer not null references program_terms (version),
      agreement_version text not null,
      accepted_at timestamptz not null,
      ip_address text
    )`.execute(db);
  await sql`create index agreement_acceptances_partner_idx on agreement_acceptances (partner_id, accepted_at)`.execute(
    db,
  );
  await sql`
    insert into agreement_acceptances (partner_id, user_id, terms_version, agreement_version, accepted_at)
    select id, user_id, 1, agreement_version, agreement_signed_at from partners where agreement_signed_at is not null`.execute(
    db,
  );

  await sql`
    alter table referrals
      add column terms_version integer references program_terms (version),
      add column accepted_at timestamptz,
      add column extension_days integer not null default 0 check (extension_days >= 0),
      add column qualifies_by date,
      add column annual_sales numeric(14, 2) check (annual_sales >= 0),
      add column signed_at date,
      add column qualifying boolean,
      add column qualification_reason text,
      add column qualification_overridden boolean not null default false`.execute(db);
  // Accepted so far: a client an admin added, and every deal an admin moved past `booked`.
  await sql`
    update referrals set accepted_at = created_at, terms_version = 1, qualifies_by = created_at::date + 60
    where referral_source = 'admin' or stage <> 'booked'`.execute(db);
  await sql`
    update referrals set signed_at = coalesce(close_date, updated_at)::date, qualifying = true,
      qualification_overridden = true,
      qualification_reason = 'Won before the qualification rules were kept: treated as qualifying'
    where stage = 'won'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table referrals
      drop column qualification_overridden, drop column qualification_reason, drop column qualifying,
      drop column signed_at, drop column annual_sales, drop column qualifies_by, drop column extension_days,
      drop column accepted_at,
      drop column terms_version`.execute(db);
  await sql`drop table agreement_acceptances`.execute(db);
  await sql`
    alter table partners
      drop column termination_effective, drop column termination_reason, drop column termination_given_by,
      drop column terms_version`.execute(db);
  await sql`drop table program_terms`.execute(db);
}
