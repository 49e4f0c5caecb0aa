// Adjustments and voids. A commission has a kind: `recurring` (the monthly accrual, the
// only kind tied to a referral and unique per referral and month), `bonus` (a positive adjustment)
// or `clawback` (a negative one), each adjustment with its reason. A pending commission can be
// voided with a reason: status `voided`, which counts in no total. The Payout Processor filters the
// pending queue by partner and by month, each read from its own small partial index.

import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table commissions
    add column kind text not null default 'recurring' check (kind in ('recurring', 'bonus', 'clawback')),
    add column reason text,
    add column created_by uuid references users (id) on delete set null,
    add column voided_at timestamptz,
    add column void_reason text,
    alter column referral_id drop not null`.execute(db);
  await sql`alter table commissions drop constraint commissions_status_check`.execute(db);
  await sql`alter table commissions add constraint commissions_status_check check (status in ('pending', 'paid', 'failed', 'voided'))`.execute(
    db,
  );
  await sql`alter table commissions drop constraint commissions_amount_check`.execute(db);
  await sql`alter table commissions add constraint commissions_amount_sign check (
    (kind = 'recurring' and amount >= 0) or (kind = 'bonus' and amount > 0) or (kind = 'clawback' and amount < 0))`.execute(
    db,
  );
  await sql`alter table commissions add constraint commissions_recurring_has_referral check (kind <> 'recurring' or referral_id is not null)`.execute(
    db,
  );
  await sql`alter table commissions add constraint commissions_voided_has_date check (status <> 'voided' or voided_at is not null)`.execute(
    db,
  );
  // Only the accrual is once per referral and month; adjustments may name any referral and month.
  await sql`alter table commissions drop constraint commissions_referral_month_key`.execute(db);
  await sql`create unique index commissions_referral_month_key on commissions (referral_id, month_year) where kind = 'recurring'`.execute(
    db,
  );
  await sql`create index commissions_pending_partner_idx on commissions (partner_id, created_at, id) include (amount) where status = 'pending'`.execute(
    db,
  );
  await sql`create index commissions_pending_month_idx on commissions (month_year, created_at, id) include (amount) where status = 'pending'`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index commissions_pending_month_idx`.execute(db);
  await sql`drop index commissions_pending_partner_idx`.execute(db);
  await sql`delete from commissions where kind <> 'recurring'`.execute(db);
  await sql`update commissions set status = 'failed', failure_reason = coalesce(void_reason, 'Voided') where status = 'voided'`.execute(
    db,
  );
  await sql`drop index commissions_referral_month_key`.execute(db);
  await sql`alter table commissions add constraint commissions_referral_month_key unique (referral_id, month_year)`.execute(
    db,
  );
  await sql`alter table commissions drop constraint commissions_voided_has_date, drop constraint commissions_recurring_has_referral, drop constraint commissions_amount_sign, drop constraint commissions_status_check`.execute(
    db,
  );
  await sql`alter table commissions add constraint commissions_amount_check check (amount >= 0), add constraint commissions_status_check check (status in ('pending', 'paid', 'failed'))`.execute(
    db,
  );
  await sql`alter table commissions alter column referral_id set not null,
    drop column void_reason, drop column voided_at, drop column created_by, drop column reason, drop column kind`.execute(
    db,
  );
}
